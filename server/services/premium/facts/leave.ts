import { calendarDays, daysBetween, lengthsIn } from '../numbers';
import { clauseQuote, type Piece } from './text';
import { fold } from '../../ai/builtin/text';
import { absence, datesIn } from './values';

// The leave an employee has for the trip (issue 42), read to a value wherever it is told: a length ('15 días
// hábiles de vacaciones', 'two weeks off', 'trois semaines de congés', 'férias de 20 dias'), a span of dates ('congé
// annuel du 5 au 16 juillet 2027', 'vacaciones del 1 al 15 de agosto'), or none for the trip ('no leave approved
// yet', 'no me dan vacaciones', 'pas encore de congé', 'férias só em dezembro'). The rule book sets the value against
// the trip's length, whatever the words around it.

export interface LeaveSaid {
  /** The clause that says it, as written. */
  source: string;
  /** Calendar days of leave for the trip; 0 when none is granted for it. */
  days: number;
  /** Leave granted only in this month (1–12): none for a trip in another month. */
  onlyMonth?: number;
}

/** Leave as a noun in four languages. 'vacation', 'vacaciones', 'férias' also name a holiday trip: see WORK_CUE. */
const LEAVE_NOUN =
  /\b(?:(?:annual|paid|unpaid|sick|my|any|no|of|approved|vacation|maternity|study) leave|leave (?:approved|request|form|was|is|has|hasn't|isn't|days|of absence|from work|starts|ends)|(?:days?|weeks?|months?) off|time off|pto|permiso|licencia|conges?|conge annuel|rtt|folgas?|licenca)\b/;
const HOLIDAY_NOUN = /\b(?:vacations?|vacation days|holidays?|vacaciones|vacances|ferias)\b/;
/** Words that make a holiday the job's leave rather than the trip: the employer, approval, paid or working days. */
const WORK_CUE =
  /\b(?:work|job|employer|boss|manager|hr|approved|annual|paid|accrued|working|business|trabajo|empleador|empresa|jefe|jefa|patron|gerente|rh|aprobad[oa]s?|autorizad[oa]s?|anuales|pagadas|habiles|laborables|me (?:dan|dieron|daran|aprobaron)|travail|employeur|chef|patron|valide(?:e|es|s)?|accorde(?:e|es|s)?|annuel(?:le)?s?|payes|ouvres|trabalho|emprego|chefe|gerente|patrao|aprovad[oa]s?|anuais|remuneradas|uteis|saem|tirei|tiro|vou tirar|tengo|tenho|i have|i get|i got|j'ai|on m'a)\b/;
