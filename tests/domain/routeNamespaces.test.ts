import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../machines/domain/routes';

/*
 * Each route in client/router.tsx names the translation namespaces its page needs, and loads them with the page's
 * code. A component asking for one the route did not load would suspend after the page has mounted. These tests
 * read the modules a page imports and check that each route's list is exactly what they use.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const NAMESPACES = readdirSync(join(ROOT, 'locales/en')).map((file) => file.replace(/\.json$/, ''));
const ALWAYS_LOADED = 'common';

const read = (file: string) => readFileSync(file, 'utf8');

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((end) => base + end).find((file) => existsSync(file) && file.match(/\.tsx?$/));
}

/** The files a module reaches by static relative imports; `import()` starts another chunk and is not followed, nor is `import type`. */
function staticGraph(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    // A type-only import is erased from the build: it loads nothing (a view module names its flow by a type).
    const loaded = read(file).replace(/^(?:import|export)\s+type\s[^;]*;/gms, '');
    for (const [, specifier] of loaded.matchAll(/(?:from|^import)\s+'(\.{1,2}\/[^']+)'/gm)) {
      const target = resolveImport(file, specifier as string);
      if (target) visit(target);
    }
  };
  visit(entry);
  return [...seen];
}

/**
 * The namespaces a module's `useTranslation(...)` calls name, and its keys written with a namespace (`'ns:key'`),
 * except toasts' (`'ns:toast.…'`): the Toaster shows those and loads their namespace itself.
 */
export function namespacesUsed(source: string): string[] {
  const used = new Set<string>();
  for (const [, args] of source.matchAll(/useTranslation\(([^)]*)\)/g)) {
    const first = (args as string).trim().startsWith('[') ? (args as string).slice(0, (args as string).indexOf(']') + 1) : (args as string).split(',')[0];
    for (const [, name] of (first ?? '').matchAll(/'([^']+)'/g)) used.add(name as string);
    if (!(args as string).trim()) used.add(ALWAYS_LOADED);
  }
  for (const [, name] of source.matchAll(new RegExp(`['"\`](${NAMESPACES.join('|')}):(?!toast\\.)`, 'g'))) used.add(name as string);
  return [...used].sort();
}

/** What client/router.tsx declares in PAGE_FILES: each `name: { file: '…', namespaces: [namespaces] }`. */
function declaredRoutes() {
  const router = join(ROOT, 'client/router.tsx');
  const routes = new Map<string, { module: string; namespaces: string[] }>();
  for (const [, name, file, list] of read(router).matchAll(/(\w+):\s*\{\s*file:\s*'([^']+)',\s*namespaces:\s*\[([^\]]*)\]\s*\}/g)) {
    routes.set(name === 'notFound' ? '*' : (name as string), {
      module: join(ROOT, 'client', file as string),
      namespaces: [...(list as string).matchAll(/'([^']+)'/g)].map(([, ns]) => ns as string).sort(),
    });
  }
  return routes;
}

describe('the translations each route loads with its page', () => {
  const routes = declaredRoutes();

  it('are declared for every route and the not-found page', () => {
    expect([...routes.keys()].sort()).toEqual([...Object.keys(ROUTES), '*'].sort());
  });

  it.each([...declaredRoutes()])('are exactly what %s uses', (_, { module, namespaces }) => {
    const used = new Set(staticGraph(module).flatMap((file) => namespacesUsed(read(file))));
    used.delete(ALWAYS_LOADED);
    for (const ns of used) expect(NAMESPACES, `${relative(ROOT, module)} uses an unknown namespace`).toContain(ns);
    expect(namespaces, `client/router.tsx's list for ${relative(ROOT, module)}`).toEqual([...used].sort());
  });

  it('are all the layout needs besides common, which is loaded before anything renders', () => {
    const layout = staticGraph(join(ROOT, 'client/router.tsx')).filter((file) => !file.includes('/client/pages/'));
    const suspending = layout.flatMap((file) =>
      [...read(file).matchAll(/useTranslation\(([^)]*)\)/g)]
        .filter(([, args]) => !(args as string).includes('useSuspense: false'))
        .flatMap(([call]) => namespacesUsed(call as string).filter((ns) => ns !== ALWAYS_LOADED).map((ns) => `${relative(ROOT, file)}: ${ns}`)),
    );
    expect(suspending).toEqual([]);
  });
});

describe('reading the namespaces a module uses', () => {
  it('takes them from hook calls and namespaced keys', () => {
    expect(namespacesUsed(`const { t } = useTranslation(['wizard', 'catalog']); t('validation:x'); t(\`account:\${k}\`); toast('admin:toast.saved')`)).toEqual(['account', 'catalog', 'validation', 'wizard']);
    expect(namespacesUsed(`useTranslation(); useTranslation('premium', { lng: language })`)).toEqual(['common', 'premium']);
    expect(namespacesUsed(`const label = 'time: 10:30'; useTranslation(namespaces, { useSuspense: false })`)).toEqual([]);
  });
});
