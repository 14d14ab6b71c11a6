import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { applyStartMachine } from '../../machines/applyStart.machine';
import { applySummaryMachine, type SummaryFacts } from '../../machines/applySummary.machine';

const ESTA_FACTS: SummaryFacts = {
  country: 'Spain',
  visaType: 'ESTA',
  canUseESTA: true,
  maxStayDays: 90,
  governmentFee: 21,
  serviceFee: 99,
  purpose: 'tourism',
  processingTimeKey: 'eligibility.processing.esta',
  validityKey: 'facts.validityEsta',
  requirements: ['a', 'b'],
};

describe('applyStart', () => {
  it('restores a stored choice and persists every change', () => {
    const persistStart = vi.fn();
    const actor = createActor(applyStartMachine.provide({ actions: { persistStart } }), {
      input: { country: 'mexico', purpose: 'business', multipleCitizenship: false },
    }).start();
    expect(actor.getSnapshot().context).toMatchObject({ country: 'Mexico', purpose: 'business' });
    actor.send({ type: 'MULTIPLE_CITIZENSHIP.TOGGLE' });
    expect(persistStart).toHaveBeenLastCalledWith(expect.anything(), {
      country: 'Mexico',
      purpose: 'business',
      multipleCitizenship: true,
    });
    actor.send({ type: 'CONTINUE' });
    expect(actor.getSnapshot().output).toEqual({ to: '/apply/summary' });
  });

  it('needs both country and purpose before CONTINUE', () => {
    const actor = createActor(applyStartMachine, { input: {} }).start();
    actor.send({ type: 'PURPOSE.SELECT', purpose: 'study' });
    actor.send({ type: 'CONTINUE' });
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    actor.send({ type: 'COUNTRY.SELECT', country: 'Colombia' });
    actor.send({ type: 'CONTINUE' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('goes home on Back to Home', () => {
    const actor = createActor(applyStartMachine, { input: {} }).start();
    actor.send({ type: 'HOME' });
    expect(actor.getSnapshot().output).toEqual({ to: '/' });
  });
});

describe('applySummary', () => {
  const withFacts = (facts: () => Promise<SummaryFacts>, persistVisaType = vi.fn()) =>
    applySummaryMachine.provide({ actors: { fetchEligibility: fromPromise(facts) }, actions: { persistVisaType } });

  it('asks for a choice when session storage has none', () => {
    const actor = createActor(applySummaryMachine, { input: { country: null, purpose: 'tourism' } }).start();
    expect(actor.getSnapshot().matches('missingChoice')).toBe(true);
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().output).toEqual({ to: '/apply' });
  });

  it('loads the facts, then APPLY NOW stores the type and opens the ESTA wizard', async () => {
    const persist = vi.fn();
    const actor = createActor(withFacts(async () => ESTA_FACTS, persist), { input: { country: 'Spain', purpose: 'tourism' } }).start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'APPLY' });
    expect(persist).toHaveBeenCalledWith(expect.anything(), { visaType: 'ESTA' });
    expect(actor.getSnapshot().output).toEqual({ to: '/apply/esta-wizard' });
  });

  it('switches to DS-160 by hand with Change visa type', async () => {
    const persist = vi.fn();
    const actor = createActor(withFacts(async () => ESTA_FACTS, persist), { input: { country: 'Spain', purpose: 'tourism' } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'TYPE.TOGGLE' });
    expect(actor.getSnapshot().context.changeType).toBe(true);
    actor.send({ type: 'APPLY' });
    expect(persist).toHaveBeenCalledWith(expect.anything(), { visaType: 'DS-160' });
    expect(actor.getSnapshot().output).toEqual({ to: '/apply/wizard' });
  });

  it('stays on a retryable failure when the lookup fails', async () => {
    let calls = 0;
    const actor = createActor(
      withFacts(async () => {
        calls += 1;
        if (calls === 1) throw new Error('503: down');
        return ESTA_FACTS;
      }),
      { input: { country: 'Spain', purpose: 'tourism' } },
    ).start();
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.facts?.visaType).toBe('ESTA');
  });
});
