import ds160form from '../../locales/en/ds160form.json' with { type: 'json' };
import validation from '../../locales/en/validation.json' with { type: 'json' };
import type { ValidationError } from '../../machines/domain/validators';

/** The English texts the validators' keys name: `validation.…` by default, or `<namespace>:…`. */
const NAMESPACES: Record<string, unknown> = { validation, ds160form };

/** The English wording of a validator's message key, for API errors (the UI translates the same key). */
export function englishMessage(error: ValidationError): string {
  const [namespace, key] = error.key.includes(':') ? (error.key.split(':') as [string, string]) : ['validation', error.key];
  let node: unknown = NAMESPACES[namespace];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const template = typeof node === 'string' ? node : 'Invalid input';
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(error.params?.[name] ?? ''));
}
