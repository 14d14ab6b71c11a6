import { lengthsIn } from '../numbers';
import { namesUsPlace } from './places';
import { quoted, type Piece } from './text';
import { MONTH, MONTH_NAME, MONTHS } from './leave';

// An earlier visit's length told against the stay it was allowed (issue 42): "la visa me daba 6 meses y me quedé
// casi un año", "the officer gave me until November 20 but I only flew back in February 2020", "on m'avait donné
// trois mois et je suis resté cinq mois", "o carimbo me dava 90 dias e fiquei quase um ano". Neither half says
// "overstay"; the two together do. A sentence is read whole, since the allowance and the stay are often two clauses
// ('…, pero me regresé hasta febrero'). Also the form's own question reported with its answer ('en la de si me he
// quedado más tiempo del permitido puse NO'): a declaration, not an overstay.

/** What an officer, a visa or a stamp allowed, in the four languages: a length or a date follows. */
const ALLOWED = new RegExp(
  [
    // es
    '(?:me|nos|le|les) (?:daba|daban|dio|dieron|autorizo|autorizaron|permitio|permitieron|concedio|concedieron|otorgo|otorgaron|sellaron|pusieron)\\b',
    '\\b(?:visa|i-?94|sello|permiso|entrada) (?:me |nos )?(?:daba|decia|permitia|autorizaba|vencia|era (?:de|por|hasta)|valia)\\b',
    '\\b(?:permiso|autorizacion) (?:hasta|por|de)\\b', '\\bautorizad[oa]s? (?:a quedarme |a estar )?(?:hasta|por)\\b', '\\bpodia quedarme\\b',
    // en
    '\\b(?:gave|granted|allowed|admitted|stamped) (?:me|us)\\b', '\\b(?:was|were|got) (?:admitted|allowed|given|granted)\\b',
    '\\b(?:i-?94|stamp|visa|admission|permit) (?:said|was good|was valid|ran|allowed|expired|gave)\\b', '\\bvalid (?:until|till|through)\\b', '\\bcould stay\\b',
    // fr
    "\\b(?:m|nous|lui)['’ ](?:a|avait|ont|avaient) (?:donne|accorde|autorise|tamponne)\\b", "\\bon (?:m|nous)['’ ](?:a|avait) (?:donne|accorde|autorise)\\b",
    "\\b(?:j['’ ]avais|nous avions) (?:le )?droit\\b", '\\bautorisee?s? (?:a rester |jusqu|pour)', "\\b(?:visa|i-?94|tampon|sejour) (?:m['’ ]autorisait|me donnait|etait valable|expirait|valait)\\b",
    '\\bvalable jusqu', '\\bpouvais rester\\b',
    // pt
    '\\b(?:me|nos|lhe) (?:deu|deram|dava|davam|autorizou|autorizaram|permitiu|permitiram|concedeu|carimbou|carimbaram)\\b',
    '\\b(?:visto|i-?94|carimbo|permissao|entrada) (?:me )?(?:dava|permitia|valia|era de|vencia)\\b', '\\bautorizad[oa]s? (?:a ficar )?(?:ate|por)\\b', '\\bpodia ficar\\b',
  ].join('|'),
  'g',
);
/** How long the applicant stayed or when they left, said in the past. */
const STAYED = new RegExp(
  [
    '\\b(?:me quede|nos quedamos|se quedo|estuve|estuvimos|me regrese|regrese|volvi|me volvi|sali|retorne)\\b',
    '\\b(?:stayed|remained|i left|we left|came back|went back|flew back|returned|got back)\\b',
    "\\b(?:je suis|nous sommes|suis) (?:restee?s?|rentree?s?|repartie?s?|revenue?s?|partie?s?)\\b", "\\bj['’ ]ai quitte\\b",
    '\\b(?:fiquei|ficamos|voltei|voltamos|sai|saimos|regressei|retornei)\\b',
  ].join('|'),
  'g',
);
/** A sentence about admission to the United States, not about leave from work. */
const ADMISSION = /\b(?:visa|visto|i-?94|sello|stamp|carimbo|tampon|oficial|officer|agent|agente|immigration|inmigracion|migracion|imigracao|aeropuerto|airport|aeroport|aeroporto|frontera|border|frontiere|fronteira|admitted|admission|cbp|douane|eeuu|usa|estados unidos|etats-unis|eua)\b/;
const WORK_LEAVE = /\b(?:jefe|jefa|boss|manager|employer|empresa|chef|patron|patrao|chefe|vacaciones|vacances|ferias|conges?|leave|time off|licencia|licenca)\b/;
const YEAR = /\b(19[5-9]\d|20[0-4]\d)\b/g;

interface When {
  year?: number;
  month: number;
  day?: number;
  end: number;
}

