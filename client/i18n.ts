import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES } from '../machines/domain/language';

// Each namespace is its own chunk, loaded when a page first asks for it, so the landing page stays small.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`No ${language}/${namespace} translations`), false);
    load().then(
      (module) => callback(null, module.default),
      (err: Error) => callback(err, false),
    );
  },
};

export const i18nReady = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    supportedLngs: [...LANGUAGES],
    // The spec asks that a missing translation show its key, so there is no fallback language.
    fallbackLng: false,
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

export default i18n;
