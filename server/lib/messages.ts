import ds160formEn from '../../locales/en/ds160form.json' with { type: 'json' };
import validationEn from '../../locales/en/validation.json' with { type: 'json' };
import validationEs from '../../locales/es/validation.json' with { type: 'json' };
import validationFr from '../../locales/fr/validation.json' with { type: 'json' };
import validationPt from '../../locales/pt/validation.json' with { type: 'json' };
import groupEn from '../../locales/en/group.json' with { type: 'json' };
import groupEs from '../../locales/es/group.json' with { type: 'json' };
import groupFr from '../../locales/fr/group.json' with { type: 'json' };
import groupPt from '../../locales/pt/group.json' with { type: 'json' };
import assistantEn from '../../locales/en/assistant.json' with { type: 'json' };
import assistantEs from '../../locales/es/assistant.json' with { type: 'json' };
import assistantFr from '../../locales/fr/assistant.json' with { type: 'json' };
import assistantPt from '../../locales/pt/assistant.json' with { type: 'json' };
import type { ValidationError } from '../../machines/domain/validators';

type Language = 'en' | 'es' | 'fr' | 'pt';

/** The texts the validators' keys name, by language: `validation.…` by default, or `<namespace>:…`. */
const NAMESPACES: Record<Language, Record<string, unknown>> = {
  en: { validation: validationEn, ds160form: ds160formEn, assistant: assistantEn, group: groupEn },
  es: { validation: validationEs, assistant: assistantEs, group: groupEs },
  fr: { validation: validationFr, assistant: assistantFr, group: groupFr },
  pt: { validation: validationPt, assistant: assistantPt, group: groupPt },
};

/** A validator's message key worded in a language (the chats, issue 32), English where the language lacks it. */
export function localMessage(error: ValidationError, language: Language): string {
  const [namespace, key] = error.key.includes(':') ? (error.key.split(':') as [string, string]) : ['validation', error.key];
  const find = (lang: Language) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], NAMESPACES[lang][namespace]);
  const found = find(language) ?? find('en');
  const template = typeof found === 'string' ? found : 'Invalid input';
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(error.params?.[name] ?? ''));
}

/** The English wording of a validator's message key, for API errors (the UI translates the same key). */
export function englishMessage(error: ValidationError): string {
  return localMessage(error, 'en');
}
