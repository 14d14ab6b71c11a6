import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { effectsOf, lastNavigation, startHeard } from './emitted';
import { eligibility, type Purpose } from '../../machines/domain/visaRules';
import type { EligibilityDto } from '../../openapi/schemas/eligibility';
import { methodTarget, recommendationOf, visaWizardMachine } from '../../machines/visaWizard.machine';

const FEES = { estaGovernmentFee: 21, ds160GovernmentFee: 185, estaServiceFee: 99, ds160ServiceFee: 50 };

/** The server's answer, from the same rule module; `fail` makes the next call fail as a lost connection would. */
function start(fail = { next: false }) {
  const fetchEligibility = vi.fn(async ({ country, purpose }: { country: string; purpose: Purpose }): Promise<EligibilityDto> => {
    if (fail.next) {
      fail.next = false;
      throw new TypeError('Failed to fetch');
    }
    return { ...eligibility(country, purpose, FEES), price: null };
  });
  const machine = visaWizardMachine.provide({
    actors: { fetchEligibility: fromPromise(({ input }: { input: { country: string; purpose: Purpose } }) => fetchEligibility(input)) },
  });
  return startHeard(machine, { language: 'es' });
}

type Actor = ReturnType<typeof start>;

/** Continues from step 1 and waits for the server's recommendation. */
async function recommend(actor: Actor) {
  actor.send({ type: 'CONTINUE' });
  expect(actor.getSnapshot().matches('recommending')).toBe(true);
  expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  await waitFor(actor, (s) => !s.matches('recommending'));
}

