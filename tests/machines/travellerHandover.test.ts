import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import fc from 'fast-check';
import { offersNewApplication, paidNoticeOf } from '../../machines/ds160Form.view';
import { travellerHandoverMachine } from '../../machines/travellerHandover.machine';
import { heard } from './emitted';

type Lead = { id: string; formData: Record<string, unknown>; paid?: boolean };
const start = (leadId: string | null, fetchLead = vi.fn(async ({ input }: { input: { leadId: string } }): Promise<Lead> => ({ id: input.leadId, formData: { 'first-name': input.leadId } }))) => {
  const actor = createActor(travellerHandoverMachine.provide({ actors: { fetchLead: fromPromise(fetchLead) as never } }), { input: { leadId } }).start();
  return { actor, fetchLead };
};

describe('travellerHandover', () => {
  it("reads nothing for the applicant's own form", () => {
    const { actor, fetchLead } = start(null);
    expect(actor.getSnapshot().value).toBe('none');
    expect(fetchLead).not.toHaveBeenCalled();
  });

  it("starts a traveller's form from the answers the server holds", async () => {
    const { actor } = start('luis');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toEqual({ leadId: 'luis', formData: { 'first-name': 'luis' }, paid: false, handTo: null });
  });

  it('says a paid traveller is paid, so the page opens their form read-only (issue 45 item 20), and forgets it on moving on', async () => {
    const fetchLead = vi.fn(async ({ input }: { input: { leadId: string } }): Promise<Lead> => ({ id: input.leadId, formData: {}, paid: input.leadId === 'ana' }));
    const actor = createActor(travellerHandoverMachine.provide({ actors: { fetchLead: fromPromise(fetchLead) as never } }), { input: { leadId: 'ana' } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.paid).toBe(true);
    actor.send({ type: 'OPEN', leadId: 'luis' });
    expect(actor.getSnapshot().context.paid).toBe(false);
    await waitFor(actor, (s) => s.matches('ready') && s.context.leadId === 'luis');
    expect(actor.getSnapshot().context.paid).toBe(false);
  });

  it('follows the traveller the address names, ignoring the one already open, and aborts the one left', async () => {
    const signals: AbortSignal[] = [];
    const fetchLead = vi.fn(({ input, signal }: { input: { leadId: string }; signal: AbortSignal }) => {
      signals.push(signal);
      return input.leadId === 'slow' ? new Promise<never>(() => {}) : Promise.resolve({ id: input.leadId, formData: { who: input.leadId } });
    });
    const { actor } = start('slow', fetchLead as never);
    actor.send({ type: 'OPEN', leadId: 'slow' });
    expect(fetchLead).toHaveBeenCalledTimes(1);
    actor.send({ type: 'OPEN', leadId: 'lucia' });
    expect(signals[0]?.aborted).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.formData).toEqual({ who: 'lucia' });
    actor.send({ type: 'OPEN', leadId: null });
    expect(actor.getSnapshot().context).toEqual({ leadId: null, formData: null, paid: false, handTo: null });
  });

  it('hands the answers read to the form it is told of, once per traveller, and to none when told of none', async () => {
    // Lucia's service is paid: the form is told so, and opens read-only without asking again (issue 45).
    const fetchLead = vi.fn(async ({ input }: { input: { leadId: string } }): Promise<Lead> => ({ id: input.leadId, formData: { who: input.leadId }, paid: input.leadId === 'lucia' }));
    const actor = createActor(travellerHandoverMachine.provide({ actors: { fetchLead: fromPromise(fetchLead) as never } }), { input: { leadId: 'luis', handTo: 'ds160Form' } });
    const effects = heard(actor);
    actor.start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'OPEN', leadId: 'lucia' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.leadId === 'lucia');
    actor.send({ type: 'OPEN', leadId: null });
    expect(effects).toEqual([
      { type: 'handOff', flow: 'ds160Form', event: { type: 'RESTORE', leadId: 'luis', values: { who: 'luis' }, from: 'traveller', paid: false } },
      { type: 'handOff', flow: 'ds160Form', event: { type: 'RESTORE', leadId: 'lucia', values: { who: 'lucia' }, from: 'traveller', paid: true } },
    ]);
    const alone = start('luis');
    const none = heard(alone.actor);
    await waitFor(alone.actor, (s) => s.matches('ready'));
    expect(none).toEqual([]);
  });

  it('says so when the traveller cannot be read, and tries again on Retry', async () => {
    let fail = true;
    const { actor } = start('luis', vi.fn(async ({ input }: { input: { leadId: string } }): Promise<Lead> => {
      if (fail) throw new Error('network');
      return { id: input.leadId, formData: {} };
    }));
    await waitFor(actor, (s) => s.matches('failed'));
    fail = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('ready'));
  });
});

describe("a paid traveller's notice (the ten-section form's read-only view)", () => {
  it('names the form’s name, else the panel’s, else nobody; none while the form is not a paid traveller’s', () => {
    expect(paidNoticeOf(null, 'Ana Ruiz')).toBeNull();
    expect(paidNoticeOf('Luis Ruiz', 'Ana Ruiz')).toEqual({ name: 'Luis Ruiz' });
    expect(paidNoticeOf('', 'Ana Ruiz')).toEqual({ name: 'Ana Ruiz' });
    expect(paidNoticeOf('', '')).toEqual({ name: null });
    expect(paidNoticeOf('  ', ' \n')).toEqual({ name: null });
  });

  it('names the form’s own applicant when only its flow holds it paid (in no group), and offers a new application there', () => {
    expect(paidNoticeOf(null, '', null, 'Ana Ruiz')).toEqual({ name: 'Ana Ruiz' });
    expect(paidNoticeOf(null, '', null, ' ')).toEqual({ name: null });
    expect(paidNoticeOf('Luis Ruiz', '', null, 'Ana Ruiz')).toEqual({ name: 'Luis Ruiz' });
    expect(paidNoticeOf(null, 'Ana Ruiz', null, null)).toBeNull();
    expect(offersNewApplication(true, null, false)).toBe(true);
    expect(offersNewApplication(true, { name: 'Luis Ruiz' }, false)).toBe(false);
    expect(offersNewApplication(false, null, false)).toBe(false);
    expect(offersNewApplication(false, { name: 'Ana Ruiz' }, true)).toBe(true);
  });

  it('never names a blank name, and names what one of the two says', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.string(), (paid, about) => {
        const notice = paidNoticeOf(paid, about);
        if (paid === null) {
          expect(notice).toBeNull();
          return;
        }
        const name = notice?.name ?? null;
        if (name === null) expect(paid.trim() + about.trim()).toBe('');
        else {
          expect(name).toBe(name.trim());
          expect(name).not.toBe('');
          expect([paid.trim(), about.trim()]).toContain(name);
        }
      }),
    );
  });
});
