import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * A path model's oracle states what the machine must do in its own words (issue 46, "Oracles that state every
 * rule"). An oracle that calls the machine's helpers or the rules in machines/domain to compute what it expects
 * agrees with them when they are wrong: a mutant in the rule changes the expectation with the outcome and
 * survives. So the files under tests/paths may take from machines/ only what is not a rule:
 *  - types (`import type`, or `type X` inside the braces);
 *  - the machines themselves (a value named `…Machine` from a `*.machine.ts`): the thing the paths drive, and the
 *    child machines it invokes;
 *  - the question catalogs (`…Catalog`): the content a wizard is given as its input, the paths' fixtures.
 * Everything else they need comes from test helpers and fixtures (tests/helpers, tests/fixtures), the page's own
 * calls (client/api) or is written in the path file itself.
 * The same holds for every other module the product ships (db/, server/, client/, openapi/): an oracle that builds
 * its expected prices from db/queries' defaults agrees with a wrong default. What a path file may take from there
 * is the page's calls (client/api) and what builds the world, named one by one in WORLD with the reason.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const PATHS = 'tests/paths';

/**
 * Values from the server, the database and the API contract that build the world a path runs in, or the input a
 * case is given: `file: name` → why it is no rule the oracle judges with. The list may only shrink: a name listed
 * here that is no longer imported fails the test too.
 */
const WORLD: Record<string, string> = {
  'adminGate.paths.ts: digest': "the operator's authenticator app: the TOTP code a person types, made as the app makes it",
  'operators.ts: hashPassword': 'sets up an operator account in the database, as the seed does',
  'aiAssistant.paths.ts: INTERVIEWS': 'the built-in interview is the content the server asks (input), not what the machine decides',
  'premiumInterview.paths.ts: readFacts': "makes the server's answer a case hands the machine (the interview for a saved form), not an expectation",
  'premiumInterview.paths.ts: findingsOf': "makes the server's answer a case hands the machine (the interview for a saved form), not an expectation",
  'premiumInterview.paths.ts: planInterview': "makes the server's answer a case hands the machine (the interview for a saved form), not an expectation",
  'premiumInterview.paths.ts: renderInterview': "makes the server's answer a case hands the machine (the interview for a saved form), not an expectation",
  'premiumInterview.paths.ts: savedFormText': "makes the server's answer a case hands the machine (the interview for a saved form), not an expectation",
  'pricing.paths.ts: PLAN_DEFINITIONS': "the plans' names and features a server-rendered page is given (input); their prices come from the oracle's own table",
  'startChoice.ts: SEEDED_FEES': "the seeded fee lines' sources and notes (content); their amounts are checked against the model's own TODAY_FEE first",
  'questionWizard.paths.ts: captureLead': 'the route definition a case calls to set up its lead, as the page calls it',
  'questionWizard.paths.ts: updateLead': 'the route definition a case calls to set up its lead, as the page calls it',
};

/** The modules the product ships, other than machines/ (judged above): db/, server/, client/, openapi/. */
const SHIPPED = /\/(db|server|client|openapi)\//;

interface Imported {
  file: string;
  from: string;
  name: string;
  typeOnly: boolean;
}

/** Every named import of a file, with whether it is a type only. */
function importsOf(file: string, source: string): Imported[] {
  const found: Imported[] = [];
  for (const [, whole, braces, from] of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    for (const part of (braces as string).split(',').map((p) => p.trim()).filter(Boolean)) {
      const typeOnly = Boolean(whole) || part.startsWith('type ');
      const name = part.replace(/^type\s+/, '').split(/\s+as\s+/)[0] as string;
      found.push({ file, from: from as string, name, typeOnly });
    }
  }
  for (const [, name, from] of source.matchAll(/import\s+(?!type\b)(\w+|\*\s+as\s+\w+)\s*(?:,\s*\{[^}]*\})?\s*from\s*'([^']+)'/g)) {
    found.push({ file, from: from as string, name: name as string, typeOnly: false });
  }
  return found;
}

/** Whether an oracle may take this from machines/ (see the comment at the top). */
function allowedFromMachines(i: Imported): boolean {
  if (i.typeOnly) return true;
  if (/\.machine$/.test(i.from) && /Machine$/.test(i.name)) return true;
  if (/\/domain\/catalogs(\/index)?$/.test(i.from) && /Catalog$/.test(i.name)) return true;
  return false;
}

const pathFiles = readdirSync(join(ROOT, PATHS)).filter((f) => f.endsWith('.ts'));

function ruleImports(): string[] {
  return pathFiles.flatMap((file) =>
    importsOf(file, readFileSync(join(ROOT, PATHS, file), 'utf8'))
      .filter((i) => i.from.includes('/machines/') && !allowedFromMachines(i))
      .map((i) => `${i.file}: ${i.name}`),
  );
}

/** Values a path file takes from db/, server/, client/ or openapi/, the page's calls (client/api) left out. */
function shippedImports(): string[] {
  return pathFiles.flatMap((file) =>
    importsOf(file, readFileSync(join(ROOT, PATHS, file), 'utf8'))
      .filter((i) => SHIPPED.test(i.from) && !i.typeOnly && !/\/client\/api\//.test(i.from))
      .map((i) => `${i.file}: ${i.name}`),
  );
}

describe('path oracles import no rule they judge', () => {
  it('reads imports as written: types, machines, catalogs and rules told apart', () => {
    const source = [
      "import type { A } from '../../machines/x.machine';",
      "import { xMachine, type XContext, helper as h } from '../../machines/x.machine';",
      "import { estaCatalog } from '../../machines/domain/catalogs';",
      "import {\n  validate,\n  PAYMENT_FIELDS,\n} from '../../machines/domain/payment';",
      "import fc from 'fast-check';",
    ].join('\n');
    const got = importsOf('f.ts', source).filter((i) => i.from.includes('/machines/') && !allowedFromMachines(i)).map((i) => i.name);
    expect(got).toEqual(['helper', 'validate', 'PAYMENT_FIELDS']);
    expect(importsOf('f.ts', source).find((i) => i.name === 'fc')).toMatchObject({ from: 'fast-check', typeOnly: false });
  });

  it('no path file imports a rule from machines/', () => {
    expect(ruleImports(), 'state the expectation in the path file (a literal table, a fixture), not by calling the rule').toEqual([]);
  });

  it('no path file takes a value from db/, server/, client/ or openapi/ beyond the page\'s calls and the world listed', () => {
    const unlisted = shippedImports().filter((key) => !(key in WORLD));
    expect(unlisted, 'state the expectation in the path file or a fixture (tests/fixtures), not from the shipped module').toEqual([]);
  });

  it('the world list holds only imports that are still there', () => {
    const present = new Set(shippedImports());
    expect(Object.keys(WORLD).filter((key) => !present.has(key))).toEqual([]);
  });
});
