import { fromPromise, type NonReducibleUnknown, type PromiseActorLogic } from 'xstate';

type Calls = Record<string, (input: any) => Promise<unknown>>;

/** A call without arguments is an actor without input, as `fromPromise` declares one. */
type InputOf<F extends (input: any) => unknown> = Parameters<F> extends [] ? NonReducibleUnknown : Parameters<F>[0];

export type ActorsOf<T extends Calls> = {
  [K in keyof T]: PromiseActorLogic<Awaited<ReturnType<T[K]>>, InputOf<T[K]>>;
};

/** A flow's calls as the promise actors its machine invokes by name. */
export function actorsOf<T extends Calls>(calls: T): ActorsOf<T> {
  return Object.fromEntries(Object.entries(calls).map(([name, fn]) => [name, fromPromise(({ input }: { input: unknown }) => fn(input))])) as unknown as ActorsOf<T>;
}
