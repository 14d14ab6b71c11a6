import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { languageMachine } from '../../machines/language.machine';
import { effectsOf, type PathModel, type World } from './model';

const CHANGES: AnyEventObject[] = [
  { type: 'LANGUAGE.CHANGE', language: 'es' },
  { type: 'LANGUAGE.CHANGE', language: 'pt' },
  { type: 'LANGUAGE.CHANGE', language: 'de' },
];

// The oracle's own statement of the rule (spec 1-core §4), not the machine's helpers: the four languages, and the
// language each time zone the cases use points to (none for Tokyo).
const OFFERED = ['en', 'es', 'fr', 'pt'];
const TIME_ZONES: Record<string, string | undefined> = { 'Europe/Lisbon': 'pt', 'Asia/Tokyo': undefined };

/** The first browser language whose base tag ('es' of 'es-MX') Rumbo offers. */
function browserLanguage(tags: string[]): string | undefined {
  return tags.map((tag) => tag.toLowerCase().split('-')[0] as string).find((base) => OFFERED.includes(base));
}

/** Spec 1-core §4: the stored choice, then the browser, then the time zone, then English; a choice is saved at once. */
function expected(world: World) {
  const { stored, browserLanguages, timeZone } = world.input;
  const fromBrowser = browserLanguage(browserLanguages);
  const fromZone = TIME_ZONES[timeZone];
  const detected = OFFERED.includes(stored)
    ? { language: stored, source: 'stored' }
    : fromBrowser
      ? { language: fromBrowser, source: 'browser' }
      : fromZone
        ? { language: fromZone, source: 'timeZone' }
        : { language: 'en', source: 'default' };
  const chosen = world.events.filter((e) => e.type === 'LANGUAGE.CHANGE' && OFFERED.includes(e.language)).map((e) => e.language as string);
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
