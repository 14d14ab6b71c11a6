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
 * calls (client/api), the server (the world the paths run against) or is written in the path file itself.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const PATHS = 'tests/paths';

/**
 * Imports from machines/ still to be rewritten as the oracle's own statements: `file: name` → why it is still
 * there. The list may only shrink: a name listed here that is no longer imported fails the test too.
 */
const NOT_YET_REWRITTEN: Record<string, string> = {
  'mailLink.paths.ts: validateGuest': 'the mail pages (issue 43), landed at the end of a session: its own table of refused addresses next',
  'mailLink.paths.ts: validateNewPassword': 'the mail pages (issue 43), landed at the end of a session: its own table of refused passwords next',
  'mailLink.paths.ts: MAIL_LINK_FORMS': 'the mail pages (issue 43), landed at the end of a session: its own list of forms next',
  'questionWizard.paths.ts: visibleQuestions': 'the wizard, refactored by onedoor: its oracle after that lands',
  'questionWizard.paths.ts: normalizeAnswer': 'the wizard, refactored by onedoor: its oracle after that lands',
  'questionWizard.paths.ts: validateAnswer': 'the wizard, refactored by onedoor: its oracle after that lands',
  'questionWizard.paths.ts: carryOver': 'the wizard, refactored by onedoor: its oracle after that lands',
  'questionWizard.paths.ts: ESTA_TO_DS160': 'the wizard, refactored by onedoor: its oracle after that lands',
  'questionWizard.paths.ts: changedAnswers': 'the wizard, refactored by onedoor: its oracle after that lands',
  'questionWizard.paths.ts: FieldRefusal': 'the wizard, refactored by onedoor: its oracle after that lands',
  'questionWizard.paths.ts: firstUnanswered': 'the wizard, refactored by onedoor: its oracle after that lands',
  'questionWizard.paths.ts: progressOf': 'the wizard, refactored by onedoor: its oracle after that lands',
  'questionWizard.paths.ts: submittedAnswers': 'the wizard, refactored by onedoor: its oracle after that lands',
  'questionWizard.paths.ts: changedGroups': 'the wizard, refactored by onedoor: its oracle after that lands',
};

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

  it('no path file imports a rule from machines/ beyond those listed as not yet rewritten', () => {
    const unlisted = ruleImports().filter((key) => !(key in NOT_YET_REWRITTEN));
    expect(unlisted, 'state the expectation in the path file (a literal table, a fixture), not by calling the rule').toEqual([]);
  });

  it('the list of imports not yet rewritten holds only imports that are still there', () => {
    const present = new Set(ruleImports());
    expect(Object.keys(NOT_YET_REWRITTEN).filter((key) => !present.has(key))).toEqual([]);
  });

  it('the oracles already rewritten import no rule at all', () => {
    // Those rewritten from the ones issue 46 names: nothing of theirs may come back into the list above.
    for (const file of ['ds160Form.paths.ts', 'premiumInterview.paths.ts', 'groupCheckout.paths.ts']) {
      expect(Object.keys(NOT_YET_REWRITTEN).filter((key) => key.startsWith(`${file}:`)), file).toEqual([]);
    }
  });
});
