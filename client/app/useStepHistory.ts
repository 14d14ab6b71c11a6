import { useLayoutEffect, useRef } from 'react';
import type { AnyActorRef, AnyStateMachine, ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FlowSteps } from '../../machines/flow';

type Moves =
  | {
      /** What the browser's Back button does when the URL names an earlier step. */
      back: () => void;
      /** What its Forward button does when the URL names a later step. */
      forward: () => void;
    }
  | {
      /** A flow that can go to any step (the ten-section form's sidebar): Back and Forward go to the URL's. */
      to: (step: number) => void;
    };

const readStep = (key: string) => Number(new URLSearchParams(window.location.search).get(key) ?? 1);
/** Where this entry is in the session's history, as react-router numbers its entries. */
const entryIndex = () => ((window.history.state ?? {}) as { idx?: number }).idx ?? 0;

/**
 * Writes the step into the URL with the History API itself, in react-router's entry shape ({ usr, key, idx }) so
 * the router reads the entry like one of its own when Back or Forward reaches it. Not through `navigate`: the
 * router would draw the whole app again for a query it has no route for, on every step (5-29 ms at 4x CPU).
 */
function writeStep(key: string, step: number, mode: 'push' | 'replace'): void {
  const url = new URL(window.location.href);
  url.searchParams.set(key, String(step));
  const entry = (window.history.state ?? {}) as { idx?: number; key?: string };
  if (mode === 'replace') {
    window.history.replaceState({ ...entry, usr: { step } }, '', url);
  } else {
    window.history.pushState({ usr: { step }, key: Math.random().toString(36).slice(2, 10), idx: entryIndex() + 1 }, '', url);
  }
}

/**
 * Keeps a flow's step in the URL (`?step=2`), so the browser's Back and Forward buttons move between steps and a
 * reload lands on the same step. The machine stays the source of truth: a step it reaches (`stepOf` its
 * snapshot; null while it waits) is pushed as a history entry as soon as it is reached, in the same task (a Back
 * pressed at once must leave the step on screen, not the one before), and without drawing the page again; a step
 * the URL reaches (Back, Forward) is turned into the machine's own events.
 */
export function useStepMoves<A extends AnyActorRef>(key: string | null, actor: A, stepOf: (snapshot: SnapshotFrom<A>) => number | null, moves: Moves): void {
  const latest = useRef({ moves, stepOf });
  latest.current = { moves, stepOf };
  /** The step the machine is on, as last written or followed. */
  const machineStep = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (key === null) return;
    /** The steps this page pushed, so going back a step can return to the entry before instead of adding one. */
    const pushed: number[] = [];
    /** The history entry the page is on, to tell Back from Forward whatever steps they name. */
    let index = entryIndex();
    let settled = false;
    // The machine moved: the URL follows. While it waits (null), the URL stays as it is.
    const follow = (snapshot: SnapshotFrom<A>) => {
      const step = latest.current.stepOf(snapshot);
      if (step === machineStep.current) return;
      machineStep.current = step;
      if (step === null) return;
      const urlStep = readStep(key);
      if (!settled) {
        // Where the machine starts (restored progress) replaces what the URL said; it is not a move.
        settled = true;
        pushed.splice(0, pushed.length, step);
        index = entryIndex();
        if (urlStep !== step) writeStep(key, step, 'replace');
        return;
      }
      // The URL moved first (Back or Forward) and the machine followed it.
      if (urlStep === step) return;
      if (pushed.length > 1 && pushed[pushed.length - 2] === step) {
        pushed.pop();
        index -= 1;
        window.history.back();
      } else {
        pushed.push(step);
        writeStep(key, step, 'push');
        index = entryIndex();
      }
    };
    // The URL moved (Back or Forward): the machine follows, one step at a time. Not when it left the page: that
    // is the router's to draw, and a step back there would move (and store) the flow's place for nothing.
    const page = window.location.pathname;
    const followUrl = () => {
      const current = machineStep.current;
      if (current === null || !settled || window.location.pathname !== page) return;
      const urlStep = readStep(key);
      const now = entryIndex();
      if (now < index) pushed.pop();
      else if (now > index) pushed.push(urlStep);
      index = now;
      if (urlStep === current) return;
      const { moves } = latest.current;
      if ('to' in moves) moves.to(urlStep);
      else if (urlStep < current) moves.back();
      else moves.forward();
    };
    follow(actor.getSnapshot());
    const subscription = actor.subscribe(follow);
    window.addEventListener('popstate', followUrl);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('popstate', followUrl);
      machineStep.current = null;
    };
  }, [actor, key]);
}

const NO_STEP = () => null;
const NOTHING = { back: () => {}, forward: () => {} };

/** A flow's step in the address, as its flow declares it (machines/flow.ts): the door follows it for every flow. */
export function useStepHistory<M extends AnyStateMachine>(ref: ActorRefFrom<M>, steps: FlowSteps<M> | undefined): void {
  const actor = ref as AnyActorRef;
  const send = (event: unknown) => event && actor.send(event as never);
  const moves: Moves = !steps
    ? NOTHING
    : 'to' in steps
      ? { to: (step) => send(steps.to(step)) }
      : { back: () => send(steps.back), forward: () => send(steps.forward(actor.getSnapshot() as SnapshotFrom<M>)) };
  useStepMoves(steps?.key ?? null, actor, (steps?.of ?? NO_STEP) as (s: unknown) => number | null, moves);
}
