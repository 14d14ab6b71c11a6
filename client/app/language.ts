import { createActor } from 'xstate';
import { LANGUAGE_STORAGE_KEY } from '../../machines/domain/language';
import { languageMachine } from '../../machines/language.machine';
import i18n from '../i18n';
import { inspect } from './inspect';
import { readStorage, writeStorage } from './storage';

/** The one language actor of the app; the header and the landing switcher send it LANGUAGE.CHANGE. */
export function startLanguage() {
  const inspector = inspect();
  const actor = createActor(
    languageMachine.provide({
      actions: {
        persistLanguage: (_, { language }) => writeStorage('local', LANGUAGE_STORAGE_KEY, language),
        applyLanguage: (_, { language }) => {
          document.documentElement.lang = language;
          // The server reads it to send the prerendered landing page in this language (server/plugins/landing.ts).
          document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
          void i18n.changeLanguage(language);
        },
      },
    }),
    {
      input: {
        stored: readStorage('local', LANGUAGE_STORAGE_KEY),
        browserLanguages: navigator.languages ?? [navigator.language],
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
      ...(inspector ? { inspect: inspector } : {}),
    },
  );
  actor.start();
  return actor;
}

export type LanguageActor = ReturnType<typeof startLanguage>;
