import { defineFlow } from './flow';
import { myDataMachine, type MyDataContext } from './myData.machine';

export type { ErasureTarget } from './myData.machine';

/** "Your data" on the dashboard: no input; its calls come through the door (client/app/flows.ts). */
export const myDataFlow = defineFlow({ name: 'myData', machine: myDataMachine, input: () => undefined });

// What the "Your data" card renders, derived from the machine's snapshot (beside the machine, judged by unit and
// browser tests): the page imports only this module.
export const myDataViewOf = (snapshot: { context: MyDataContext; matches: (value: never) => boolean; hasTag: (tag: string) => boolean }) => {
  const is = (value: string) => snapshot.matches(value as never);
  const { target, error, erased } = snapshot.context;
  return {
    busy: snapshot.hasTag('busy'),
    /** The confirmation dialog is open, and for what. */
    confirming: is('confirming') ? target : null,
    erasing: is('erasing'),
    /** A translation key for the last failure, with the server's words beside it. */
    error,
    /** The last erasure's outcome, to say what was kept for the accounts. */
    erased: erased ? { deleted: erased.deleted, anonymised: erased.anonymised, ordersKept: erased.ordersKept.length } : null,
  };
};
