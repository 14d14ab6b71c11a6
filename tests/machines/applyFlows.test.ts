import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { effectsOf, lastNavigation, startHeard } from './emitted';
import { applyStartMachine } from '../../machines/applyStart.machine';
import { applySummaryMachine, type EligibilityRequest, type SummaryFacts } from '../../machines/applySummary.machine';
import { eligibility } from '../../machines/domain/visaRules';

const FEES = { estaGovernmentFee: 21, ds160GovernmentFee: 185, estaServiceFee: 99, ds160ServiceFee: 50 };

const ESTA_FACTS: SummaryFacts = {
  country: 'Spain',
  visaType: 'ESTA',
  canUseESTA: true,
  recommended: 'ESTA',
  maxStayDays: 90,
  governmentFee: 21,
  serviceFee: 99,
  purpose: 'tourism',
  processingTimeKey: 'eligibility.processing.esta',
  validityKey: 'facts.validityEsta',
  requirements: ['a', 'b'],
  price: { serviceFee: 7700, credit: 0, processingFee: 299, total: 7999, governmentFee: 4000, outOfPocket: 11999, visaClass: 'ESTA', governmentFees: [] },
};

describe('applyStart', () => {
  it('restores a stored choice and persists every change', () => {
    const actor = startHeard(applyStartMachine, { country: 'mexico', purpose: 'business', multipleCitizenship: false });
    expect(actor.getSnapshot().context).toMatchObject({ country: 'Mexico', purpose: 'business' });
    actor.send({ type: 'MULTIPLE_CITIZENSHIP.TOGGLE' });
    expect(effectsOf(actor.effects, 'store').at(-1)?.values).toEqual({
      'apply-country': 'Mexico',
      'apply-purpose': 'business',
      'apply-multiple-citizenship': 'true',
      'apply-other-country': null,
    });
    // With more than one citizenship, the other one is needed before going on.
    actor.send({ type: 'CONTINUE' });
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'OTHER.COUNTRY.SELECT', country: 'Colombia' });
    actor.send({ type: 'CONTINUE' });
    expect(lastNavigation(actor.effects)).toBe('/apply/summary');
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

  it('asks the other citizenship when the applicant has more than one, and keeps it', () => {
    const actor = startHeard(applyStartMachine, { country: 'mexico', purpose: 'tourism' });
    actor.send({ type: 'MULTIPLE_CITIZENSHIP.TOGGLE' });
    expect(actor.getSnapshot().can({ type: 'CONTINUE' })).toBe(false);
    actor.send({ type: 'OTHER.COUNTRY.SELECT', country: 'atlantis' });
    expect(actor.getSnapshot().context.otherCountry).toBeNull();
    actor.send({ type: 'OTHER.COUNTRY.SELECT', country: 'spain' });
    expect(effectsOf(actor.effects, 'store').at(-1)?.values).toEqual({
      'apply-country': 'Mexico',
      'apply-purpose': 'tourism',
      'apply-multiple-citizenship': 'true',
      'apply-other-country': 'Spain',
    });
    actor.send({ type: 'CONTINUE' });
    expect(lastNavigation(actor.effects)).toBe('/apply/summary');
  });

  it('goes home on Back to Home', () => {
    const actor = startHeard(applyStartMachine, {});
    actor.send({ type: 'HOME' });
    expect(lastNavigation(actor.effects)).toBe('/');
  });
});

describe('applySummary', () => {
  const withFacts = (facts: (input: EligibilityRequest) => Promise<SummaryFacts>) =>
    applySummaryMachine.provide({ actors: { fetchEligibility: fromPromise(({ input }: { input: EligibilityRequest }) => facts(input)) } });
  const storedTypes = (effects: Parameters<typeof effectsOf>[0]) => effectsOf(effects, 'store').map((e) => e.values);
  /** The server's rule, asked for a DS-160 by hand when the switch is on. */
  const rule = async (input: EligibilityRequest): Promise<SummaryFacts> => ({
    ...eligibility(input.otherCountry && input.otherCountry !== 'Mexico' ? input.otherCountry : input.country, input.purpose, FEES, input.visaType),
    price: null,
  });

  it('asks for a choice when session storage has none', () => {
    const actor = startHeard(applySummaryMachine, { country: null, purpose: 'tourism' });
    expect(actor.getSnapshot().matches('missingChoice')).toBe(true);
    actor.send({ type: 'BACK' });
    expect(lastNavigation(actor.effects)).toBe('/apply');
  });

  it('loads the facts, then APPLY NOW stores the type and opens the ESTA wizard', async () => {
    const actor = startHeard(withFacts(async () => ESTA_FACTS), { country: 'Spain', purpose: 'tourism' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'APPLY' });
    expect(storedTypes(actor.effects)).toEqual([{ 'apply-visa-type': 'ESTA' }]);
    expect(lastNavigation(actor.effects)).toBe('/apply/esta-wizard');
  });

  it('switches to DS-160 by hand with Change visa type, and shows the DS-160 facts', async () => {
    const actor = startHeard(withFacts(rule), { country: 'Spain', purpose: 'tourism' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.facts).toMatchObject({ visaType: 'ESTA', maxStayDays: 90 });
    actor.send({ type: 'TYPE.TOGGLE' });
    expect(actor.getSnapshot().context.changeType).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    // The facts follow the type: the badge, the stay and the fees all say DS-160 now.
    expect(actor.getSnapshot().context.facts).toMatchObject({ visaType: 'DS-160', recommended: 'ESTA', maxStayDays: 180, governmentFee: 185 });
    actor.send({ type: 'APPLY' });
    expect(storedTypes(actor.effects)).toEqual([{ 'apply-visa-type': 'DS-160' }]);
    expect(lastNavigation(actor.effects)).toBe('/apply/wizard');
  });

  it('applies for a family or group on the form that has the group panel, ready to add travellers', async () => {
    for (const [choice, to] of [
      [{ country: 'Spain', purpose: 'tourism' }, '/apply/esta-wizard?add-traveller=1'],
      [{ country: 'Mexico', purpose: 'business' }, '/ds160-wizard?add-traveller=1'],
    ] as const) {
      const actor = startHeard(withFacts(rule), choice);
      await waitFor(actor, (s) => s.matches('ready'));
      actor.send({ type: 'APPLY.GROUP' });
      expect(storedTypes(actor.effects)).toHaveLength(1);
      expect(lastNavigation(actor.effects)).toBe(to);
    }
  });

  it('offers no switch for a DS-160 recommendation', async () => {
    const actor = createActor(withFacts(rule), { input: { country: 'Mexico', purpose: 'business' } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().can({ type: 'TYPE.TOGGLE' })).toBe(false);
  });

  it('tells a U.S. citizen that no visa or ESTA is needed, with nothing to apply for', async () => {
    const actor = startHeard(withFacts(rule), { country: 'United States', purpose: 'tourism' });
    await waitFor(actor, (s) => s.matches('noDocumentNeeded'));
    expect(actor.getSnapshot().can({ type: 'APPLY' })).toBe(false);
    actor.send({ type: 'BACK' });
    expect(lastNavigation(actor.effects)).toBe('/apply');
  });

  it('sends the second citizenship, so the server can recommend on the more favourable one', async () => {
    const asked = vi.fn(rule);
    const actor = createActor(withFacts(asked), { input: { country: 'Mexico', purpose: 'tourism', otherCountry: 'Spain' } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked).toHaveBeenCalledWith({ country: 'Mexico', purpose: 'tourism', otherCountry: 'Spain' });
    expect(actor.getSnapshot().context.facts?.visaType).toBe('ESTA');
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
