import { findDates } from '../ai/builtin/dates';
import { findNationality } from '../ai/builtin/countries';
import { fold, tidy } from '../ai/builtin/text';
import type { ApplicantFactsDto } from '../ai/schemas';
import { amountWithScale, daysBetween, lengthInDays } from './numbers';

// The applicant's facts read from what they pasted (issue 15): the DS-160 PDF's text, the official confirmation
// page's text, or free text, in Spanish or English. Labelled lines ('Purpose of Trip to the U.S.: ...', 'Apellidos:
// ...', a label on one line and its answer on the next) are read first; free sentences ('trabajo como ingeniera en
// Pemex', 'my employer is paying') fill what labels did not give. Every fact keeps `text`, the words as the
// applicant wrote them, so a question can quote them and a test can find them in the source.

export type ApplicantFacts = ApplicantFactsDto;
export type Quoted = { text: string; from?: string[] };
export type PurposeKind = NonNullable<ApplicantFacts['purpose']>['kinds'][number];
export type PayerKind = NonNullable<ApplicantFacts['payer']>['kind'];
export type VisaClass = NonNullable<ApplicantFacts['visaClass']>['kind'];
export type Standing = NonNullable<ApplicantFacts['standing']>['kind'];

type LabelKey =
  | 'surnames' | 'givenNames' | 'fullName' | 'nationality' | 'marital' | 'purpose' | 'visaClass' | 'arrival'
  | 'departure' | 'stay' | 'payer' | 'employer' | 'role' | 'occupation' | 'jobSince' | 'income' | 'annualIncome'
  | 'budget' | 'leave' | 'usFamily' | 'usFamilyDetails' | 'previousVisits' | 'refusals';

/** Labels of the DS-160 PDF, its confirmation page and the ways people title their own notes; folded, in order. */
const LABELS: Array<[LabelKey, RegExp]> = [
  ['surnames', /^(surnames?|last names?|family names?|apellidos?)(?![a-z])/],
  ['givenNames', /^(given names?|first names?|nombres? de pila|nombres?(?! completo)(?! del))(?![a-z])/],
  ['fullName', /^(full name|nombre completo|name|applicant name|nombre del solicitante)(?![a-z])/],
  ['nationality', /^(country\/region of origin \(nationality\)|nationality|nacionalidad|country of nationality|pais de nacionalidad)(?![a-z])/],
  ['marital', /^(marital status|estado civil)(?![a-z])/],
  ['visaClass', /^(visa (type|class|category)|tipo de visa|clase de visa|visa solicitada)(?![a-z])/],
  ['purpose', /^((specific )?purpose of (your )?(trip|travel|visit)( to the u\.?s\.?)?|proposito (del|de su|de mi) viaje|motivo (del|de mi) viaje|proposito|purpose)(?![a-z])/],
  ['arrival', /^((intended )?date of arrival|arrival date|intended arrival|fecha (prevista |estimada )?de (llegada|entrada))(?![a-z])/],
  ['departure', /^((intended )?date of departure|departure date|return date|fecha (prevista |estimada )?de (salida|regreso|retorno))(?![a-z])/],
  ['stay', /^((intended )?length of stay( in (the )?u\.?s\.?)?|duracion (de la |del |de mi )?(estadia|estancia|viaje)|tiempo de (estadia|estancia)|estadia|length of trip)(?![a-z])/],
  ['payer', /^((person|entity|person\/entity) paying for (your|the) trip|who is paying( for (your|the) trip)?|quien paga( el viaje)?|persona (o entidad )?que paga( el viaje)?|financiamiento del viaje|pagador)(?![a-z])/],
  ['employer', /^((present |current )?employer( or school)?( name)?|nombre del empleador|empleador( actual)?|empresa( donde trabaja| actual)?|company)(?![a-z])/],
  ['role', /^(job title|position|cargo|puesto|titulo del puesto)(?![a-z])/],
  ['occupation', /^((primary )?occupation|ocupacion( principal)?|profesion)(?![a-z])/],
  ['jobSince', /^((job )?start date|employed since|fecha de (inicio|ingreso)|trabajando desde)(?![a-z])/],
  ['income', /^((monthly (income|salary)|salary)( in local currency)?( \(if employed\))?|ingresos? mensual(es)?|salario( mensual)?|sueldo( mensual)?)(?![a-z])/],
  ['annualIncome', /^(annual (income|salary)|ingresos? anual(es)?|salario anual)(?![a-z])/],
  ['budget', /^((trip |travel )?budget|presupuesto( del viaje)?|costo (estimado )?del viaje|trip cost)(?![a-z])/],
  ['leave', /^((vacation|leave|paid leave) days|days of (vacation|leave)|dias de vacaciones|vacaciones)(?![a-z])/],
  ['usFamilyDetails', /^(relatives in the u\.?s\.? details|relatives? details|familiares en (los )?(ee\.? ?uu\.?|estados unidos)( detalles)?|detalles de familiares)(?![a-z])/],
  ['usFamily', /^(do you have any (immediate )?relatives|(immediate )?relatives in the u\.?s|family in the u\.?s|tiene (algun )?familiar(es)? en|familia en (los )?(ee\.? ?uu\.?|estados unidos))/],
  ['refusals', /^(have you ever been refused|visa refusals?|refused a u\.?s\.? visa|le han negado|ha sido rechazad|negaciones de visa|visa negada|rechazos de visa)/],
  ['previousVisits', /^(have you ever been in the u\.?s|previous (u\.?s\.? )?(travel|visits|trips)|ha estado (alguna vez )?en (los )?(ee\.? ?uu\.?|estados unidos)|viajes anteriores( a (los )?(ee\.? ?uu\.?|estados unidos))?|visitas anteriores)/],
];

