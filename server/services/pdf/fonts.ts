// The fonts a PDF is written in: DejaVu Sans (Latin, Greek, Cyrillic, Arabic, Hebrew, Georgian, Armenian) and,
// for what it lacks, Noto Sans SC (Chinese, Japanese kana, Korean). Noto comes from @fontsource as ~100 small
// files split by unicode-range, so only the files holding a document's characters are read. Every font is
// parsed once per process and shared by all documents; pdfkit embeds only the glyphs each document uses.
// Files resolve through node_modules from this module, which holds in dev and in the esbuild bundle (packages
// stay external there).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type { Font } from 'fontkit';
import { sfntFromWoff } from './woff';

export type Weight = 'regular' | 'bold';

/** A parsed font and the name a document registers it under. */
export interface Face {
  readonly name: string;
  readonly font: Font;
}

const require = createRequire(import.meta.url);

const DEJAVU: Record<Weight, string> = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
};

const NOTO_CSS: Record<Weight, string> = {
  regular: '@fontsource/noto-sans-sc/400.css',
  bold: '@fontsource/noto-sans-sc/700.css',
};

const faces = new Map<string, Face>();

let create: typeof import('fontkit').create | undefined;

/** fontkit loads with the first PDF (writer.ts, loadPdfKit), not with the server. */
export async function loadFontkit(): Promise<void> {
  create ??= (await import('fontkit')).create;
}

function face(name: string, bytes: () => Uint8Array): Face {
  let found = faces.get(name);
  if (!found) {
    if (!create) throw new Error('loadPdfKit() before writing a PDF');
    found = { name, font: create(bytes()) };
    faces.set(name, found);
  }
  return found;
}

export function baseFace(weight: Weight): Face {
  return face(`DejaVuSans-${weight}`, () => readFileSync(require.resolve(DEJAVU[weight])));
}

interface Subset {
  readonly from: number;
  readonly to: number;
  /** Absolute path of the subset's WOFF file. */
  readonly file: string;
}

/** Ranges sorted by start; `reach[i]` is the highest end among ranges 0..i, so a lookup knows when to stop. */
interface SubsetTable {
  readonly ranges: readonly Subset[];
  readonly reach: readonly number[];
}

const subsetTables = new Map<Weight, SubsetTable>();

/** `U+4e00-4e3f,U+5000` → [[0x4e00, 0x4e3f], [0x5000, 0x5000]]; `U+4??` wildcards widen to a range. */
function codePointRanges(unicodeRange: string): Array<[number, number]> {
  return unicodeRange.split(',').flatMap((part) => {
    const m = /U\+([0-9a-f?]+)(?:-([0-9a-f]+))?/i.exec(part.trim());
    if (!m?.[1]) return [];
    const from = parseInt(m[1].replace(/\?/g, '0'), 16);
    const to = parseInt(m[2] ?? m[1].replace(/\?/g, 'f'), 16);
    return [[from, to] as [number, number]];
  });
}

/** Every @font-face of the weight's stylesheet: which code points its WOFF file holds. */
function subsetsOf(weight: Weight): SubsetTable {
  let table = subsetTables.get(weight);
  if (table) return table;
  const css = require.resolve(NOTO_CSS[weight]);
  const ranges: Subset[] = [];
  for (const block of readFileSync(css, 'utf8').split('@font-face').slice(1)) {
    const woff = /url\(([^)]+\.woff)\)\s*format\('woff'\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!woff || !range) continue;
    const file = resolve(dirname(css), woff);
    for (const [from, to] of codePointRanges(range)) ranges.push({ from, to, file });
  }
  ranges.sort((a, b) => a.from - b.from);
  const reach: number[] = [];
  for (const r of ranges) reach.push(Math.max(r.to, reach.at(-1) ?? -1));
  table = { ranges, reach };
  subsetTables.set(weight, table);
  return table;
}

/** The subset file holding this code point (some ranges overlap; any holder will do). */
function subsetFile(codePoint: number, weight: Weight): string | null {
  const { ranges, reach } = subsetsOf(weight);
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((ranges[mid] as Subset).from <= codePoint) lo = mid + 1;
    else hi = mid - 1;
  }
  for (let i = hi; i >= 0 && (reach[i] as number) >= codePoint; i--) {
    const r = ranges[i] as Subset;
    if (codePoint <= r.to) return r.file;
  }
  return null;
}

function fallbackFace(codePoint: number, weight: Weight): Face | null {
  const file = subsetFile(codePoint, weight);
  if (!file) return null;
  const name = `NotoSansSC-${file.replace(/^.*\/noto-sans-sc-|-normal\.woff$/g, '')}`;
  return face(name, () => sfntFromWoff(readFileSync(file)));
}

/**
 * The font that draws this character: DejaVu in the wanted weight, else Noto in that weight, else the other
 * weight of either. A character no font has falls back to DejaVu, which prints its empty-box glyph.
 */
export function faceFor(codePoint: number, weight: Weight): Face {
  const other: Weight = weight === 'bold' ? 'regular' : 'bold';
  const candidates = [
    () => baseFace(weight),
    () => fallbackFace(codePoint, weight),
    () => baseFace(other),
    () => fallbackFace(codePoint, other),
  ];
  for (const candidate of candidates) {
    const f = candidate();
    if (f?.font.hasGlyphForCodePoint(codePoint)) return f;
  }
  return baseFace(weight);
}
