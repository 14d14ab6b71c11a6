import { expect } from 'vitest';
import { applyStartMachine } from '../../machines/applyStart.machine';
import { effectsOf, type PathModel, type World } from './model';
import { applyChoice, CHOICE_EVENTS, initialChoice, isComplete, type Choice } from './startChoice';

/** /apply as the spec states it (3-ai §2.2): the choice, the multiple-citizenship box, and where each exit leads. */
function expected(world: World) {
  let choice: Choice = initialChoice(world.input);
  let multipleCitizenship = Boolean(world.input.multipleCitizenship);
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
    if (event.type === 'CONTINUE' && isComplete(choice)) to = '/apply/summary';
    if (event.type === 'HOME') to = '/';
  }
  return { choice, multipleCitizenship, saves, to };
}

export const applyStartPaths: PathModel = {
  machine: applyStartMachine,
  budget: 25,
  effects: ['persistStart'],
  cases: [
    {
      name: 'a new visitor',
      input: {},
      events: () => [...CHOICE_EVENTS, { type: 'MULTIPLE_CITIZENSHIP.TOGGLE' }, { type: 'CONTINUE' }, { type: 'HOME' }],
    },
    {
      name: 'a choice kept from earlier',
      input: { country: 'mexico', purpose: 'business', multipleCitizenship: true },
      events: () => [{ type: 'COUNTRY.CLEAR' }, { type: 'MULTIPLE_CITIZENSHIP.TOGGLE' }, { type: 'CONTINUE' }],
    },
  ],
  oracle: {
    initial: (s, world) => {
      const want = expected(world);
      const { query, country, purpose, multipleCitizenship } = s.context;
      expect({ query, country, purpose, multipleCitizenship }).toEqual({ ...want.choice, multipleCitizenship: want.multipleCitizenship });
      expect(s.status).toBe('active');
      expect(world.effects).toEqual([]);
    },
    step: ({ after, world }) => {
      const want = expected(world);
      const { query, country, purpose, multipleCitizenship } = after.context;
      expect({ query, country, purpose, multipleCitizenship }).toEqual({ ...want.choice, multipleCitizenship: want.multipleCitizenship });
      // Every change is kept in session storage at once, with the whole choice as it now stands.
      const saves = effectsOf(world, 'persistStart');
      expect(saves.length, 'choices saved').toBe(want.saves);
      if (saves.length) expect(saves[saves.length - 1]?.params).toEqual({ country, purpose, multipleCitizenship });
      expect(after.status).toBe(want.to ? 'done' : 'active');
      if (want.to) expect(after.output).toEqual({ to: want.to });
    },
  },
};
