import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { methodTarget, visaWizardMachine } from '../../machines/visaWizard.machine';

function start(persistChoice = vi.fn()) {
  const actor = createActor(visaWizardMachine.provide({ actions: { persistChoice } }), { input: { language: 'es' } });
  actor.start();
  return actor;
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
    it('recommends ESTA for Spain and tourism', () => {
      const actor = start();
      actor.send({ type: 'COUNTRY.SELECT', country: 'Spain' });
      actor.send({ type: 'PURPOSE.SELECT', purpose: 'tourism' });
      expect(actor.getSnapshot().context.recommendation).toBeNull();
      actor.send({ type: 'CONTINUE' });
      expect(actor.getSnapshot().matches('recommended')).toBe(true);
      expect(actor.getSnapshot().context.recommendation).toBe('ESTA');
    });

    it('recommends DS-160 for Mexico and business', () => {
      const actor = start();
      actor.send({ type: 'COUNTRY.SELECT', country: 'Mexico' });
      actor.send({ type: 'PURPOSE.SELECT', purpose: 'business' });
      actor.send({ type: 'CONTINUE' });
      expect(actor.getSnapshot().context.recommendation).toBe('DS-160');
    });
  });

  describe('when choosing the method', () => {
    it('sends ESTA applicants to the ESTA wizard and keeps the choice', () => {
      const persist = vi.fn();
      const actor = start(persist);
      actor.send({ type: 'COUNTRY.SELECT', country: 'Spain' });
      actor.send({ type: 'PURPOSE.SELECT', purpose: 'tourism' });
      actor.send({ type: 'CONTINUE' });
      actor.send({ type: 'START' });
      actor.send({ type: 'METHOD.FORM' });
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().output).toEqual({ to: '/apply/esta-wizard' });
      expect(persist).toHaveBeenCalledWith(expect.anything(), { country: 'Spain', purpose: 'tourism', visaType: 'ESTA' });
    });

    it('sends DS-160 applicants to the ten-section form', () => {
      const actor = start();
      actor.send({ type: 'COUNTRY.SELECT', country: 'Mexico' });
      actor.send({ type: 'PURPOSE.SELECT', purpose: 'business' });
      actor.send({ type: 'CONTINUE' });
      actor.send({ type: 'START' });
      actor.send({ type: 'METHOD.FORM' });
      expect(actor.getSnapshot().output).toEqual({ to: '/ds160-wizard' });
    });

    it('sends chat users to the intelligent chat with lang, country, purpose and visaType', () => {
      const actor = start();
      actor.send({ type: 'COUNTRY.SELECT', country: 'Dominican Republic' });
      actor.send({ type: 'PURPOSE.SELECT', purpose: 'study' });
      actor.send({ type: 'CONTINUE' });
      actor.send({ type: 'START' });
      actor.send({ type: 'METHOD.CHAT' });
      const url = new URL(actor.getSnapshot().output?.to ?? '', 'http://x');
      expect(url.pathname).toBe('/ai-chat-sections');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        lang: 'es',
        country: 'Dominican Republic',
        purpose: 'study',
        visaType: 'DS-160',
      });
    });

    it('goes back step by step', () => {
      const actor = start();
      actor.send({ type: 'COUNTRY.SELECT', country: 'Spain' });
      actor.send({ type: 'PURPOSE.SELECT', purpose: 'tourism' });
      actor.send({ type: 'CONTINUE' });
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
      methodTarget('form', { query: '', country: null, purpose: null, language: 'en', recommendation: null, method: null }),
    ).toBe('/ds160-wizard');
  });
});
