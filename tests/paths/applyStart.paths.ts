import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { applyStartMachine } from '../../machines/applyStart.machine';
import { effectsOf, type PathModel, type World } from './model';
import { applyChoice, CHOICE_EVENTS, country, initialChoice, isComplete, type Choice } from './startChoice';

/**
 * /apply as the spec states it (3-ai §2.2): the choice, the multiple-citizenship box with the other citizenship
 * it asks for, and where each exit leads.
 */
function expected(world: World) {
  let choice: Choice = initialChoice(world.input);
  let multipleCitizenship = Boolean(world.input.multipleCitizenship);
  let otherCountry: string | null = (multipleCitizenship && world.input.otherCountry && country(world.input.otherCountry)?.name) || null;
  let otherQuery = '';
  let saves = 0;
  let to: string | null = null;
  for (const event of world.events) {
    if (to) break;
    const next = applyChoice(choice, event);
    choice = next.choice;
    if (next.changed) saves += 1;
    if (event.type === 'MULTIPLE_CITIZENSHIP.TOGGLE') {
      multipleCitizenship = !multipleCitizenship;
      saves += 1;
    }
    if (event.type === 'OTHER.QUERY.CHANGE') otherQuery = String(event.query).slice(0, 100);
    if (event.type === 'OTHER.COUNTRY.SELECT' && country(String(event.country))) {
      otherCountry = country(String(event.country))?.name ?? null;
      otherQuery = '';
      saves += 1;
    }
    if (event.type === 'OTHER.COUNTRY.CLEAR') {
      otherCountry = null;
      saves += 1;
    }
    // Both country and purpose, and the other citizenship when the box is ticked.
    if (event.type === 'CONTINUE' && isComplete(choice) && (!multipleCitizenship || otherCountry)) to = '/apply/summary';
    if (event.type === 'HOME') to = '/';
  }
  return { choice, multipleCitizenship, otherCountry, otherQuery, saves, to };
}

const OTHER_EVENTS: AnyEventObject[] = [
  { type: 'MULTIPLE_CITIZENSHIP.TOGGLE' },
  { type: 'OTHER.QUERY.CHANGE', query: 'esp' },
  { type: 'OTHER.COUNTRY.SELECT', country: 'spain' },
  { type: 'OTHER.COUNTRY.SELECT', country: 'Atlantis' },
  { type: 'OTHER.COUNTRY.CLEAR' },
];

function check(context: Record<string, unknown>, world: World) {
  const want = expected(world);
  const { query, country, purpose, multipleCitizenship, otherCountry, otherQuery } = context;
  expect({ query, country, purpose, multipleCitizenship, otherCountry, otherQuery }).toEqual({
    ...want.choice,
    multipleCitizenship: want.multipleCitizenship,
    otherCountry: want.otherCountry,
    otherQuery: want.otherQuery,
  });
  // Every change is kept in session storage at once, with the whole choice as it now stands.
  const saves = effectsOf(world, 'store');
  expect(saves.length, 'choices saved').toBe(want.saves);
  if (saves.length) {
    expect(saves[saves.length - 1]?.params).toEqual({
      type: 'store',
      area: 'session',
      values: {
        'apply-country': country,
        'apply-purpose': purpose,
        'apply-multiple-citizenship': String(multipleCitizenship),
        'apply-other-country': multipleCitizenship ? otherCountry : null,
      },
    });
  }
}

export const applyStartPaths: PathModel = {
  machine: applyStartMachine,
  budget: 60,
  cases: [
    {
      name: 'a new visitor',
      input: {},
      events: () => [...CHOICE_EVENTS, ...OTHER_EVENTS, { type: 'CONTINUE' }, { type: 'HOME' }],
    },
    {
      name: 'a choice kept from earlier, with two citizenships',
      input: { country: 'mexico', purpose: 'business', multipleCitizenship: true, otherCountry: 'Spain' },
      events: () => [{ type: 'COUNTRY.CLEAR' }, ...OTHER_EVENTS, { type: 'CONTINUE' }],
    },
  ],
  // Beyond each payload once: each kind of event again once something is chosen, so a refused country or a
  // clear has something to leave alone or to clear.
  variety: ({ before, event }) => {
    const chosen = before.context.country !== null || before.context.otherCountry !== null || before.context.query !== '';
    return chosen ? JSON.stringify([event.type, before.context.multipleCitizenship]) : null;
  },
  oracle: {
    initial: (s, world) => {
      check(s.context, world);
      expect(s.status).toBe('active');
    },
    step: ({ after, world }) => {
      check(after.context, world);
      const { to } = expected(world);
      expect(after.status).toBe(to ? 'done' : 'active');
      expect(effectsOf(world, 'navigate').map((e) => e.params.to)).toEqual(to ? [to] : []);
      expect(after.hasTag('busy'), 'leaving: nothing moves').toBe(Boolean(to));
    },
  },
};