describe('visaWizard', () => {
  describe('when choosing country and purpose', () => {
    it('refuses to continue until both are set', () => {
      const actor = start();
      expect(actor.getSnapshot().can({ type: 'CONTINUE' })).toBe(false);
      actor.send({ type: 'COUNTRY.SELECT', country: 'Spain' });
      expect(actor.getSnapshot().can({ type: 'CONTINUE' })).toBe(false);
      actor.send({ type: 'CONTINUE' });
      expect(actor.getSnapshot().matches('choosing')).toBe(true);
      actor.send({ type: 'PURPOSE.SELECT', purpose: 'tourism' });
      expect(actor.getSnapshot().can({ type: 'CONTINUE' })).toBe(true);
    });

    it('ignores unknown countries and purposes', () => {
      const actor = start();
      actor.send({ type: 'COUNTRY.SELECT', country: 'Atlantis' });
      actor.send({ type: 'PURPOSE.SELECT', purpose: 'smuggling' });
      expect(actor.getSnapshot().context).toMatchObject({ country: null, purpose: null });
    });

    it('stores the canonical country name and clears the query on selection', () => {
      const actor = start();
      actor.send({ type: 'QUERY.CHANGE', query: 'spa' });
      actor.send({ type: 'COUNTRY.SELECT', country: 'spain' });
      expect(actor.getSnapshot().context).toMatchObject({ country: 'Spain', query: '' });
    });

    it('clears the country on Change', () => {
      const actor = start();
      actor.send({ type: 'COUNTRY.SELECT', country: 'Spain' });
      actor.send({ type: 'COUNTRY.CLEAR' });
      expect(actor.getSnapshot().context.country).toBeNull();
    });
  });

  describe('when leaving step 1', () => {
    it('asks the server and recommends ESTA for Spain and tourism', async () => {
      const actor = start();
      actor.send({ type: 'COUNTRY.SELECT', country: 'Spain' });
      actor.send({ type: 'PURPOSE.SELECT', purpose: 'tourism' });
      expect(recommendationOf(actor.getSnapshot().context)).toBeNull();
      await recommend(actor);
      expect(actor.getSnapshot().matches('recommended')).toBe(true);
      expect(recommendationOf(actor.getSnapshot().context)).toBe('ESTA');
      expect(actor.getSnapshot().context.facts).toMatchObject({ maxStayDays: 90, serviceFee: 99, validityKey: 'facts.validityEsta' });
    });

    it('recommends DS-160 for Mexico and business', async () => {
      const actor = start();
      actor.send({ type: 'COUNTRY.SELECT', country: 'Mexico' });
      actor.send({ type: 'PURPOSE.SELECT', purpose: 'business' });
      await recommend(actor);
      expect(recommendationOf(actor.getSnapshot().context)).toBe('DS-160');
    });

    it('says so when the server cannot be reached, and tries again on RETRY', async () => {
      const fail = { next: true };
      const actor = start(fail);
      actor.send({ type: 'COUNTRY.SELECT', country: 'Spain' });
      actor.send({ type: 'PURPOSE.SELECT', purpose: 'tourism' });
      await recommend(actor);
      expect(actor.getSnapshot().matches('recommendFailed')).toBe(true);
      expect(actor.getSnapshot().hasTag('step2')).toBe(true);
      actor.send({ type: 'RETRY' });
      await waitFor(actor, (s) => s.matches('recommended'));
      expect(recommendationOf(actor.getSnapshot().context)).toBe('ESTA');
    });
  });

  describe('when choosing the method', () => {
    it('sends ESTA applicants to the ESTA wizard and keeps the choice', async () => {
      const actor = start();
      actor.send({ type: 'COUNTRY.SELECT', country: 'Spain' });
      actor.send({ type: 'PURPOSE.SELECT', purpose: 'tourism' });
      await recommend(actor);
      actor.send({ type: 'START' });
      actor.send({ type: 'METHOD.FORM' });
      expect(actor.getSnapshot().status).toBe('done');
      expect(lastNavigation(actor.effects)).toBe('/apply/esta-wizard');
      expect(effectsOf(actor.effects, 'store').at(-1)).toEqual({
        type: 'store',
        area: 'session',
        values: { 'apply-country': 'Spain', 'apply-purpose': 'tourism', 'apply-visa-type': 'ESTA' },
      });
    });

    it('sends DS-160 applicants to the ten-section form', async () => {
      const actor = start();
      actor.send({ type: 'COUNTRY.SELECT', country: 'Mexico' });
      actor.send({ type: 'PURPOSE.SELECT', purpose: 'business' });
      await recommend(actor);
      actor.send({ type: 'START' });
      actor.send({ type: 'METHOD.FORM' });
      expect(lastNavigation(actor.effects)).toBe('/ds160-wizard');
    });

    it('sends chat users to the intelligent chat with lang, country, purpose and visaType', async () => {
      const actor = start();
      actor.send({ type: 'COUNTRY.SELECT', country: 'Dominican Republic' });
      actor.send({ type: 'PURPOSE.SELECT', purpose: 'study' });
      await recommend(actor);
      actor.send({ type: 'START' });
      actor.send({ type: 'METHOD.CHAT' });
      const url = new URL(lastNavigation(actor.effects) ?? '', 'http://x');
      expect(url.pathname).toBe('/ai-chat-sections');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        lang: 'es',
        country: 'Dominican Republic',
        purpose: 'study',
        visaType: 'DS-160',
      });
    });

    it('goes back step by step', async () => {
      const actor = start();
      actor.send({ type: 'COUNTRY.SELECT', country: 'Spain' });
      actor.send({ type: 'PURPOSE.SELECT', purpose: 'tourism' });
      await recommend(actor);
      actor.send({ type: 'START' });
      actor.send({ type: 'BACK' });
      expect(actor.getSnapshot().matches('recommended')).toBe(true);
      actor.send({ type: 'BACK' });
      expect(actor.getSnapshot().matches('choosing')).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ country: 'Spain', purpose: 'tourism' });
    });
  });

  it('methodTarget defaults to DS-160 without a recommendation', () => {
    expect(
      methodTarget('form', { query: '', country: null, purpose: null, language: 'en', facts: null, method: null, resumeAt: null }),
    ).toBe('/ds160-wizard');
  });
});