/** Said as not granted: 'no', 'not yet approved', 'hasn't approved any', 'pas encore', 'ainda não', 'sin'. */
const NONE =
  /\b(?:no|not|never|haven't|hasn't|havent|hasnt|didn't|don't|won't|isn't|aren't|without|nao|sem|sin|pas|jamais|aucun(?:e)?|nunca|ni|ningun(?:a|o)?|nenhum(?:a)?|yet to|still waiting|todavia no|aun no|ainda nao|pas encore|en attente|pending|pendiente|pendente)\b/;

export const MONTHS: Record<string, number> = {
  jan: 1, janv: 1, janeiro: 1, janvier: 1, january: 1, enero: 1, ene: 1,
  feb: 2, february: 2, febrero: 2, fevrier: 2, fevereiro: 2, fev: 2,
  mar: 3, march: 3, marzo: 3, mars: 3, marco: 3,
  apr: 4, april: 4, abril: 4, avril: 4, abr: 4,
  may: 5, mayo: 5, mai: 5, maio: 5,
  jun: 6, june: 6, junio: 6, juin: 6, junho: 6,
  jul: 7, july: 7, julio: 7, juillet: 7, julho: 7,
  aug: 8, august: 8, agosto: 8, aout: 8, ago: 8,
  sep: 9, sept: 9, september: 9, septiembre: 9, setiembre: 9, septembre: 9, setembro: 9, set: 9,
  oct: 10, october: 10, octubre: 10, octobre: 10, outubro: 10, out: 10,
  nov: 11, november: 11, noviembre: 11, novembre: 11, novembro: 11,
  dec: 12, december: 12, diciembre: 12, decembre: 12, dezembro: 12, dic: 12, dez: 12,
};
export const MONTH = `(?:${Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|')})`;
/** Month names alone, without the short forms that are also words ('may', 'set', 'out', 'ago', 'mar'). */
export const MONTH_NAME = `(?:${Object.keys(MONTHS).filter((m) => m.length >= 4).sort((a, b) => b.length - a.length).join('|')})`;
const TO = "(?:to|al|au|a|ate|-|–|—|hasta(?: el)?|jusqu'au|through|thru|until|till)";

/** 'du 5 au 16 juillet 2027', 'from July 5 to July 16, 2027', 'del 01/08/2027 al 15/08/2027': the span's days, both ends counted. */
function spanDays(folded: string, text: string, language: 'es' | 'en' = 'es'): number | null {
  const dates = datesIn(text, language);
  for (const [i, end] of dates.entries()) {
    const prior = dates[i - 1];
    if (prior && new RegExp(`^\\s*${TO}\\s*(?:el\\s+|le\\s+|o\\s+)?$`).test(folded.slice(prior.index + prior.text.length, end.index)) && prior.iso <= end.iso) {
      return daysBetween(prior.iso, end.iso) + 1;
    }
    // 'del 19/07 al 03/09/2027': the first date without its year, day first as the four languages write it.
    const bare = /(?<![\d/.-])(\d{1,2})[/.-](\d{1,2})\s*$/.exec(folded.slice(0, end.index).replace(new RegExp(`\\s*${TO}\\s*(?:el\\s+|le\\s+|o\\s+)?$`), ''));
    if (bare && new RegExp(`${TO}\\s*(?:el\\s+|le\\s+|o\\s+)?$`).test(folded.slice(0, end.index))) {
      const start = `${end.iso.slice(0, 4)}-${bare[2]!.padStart(2, '0')}-${bare[1]!.padStart(2, '0')}`;
      if (!Number.isNaN(Date.parse(start)) && start <= end.iso) return daysBetween(start, end.iso) + 1;
    }
    const open = new RegExp(`(?:(${MONTH})\\.?\\s+)?(\\d{1,2})(?:st|nd|rd|th|er)?(?:\\s+(?:de\\s+)?(${MONTH}))?\\s*${TO}\\s*(?:el\\s+|le\\s+|o\\s+)?$`).exec(folded.slice(0, end.index));
    if (!open) continue;
    const [year, month] = end.iso.split('-').map(Number) as [number, number];
    const startMonth = MONTHS[open[1] ?? open[3] ?? ''] ?? month;
    const startYear = startMonth > month ? year - 1 : year;
    const start = `${startYear}-${String(startMonth).padStart(2, '0')}-${String(Number(open[2])).padStart(2, '0')}`;
    if (!Number.isNaN(Date.parse(start)) && start <= end.iso) return daysBetween(start, end.iso) + 1;
  }
  // 'de setembro a novembro', 'from March to August 2027', 'de juillet à août': whole months, first to last day.
  const months = new RegExp(`\\b(${MONTH_NAME})\\s*${TO}\\s*(${MONTH_NAME})\\b`).exec(folded);
  if (months) {
    const [a, b] = [MONTHS[months[1]!]!, MONTHS[months[2]!]!];
    const year = 2001; // any year that is not a leap year: only the count of days matters
    const first = `${year}-${String(a).padStart(2, '0')}-01`;
    const last = new Date(Date.UTC(b >= a ? year : year + 1, b, 0)).toISOString().slice(0, 10);
    return daysBetween(first, last) + 1;
  }
  return null;
}

/** The leave said in one clause, or null when the clause says nothing of leave. */
export function leaveIn(c: Piece, language: 'es' | 'en' = 'es'): LeaveSaid | null {
  const noun = LEAVE_NOUN.exec(c.folded) ?? (HOLIDAY_NOUN.test(c.folded) && WORK_CUE.test(c.folded) ? HOLIDAY_NOUN.exec(c.folded) : null);
  if (!noun) return null;
  const quote = clauseQuote(c)?.text;
  if (!quote) return null;
  // Denied right before the word ('hasn't approved any leave', 'no me dan vacaciones', 'pas encore de congé'): none,
  // whatever dates follow (they are something else: 'March-April is exam duty').
  const denial = NONE.exec(c.folded.slice(Math.max(0, noun.index - 30), noun.index + 5));
  const denied = denial && !lengthsIn(c.folded.slice(Math.max(0, noun.index - 30) + denial.index, noun.index)).length;
  if (denied) return { source: quote, days: 0 };
  const span = spanDays(c.folded, c.text, language);
  if (span !== null && span > 0) return { source: quote, days: span };
  // The length nearest the leave word, within the clause ('15 días de vacaciones', 'leave of two weeks').
  const near = lengthsIn(c.folded)
    .filter((l) => l.unit !== 'year' && Math.abs(l.index - noun.index) < 40)
    .sort((a, b) => Math.abs(a.index - noun.index) - Math.abs(b.index - noun.index))[0];
  const working = /\b(?:habiles|laborables|working|business|ouvres|ouvrables|uteis)\b/.test(c.folded);
  if (near && !NONE.test(c.folded.slice(Math.max(0, near.index - 12), near.index))) return { source: quote, days: working && near.unit === 'day' ? calendarDays(near.days) : near.days };
  // None for this trip: not granted, or granted only in a named month ('férias só em dezembro', 'leave only in December').
  const only = new RegExp(`\\b(?:only|solo|solamente|seulement|que|so|somente|apenas)\\b[^.;]{0,30}?\\b(${MONTH_NAME})\\b`).exec(c.folded);
  if (only) return { source: quote, days: 0, onlyMonth: MONTHS[only[1] ?? ''] ?? 0 };
  if (NONE.test(c.folded)) return { source: quote, days: 0 };
  return null;
}

/**
 * The leave a quote alone says, whatever its shape (issue 42): a clause with a leave word ('no leave approved yet',
 * 'congé du 5 au 16 juillet'), a form's bare answer ('NONE', 'Ninguna', '0'), a span of dates or months with no
 * leave word ('01/08/2027 al 15/08/2027', 'de julio a agosto'), a length ('15 días hábiles'), or a bare count of
 * days. Null when the quote says no leave at all. A model's leave is checked against this, so a leave told as a
 * span or as none is kept, not only one told as a length. `language` orders a numeric date's day and month.
 */
export function leaveOfQuote(quote: string, language: 'es' | 'en' = 'es'): LeaveSaid | null {
  const folded = fold(quote);
  const piece = { text: quote, folded, start: 0 };
  const said = leaveIn(piece, language);
  if (said) return said;
  const trimmed = folded.trim().replace(/[\s.,;:!]+$/, '');
  if (!trimmed) return null;
  if (absence(trimmed) === 'none' || /^(?:no|non|nao|sin|sem|sans|without)\b/.test(trimmed)) return { source: quote, days: 0 };
  const span = spanDays(folded, quote, language);
  if (span !== null && span > 0) return { source: quote, days: span };
  const length = lengthsIn(folded).find((l) => l.unit !== 'year');
  if (length) {
    const working = /\b(?:habiles|laborables|working|business|ouvres|ouvrables|uteis)\b/.test(folded);
    return { source: quote, days: working && length.unit === 'day' ? calendarDays(length.days) : length.days };
  }
  if (/^\d{1,3}$/.test(trimmed)) return { source: quote, days: Number(trimmed) };
  return null;
}
