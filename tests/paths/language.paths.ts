import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { DEFAULT_LANGUAGE, fromBrowser, fromTimeZone, isLanguage } from '../../machines/domain/language';
import { languageMachine } from '../../machines/language.machine';
import { effectsOf, type PathModel, type World } from './model';

const CHANGES: AnyEventObject[] = [
  { type: 'LANGUAGE.CHANGE', language: 'es' },
  { type: 'LANGUAGE.CHANGE', language: 'pt' },
  { type: 'LANGUAGE.CHANGE', language: 'de' },
];

/** Spec 1-core §4: the stored choice, then the browser, then the time zone, then English; a choice is saved at once. */
function expected(world: World) {
  const { stored, browserLanguages, timeZone } = world.input;
  const detected = isLanguage(stored)
    ? { language: stored, source: 'stored' }
    : fromBrowser(browserLanguages)
      ? { language: fromBrowser(browserLanguages), source: 'browser' }
      : fromTimeZone(timeZone)
        ? { language: fromTimeZone(timeZone), source: 'timeZone' }
        : { language: DEFAULT_LANGUAGE, source: 'default' };
  const chosen = world.events.filter((e) => e.type === 'LANGUAGE.CHANGE' && isLanguage(e.language)).map((e) => e.language as string);
  const current = chosen.length ? { language: chosen[chosen.length - 1], source: 'chosen' } : detected;
  return { detected, chosen, current };
}

function check(context: { language: string; source: string }, world: World) {
  const want = expected(world);
  expect({ language: context.language, source: context.source }).toEqual(want.current);
  expect(effectsOf(world, 'applyLanguage').map((e) => e.params.language)).toEqual([want.detected.language, ...want.chosen]);
  // A choice is kept in this browser at once; a detected language is not (it is detected again next time).
  expect(effectsOf(world, 'store').map((e) => e.params)).toEqual(want.chosen.map((language) => ({ type: 'store', area: 'local', values: { 'rumbo-language': language } })));
}

export const languagePaths: PathModel = {
  machine: languageMachine,
  budget: 12,
  cases: [
    { name: 'a stored choice', input: { stored: 'fr', browserLanguages: ['es'], timeZone: 'Europe/Lisbon' }, events: () => [] },
    { name: 'the browser language', input: { stored: 'xx', browserLanguages: ['de-DE', 'es-MX'], timeZone: 'Europe/Lisbon' }, events: () => [] },
    { name: 'the time zone', input: { stored: null, browserLanguages: ['de'], timeZone: 'Europe/Lisbon' }, events: () => [] },
    { name: 'English by default', input: { stored: null, browserLanguages: ['de'], timeZone: 'Asia/Tokyo' }, events: () => CHANGES },
  ],
  oracle: {
    states: { ready: (s, world) => check(s.context, world) },
  },
};
