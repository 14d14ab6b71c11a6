import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { resultsCalls } from '../../client/api/actors/results';
import { preassessmentCatalog } from '../../machines/domain/catalogs';
import { resultsMachine } from '../../machines/results.machine';
import { answersFor } from '../helpers/answers';
import { effectsOf, lastCall, lastHeld, type PathModel, type Snap, type World } from './model';

// /results (spec 1-core §2.7) against the real analysis and ESTA check routes.

async function preassessment(world: World, formType: 'ESTA' | 'DS-160'): Promise<void> {
  const res = await world.http({
    method: 'POST',
    path: '/api/leads',
    body: {
      name: 'Maria Lopez',
      email: `results.${Math.random().toString(36).slice(2, 10)}@example.com`,
      formData: answersFor(preassessmentCatalog, { 'form-type': formType }),
      completionStatus: 'incomplete',
      paymentStatus: 'unpaid',
      source: 'wizard',
    },
  });
  expect(res.status).toBe(201);
}

function events(hasData: boolean) {
  return (s: Snap): AnyEventObject[] => {
    if (s.matches('loading')) {
      return [
        { type: 'xstate.done.actor.fetchResults', output: hasData ? { analysis: {}, esta: {} } : { analysis: null, esta: null } },
        { type: 'xstate.error.actor.fetchResults', error: 'network' },
      ];
    }
    return [{ type: 'PRINT' }, { type: 'START_NEW' }, { type: 'RETRY' }];
  };
}

export const resultsPaths: PathModel = {
  machine: resultsMachine,
  budget: 26,
  // What a person does after a failure, whatever the transition cover picks (issue 46 item 2).
  required: [
    {
      name: 'the results not loaded, then Try again, then shown',
      through: [(e) => e.type === 'xstate.error.actor.fetchResults', (e) => e.type === 'RETRY', (e) => e.type === 'xstate.done.actor.fetchResults'],
    },
  ],
  calls: resultsCalls,
  cases: [
    { name: 'after an ESTA pre-assessment', input: undefined, setup: async (w, i) => (await preassessment(w, 'ESTA'), i), events: events(true) },
    { name: 'after a DS-160 pre-assessment', input: undefined, setup: async (w, i) => (await preassessment(w, 'DS-160'), i), events: events(true) },
    { name: 'before any pre-assessment', input: undefined, events: events(false) },
  ],
  oracle: {
    initial: (s, world) => {
      expect(s.value).toBe('loading');
      expect(world.held.map((h) => h.name)).toEqual(['fetchResults']);
    },
    step: ({ before, event, after, asked }) => {
      // The page waits exactly while the answers are asked for, and once it leaves for the wizard.
      expect(after.hasTag('busy')).toBe(after.matches('loading') || after.matches('startingNew'));
      // 'Download Summary' prints, only where there is a summary to print; Start new leaves for the wizard.
      const printable = event.type === 'PRINT' && before.matches('ready') && before.context.analysis !== null;
      const leaves = event.type === 'START_NEW' && before.status === 'active';
      expect(asked.map((a) => a.type)).toEqual(printable ? ['print'] : leaves ? ['navigate'] : []);
    },
    states: {
      ready: (s, world) => {
        const analysis = lastCall(world, 'GET', '/api/wizard/analysis');
        const esta = lastCall(world, 'GET', '/api/esta/check');
        expect(analysis?.status).toBe(200);
        expect(s.context.analysis).toEqual(analysis?.response);
        expect(s.context.esta).toEqual(esta?.status === 200 ? esta.response : null);
        const p = s.context.analysis.approvalProbability;
        expect(p).toBeGreaterThanOrEqual(5);
        expect(p).toBeLessThanOrEqual(95);
      },
      noData: (s, world) => {
        expect(lastCall(world, 'GET', '/api/wizard/analysis')?.status).toBe(204);
        expect(s.context).toEqual({ analysis: null, esta: null });
      },
      failed: (_, world) => expect(lastHeld(world, 'fetchResults')?.verdict).toBe('dropped'),
      startingNew: (s, world) => {
        expect(effectsOf(world, 'navigate').map((e) => e.params)).toEqual([{ type: 'navigate', to: '/wizard' }]);
        expect(s.hasTag('busy')).toBe(true);
      },
    },
  },
};
