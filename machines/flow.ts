// A flow as its page opens it through the one door (client/app/useFlow.ts): the machine, and how its input is made
// from what the browser holds. Each flow's view module (machines/<flow>.view.ts) exports one; the page passes it to
// the door and never reads the address, storage or the session itself.
import type { ActorRefFrom, AnyStateMachine, EventFrom, InputFrom, SnapshotFrom } from 'xstate';
import type { Language } from './domain/language';
import type { StorageArea } from './effects';
import type { MachineName } from './index';
import type { Account } from './session.machine';

/** What the browser holds when a flow starts, as the door reads it. */
export interface World {
  /** The interface language. */
  language: Language;
  /** The page's address query (`?step=2&tab=signup`). */
  search: URLSearchParams;
  /** A value this browser kept (what a flow stored with a `store` effect), or null. */
  kept: (area: StorageArea, key: string) => string | null;
  /** The applicant's calendar day, 'YYYY-MM-DD'. */
  today: string;
}

/** The step of a flow kept in the address (`?step=`), so the browser's Back and Forward move between steps. */
export type FlowSteps<M extends AnyStateMachine> = {
  /** The query parameter. */
  key: string;
  /** The step the machine is on, counted from 1; null while it waits (nothing moves then). */
  of: (snapshot: SnapshotFrom<M>) => number | null;
} & (
  | {
      /** What the browser's Back does when the address names an earlier step. */
      back: EventFrom<M>;
      /** What its Forward does when the address names a later step. */
      forward: (snapshot: SnapshotFrom<M>) => EventFrom<M>;
    }
  | {
      /** A flow that can go to any step: Back and Forward go to the address's. */
      to: (step: number) => EventFrom<M> | null;
    }
);

export interface Flow<M extends AnyStateMachine, P = void> {
  /** The registered name (machines/index.ts): the door finds the flow's calls over the transport by it. */
  name: MachineName;
  machine: M;
  /** The machine's input from the world and what the page passes (a component's own props). */
  input: (world: World, props: P) => InputFrom<M>;
  steps?: FlowSteps<M>;
  /**
   * A flow that follows its page's address (another traveller opened on the same page): the door sends it this event
   * whenever the address changes.
   */
  address?: (search: URLSearchParams) => EventFrom<M>;
  /** A flow that waits for who is signed in: the door sends it this event when the session is known, and when it changes. */
  session?: (session: { account: Account | null; checking: boolean }) => EventFrom<M>;
}

export const defineFlow = <M extends AnyStateMachine, P = void>(flow: Flow<M, P>): Flow<M, P> => flow;

/** The running actor of a flow, as the door gives it to the page (a component the page hands it to takes this). */
export type FlowActor<F extends Flow<AnyStateMachine, never>> = ActorRefFrom<F['machine']>;