/** The first date in `window` ('20 de noviembre', 'February 2020', 'Nov 20, 2019', '20/11/2019'), folded offsets. */
function whenIn(window: string, offset: number): When | null {
  const numeric = /(?<![\d/.-])(\d{1,2})[/.-](\d{1,2})[/.-]((?:19|20)\d{2})(?![\d/])/.exec(window);
  // A short month that is also a word ('may', 'mar', 'set') only beside a day or a year.
  const named = new RegExp(`(?<![\\p{L}\\d])(?:(\\d{1,2})(?:st|nd|rd|th|er|o)?\\s+(?:de\\s+)?(${MONTH})|(${MONTH})(?=\\.?\\s+(?:de\\s+|of\\s+)?\\d)|(${MONTH_NAME}))\\.?(?:\\s+(\\d{1,2})(?:st|nd|rd|th)?(?!\\d))?(?:,?\\s*(?:de\\s+|del\\s+|of\\s+)?((?:19|20)\\d{2}))?(?![\\p{L}])`, 'u').exec(window);
  if (numeric && (!named || numeric.index < named.index)) {
    const [a, b] = [Number(numeric[1]), Number(numeric[2])];
    const [day, month] = b > 12 ? [b, a] : [a, b];
    return month >= 1 && month <= 12 ? { year: Number(numeric[3]), month, day, end: offset + numeric.index + numeric[0].length } : null;
  }
  if (!named) return null;
  const month = MONTHS[named[2] ?? named[3] ?? named[4] ?? ''];
  if (!month) return null;
  const day = named[1] ?? named[5];
  return { month, ...(day ? { day: Number(day) } : {}), ...(named[6] ? { year: Number(named[6]) } : {}), end: offset + named.index + named[0].length };
}

interface Said {
  at: number;
  end: number;
  days?: number;
  when?: When;
}

/** The length or date told within a few words after a cue. */
function valueAfter(folded: string, cueEnd: number): Omit<Said, 'at'> | null {
  const window = folded.slice(cueEnd, cueEnd + 60);
  const length = lengthsIn(window)[0];
  const when = whenIn(window, cueEnd);
  if (length && (!when || length.index + cueEnd < when.end)) return { end: cueEnd + length.index + length.length, days: length.days };
  return when ? { end: when.end, when } : null;
}

function cues(folded: string, re: RegExp): Said[] {
  const out: Said[] = [];
  for (const m of folded.matchAll(re)) {
    const value = valueAfter(folded, m.index + m[0].length);
    if (value) out.push({ at: m.index, ...value });
  }
  return out;
}

const key = (w: When, year: number) => (w.year ?? year) * 12 + w.month;

/** Whether the stay told goes past the allowance told: a longer length, or a later month (or day) than allowed. */
function beyond(allowed: Said, stayed: Said, sentenceYear: number | undefined): boolean {
  if (allowed.days !== undefined && stayed.days !== undefined) return stayed.days > allowed.days + 2;
  if (!allowed.when || !stayed.when) return false;
  // An allowance without its year is the sentence's first year ('En 2019 … hasta el 20 de noviembre, pero me regresé
  // en febrero de 2020'); a stay without one is the allowance's. With no year at all, only a later month of the same
  // year is read: a month before could be the next year's or a stay cut short.
  const allowedYear = allowed.when.year ?? sentenceYear ?? stayed.when.year ?? 0;
  const [a, s] = [key(allowed.when, allowedYear), key(stayed.when, allowedYear)];
  if (s > a) return true;
  return s === a && allowed.when.day !== undefined && stayed.when.day !== undefined && stayed.when.day > allowed.when.day + 1;
}

/** An overstay told as what was allowed and what was done, in one sentence: its quote and year, or null. */
export function overstayTold(sentence: Piece): { source: string; year?: number } | null {
  const folded = sentence.folded;
  if (!ADMISSION.test(folded) && !namesUsPlace(folded)) return null;
  if (WORK_LEAVE.test(folded)) return null;
  const allowed = cues(folded, ALLOWED);
  const stayed = cues(folded, STAYED);
  const years = [...folded.matchAll(YEAR)].map((m) => Number(m[0]));
  for (const a of allowed) {
    for (const s of stayed) {
      if (s.at === a.at || (s.at < a.end && a.at < s.end)) continue;
      if (!beyond(a, s, years[0])) continue;
      const q = quoted(sentence, Math.min(a.at, s.at), Math.max(a.end, s.end));
      if (!q) continue;
      // The visit's year: the allowance's, else the first in the sentence, else the return's.
      const year = a.when?.year ?? years[0] ?? s.when?.year;
      return { source: q.text, ...(year ? { year } : {}) };
    }
  }
  return null;
}

/** The form's question reported with the answer given: 'puse NO', 'I put no', "j'ai mis non", 'coloquei não'. */
const REPORTED = /\b(?:puse|pusimos|marque|conteste|respondi|dije|i put|i answered|i said|i checked|i ticked|i marked|i wrote|j['’ ]ai (?:mis|repondu|coche|dit|ecrit)|coloquei|pus|respondi|marquei|disse|escrevi)(?: que)?\s*["'“]?(no|si|yes|non|oui|nao|sim)\b/;
/** What leads the form's question when it is reported: 'la de si', 'the question whether', 'la question si', 'a pergunta se'. */
const QUESTION_LEAD = /\b(?:si|whether|if|pregunta|question|la de|pergunta|se)\b[^.]{0,30}$/;

/** A yes or no given to the form's question, told in a sentence, when `cueAt` is where the question's words start. */
export function reportedAnswer(folded: string, cueAt: number, cueEnd: number): boolean | null {
  if (!QUESTION_LEAD.test(folded.slice(Math.max(0, cueAt - 40), cueAt))) return null;
  const answer = REPORTED.exec(folded.slice(cueEnd, cueEnd + 40));
  if (!answer) return null;
  return /^(?:si|yes|oui|sim)$/.test(answer[1]!);
}
