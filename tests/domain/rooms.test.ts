import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importsOf, reachable, ROOT, sourceFiles } from '../helpers/imports';

/**
 * No import climbs back up (docs/DESIGN.md, "Rooms"). The contract (openapi/) is the bottom room; machines/ and
 * db/ stand on it; client/ and server/ on those; tests/ on everything. Each line: a room, the rooms its files must
 * never reach through their imports, followed to the end (a neutral module that imports the forbidden one counts),
 * and whether only run-time imports count (a type is erased at build, so it carries no code up).
 */
const RULES: Array<{ from: string; never: string[]; runtimeOnly?: boolean; why: string }> = [
  { from: 'openapi', never: ['machines/'], runtimeOnly: true, why: 'the contract both sides import takes no value from the flows (types are fine)' },
  { from: 'openapi', never: ['server/', 'client/', 'db/', 'tests/'], why: 'the contract is the bottom room' },
  { from: 'machines', never: ['server/', 'client/', 'tests/'], why: 'the flows run in the browser and on the server alike' },
  { from: 'db', never: ['server/', 'client/', 'tests/'], why: 'queries know tables, not HTTP or pages' },
  { from: 'client', never: ['server/', 'tests/'], why: 'the browser bundle (and client/prerender.tsx, which renders the entry pages) holds no server code' },
  { from: 'server', never: ['client/', 'tests/'], why: 'the server reads the client build, never its sources' },
  { from: 'server/lib', never: ['server/plugins/', 'server/routes/', 'server/services/'], why: 'helpers are below the rooms that use them' },
  { from: 'server/services', never: ['server/plugins/', 'server/routes/'], why: 'services hold the rules; plugins and routes wire them to HTTP' },
  { from: 'server/plugins', never: ['server/routes/'], why: 'plugins load before routes and serve them' },
  { from: 'scripts', never: ['tests/'], why: 'build and tooling take nothing from the tests (benchmarks, which drive the app as the tests do, live in tests/bench/)' },
];

const rel = (file: string) => path.relative(ROOT, file);

