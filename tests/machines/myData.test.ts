import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { myDataMachine } from '../../machines/myData.machine';
import { myDataViewOf } from '../../machines/myData.view';
import type { Erased } from '../../openapi/schemas/rights';

// "Your data" (issue 44): nothing is erased without the applicant's yes; downloads hand a file to the app's handler.

const ERASED: Erased = { deleted: 1, anonymised: 0, ordersKept: [], accountDeleted: false };

function start(erase: (target: unknown) => Promise<Erased>) {
  const seen: Array<{ type: string }> = [];
  const actor = createActor(
    myDataMachine.provide({
      actors: {
        downloadMyData: fromPromise(async () => ({ fileName: 'my-data.json', bytes: new TextEncoder().encode('{}') as Uint8Array })),
        erase: fromPromise(async ({ input }) => erase(input)),
      },
    }),
  );
  actor.on('*', (e) => void seen.push(e));
  actor.start();
  return { actor, seen };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('myData machine', () => {
  it('asks before erasing, and Cancel erases nothing', async () => {
    const asked: unknown[] = [];
    const { actor } = start(async (t) => (asked.push(t), ERASED));
    actor.send({ type: 'DELETE_APPLICATION', leadId: 'a' });
    expect(myDataViewOf(actor.getSnapshot()).confirming).toEqual({ kind: 'application', leadId: 'a' });
    actor.send({ type: 'CANCEL' });
    await settle();
    expect(asked).toEqual([]);
    expect(myDataViewOf(actor.getSnapshot()).confirming).toBeNull();
  });

  it('erases one application after Confirm and tells the card, which stays', async () => {
    const { actor, seen } = start(async () => ERASED);
    actor.send({ type: 'DELETE_APPLICATION', leadId: 'a' });
    actor.send({ type: 'CONFIRM' });
    expect(myDataViewOf(actor.getSnapshot()).busy).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(seen.map((e) => e.type)).toEqual(['erasedOne']);
    expect(myDataViewOf(actor.getSnapshot()).erased).toEqual({ deleted: 1, anonymised: 0, ordersKept: 0 });
  });

  it('erasing everything signs out and goes home', async () => {
    const { actor, seen } = start(async () => ({ ...ERASED, accountDeleted: true }));
    actor.send({ type: 'DELETE_ALL' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(seen).toEqual([{ type: 'signOut' }, { type: 'navigate', to: '/', replace: true }]);
  });

  it("a refusal keeps the server's words; a download emits the file", async () => {
    const { actor, seen } = start(async () => {
      throw Object.assign(new Error('403'), { serverMessage: 'This application belongs to another session.' });
    });
    actor.send({ type: 'DELETE_APPLICATION', leadId: 'b' });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(myDataViewOf(actor.getSnapshot()).error).toBe('This application belongs to another session.');
    actor.send({ type: 'DOWNLOAD', format: 'json' });
    await settle();
    expect(seen.at(-1)).toMatchObject({ type: 'download', file: { fileName: 'my-data.json' } });
    expect(myDataViewOf(actor.getSnapshot()).error).toBeNull();
  });
});
