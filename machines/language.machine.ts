import { assign, emit, setup } from 'xstate';
import { DEFAULT_LANGUAGE, fromBrowser, fromTimeZone, isLanguage, LANGUAGE_STORAGE_KEY, type Language } from './domain/language';
import { store, type WorldEffect } from './effects';

export interface LanguageInput {
  stored: string | null;
  browserLanguages: readonly string[];
  timeZone: string | undefined;
}

export type LanguageSource = 'stored' | 'browser' | 'timeZone' | 'default' | 'chosen';

export interface LanguageContext extends LanguageInput {
  language: Language;
  source: LanguageSource;
}

export type LanguageEvent = { type: 'LANGUAGE.CHANGE'; language: string };

/** Picks the interface language once, in the spec's order, then follows the applicant's choice. */
export const languageMachine = setup({
  types: {
    input: {} as LanguageInput,
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
    emitted: {} as WorldEffect,
  },
  actions: {
    /** Keeps the choice in this browser. */
    persistLanguage: emit((_, params: { language: Language }) => store('local', { [LANGUAGE_STORAGE_KEY]: params.language })),
    /** Switches i18n and the document language. */
    applyLanguage: emit((_, params: { language: Language }) => ({ type: 'applyLanguage' as const, language: params.language })),
  },
  guards: {
    hasStoredChoice: ({ context }) => isLanguage(context.stored),
    hasBrowserLanguage: ({ context }) => fromBrowser(context.browserLanguages) !== undefined,
    hasTimeZoneLanguage: ({ context }) => fromTimeZone(context.timeZone) !== undefined,
    isSupported: ({ event }) => isLanguage(event.language),
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({ ...input, language: DEFAULT_LANGUAGE, source: 'default' }),
  initial: 'detecting',
  states: {
    detecting: {
      always: [
        {
          guard: 'hasStoredChoice',
          target: 'ready',
          actions: assign({ language: ({ context }) => context.stored as Language, source: 'stored' }),
        },
        {
          guard: 'hasBrowserLanguage',
          target: 'ready',
          actions: assign({
            language: ({ context }) => fromBrowser(context.browserLanguages) as Language,
            source: 'browser',
          }),
        },
        {
          guard: 'hasTimeZoneLanguage',
          target: 'ready',
          actions: assign({ language: ({ context }) => fromTimeZone(context.timeZone) as Language, source: 'timeZone' }),
        },
        { target: 'ready' },
      ],
    },
    ready: {
      entry: { type: 'applyLanguage', params: ({ context }) => ({ language: context.language }) },
      on: {
        'LANGUAGE.CHANGE': {
          guard: 'isSupported',
          actions: [
            assign({ language: ({ event }) => event.language as Language, source: 'chosen' }),
            // Saved at once (spec 1-core §4), so a reload keeps it.
            { type: 'persistLanguage', params: ({ event }) => ({ language: event.language as Language }) },
            { type: 'applyLanguage', params: ({ event }) => ({ language: event.language as Language }) },
          ],
        },
      },
    },
  },
});
