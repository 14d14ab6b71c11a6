import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from '../helpers/imports';

/**
 * The project explains itself (docs/): a comment or a string that cites a document (`docs/DESIGN.md`,
 * `server/plugins/README.md`) names a file that exists, from the repository's root, and a section it quotes after
 * the name (`docs/DECISIONS.md "Photo"`) is one of that document's headings or bold lead-ins. A document's bare
 * name without its folder names a file the repository does not have at its root, so it fails too.
 */

/** A document named in text: a path of folders and a name ending in .md (not a CSS token such as `vars.space.md`). */
const CITATION = /(?<![\w./-])((?:[\w.-]+\/)*[\w-]+\.md)\b(?:[,:;]? ?"([^"\n]+)")?/g;

export function citationsIn(text: string): Array<{ file: string; section: string | undefined }> {
  return [...text.matchAll(CITATION)].map((m) => ({ file: m[1] as string, section: m[2] }));
}

/** A document's sections: its headings and the bold lead-ins of its list items. */
export function sectionsOf(markdown: string): Set<string> {
  const headings = [...markdown.matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map((m) => m[1] as string);
  const leads = [...markdown.matchAll(/^\s*[-*]\s+\*\*(.+?)\*\*/gm)].map((m) => (m[1] as string).replace(/[.:]$/, ''));
  return new Set([...headings, ...leads]);
}

const SOURCES = ['client', 'server', 'machines', 'db', 'openapi', 'tests', 'scripts', 'locales']
  .flatMap((room) => sourceFiles(room))
  .concat(['openapi/openapi.json', ...fs.readdirSync(ROOT).filter((f) => /\.(ts|mjs)$/.test(f)), '.ci/run']);

describe('what the sources cite', () => {
  it('names documents that exist, and sections they have', () => {
    const wrong: string[] = [];
    let cited = 0;
    for (const file of SOURCES) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      for (const { file: doc, section } of citationsIn(text)) {
        cited += 1;
        const target = path.join(ROOT, doc);
        if (!fs.existsSync(target)) {
          wrong.push(`${file} cites ${doc}, which does not exist`);
          continue;
        }
        if (section && !sectionsOf(fs.readFileSync(target, 'utf8')).has(section)) wrong.push(`${file} cites ${doc} "${section}", which has no such section`);
      }
    }
    expect(wrong).toEqual([]);
    // The sources do cite the documents (a pattern that found nothing would pass anything).
    expect(cited).toBeGreaterThanOrEqual(35);
  });

  it('the README links both documents', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('](docs/DESIGN.md)');
    expect(readme).toContain('](docs/DECISIONS.md)');
  });
});

describe('reading a citation', () => {
  const segment = fc.stringMatching(/^[A-Za-z][\w-]{0,8}$/);
  const section = fc.stringMatching(/^[A-Z][a-z]{1,6}( [a-z]{1,6}){0,2}$/);

  it('finds the path and the quoted section, however the comment writes them', () => {
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 2 }), segment, fc.option(section, { nil: undefined }), fc.constantFrom('', ',', ':', ';'), (dirs, name, quoted, sep) => {
        const doc = [...dirs, `${name}.md`].join('/');
        const text = `// see ${doc}${quoted ? `${sep} "${quoted}"` : ''}, and more`;
        expect(citationsIn(text)).toEqual([{ file: doc, section: quoted }]);
      }),
    );
  });

  it('leaves a style token alone', () => {
    expect(citationsIn('padding: vars.space.md; gap: vars.radius.md')).toEqual([]);
  });

  it('knows headings and bold lead-ins as sections', () => {
    const sections = sectionsOf('# Title\n\n## Visa rules and prices\n- **One price story**: every screen\n- plain\n');
    expect([...sections].sort()).toEqual(['One price story', 'Title', 'Visa rules and prices']);
  });
});
