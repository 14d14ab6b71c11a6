import { fold, tidy } from '../../ai/builtin/text';
import { amountIn, calendarDays, daysBetween, lengthsIn } from '../numbers';
import { entriesOf } from './entries';
import { fromEntries } from './fromEntries';
import { fromMentions } from './mentions';
import { ApplicantFactsSchema, type ApplicantFacts, type OccupationKind } from './schema';
import { fromSentences } from './sentences';
import { sentencesOf } from './text';
import { fromRepeats } from './twice';
import { fromNightlyCosts } from './costs';
import { leaveOfQuote } from './leave';
import { slotValuesDiffer, stayInParts, statementsIn } from './slots';
import { mendLayout, quotedInPasted } from './layout';
import { datesIn, maritalOf, monthYearIn, occupationOf, payerKind, STANDING_OF_OCCUPATION, standingOf, visaOf } from './values';

export * from './schema';

// The applicant's facts in what they pasted (issue 33): a CEAC review page, the confirmation page or its
// printout, their own narrative or bullet notes, in Spanish or English. Labelled answers are read first, free
// sentences fill what the labels did not give, and mentions anywhere (a refusal, a trip, a relative) are
// collected whatever the form's answers say, so the rule book can set one against the other.

/**
 * Spanish or English, by their commonest little words: it decides whether 12/05/2027 is May or December. Portuguese
 * and French write the day first too, so their little words count with Spanish.
 */
export function guessLanguage(text: string): 'es' | 'en' {
  const count = (re: RegExp) => (fold(text).match(re) ?? []).length;
  const dayFirst = count(/\b(de|del|la|el|los|las|que|por|para|con|mi|en|y|do|da|dos|das|com|um|uma|nao|le|les|des|du|et|pour|avec|une)\b/g);
  return dayFirst > count(/\b(the|of|and|to|my|in|is|for|with|i|on)\b/g) ? 'es' : 'en';
}

/**
 * A chat export's line heads ('[14/05/26, 9:41] Andrés: ', '14/05/26 09:41 - Andrés: ') are when and who wrote,
 * not the applicant's dates or labels: blanked, so each message reads as a sentence and every offset stays put.
 */
const CHAT_HEAD = /^(?:\[\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4},?\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?\s?m\.?)?\]\s*|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4},?\s+\d{1,2}:\d{2}(?:\s?[ap]\.?\s?m\.?)?\s+[-–]\s+)[^:\n]{1,40}:\s/gmu;
const withoutChatHeads = (text: string) => text.replace(CHAT_HEAD, (head) => ' '.repeat(head.length));

export function readFacts(pasted: string): ApplicantFacts {
  const text = withoutChatHeads(pasted.normalize('NFC').slice(0, 20_000));
  // A PDF's cut lines are mended first; what is read from the mended text quotes the pasted characters.
  const mended = mendLayout(text);
  return mended ? quotedInPasted(readLaidOut(mended.text), mended, text) : readLaidOut(text);
}

/** The reading of a text as it is laid out, unmended (the layout test compares the two). */
export function readLaidOut(text: string): ApplicantFacts {
  const language = guessLanguage(text);
  const entries = entriesOf(text);
  const facts = fromEntries(entries, text, language);
  const sentences = sentencesOf(text);
  fromSentences(sentences, facts, language);
  fromMentions(sentences, entries, facts);
  fromRepeats(text, entries, sentences, facts, language);
  const statements = statementsIn(entries, sentences, facts);
  if (statements.length) facts.statements = statements;
  // The stay said in a sentence no cue above read ('I'll be there 8 weeks'), when every such statement agrees and no
  // dates give it. A form's answer is no such sentence: under an earlier visit's year it is that visit's length.
  const lengths = sentences.flatMap((x) => stayInParts(x) ?? []).filter((x) => !entries.some((e) => e.value === x.quote)).map((x) => ({ source: x.quote, value: x.value }));
  const dated = facts.arrival && facts.departure;
  if (!facts.stay && !dated && lengths.length && lengths.every((x) => !slotValuesDiffer('tripLength', x.value, lengths[0]!.value))) {
    facts.stay = { source: lengths[0]!.source, days: Number(lengths[0]!.value) };
  }
  // The stay by its dates, before a nightly rate is counted over it.
  if (!facts.stay && facts.arrival && facts.departure) {
    const days = daysBetween(facts.arrival.iso, facts.departure.iso);
    if (days > 0) facts.stay = { source: facts.departure.source, days };
  }
  fromNightlyCosts(sentences, facts);
  if (!facts.standing && facts.employer) facts.standing = { source: facts.employer.source, kind: 'employee' };
  // A student's school is not an employer: the form's 'Employer or School Name' is the school.
  if (facts.standing?.kind === 'student' && facts.employer && !facts.school) facts.school = { source: facts.employer.source };
  if (facts.standing && facts.standing.kind !== 'employee' && facts.standing.kind !== 'self-employed' && facts.employer) delete facts.employer;
  return facts;
}

