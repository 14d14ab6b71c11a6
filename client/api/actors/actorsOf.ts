import { fromPromise, type PromiseActorLogic } from 'xstate';

type Calls = Record<string, (input: any) => Promise<unknown>>;

export type ActorsOf<T extends Calls> = {
  [K in keyof T]: PromiseActorLogic<Awaited<ReturnType<T[K]>>, Parameters<T[K]>[0]>;
};

/** A flow's calls as the promise actors its machine invokes by name. */
export function actorsOf<T extends Calls>(calls: T): ActorsOf<T> {
  return Object.fromEntries(Object.entries(calls).map(([name, fn]) => [name, fromPromise(({ input }: { input: unknown }) => fn(input))])) as unknown as ActorsOf<T>;
}
