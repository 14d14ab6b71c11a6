import { createActor } from 'xstate';
import { LANGUAGE_STORAGE_KEY } from '../../machines/domain/language';
import { languageMachine } from '../../machines/language.machine';
import { performEffects } from './effects';
import { inspect } from './inspect';
import { readStorage } from './storage';
import type { ToastActor } from './toasts';

/** The one language actor of the app; the header and the landing switcher send it LANGUAGE.CHANGE. */
export function startLanguage(toasts: ToastActor) {
  const inspector = inspect();
  const actor = createActor(
    languageMachine,
    {
      input: {
        stored: readStorage('local', LANGUAGE_STORAGE_KEY),
        browserLanguages: navigator.languages ?? [navigator.language],
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
      ...(inspector ? { inspect: inspector } : {}),
    },
  );
  // What it keeps and applies (client/app/effects.ts), heard from its first state on.
  performEffects(actor, { toasts });
  actor.start();
  return actor;
}

export type LanguageActor = ReturnType<typeof startLanguage>;
