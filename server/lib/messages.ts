import en from '../../locales/en/validation.json' with { type: 'json' };
import type { ValidationError } from '../../machines/domain/validators';

/** The English wording of a validator's message key, for API errors (the UI translates the same key). */
export function englishMessage(error: ValidationError): string {
  const path = error.key.split('.');
  let node: unknown = en;
  for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
  const template = typeof node === 'string' ? node : 'Invalid input';
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(error.params?.[name] ?? ''));
}