describe('no import climbs back up', () => {
  for (const rule of RULES) {
    it(`${rule.from}/ reaches no ${rule.never.join(', ')}${rule.runtimeOnly ? ' at run time' : ''}: ${rule.why}`, () => {
      const files = sourceFiles(rule.from);
      expect(files.length).toBeGreaterThan(0);
      const climbs: string[] = [];
      for (const file of files) {
        for (const [reached, chain] of reachable(path.join(ROOT, file), { runtimeOnly: rule.runtimeOnly ?? false })) {
          if (rule.never.some((room) => rel(reached).startsWith(room))) climbs.push(chain.map(rel).join(' -> '));
        }
      }
      expect([...new Set(climbs)]).toEqual([]);
    });
  }

  it('follows imports through the files between (a climb two files away is found)', () => {
    // server/app.ts reaches a service only through its plugins: autoloaded ones are not imported, so it reaches
    // the error plugin (imported) and, through it, server/lib/problems.ts.
    const fromApp = reachable(path.join(ROOT, 'server/app.ts'), { runtimeOnly: true });
    expect(fromApp.get(path.join(ROOT, 'server/lib/problems.ts'))?.map(rel)).toEqual(['server/app.ts', 'server/plugins/errors.ts', 'server/lib/problems.ts']);
  });

  it('finds a climb written into a scratch copy of a room, and lets a type-only one through', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-rooms-'));
    try {
      fs.mkdirSync(path.join(dir, 'contract'));
      fs.mkdirSync(path.join(dir, 'flows'));
      fs.writeFileSync(path.join(dir, 'flows/rule.ts'), 'export const LIMIT = 3;\nexport type Limit = number;\n');
      fs.writeFileSync(path.join(dir, 'contract/neutral.ts'), "export { LIMIT } from '../flows/rule';\n");
      fs.writeFileSync(path.join(dir, 'contract/schema.ts'), "import { LIMIT } from './neutral';\nexport const max = LIMIT;\n");
      fs.writeFileSync(path.join(dir, 'contract/typed.ts'), "import type { Limit } from '../flows/rule';\nexport const x: Limit = 1;\n");
      const reachedFrom = (file: string) => [...reachable(path.join(dir, file), { runtimeOnly: true }).keys()].map((f) => path.relative(dir, f));
      expect(reachedFrom('contract/schema.ts')).toContain('flows/rule.ts');
      expect(reachedFrom('contract/typed.ts')).toEqual(['contract/typed.ts']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('reading an import', () => {
  const name = fc.constantFrom('A', 'b', 'Cc', 'd_1');
  const spec = fc.constantFrom('./x', '../y/z', './w.js');
  // Each form of import or re-export, with whether anything of it is left at run time.
  const form = fc.oneof(
    fc.tuple(name, spec).map(([n, s]) => ({ code: `import type { ${n} } from '${s}';`, spec: s, typeOnly: true })),
    fc.tuple(name, spec).map(([n, s]) => ({ code: `import type ${n} from '${s}';`, spec: s, typeOnly: true })),
    fc.tuple(fc.array(name, { minLength: 1, maxLength: 3 }), spec).map(([ns, s]) => ({ code: `import { ${ns.map((n) => `type ${n}`).join(', ')} } from '${s}';`, spec: s, typeOnly: true })),
    fc.tuple(name, name, spec).map(([a, b, s]) => ({ code: `import { type ${a}, ${b}2 } from '${s}';`, spec: s, typeOnly: false })),
    fc.tuple(name, spec).map(([n, s]) => ({ code: `import ${n}, { type T } from '${s}';`, spec: s, typeOnly: false })),
    fc.tuple(name, spec).map(([n, s]) => ({ code: `import * as ${n} from '${s}';`, spec: s, typeOnly: false })),
    spec.map((s) => ({ code: `import '${s}';`, spec: s, typeOnly: false })),
    fc.tuple(name, spec).map(([n, s]) => ({ code: `export { ${n} } from '${s}';`, spec: s, typeOnly: false })),
    fc.tuple(name, spec).map(([n, s]) => ({ code: `export type { ${n} } from '${s}';`, spec: s, typeOnly: true })),
    spec.map((s) => ({ code: `export * from '${s}';`, spec: s, typeOnly: false })),
    spec.map((s) => ({ code: `const m = await import('${s}');`, spec: s, typeOnly: false })),
    spec.map((s) => ({ code: `let t: typeof import('${s}');`, spec: s, typeOnly: true })),
  );

  it('marks each form type-only exactly when nothing of it is left at run time', () => {
    fc.assert(
      fc.property(fc.array(form, { minLength: 1, maxLength: 6 }), (forms) => {
        const found = importsOf('generated.ts', forms.map((f) => f.code).join('\n'));
        expect(found).toEqual(forms.map((f) => ({ specifier: f.spec, typeOnly: f.typeOnly })));
      }),
    );
  });
});

describe('the server plugins: each a named room with its dependencies declared', () => {
  const FOLDERS = ['server/plugins/external', 'server/plugins/app', 'server/plugins/session'];
  const plugins = FOLDERS.flatMap((folder) => sourceFiles(folder)).map((file) => {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    return {
      file,
      text,
      decorates: [...text.matchAll(/\.decorate(?:<[^>]+>)?\(\s*'(\w+)'/g)].map((m) => m[1] as string),
      uses: [...new Set([...text.matchAll(/\bapp\.(\w+)/g)].map((m) => m[1] as string))],
    };
  });
  type Meta = { name?: string; dependencies?: string[] };
  const metaOf = async (file: string): Promise<Meta> => {
    const plugin = (await import(/* @vite-ignore */ path.join(ROOT, file))).default;
    return (plugin?.[Symbol.for('plugin-meta')] ?? {}) as Meta;
  };

  it('names each plugin after its file, and the app plugins after the one decorator each adds', async () => {
    for (const { file, decorates } of plugins) {
      const meta = await metaOf(file);
      expect(meta.name, file).toBe(path.basename(file, '.ts'));
      if (file.startsWith('server/plugins/app/')) expect(decorates, file).toEqual([meta.name]);
    }
    // The first test to import every plugin pays for loading the whole server: on two busy cores, more than 5 s.
  }, 60_000);

  it("declares every plugin whose decorator it uses as a dependency (directly or through one it declares)", async () => {
    const owner = new Map<string, string>();
    const metas = new Map<string, Meta>();
    for (const { file, decorates } of plugins) {
      const meta = await metaOf(file);
      metas.set(meta.name as string, meta);
      for (const name of decorates) owner.set(name, meta.name as string);
    }
    const declared = (name: string, seen = new Set<string>()): Set<string> => {
      for (const dep of metas.get(name)?.dependencies ?? []) if (!seen.has(dep)) declared(dep, seen.add(dep));
      return seen;
    };
    const undeclared: string[] = [];
    for (const { file, uses } of plugins) {
      const name = path.basename(file, '.ts');
      const deps = declared(name);
      for (const used of uses) {
        const from = owner.get(used);
        if (from && from !== name && !deps.has(from)) undeclared.push(`${name} uses app.${used} (from ${from}) without declaring it`);
      }
    }
    expect(undeclared).toEqual([]);
  });
});
