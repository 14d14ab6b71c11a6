import type { FastifyInstance } from 'fastify';
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import type { Transport } from '../../client/api/transport';
import type { CallRecord } from '../helpers/transport';

/** The parts of a snapshot the oracles read; the live actor's and the model's alike. */
export interface Snap {
  value: unknown;
  status: string;
  context: any;
  output?: any;
  matches: (value: any) => boolean;
  hasTag: (tag: string) => boolean;
  can: (event: AnyEventObject) => boolean;
}

export interface HeldCall {
  name: string;
  input: any;
  verdict: 'waiting' | 'sent' | 'dropped';
}

export interface Effect {
  type: string;
  params: any;
}

/** Everything outside the machine that a path can look at: the server, its database, the calls, the page's effects. */
export interface World {
  app: FastifyInstance;
  /** This path's browser session. */
  http: Transport & { cookie: () => string | undefined };
  /** Every request the actors made and the server's answer. */
  calls: CallRecord[];
  /** Every call the machine started, with the input it was given, in order. */
  held: HeldCall[];
  /** Everything the machine did to the world, in order: each effect it emitted (navigate, store, toast…), the event itself as params. */
  effects: Effect[];
  /** The input the live actor started with. */
  input: any;
  /** Every step of the path so far, in order: the events sent, the actors' outcomes and the timers that fired. */
  events: AnyEventObject[];
  /** When each of those happened, in fake milliseconds since the actor started (models with delays only). */
  times: number[];
}

export interface PathCase<TInput = any> {
  name: string;
  /** The input the model is traversed with. */
  input: TInput;
  /** Runs in the path's own session before the actor starts; may return the live actor's input (a real lead id). */
  setup?: (world: World, input: TInput) => Promise<TInput>;
  /** The events offered in a snapshot, with explicit payloads: valid and invalid ones, and the actors' outcomes. */
  events: (snapshot: Snap) => AnyEventObject[];
}

export interface RequiredPath {
  /** What the sequence is for, as the report names it. */
  name: string;
  /** The case it starts from (its name); the first case when omitted. */
  case?: string;
  /**
   * The moves the path must make, in this order, with any others between them: each says whether an event, sent
   * in the snapshot before it, is that move. The shortest such path through the case's own offered events runs.
   */
  through: Array<(event: AnyEventObject, before: Snap) => boolean>;
}

export interface Step {
  before: Snap;
  event: AnyEventObject;
  after: Snap;
  world: World;
  /** The calls the machine started during this step. */
  started: HeldCall[];
  /** The effects it emitted during this step. */
  asked: Effect[];
}

export interface PathModel {
  /** The registered machine, as the page uses it; its actors come from `calls` over the real server. */
  machine: AnyStateMachine;
  /** At most this many paths run; one per transition is enough. */
  budget: number;
  cases: PathCase[];
  /**
   * The same call factory the page uses (client/api/actors), given a transport over app.inject, and the live actor's
   * input (a wizard's child calls depend on its catalog). A child machine the machine invokes is given them too.
   */
  calls?: (http: Transport, input: any) => Record<string, (input: any) => Promise<unknown>>;
  /** Actions the page provides; the path records them in `world.effects`. */
  effects?: readonly string[];
  /** What makes two snapshots the same for the traversal; keeps it small when context holds much. */
  abstraction?: (snapshot: Snap) => unknown;
  /**
   * The invocations (ids) of child machines the paths model: each is kept, itself a test machine whose calls and
   * delays are path events sent to it, and its state is part of the graph's. Any other invocation, a machine's
   * included, is replaced by its outcomes.
   */
  children?: readonly string[];
  /**
   * What makes two snapshots of an invoked child machine (by invocation id) the same for the traversal; the child's
   * value and context when omitted. Beside `abstraction`: the root's snapshot does not hold its children's states.
   */
  childAbstraction?: (id: string, child: Snap) => unknown;
  /** How to tell payloads apart for "one path per transition and payload" (default: the whole event). */
  payloadKind?: (before: Snap, event: AnyEventObject) => string;
  /**
   * Sequences that must run whatever the transition cover picks (a declined card, then Pay again): each is a path
   * of its own, the shortest from the start of its case that makes its moves in order.
   */
  required?: RequiredPath[];
  /** Beyond one path per transition: one more per distinct shape of a path's last step (within the budget). */
  variety?: (step: { before: Snap; event: AnyEventObject; after: Snap }) => string | null;
  /**
   * Delays (`after`) run on fake timers. A second passes before each event the path sends; at a delay's step
   * the clock moves to the moment this says it ends (fake ms since the start), checking it does not end earlier.
   */
  delayEndsAt?: (world: World) => number;
  /** The oracle: what must be true outside the machine, after every step and in every state a path reaches. */
  oracle: {
    /** What the applicant sees first, from the case's input. */
    initial?: (snapshot: Snap, world: World) => void | Promise<void>;
    step?: (step: Step) => void | Promise<void>;
    /** Keyed by a dotted state path (`active.sync.capturing`); runs whenever a path's snapshot matches it. */
    states?: Record<string, (snapshot: Snap, world: World) => void | Promise<void>>;
  };
}

/** The last call of this name the machine made. */
export function lastHeld(world: World, name: string): HeldCall | undefined {
  return [...world.held].reverse().find((c) => c.name === name);
}

/** The last request to this method and path prefix, with the server's answer. */
export function lastCall(world: World, method: string, pathPrefix: string): CallRecord | undefined {
  return [...world.calls].reverse().find((c) => c.method === method && c.path.startsWith(pathPrefix));
}

export function effectsOf(world: World, type: string): Effect[] {
  return world.effects.filter((e) => e.type === type);
}

/** `a.b.c` as the state value `{ a: { b: 'c' } }`. */
export function stateValueOf(path: string): unknown {
  const parts = path.split('.');
  return parts.reduceRight<unknown>((inner, part) => (inner === undefined ? part : { [part]: inner }), undefined);
}