const YES = /^(yes|si|sí|y)\b/;
const NO = /^(no|none|ninguno|ninguna|nunca|never|n\/a)\b/;

/** 'ACME CORP' reads better quoted as 'Acme Corp'; mixed case is left as written. */
function readable(value: string): string {
  if (value !== value.toUpperCase() || !/\p{Lu}{3}/u.test(value)) return value;
  return value.toLowerCase().replace(/(^|[\s\-'/(])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}

/** The DS-160's dates are '15-JUN-2026'; the shared date reader knows '15 JUN 2026'. */
const dashedDates = (text: string) => text.replace(/\b(\d{1,2})-([A-Za-z]{3,9})-(\d{4})\b/g, '$1 $2 $3');

function labelled(text: string): Partial<Record<LabelKey, string>> {
  const lines = text.split(/\r?\n/).map((line) => tidy(line)).filter(Boolean);
  const found: Partial<Record<LabelKey, string>> = {};
  const labelOf = (line: string) => {
    const folded = fold(line).replace(/^[\d.)\-*•¿¡\s]+/, '');
    for (const [key, re] of LABELS) {
      const match = re.exec(folded);
      if (!match) continue;
      const rest = line.slice(line.length - folded.length + match[0].length);
      // A label stands alone (its answer below), or ends at its colon or question mark: 'Previous U.S. Travel
      // Information' is a heading, not an answer.
      if (!rest.trim() || /^[^:?]{0,160}[:?]/.test(rest) || /^\s*[-–]\s/.test(rest)) return { key, rest };
    }
    return null;
  };
  lines.forEach((line, i) => {
    const label = labelOf(line);
    if (!label || found[label.key]) return;
    // The rest of a question label ('... in the U.S.?') runs up to its colon or question mark.
    const afterMark = /^[^:?]*[:?]\s*(.*)$/.exec(label.rest);
    let value = (afterMark ? afterMark[1] : label.rest) ?? '';
    value = value.replace(/^[\s.:?\-–]+/, '').trim();
    if (!value && i + 1 < lines.length && !labelOf(lines[i + 1] ?? '')) value = lines[i + 1] ?? '';
    if (value) found[label.key] = value.slice(0, 200);
  });
  return found;
}

function purposeKinds(folded: string): PurposeKind[] {
  const kinds: PurposeKind[] = [];
  const add = (kind: PurposeKind, re: RegExp) => re.test(folded) && kinds.push(kind);
  add('work', /\b(trabajar|trabajo temporal|buscar (trabajo|empleo)|look(ing)? for (a )?(job|work)|to work|work (in|at|for) (a|an|the)|temporary work|employment in|empleo en|h-?1b?\b|\(h\))/);
  add('study', /\b(estudiar|estudios|study|studies|student|estudiante|curso|course|universidad|university|\(f\)|f-?1\b)/);
  add('medical', /\b(medic|tratamiento|treatment|hospital|cirugia|surgery)/);
  add('business', /\b(negocio|business|conferencia|conference|congreso|reunion|meeting|feria|trade show|clientes|clients)/);
  add('family', /\b(visitar a mi|visit(ing)? my|ver a mi|see my)\b/);
  add('tourism', /\b(turismo|turista|turistic|vacaciones|vacation|holiday|tourism|tourist|pleasure|placer|paseo|disney|sightseeing|conocer)/);
  return kinds;
}

function visaClassOf(folded: string): VisaClass | null {
  if (/\bb-?1\b|\bb-?2\b|b1\/b2|\(b\)|turista|tourist|visitor|visitante|business pleasure/.test(folded)) return 'B';
  if (/\bf-?1\b|\(f\)|estudiante|student/.test(folded)) return 'F';
  if (/\bj-?1\b|\(j\)|intercambio|exchange/.test(folded)) return 'J';
  if (/\bh-?[12]b?\b|\(h\)|trabajo|work/.test(folded)) return 'H';
  return null;
}

function payerKind(folded: string): PayerKind | null {
  if (/\b(self|myself|yo mismo|yo misma|mi mismo|mi misma|por mi cuenta|(mis|my) (propios?|own)|mis ahorros|my savings|i pay|i will pay|i am paying|i'm paying|pago yo|lo pago yo|me lo pago|propios medios)\b/.test(folded)) return 'self';
  if (/\b(employer|company|organization|organisation|empresa|compania|empleador|mi jefe|mi trabajo|my work|the firm|la organizacion)\b/.test(folded)) return 'employer';
  if (/\b(primos?|primas?|cousins?|padres?|madre|parents|father|mother|hermanos?|hermanas?|brother|sister|esposo|esposa|husband|wife|spouse|tios?|tias?|uncle|aunt|hijos?|hijas?|son|daughter|family|familia|familiar|novio|novia)\b/.test(folded)) return 'family';
  return /\S/.test(folded) ? 'other' : null;
}

function standingOf(folded: string): Standing | null {
  if (/\b(self[- ]employed|independiente|autonomo|cuenta propia|freelance|own business|negocio propio|mi propio negocio)\b/.test(folded)) return 'self-employed';
  if (/\b(student|estudiante)\b/.test(folded)) return 'student';
  if (/\b(unemployed|desempleado|desempleada|sin empleo|not employed)\b/.test(folded)) return 'unemployed';
  if (/\b(retired|jubilado|jubilada|pensionado|pensionada)\b/.test(folded)) return 'retired';
  return null;
}

/** A free-text match on folded text, returned as the applicant's own words (same offsets, see text.ts). */
function quote(text: string, folded: string, re: RegExp, group = 1): string | null {
  const match = new RegExp(re.source, re.flags.includes('d') ? re.flags : `${re.flags}d`).exec(folded);
  const span = match?.indices?.[group];
  return span ? tidy(text.slice(span[0], span[1])).replace(/[.,;:]+$/, '') : null;
}

const NAME_WORD = "\\p{Lu}[\\p{L}'-]+";
const NAME_CUE = new RegExp(`(?:[Mm]e llamo|[Mm]i nombre es|[Mm]y name is|I am|I'm|[Ss]oy)\\s+(${NAME_WORD}(?:\\s+(?:de\\s+la\\s+|de\\s+|del\\s+)?${NAME_WORD}){1,3})`, 'u');
const PLACE = '(?:ee\\.?\\s?uu\\.?|estados unidos|usa|u\\.s\\.a?\\.?|the u\\.s\\.a?\\.?|the united states|united states|the us|nueva york|new york|miami|orlando|los angeles|houston|chicago|texas|florida|california)';

/** Free sentences, for what no label gave. */
function fromSentences(text: string, facts: ApplicantFacts): void {
  const folded = fold(text);
  const take = (re: RegExp, group = 1) => quote(text, folded, re, group);

  if (!facts.name) {
    const name = NAME_CUE.exec(text)?.[1];
    if (name) facts.name = { text: name };
  }
  if (!facts.role || !facts.employer) {
    const es = /\btrabajo (?:como|de) ([\p{L}-]+(?: [\p{L}-]+){0,3}?) (?:en|para) ([\p{L}\p{N}&'-]+(?: [\p{L}\p{N}&.'-]+){0,5}?)(?=[,.;]| desde| hace| y | donde|$)/u;
    const en = /\bi work as (?:an? )?([\p{L}-]+(?: [\p{L}-]+){0,3}?) (?:at|for) ([\p{L}\p{N}&'-]+(?: [\p{L}\p{N}&.'-]+){0,5}?)(?=[,.;]| since| for \d| and | where|$)/u;
    for (const re of [es, en]) {
      const role = take(re, 1);
      const employer = take(re, 2);
      if (role && employer) {
        facts.role ??= { text: role };
        facts.employer ??= { text: employer };
        break;
      }
    }
  }
  if (!facts.jobSince && facts.employer) {
    const since = take(/\b(?:desde|since) (?:el |hace )?((?:\d{1,2} de )?(?:[\p{L}]+ (?:de )?)?\d{4}|\d+ (?:anos|years))/u);
    if (since) facts.jobSince = { text: since };
  }
  if (!facts.standing) {
    const cue = take(/\b(?:soy|i am|i'm|estoy) (?:an? )?((?:trabajador(?:a)? )?(?:independiente|self[- ]employed|estudiante|student|desempleado|desempleada|unemployed|jubilado|jubilada|retired|pensionado|pensionada))\b/u);
    const kind = cue ? standingOf(fold(cue)) : null;
    if (cue && kind) facts.standing = { text: cue, kind };
  }
  if (!facts.income) {
    const re = /\b(?:gano|ganando|cobro|percibo|salario (?:mensual )?(?:es )?de|sueldo (?:mensual )?(?:es )?de|ingresos? (?:mensual(?:es)? )?de|i earn|i make|my (?:monthly )?(?:salary|income) is|earning|salary of|income of)\s+((?:us)?\$?\s?[\d.,]+\s?(?:mil|k|thousand)?\s?(?:pesos|dolares|dollars|usd|mxn|cop|soles|reales|euros|eur|bolivares)?(?:\s(?:mexicanos|colombianos))?)\s?(al mes|mensuales|por mes|a month|per month|monthly|al ano|anuales|por ano|a year|per year|annually|yearly)?/u;
    const amountText = take(re, 1);
    const period = take(re, 2);
    const match = amountText ? /([\d.,]+)\s?(mil|k|thousand)?/.exec(fold(amountText)) : null;
    const amount = match ? amountWithScale(match[1] ?? '', match[2]) : null;
    if (amountText && amount) {
      const yearly = period ? /ano|year|annual/.test(fold(period)) : false;
      facts.income = { text: period ? `${amountText} ${period}` : amountText, monthly: yearly ? Math.round(amount / 12) : amount };
    }
  }
  if (!facts.budget) {
    const re = /\b(?:presupuesto (?:es )?de|presupuesto:?|el viaje (?:me )?costara|costara|gastare|voy a gastar|budget (?:is |of )?|the trip will cost|it will cost|i will spend|i'll spend|spend about|spend)\s+((?:us)?\$?\s?[\d.,]+\s?(?:mil|k|thousand)?\s?(?:pesos|dolares|dollars|usd|mxn|cop|soles|reales|euros|eur)?)/u;
    const amountText = take(re, 1);
    const match = amountText ? /([\d.,]+)\s?(mil|k|thousand)?/.exec(fold(amountText)) : null;
    const amount = match ? amountWithScale(match[1] ?? '', match[2]) : null;
    if (amountText && amount) facts.budget = { text: amountText, amount };
  }
  if (!facts.leave) {
    const leave = take(/\b(?:tengo|me dan|me dieron|i have|i get|i got)\s+((?:\d{1,3}|quince|veinte|treinta|diez|fifteen|twenty|thirty|ten) (?:dias|days)(?: (?:de|of))? (?:vacaciones|vacation|leave|paid leave|holidays|permiso))/u);
    const days = leave ? lengthInDays(fold(leave)) : null;
    if (leave && days) facts.leave = { text: leave, days: days.days };
  }
  if (!facts.payer) {
    const sentence = take(/((?:[^.;\n]*\b(?:paga|pagan|pagara|pagaran|pago|pays|pay|paying|will pay|financia|financian|cubre|cubren|covers|cover|sponsor|sponsoring)\b[^.;\n]*))/u);
    const kind = sentence ? payerKind(fold(sentence)) : null;
    if (sentence && kind && kind !== 'other') facts.payer = { text: sentence, kind };
  }
  if (!facts.purpose) {
    const sentence = take(/((?:[^.;\n]*\b(?:viajo|viajar|voy|vamos|iremos|ire|el motivo|el proposito|purpose|i am going|i'm going|we are going|i will travel|i'm traveling|i am traveling|travel(?:l)?ing to|trip is)\b[^.;\n]*))/u);
    const kinds = sentence ? purposeKinds(fold(sentence)) : [];
    if (sentence && kinds.length) facts.purpose = { text: sentence, kinds };
  }
  if (!facts.visaClass) {
    const visa = take(/\b(?:visa|visado)\s+((?:de\s+)?(?:turista|turismo|estudiante|trabajo|b-?1\/b-?2|b1\/b2|b-?[12]|f-?1|j-?1|h-?1b|tourist|student|work))\b/u);
    const kind = visa ? visaClassOf(fold(visa)) : null;
    if (visa && kind) facts.visaClass = { text: visa, kind };
  }
  if (!facts.stay) {
    const stay = take(/\b(?:por|durante|for|during|stay(?:ing)?(?: for)?|quedarme|quedare|estare|estadia de|estancia de)\s+((?:\d{1,3}|un|una|dos|tres|cuatro|cinco|seis|one|two|three|four|five|six|a|an) (?:dias|dia|days|day|semanas|semana|weeks|week|meses|mes|months|month))\b/u);
    const days = stay ? lengthInDays(fold(stay)) : null;
    if (stay && days) facts.stay = { text: stay, days: days.days };
  }
  if (!facts.usFamily) {
    const no = take(new RegExp(`\\b((?:no tengo (?:familia|familiares|parientes)|i have no (?:family|relatives)|i don'?t have (?:any )?(?:family|relatives))(?: (?:en|in) ${PLACE})?)`, 'u'));
    const relative = '(?:hermano|hermana|tio|tia|primo|prima|padre|madre|hijo|hija|esposo|esposa|abuelo|abuela|cunado|cunada|brother|sister|uncle|aunt|cousin|father|mother|son|daughter|husband|wife|grandmother|grandfather)';
    const yes = take(new RegExp(`\\b((?:mi|mis|my) ${relative}s?(?: [\\p{L}]+)? (?:vive|viven|reside|residen|lives|live|resides) (?:en|in) [\\p{L}. ]{2,30}?)(?=[,.;]| y | and | con | with |$)`, 'u'));
    if (yes) facts.usFamily = { text: yes, has: true };
    else if (no) facts.usFamily = { text: no, has: false };
  }
  if (!facts.previousVisits) {
    const no = take(/\b(nunca (?:he ido|he estado|he viajado|he visitado)(?: a| en)?(?: [\p{L}. ]+)?|never (?:been|visited|traveled|travelled)(?: to| in)?(?: [\p{L}. ]+)?|(?:es|sera) (?:mi )?primer(?:a)? (?:vez|viaje)|(?:it is|it's|this is) my first (?:time|trip|visit))/u);
    const yes = take(new RegExp(`\\b((?:fui|estuve|viaje|visite|i went|i was|i visited|i traveled|i travelled|i have been|i've been)\\s+(?:a |en |to |in )?${PLACE}(?: [\\p{L}\\p{N} ]{0,12}?)?(?:en |in )\\d{4})`, 'u'));
    if (yes) facts.previousVisits = { text: yes, has: true };
    else if (no) facts.previousVisits = { text: no, has: false };
  }
  if (!facts.refusals) {
    const no = take(/\b(nunca (?:me )?(?:han )?(?:negado|rechazado|denegado)(?: (?:la|una) visa)?|never (?:been )?(?:refused|denied|rejected)(?: a visa)?|no me han negado(?: la visa)?)/u);
    const yes = take(/\b((?:me )?(?:negaron|rechazaron|denegaron) (?:la|mi|una) visa(?: (?:en|el ano) \d{4})?|(?:my )?visa (?:was|got) (?:refused|denied|rejected)(?: in \d{4})?|i was (?:refused|denied) (?:a |the )?visa(?: in \d{4})?)/u);
    if (yes) facts.refusals = { text: yes, has: true };
    else if (no) facts.refusals = { text: no, has: false };
  }
  if (!facts.marital) {
    const marital = take(/\b(?:soy|estoy|i am|i'm)\s+(casad[oa]|soltero|soltera|divorciad[oa]|viud[oa]|married|single|divorced|widowed)\b/u);
    if (marital) facts.marital = { text: marital, married: /casad|married/.test(fold(marital)) };
  }
  if (!facts.nationality) {
    const found = findNationality(text);
    if (found) facts.nationality = { text: found.text };
  }
}

function fromLabels(found: Partial<Record<LabelKey, string>>, facts: ApplicantFacts, language: 'es' | 'en'): void {
  const yesNo = (value: string) => (YES.test(fold(value)) ? true : NO.test(fold(value)) ? false : null);
  if (found.givenNames || found.surnames) {
    const parts = [found.givenNames, found.surnames].filter((v): v is string => Boolean(v));
    facts.name = { text: parts.map(readable).join(' '), from: parts };
  }
  else if (found.fullName) facts.name = { text: readable(found.fullName) };
  if (found.nationality) facts.nationality = { text: readable(found.nationality) };
  if (found.marital) facts.marital = { text: readable(found.marital), married: /casad|married|union/.test(fold(found.marital)) };
  if (found.purpose) {
    const kinds = purposeKinds(fold(found.purpose));
    facts.purpose = { text: readable(found.purpose), kinds: kinds.length ? kinds : ['other'] };
    const visa = visaClassOf(fold(found.purpose));
    // The DS-160's purpose answers name the class: 'TEMP. BUSINESS PLEASURE VISITOR (B)'.
    if (visa && /\([a-z]\)|b1|b2|f-?1|j-?1/.test(fold(found.purpose))) facts.visaClass = { text: readable(found.purpose), kind: visa };
  }
  if (found.visaClass) facts.visaClass = { text: readable(found.visaClass), kind: visaClassOf(fold(found.visaClass)) ?? 'other' };
  for (const key of ['arrival', 'departure'] as const) {
    const value = found[key];
    const date = value ? findDates(dashedDates(value), language)[0] : undefined;
    if (value && date) facts[key] = { text: value, iso: date.iso };
  }
  if (found.stay) {
    const days = lengthInDays(fold(found.stay));
    if (days) facts.stay = { text: readable(found.stay), days: days.days };
  }
  if (found.payer) {
    const kind = payerKind(fold(found.payer));
    if (kind) facts.payer = { text: readable(found.payer), kind };
  }
  if (found.employer) facts.employer = { text: readable(found.employer) };
  if (found.role) facts.role = { text: readable(found.role) };
  if (found.occupation) {
    const kind = standingOf(fold(found.occupation));
    if (kind) facts.standing = { text: readable(found.occupation), kind };
    else facts.role ??= { text: readable(found.occupation) };
  }
  if (found.jobSince) facts.jobSince = { text: found.jobSince };
  const income = found.income ?? found.annualIncome;
  if (income) {
    const match = /([\d.,]+)\s?(mil|k|thousand)?/.exec(fold(income));
    const amount = match ? amountWithScale(match[1] ?? '', match[2]) : null;
    if (amount) facts.income = { text: income, monthly: found.income ? amount : Math.round(amount / 12) };
  }
  if (found.budget) {
    const match = /([\d.,]+)\s?(mil|k|thousand)?/.exec(fold(found.budget));
    const amount = match ? amountWithScale(match[1] ?? '', match[2]) : null;
    if (amount) facts.budget = { text: found.budget, amount };
  }
  if (found.leave) {
    const days = lengthInDays(fold(found.leave)) ?? (/^\d+$/.test(found.leave.trim()) ? { days: Number(found.leave.trim()) } : null);
    if (days) facts.leave = { text: found.leave, days: days.days };
  }
  const family = found.usFamily ? yesNo(found.usFamily) : null;
  if (found.usFamilyDetails && !NO.test(fold(found.usFamilyDetails))) facts.usFamily = { text: readable(found.usFamilyDetails), has: true };
  else if (found.usFamily && family !== null) facts.usFamily = { text: readable(found.usFamily), has: family };
  for (const key of ['previousVisits', 'refusals'] as const) {
    const value = found[key];
    const has = value ? yesNo(value) : null;
    if (value && has !== null) facts[key] = { text: readable(value), has };
  }
}

/** Spanish or English, by their commonest little words: it decides whether 12/05/2027 is May or December. */
export function guessLanguage(text: string): 'es' | 'en' {
  const count = (re: RegExp) => (fold(text).match(re) ?? []).length;
  return count(/\b(de|del|la|el|los|las|que|por|para|con|mi|en|y)\b/g) > count(/\b(the|of|and|to|my|in|is|for|with|i|on)\b/g) ? 'es' : 'en';
}

/** The applicant's facts in what they pasted, with the length of stay from the dates when none was written. */
export function readFacts(pasted: string): ApplicantFacts {
  const text = pasted.normalize('NFC').slice(0, 20_000);
  const facts: ApplicantFacts = {};
  const language = guessLanguage(text);
  fromLabels(labelled(text), facts, language);
  fromSentences(text, facts);
  if (!facts.arrival || !facts.departure) {
    // Free text: 'del 10 de julio al 9 de agosto de 2026', 'from July 10, 2026 to August 9, 2026'.
    const dates = findDates(dashedDates(text), language);
    const trip = dates.filter((d) => d.iso >= '2000-01-01');
    const range = quote(text, fold(text), /((?:del|desde el|from)\s+(\d{1,2})\s+(?:al|to|-)\s+(\d{1,2}) de [a-z]+(?: de)? \d{4})/);
    if (!facts.arrival && !facts.departure && trip.length >= 2 && /\b(llego|llegada|arrive|arrival|del|from|viajo|travel|salgo|regreso|return)\b/.test(fold(text))) {
      const [first, second] = trip.slice(-2);
      if (first && second && first.iso < second.iso) {
        facts.arrival = { text: first.text, iso: first.iso };
        facts.departure = { text: second.text, iso: second.iso };
      }
    } else if (range && !facts.stay) {
      const [, from, to] = /(\d{1,2})\D+(\d{1,2})/.exec(range) ?? [];
      if (Number(to) > Number(from)) facts.stay = { text: range, days: Number(to) - Number(from) };
    }
  }
  if (!facts.stay && facts.arrival && facts.departure) {
    const days = daysBetween(facts.arrival.iso, facts.departure.iso);
    if (days > 0) facts.stay = { text: `${facts.arrival.text} – ${facts.departure.text}`, from: [facts.arrival.text, facts.departure.text], days };
  }
  if (!facts.standing && facts.employer) facts.standing = { text: facts.employer.text, kind: 'employee' };
  return facts;
}

/**
 * Only facts that quote the pasted text: a model's reading is kept where every quoted piece is found in the text
 * (letter case and accents aside), so a question never cites words the applicant did not write.
 */
export function groundedFacts(facts: ApplicantFacts, pasted: string): ApplicantFacts {
  const source = fold(tidy(pasted));
  const found = (piece: unknown) => typeof piece === 'string' && piece.trim().length > 0 && source.includes(fold(tidy(piece)));
  const kept: Record<string, unknown> = {};
  for (const [key, fact] of Object.entries(facts) as Array<[string, Quoted | undefined]>) {
    if (fact && (fact.from ? fact.from.every(found) : found(fact.text))) kept[key] = fact;
  }
  return kept as ApplicantFacts;
}
