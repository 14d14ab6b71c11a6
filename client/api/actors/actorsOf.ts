import { fromPromise, type NonReducibleUnknown, type PromiseActorLogic } from 'xstate';
import type { Transport } from '../transport';

type Calls = Record<string, (input: any) => Promise<unknown>>;

/** A call without arguments is an actor without input, as `fromPromise` declares one. */
type InputOf<F extends (input: any) => unknown> = Parameters<F> extends [] ? NonReducibleUnknown : Parameters<F>[0];

export type ActorsOf<T extends Calls> = {
  [K in keyof T]: PromiseActorLogic<Awaited<ReturnType<T[K]>>, InputOf<T[K]>>;
};

/** The transport with each request tied to `signal`: aborted, the request is cancelled (fetch rejects). */
export const abortable =
  (http: Transport, signal: AbortSignal): Transport =>
  (request) =>
    http({ ...request, signal });

/**
 * A flow's calls as the promise actors its machine invokes by name. Each invocation makes its calls over a
 * transport tied to the actor's own AbortSignal, so a machine that leaves the state cancels the request it started
 * there instead of leaving it to finish unheard.
 */
export function actorsOf<T extends Calls>(calls: (http: Transport) => T, http: Transport): ActorsOf<T> {
  return Object.fromEntries(
    Object.keys(calls(http)).map((name) => [name, fromPromise(({ input, signal }: { input: unknown; signal: AbortSignal }) => calls(abortable(http, signal))[name]!(input))]),
  ) as unknown as ActorsOf<T>;
}