/** Each fact's quoted characters, and the pieces of a name, are in the text (letter case and spacing aside). */
function quotes(fact: { source: string; parts?: string[] }, source: string): boolean {
  const found = (piece: string) => piece.trim().length > 0 && source.includes(fold(tidy(piece)));
  return found(fact.source) && (fact.parts ?? []).every(found);
}

/**
 * A model's reading, kept only where it holds: the facts must match the schema, every quote must be in the text,
 * and what a fact says must be what our own reading of its quote says (a stay of '3 weeks' is 21 days, not 60).
 * So a model can find more in messy text, never add what the text does not hold.
 */
export function groundedFacts(candidate: unknown, pasted: string): ApplicantFacts {
  const source = fold(tidy(pasted));
  const kept: Record<string, unknown> = {};
  if (!candidate || typeof candidate !== 'object') return {};
  for (const [key, value] of Object.entries(candidate as Record<string, unknown>)) {
    const schema = ApplicantFactsSchema.properties[key as keyof typeof ApplicantFactsSchema.properties];
    if (!schema || value === undefined) continue;
    const items = Array.isArray(value) ? value : [value];
    const good = items.filter((item) => item && typeof item === 'object' && typeof (item as { source?: unknown }).source === 'string' && quotes(item as { source: string; parts?: string[] }, source) && agrees(key, item as Record<string, unknown>));
    if (Array.isArray(value)) {
      if (good.length) kept[key] = good;
    } else if (good.length) kept[key] = good[0];
  }
  return kept as ApplicantFacts;
}

/** What a quote says by our reading, for the typed parts our reading can tell from the quote alone. */
function agrees(key: string, fact: Record<string, unknown>): boolean {
  const q = fold(String(fact.source));
  const kindIs = (own: string | null) => own === null || own === fact.kind;
  switch (key) {
    case 'stay':
    case 'course': {
      const days = lengthsIn(q)[0]?.days;
      return days !== undefined && (Math.abs(days - Number(fact.days)) <= 1 || Number(fact.days) === calendarDays(days));
    }
    case 'leave': {
      // Leave told as a length, a span of dates or months, or none: what our own reading of the quote says.
      // A numeric span is read day first, as three of the four languages write it; month first only when it
      // cannot be read day first ('07/13/2027 - 07/15/2027').
      const said = leaveOfQuote(String(fact.source), 'es') ?? leaveOfQuote(String(fact.source), 'en');
      if (!said || (fact.onlyMonth !== undefined && fact.onlyMonth !== said.onlyMonth)) return false;
      const days = Number(fact.days);
      // Working days read as calendar days ('15 días hábiles' as 15) is the same leave counted another way.
      const working = /\b(?:habiles|laborables|working|business|ouvres|ouvrables|uteis)\b/.test(q);
      return Math.abs(said.days - days) <= 1 || (working && said.days > 0 && said.days === calendarDays(days));
    }
    case 'income':
    case 'budget': {
      const amount = Number(key === 'income' ? fact.monthly : fact.amount);
      const written = amountIn(q);
      return written !== null && (amount === written || Math.abs(amount - written / 12) < 1);
    }
    case 'arrival':
    case 'departure':
    case 'passportExpiry': {
      const dates = [...datesIn(String(fact.source), 'es'), ...datesIn(String(fact.source), 'en')].map((d) => d.iso);
      const month = monthYearIn(String(fact.source))?.iso;
      return dates.includes(String(fact.iso)) || month === fact.iso;
    }
    case 'marital':
      return kindIs(maritalOf(q));
    case 'payer':
      return kindIs(payerKind(q));
    case 'standing':
      return kindIs(standingOf(q) ?? (occupationOf(q) ? STANDING_OF_OCCUPATION[occupationOf(q) as OccupationKind] ?? null : null));
    case 'occupation':
      return occupationOf(q) === fact.kind;
    case 'visaClass':
      return kindIs(visaOf(q));
    default:
      return true;
  }
}
