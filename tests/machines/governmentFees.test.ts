import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { feeChangeOf, parseDollars } from '../../machines/domain/governmentFees';
import { governmentFeesMachine } from '../../machines/governmentFees.machine';
import { governmentFeesViewOf } from '../../machines/governmentFees.view';
import type { WorldEffect } from '../../machines/effects';
import type { AdminGovernmentFeesDto } from '../../openapi/schemas/governmentFees';

const TODAY = '2026-11-28';
const LIST: AdminGovernmentFeesDto = {
  today: TODAY,
  checkIntervalDays: 90,
  due: 2,
  fees: [
    {
      code: 'esta',
      subject: 'ESTA',
      paidAt: 'withApplication',
      refundable: false,
      current: { id: 'a', amountCents: 4000, currency: 'USD', effectiveFrom: '2025-09-30', sourceUrl: 'https://www.federalregister.gov/d/2025-16453', note: 'By card.' },
      upcoming: [],
      past: [],
      unscheduled: [],
      lastCheckedAt: null,
      checkDue: true,
    },
    {
      code: 'integrity',
      subject: 'VISA',
      paidAt: 'atIssuance',
      refundable: true,
      current: null,
      upcoming: [],
      past: [],
      unscheduled: [{ id: 'b', amountCents: 25000, currency: 'USD', effectiveFrom: null, sourceUrl: 'https://www.congress.gov/x', note: 'At issuance.' }],
      lastCheckedAt: null,
      checkDue: true,
    },
  ],
};

function start(overrides: Record<string, unknown> = {}) {
  const calls: Array<[string, unknown]> = [];
  const answer = (name: string, value: unknown = LIST) =>
    fromPromise(async ({ input }: { input: unknown }) => {
      calls.push([name, input]);
      return value;
    });
  const machine = governmentFeesMachine.provide({
    actors: { fetchFees: answer('fetchFees'), scheduleFee: answer('scheduleFee'), markChecked: answer('markChecked'), ...overrides } as never,
  });
  // What the tab does to the world (machines/effects.ts), heard from before it starts.
  const effects: WorldEffect[] = [];
  const actor = createActor(machine);
  actor.on('*', (effect) => void effects.push(effect as WorldEffect));
  return { actor: actor.start(), calls, effects };
}

const idle = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches({ ready: 'idle' }) || s.matches('failed') || s.status === 'done');

describe('the government fees tab', () => {
  it('loads the list, and the view counts the fees due a check', async () => {
    const { actor } = start();
    expect(governmentFeesViewOf(actor.getSnapshot())).toMatchObject({ loading: true, due: 0 });
    await idle(actor);
    expect(governmentFeesViewOf(actor.getSnapshot())).toMatchObject({ loading: false, due: 2, today: TODAY, checkIntervalDays: 90, editingOpen: false });
  });

  it('opens a change on the fee with its source and note, and an announced fee on its announced source', async () => {
    const { actor } = start();
    await idle(actor);
    actor.send({ type: 'FEE.EDIT', code: 'integrity', subject: 'VISA' });
    expect(actor.getSnapshot().context.form).toEqual({ amount: '', effectiveFrom: '', sourceUrl: 'https://www.congress.gov/x', note: 'At issuance.' });
    expect(governmentFeesViewOf(actor.getSnapshot()).editingOpen).toBe(true);
    actor.send({ type: 'FEE.CANCEL' });
    actor.send({ type: 'FEE.EDIT', code: 'application', subject: 'H' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('refuses a change for today with the field named, then schedules tomorrow’s in cents', async () => {
    const { actor, calls, effects } = start();
    await idle(actor);
    actor.send({ type: 'FEE.EDIT', code: 'esta', subject: 'ESTA' });
    actor.send({ type: 'FEE.FIELD', field: 'amount', value: '45.5' });
    actor.send({ type: 'FEE.FIELD', field: 'effectiveFrom', value: TODAY });
    actor.send({ type: 'FEE.SAVE' });
    expect(actor.getSnapshot().context.errors).toEqual({ effectiveFrom: { key: 'validation.fees.future' } });
    actor.send({ type: 'FEE.FIELD', field: 'effectiveFrom', value: '2026-11-29' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'FEE.SAVE' });
    await idle(actor);
    expect(calls.at(-1)).toEqual(['scheduleFee', { code: 'esta', subject: 'ESTA', change: { amountCents: 4550, effectiveFrom: '2026-11-29', sourceUrl: 'https://www.federalregister.gov/d/2025-16453', note: 'By card.' } }]);
    // The refusal moved focus to the field named; the change scheduled is said once.
    expect(effects).toEqual([{ type: 'focusError', form: 'fee-change' }, { type: 'toast', toast: { title: 'admin:toast.feeScheduled.title', description: 'admin:toast.feeScheduled.description' } }]);
    expect(actor.getSnapshot().context.editing).toBeNull();
  });

  it('marks a fee checked, and keeps the list when the check is lost', async () => {
    const lost = start({ markChecked: fromPromise(async () => Promise.reject(new Error('network'))) });
    await idle(lost.actor);
    lost.actor.send({ type: 'FEE.CHECK', code: 'esta', subject: 'ESTA' });
    expect(governmentFeesViewOf(lost.actor.getSnapshot()).busy).toBe(true);
    await idle(lost.actor);
    expect(lost.effects).toEqual([{ type: 'toast', toast: { title: 'admin:toast.feeCheckFailed.title', description: 'admin:toast.feeCheckFailed.description', variant: 'destructive' } }]);
    expect(lost.actor.getSnapshot().context.fees).toEqual(LIST);
  });

  it('ends when the server no longer answers the session as an admin', async () => {
    const { actor, effects } = start({ fetchFees: fromPromise(async () => Promise.reject({ status: 401 })) });
    await idle(actor);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ expired: true });
    // The gate hears it and shows its sign-in again.
    expect(effects).toEqual([{ type: 'handOff', flow: 'adminGate', event: { type: 'EXPIRED' } }]);
  });
});

describe('an amount as an admin writes it', () => {
  it.each([
    ['45', 4500],
    ['45.5', 4550],
    ['45,50', 4550],
    ['$1,234.00', 123400],
    ['0', 0],
    ['abc', null],
    ['45.555', null],
    ['-5', null],
    ['', null],
  ])('%s → %s', (text, cents) => expect(parseDollars(text)).toBe(cents));

  it('reads any whole number of cents written with a point back to itself', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), (n) => parseDollars(`${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`) === n));
  });

  it('names each wrong field of a change by the form’s names', () => {
    expect(Object.keys(feeChangeOf({ amount: 'x', effectiveFrom: '', sourceUrl: 'ftp://a', note: '' }, TODAY).errors).sort()).toEqual(['amount', 'effectiveFrom', 'sourceUrl']);
  });
});
