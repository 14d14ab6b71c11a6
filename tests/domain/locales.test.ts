import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../machines/domain/language';

// Every namespace, in every language: the same keys, no empty text, the same {{placeholders}} and plural forms.

const ROOT = path.resolve(import.meta.dirname, '../../locales');
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const namespaces = readdirSync(path.join(ROOT, 'en'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''))
  .sort();

const load = (lang: string, ns: string) => flatten(JSON.parse(readFileSync(path.join(ROOT, lang, `${ns}.json`), 'utf8')) as Tree);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
/** Plural suffixes differ by language (French and Portuguese add _many); the key without them must match. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

it('every language has exactly the namespaces English has', () => {
  expect(namespaces.length).toBeGreaterThan(0);
  for (const lang of LANGUAGES) {
    const files = readdirSync(path.join(ROOT, lang)).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
    expect(files.sort(), lang).toEqual(namespaces);
  }
});

describe.each(namespaces)('namespace %s', (ns) => {
  const en = load('en', ns);

  it.each(LANGUAGES.filter((lang) => lang !== 'en'))('%s has every key English has, and no other', (lang) => {
    const other = load(lang, ns);
    expect([...new Set(Object.keys(other).map(base))].sort()).toEqual([...new Set(Object.keys(en).map(base))].sort());
  });

  it.each([...LANGUAGES])('%s: no text is empty and every placeholder matches English', (lang) => {
    const texts = load(lang, ns);
    for (const [key, text] of Object.entries(texts)) {
      expect(text.trim(), `${lang}/${ns}:${key}`).not.toBe('');
      const source = en[key] ?? en[`${base(key)}_other`] ?? en[base(key)];
      expect(source, `${lang}/${ns}:${key} has no English counterpart`).toBeDefined();
      expect(placeholders(text), `${lang}/${ns}:${key}`).toEqual(placeholders(source as string));
    }
  });
});

/** Every `t('literal')` in the client names a key that exists (in its namespace when it says one). */
it('every literal key the client asks for exists in English', () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) files.push(full);
    }
  };
  walk(path.resolve(ROOT, '../client'));
  const all = Object.fromEntries(namespaces.map((ns) => [ns, load('en', ns)]));
  const exists = (key: string) => {
    const [ns, rest] = key.includes(':') ? (key.split(':') as [string, string]) : [undefined, key];
    const inNs = (n: string) => rest in (all[n] ?? {}) || `${rest}_one` in (all[n] ?? {}) || `${rest}_other` in (all[n] ?? {});
    return ns ? inNs(ns) : namespaces.some(inNs);
  };
  const missing = files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z][\w.:-]*)'/g)]
      .map((m) => m[1] as string)
      .filter((key) => !exists(key))
      .map((key) => `${path.relative(ROOT, file)}: ${key}`),
  );
  expect(missing).toEqual([]);
});
