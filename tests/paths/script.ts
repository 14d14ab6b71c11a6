import { fromPromise } from 'xstate';

interface Pending {
  settle: (outcome: { output?: unknown; error?: unknown; failed: boolean }) => void;
}

/**
 * Outcomes the generated path chooses. A scripted actor runs inside the live machine for real (spawned or
 * invoked as the machine says) but finishes only when the path reaches its done or error event, with the
 * output or error the path carries. Machines whose outcomes depend on order (a capture racing an update)
 * stay deterministic this way; the server behind those calls is proven by the API and browser tests.
 */
export class Script {
  private readonly waiting = new Map<string, Pending[]>();

  actor<TOutput, TInput>() {
    return fromPromise<TOutput, TInput>(
      ({ self }) =>
        new Promise<TOutput>((resolve, reject) => {
          const id = self.id;
          const list = this.waiting.get(id) ?? [];
          list.push({ settle: (o) => (o.failed ? reject(o.error) : resolve(o.output as TOutput)) });
          this.waiting.set(id, list);
        }),
    );
  }

  /** Whether an actor with this id is running and waiting for the path to decide. */
  isWaiting(id: string): boolean {
    return (this.waiting.get(id)?.length ?? 0) > 0;
  }

  settle(id: string, event: { type: string; output?: unknown; error?: unknown }): void {
    const next = this.waiting.get(id)?.shift();
    if (!next) throw new Error(`No ${id} is running, yet the path says it finished`);
    next.settle({ output: event.output, error: event.error, failed: event.type.startsWith('xstate.error.') });
  }
}
