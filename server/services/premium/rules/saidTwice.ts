import type { ApplicantFacts } from '../facts/index';
import { IDENTITY_KINDS, SLOT_KINDS } from '../facts/schema';
import { slotValuesDiffer } from '../facts/slots';
import { relationOf } from '../facts/values';
import { finding, type Finding } from './types';

// What an officer reads in two places and expects to read the same (issue 42): the applicant's identity (name,
// birth date, passport number) on the form and in their own words, who pays, and how long an earlier visit lasted.

/** The first two items of a list that disagree by `differ`, as their indexes. */
function firstPair<T>(items: readonly T[], differ: (a: T, b: T) => boolean): [number, number] | null {
  for (let i = 0; i < items.length; i += 1) for (let j = i + 1; j < items.length; j += 1) if (differ(items[i]!, items[j]!)) return [i, j];
  return null;
}

type Identity = NonNullable<ApplicantFacts['identities']>[number];

/** A name differs when neither holds all the other's words: 'Maria Garcia' is 'María José García López'; 'García Pérez' is not. */
/** Whether two readings of the name, birth date or passport number disagree. */
export function identityDiffers(a: Identity, b: Identity): boolean {
  if (a.kind !== b.kind) return false;
  // One document's value mistyped or misread, not another document's: a digit or two apart ('14 FEB' and '04 FEB',
  // 'B03318862' and 'B03318826'). A value further off is someone else's date or number (a child's birth, an old
  // passport), which the text does not say is the applicant's.
  if (a.kind === 'birthDate') return a.value !== b.value && a.value !== swapped(b.value) && editDistance(a.value, b.value) <= 2;
  if (a.kind === 'passportNumber') return a.value !== b.value && Math.abs(a.value.length - b.value.length) <= 1 && editDistance(a.value, b.value) <= 3;
  if (a.kind !== 'name') return a.value !== b.value;
  // Hyphens, apostrophes and spaces aside ('Marie-Claire', "N'Diaye"): every word of one is in the other's letters.
  const letters = (v: string) => v.replace(/[^\p{L}]/gu, '');
  // Each word with its parts: 'marie-claire' is also 'marie' and 'claire'; "n'diaye" also 'ndiaye' and 'diaye'.
  const variants = (t: string) => [letters(t), ...t.split(/['’-]+/).filter((w) => w.length > 1)];
  const tokens = (v: string) => v.split(/\s+/).filter((t) => letters(t).length > 1);
  const missing = (p: string, q: string) => {
    const known = new Set(tokens(q).flatMap(variants));
    return tokens(p).filter((t) => !variants(t).some((w) => known.has(w))).map(letters);
  };
  const [x, y] = [missing(a.value, b.value), missing(b.value, a.value)];
  if (!x.length || !y.length) return false;
  // A name spelled two ways ('Souza', 'Sousa'), not another name: a married name or an alias is no misspelling.
  return x.some((w) => y.some((v) => v[0] === w[0] && editDistance(w, v) <= 2));
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= b.length; j += 1) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** Relations that name the same people: 'my parents' are 'my father'. */
const GROUPS: Record<string, string> = { father: 'parent', mother: 'parent', husband: 'spouse', wife: 'spouse', brother: 'sibling', sister: 'sibling', son: 'child', daughter: 'child', cousinFemale: 'cousin' };
const group = (r: string) => GROUPS[r] ?? r;

/** A day and month read the other way round ('03/04' as March or April): the same date written two ways, not two dates. */
const swapped = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${y}-${d}-${m}`;
};

type Payer = NonNullable<ApplicantFacts['payers']>[number];

/** Who pays differs by kind, or by the relative named ('my father' against 'my uncle'). */
function payerDiffers(a: Payer, b: Payer): boolean {
  if (a.kind !== b.kind) return true;
  return a.kind === 'family' && a.who !== undefined && b.who !== undefined && group(relationOf(a.who)) !== group(relationOf(b.who));
}

type VisitLength = NonNullable<ApplicantFacts['visitLengths']>[number];

/**
 * Two lengths of the same visit that no rounding explains: the same year written with both, or a length told
 * without its year when the text knows of one earlier visit only.
 */
function lengthDiffers(years: number) {
  return (a: VisitLength, b: VisitLength) => {
    const same = a.year !== undefined && b.year !== undefined ? a.year === b.year : years === 1;
    return same && Math.abs(a.days - b.days) > Math.max(3, 0.25 * Math.min(a.days, b.days));
  };
}

export function saidTwice(f: ApplicantFacts): Finding[] {
  const out: Finding[] = [];
  // Every slot stated twice, compared once by its own measure: the identity (another birth date or passport number a
  // digit or two off) and the applicant's situation (marital status, children, the trip's length). A name spelled two
  // ways (`identityDiffers` on names) is read and tested but not live: it raised one contradiction on a consistent
  // held-out text (set A) in issue 42's second and third rounds, where birth dates and passport numbers raised none.
  const statements = f.statements ?? [];
  for (const slot of SLOT_KINDS.filter((k) => k !== 'name' && k !== 'purpose')) {
    const identity = (IDENTITY_KINDS as readonly string[]).includes(slot);
    const ofSlot = statements.map((x, i) => [x, i] as const).filter(([x]) => x.slot === slot);
    const at = firstPair(ofSlot, ([a], [b]) => (identity ? identityDiffers({ source: a.source, kind: slot as Identity['kind'], value: a.value }, { source: b.source, kind: slot as Identity['kind'], value: b.value }) : slotValuesDiffer(slot, a.value, b.value)),
    );
    if (at) out.push(finding(identity ? 'identityDisagrees' : 'situationDisagrees', at.map((k) => ({ fact: 'statements' as const, index: ofSlot[k]![1], quoted: true })), { slot: SLOT_KINDS.indexOf(slot) }));
  }
  // A business owner's company paying is the owner paying.
  const owner = f.standing?.kind === 'self-employed' || (f.ties ?? []).some((t) => t.kind === 'business');
  const payers = firstPair(f.payers ?? [], (a, b) => payerDiffers(a, b) && !(owner && [a.kind, b.kind].sort().join() === 'employer,self'));
  if (payers) out.push(finding('payerDisagrees', [{ fact: 'payers', index: payers[0], quoted: true }, { fact: 'payers', index: payers[1], quoted: true }]));
  const lengths = f.visitLengths ?? [];
  const years = new Set([...lengths, ...(f.visits ?? [])].map((v) => v.year).filter((y) => y !== undefined)).size;
  const visit = firstPair(lengths, lengthDiffers(years));
  if (visit) out.push(finding('visitLengthDisagrees', [{ fact: 'visitLengths', index: visit[0], quoted: true }, { fact: 'visitLengths', index: visit[1], quoted: true }]));
  return out;
}
