import { findNationality } from '../../ai/builtin/countries';
import { fold } from '../../ai/builtin/text';
import { amountIn, calendarDays, currencyOf, lengthsIn } from '../numbers';
import { leaveIn } from './leave';
import { costIn, incomeIn } from './money';
import type { ApplicantFacts } from './schema';
import { ownedBusinessIn } from './owner';
import { daySpansIn } from './spans';
import { clauseQuote, clausesOf, find, quoted, type Piece } from './text';
import { periodOf, tailAfter } from '../../ai/reading/amounts';
import { childrenIn, datesIn, maritalOf, monthYearIn, payerKind, purposeKinds, RELATIVE, standingOf, visaOf, type DateFound } from './values';

// Facts from free sentences ('trabajo como cajero en el Banco Atlántida', 'my employer is covering the flights',
// 'llego el 10 de julio de 2027'), for what no label gave. Each quotes the words it was read from.

type Lang = 'es' | 'en';

/** Past trips, not this one: 'fui', 'estuve', 'me quedé', 'went', 'stayed', 'in 2016'. */
const PAST = /\b(fui|estuve|(?<!(?:rendre|une|la|en|de|pour|faire|una|mi|su) )visite|me quede|nos quedamos|went|was|were|stayed|visited|travell?ed|spent|last time|la ultima vez|suis alle|suis allee|suis reste|suis restee|sommes restes|ai passe|ai visite|estive|passei|visitei|fiquei|ficamos|estuvimos)\b/;

const NAME_WORD = "\\p{Lu}[\\p{L}'’-]+";
const NAME_CUE = new RegExp(`(?:[Mm]e llamo|[Mm]i nombre es|[Mm]y name is|[Mm]y full name is|I am|I'm|[Ss]oy|[Jj]e m'appelle|[Jj]e m’appelle|[Mm]on nom est|[Mm]eu nome é|[Mm]eu nome e|[Mm]e chamo|[Cc]hamo-me)\\s+(${NAME_WORD}(?:\\s+(?:de\\s+la\\s+|de\\s+|del\\s+|da\\s+|dos\\s+|do\\s+|le\\s+)?${NAME_WORD}){1,4})`, 'u');
/** An organisation's name as written: capitalised words, with the small words and legal endings names carry. */
const ORG = "(\\p{Lu}[\\p{L}\\p{N}&.'’-]*(?:\\s+(?:de|del|la|las|los|y|&|of|the|and|e)?\\s*(?:\\p{Lu}[\\p{L}\\p{N}&.'’-]*|S\\.A\\.?|PLC|LLC|Inc\\.?|Ltd\\.?))*)";

interface Ctx {
  facts: ApplicantFacts;
  language: Lang;
}

/** A text typed all in small letters ('i work as a nurse at chong hua hospital since 2016') names its employer up to the next clause. */
const LOWER_ORG = "([\\p{Ll}\\p{N}&.'’-]+(?:\\s+[\\p{Ll}\\p{N}&.'’-]+){0,4}?)(?=\\s+(?:since|desde|hace|for|and|y|como|as|in|en)\\b|\\s*[,.;(]|\\s*$)";
/** 'en la empresa Tigo', 'at the company Acme': the word 'company' is not the name. */
const FIRM = '(?:(?:empresa|compa[ñn][ií]a|firma|company|firm)\\s+)?';

/**
 * A business the applicant owns ('soy dueña de un colmado en Gurabo', 'I run a bakery in Ponce'): working for
 * oneself, the business where one works; the town after it is a place, never the employer.
 */
function owner(s: Piece, ctx: Ctx): void {
  const { facts } = ctx;
  if (facts.employer || (facts.standing && facts.standing.kind !== 'self-employed') || /\?\s*$/.test(s.text)) return;
  const own = ownedBusinessIn(s.text);
  if (!own) return;
  // The sentence's own word for it, when it has one ('I run a shop, so I'm self-employed'), else the owner's words.
  standing(s, ctx);
  if (facts.standing && facts.standing.kind !== 'self-employed') return;
  facts.standing ??= { source: own.owner.text, kind: 'self-employed' };
  facts.employer = { source: own.business.text };
}

function employment(s: Piece, { facts }: Ctx): void {
  if (facts.employer) return;
  const org = /\p{Lu}/u.test(s.text) ? ORG : LOWER_ORG;
  const patterns: Array<[RegExp, 'role' | 'employer', 'role' | 'employer']> = [
    [new RegExp(`(?:^|\\s)(?:[Tt]rabajo|[Ll]aboro|[Tt]rabaja)\\s+(?:como|de)\\s+([\\p{L}-]+(?:\\s+[\\p{L}-]+){0,3}?)\\s+(?:en|para)\\s+(?:el\\s+|la\\s+|los\\s+)?${FIRM}${org}`, 'u'), 'role', 'employer'],
    [new RegExp(`(?:^|\\s)(?:[Tt]rabajo|[Ll]aboro)\\s+(?:en|para)\\s+(?:el\\s+|la\\s+)?${FIRM}${org}\\s+(?:como|de)\\s+([\\p{L}-]+(?:\\s+(?!(?:hace|desde|since|for|en|at)\\b)[\\p{L}-]+){0,3})`, 'u'), 'employer', 'role'],
    [new RegExp(`(?:^|\\s)[Ii] work as (?:an? )?([\\p{L}-]+(?:\\s+[\\p{L}-]+){0,3}?)\\s+(?:at|for|in)\\s+(?:the\\s+)?${FIRM}${org}`, 'u'), 'role', 'employer'],
    [new RegExp(`(?:^|\\s)[Ii] work (?:at|for)\\s+(?:the\\s+)?${FIRM}${org}\\s+as (?:an? )?([\\p{L}-]+(?:\\s+[\\p{L}-]+){0,3})`, 'u'), 'employer', 'role'],
    [new RegExp(`(?:^|\\s)(?:I'm|I am|im|i'm|i am|[Hh]e is|[Ss]he is|[Hh]e's|[Ss]he's) (?:an? )([\\p{L}-]+(?:\\s+[\\p{L}-]+){0,2}?)\\s+at\\s+${org}`, 'u'), 'role', 'employer'],
    [new RegExp(`(?:^|\\s)(?:[Jj]e travaille|[Tt]ravaille)\\s+(?:comme|en tant que)\\s+([\\p{L}-]+(?:\\s+[\\p{L}-]+){0,3}?)\\s+(?:chez|pour|à|au|dans)\\s+(?:la\\s+|le\\s+|l'|les\\s+)?${FIRM}${org}`, 'u'), 'role', 'employer'],
    [new RegExp(`(?:^|\\s)(?:[Tt]rabalho|[Tt]rabalha)\\s+(?:como|de)\\s+([\\p{L}-]+(?:\\s+[\\p{L}-]+){0,3}?)\\s+(?:na|no|em|para|pela|pelo)\\s+${FIRM}${org}`, 'u'), 'role', 'employer'],
  ];
  for (const [re, first, second] of patterns) {
    const match = new RegExp(re.source, 'du').exec(s.text);
    const a = match?.indices?.[1];
    const b = match?.indices?.[2];
    if (!match || !a || !b) continue;
    // 'He is a teacher at …' is the applicant in a message written for them; 'my brother … he is' is the brother.
    if (/^\s*(?:trabaja|he|she)\b/i.test(match[0]) && RELATIVE.test(s.folded.slice(0, match.index))) continue;
    const take = (span: [number, number]) => ({ source: s.text.slice(span[0], span[1]).replace(/[\s.,;]+$/, '') });
    facts[first] ??= take(a);
    facts[second] ??= take(b);
    const since = find(s, /\b(?:desde|since)\s+(?:el\s+|hace\s+)?((?:\d{1,2}\s+de\s+)?(?:[a-z]+\s+(?:de\s+)?)?\d{4}|\d+ (?:anos|years))/);
    if (since) facts.jobSince ??= { source: since.text };
    return;
  }
}

const STANDING_WORDS = '(?:trabajador[a]?\\s+|travailleur\\s+|travailleuse\\s+)?(?:independiente|independante?|self[- ]employed|freelancer?|estudiante|etudiante?|estudante|student|desemplead[oa]|desempregad[oa]|unemployed|not working|out of work|sans emploi|au chomage|jubilad[oa]|retraitee?|aposentad[oa]|retired|pensionad[oa]|sin empleo|sin trabajo|sem emprego)';

function standing(s: Piece, { facts }: Ctx): void {
  if (facts.standing) return;
  const cue = find(s, /\b(?:soy|estoy|es|esta|i am|i'm|im|(?:he|she) is|(?:he|she)'s|currently|actualmente|me encuentro|je suis|sou|estou)\s+(?:an?\s+|un\s+|una\s+|une\s+|um\s+|uma\s+)?(?:currently\s+|actualmente\s+)?((?:trabajador[a]?\s+|travailleur\s+|travailleuse\s+)?(?:independiente|independante?|self[- ]employed|freelancer?|estudiante|etudiante?|estudante|student|desemplead[oa]|desempregad[oa]|unemployed|not working|out of work|sans emploi|au chomage|jubilad[oa]|retraitee?|aposentad[oa]|retired|pensionad[oa]|ama de casa|amo de casa|femme au foyer|homme au foyer|dona de casa|dono de casa|homemaker|sin empleo|sin trabajo|autonom[oa]))\b/);
  // A note that is only the standing: 'Sans emploi depuis janvier', 'Retired since 2020', 'Estudiante, 3er año'.
  const alone = cue ? null : find(s, new RegExp(`^[\\s\\-–•*]*(${STANDING_WORDS})(?=\\s*(?:$|[,.;(]|(?:since|depuis|desde|ha|desde hace|ja|for)\\b))`));
  const kind = cue ? standingOf(fold(cue.text)) : alone ? standingOf(fold(alone.text)) : null;
  if (alone && kind) {
    facts.standing = { source: alone.text, kind };
    return;
  }
  // 'es jubilado' is the applicant in a message written for them; 'mi hijo es estudiante' is the son.
  const third = cue && /^(?:es|esta|he|she)\b/.test(cue.match[0].trimStart());
  if (third && RELATIVE.test(s.folded.slice(0, cue.match.index))) return;
  if (cue && kind) facts.standing = { source: cue.text, kind };
}

function money(s: Piece, { facts }: Ctx): void {
  const amount = "((?:us\\$|u\\$s|\\$u|r\\$|s\\/\\.?|bs\\.?|q|l|\\$|€|£|[a-z]{3}(?=\\s?\\d))?\\s?(?:\\d{1,3}(?: \\d{3})+|[\\d.,]+)\\s?(?:(?:mil|k|thousand|millones|million)(?![a-z]))?\\s?(?:pesos|dolares|dollars|usd|mxn|cop|soles|reales|reais|euros|eur|kes|uah|lempiras|quetzales|naira|rupees|brl|ngn|ghs|inr|php|pen|ars|gtq)?(?:\\s(?:mexicanos|colombianos))?)";
  if (!facts.income) {
    const re = new RegExp(`\\b(?:gano|ganando|cobro|percibo|mi salario mensual es de|mi sueldo mensual es de|my monthly salary is|mon salaire mensuel est de|meu salario mensal e de|mi salario es de|mi sueldo es de|mi salario es|mi sueldo es|salario (?:mensual )?de|sueldo (?:mensual )?de|ingresos? (?:mensual(?:es)? )?de|pension de|pension of|(?:i|and) earn|i make|and make|make about|make around|my (?:monthly )?(?:salary|income) is|earning|salary of|income of|je gagne|je touche|mon salaire (?:mensuel )?est de|mon salaire est|une pension de|ganho|recebo|meu salario (?:mensal )?e de|meu salario e|mon revenu est de)\\s+(?:environ\\s+|uns\\s+|unos\\s+|about\\s+|cerca de\\s+)?(${amount}\\s?(al mes|mensuales|por mes|a month|per month|monthly|par mois|por mes|al ano|anuales|por ano|a year|per year|annually|yearly|par an)?)`);
    const found = find(s, re, 1);
    const value = found ? amountIn(fold(found.text)) : null;
    // A period the words above do not list ("45k/yr", "a la quincena") is read by the chat reader's grammar, and quoted.
    const end = found?.match.indices?.[1]?.[1] ?? 0;
    const tail = found && !found.match[3] ? tailAfter(s.folded.slice(end)) : 0;
    const said = tail ? periodOf(s.folded.slice(end, end + tail)) : undefined;
    const source = tail && found ? (quoted(s, found.match.indices![1]![0], end + tail)?.text ?? found.text) : found?.text;
    if (found && value && source && said !== 'day' && said !== 'hour') {
      const period = found.match[3] ?? '';
      const perMonth = said === 'year' || /ano|year|annual/.test(period) ? 1 / 12 : said === 'week' ? 52 / 12 : said === 'fortnight' ? 26 / 12 : 1;
      facts.income = {
        source,
        monthly: Math.round(value * perMonth),
        ...(currencyOf(fold(found.text)) ? { currency: currencyOf(fold(found.text)) } : {}),
        salary: true,
      };
    }
  }
  if (!facts.budget) {
    const found = find(s, new RegExp(`\\b(?:presupuesto (?:es )?de|el viaje (?:me )?costara(?: unos)?|costara unos|voy a gastar|gastare|budget (?:is |of )?|the trip will cost(?: about)?|it will cost(?: about)?|i will spend|i'll spend|spend about|le voyage coutera(?: environ)?|coutera environ|je vais depenser|a viagem vai custar(?: uns| cerca de)?|vai custar(?: uns)?|vou gastar)\\s+${amount}`));
    const value = found ? amountIn(fold(found.text)) : null;
    if (found && value) facts.budget = { source: found.text, amount: value, ...(currencyOf(fold(found.text)) ? { currency: currencyOf(fold(found.text)) } : {}) };
  }
}

function leave(s: Piece, { facts }: Ctx): void {
  if (facts.leave) return;
  const n = '(?:\\d{1,3}|diez|doce|catorce|quince|veinte|treinta|ten|twelve|fourteen|fifteen|twenty|thirty|one|two|three|four|una|dos|tres|cuatro|deux|trois|quatre|duas|tres|quatro|vingt|trente|vinte|trinta)';
  const found =
    find(s, new RegExp(`\\b(${n}\\s+(?:working\\s+|business\\s+)?(?:dias|days|semanas|weeks|jours|semaines)(?:\\s+(?:habiles|laborables|ouvres|uteis))?\\s+(?:of|de|d)\\s*(?:paid\\s+|annual\\s+)?(?:vaca[cs]iones|vacation|leave|annual leave|holidays?|permiso|conges?|ferias)(?:\\s+(?:pagadas|anuales|al ano|per year|a year|each year|par an|payes|por ano|anuais))?)`)) ??
    find(s, new RegExp(`\\b((?:vacaciones|vacation|leave)\\s+(?:anuales\\s+)?(?:de|of)\\s+${n}\\s+(?:dias|days)(?:\\s+(?:habiles|laborables))?)`)) ??
    find(s, new RegExp(`\\b(${n}\\s+(?:working\\s+|business\\s+)?(?:days|weeks)\\s+off)\\b`));
  const length = found ? lengthsIn(fold(found.text))[0] : null;
  if (found && length) {
    facts.leave = { source: found.text, days: /habiles|laborables|working|business/.test(fold(found.text)) ? calendarDays(length.days) : length.days };
    return;
  }
  // Told in other words: a span of dates, a length further from the word, or none granted for the trip.
  for (const c of clausesOf(s)) {
    const said = leaveIn(c);
    if (said) {
      facts.leave = said;
      return;
    }
  }
}

function payer(c: Piece, { facts }: Ctx): void {
  if (facts.payer) return;
  if (!/\b(paga|pagan|pagara|pagaran|pago|pagamos|cubre|cubren|cubrira|financia|financian|costea|patrocina|pays|pay|paying|paid|covers|cover(?! letter)|covered|covering|funds|funding|funded|sponsor|sponsoring|sponsored|paie|paye|payer|paient|finance|prend en charge|pagar|pagam|banca|custeia)\b/.test(c.folded)) return;
  if (/\b(paid (leave|vacation|holidays?)|vacaciones pagadas|days? of paid)\b/.test(c.folded)) return;
  const kind = payerKind(c.folded);
  const quote = clauseQuote(c);
  if (kind && kind !== 'other' && quote) facts.payer = { source: quote.text, kind };
}

function purpose(c: Piece, { facts }: Ctx): void {
  if (facts.purpose || PAST.test(c.folded)) return;
  if (!/\b(viajo|viajar|viajamos|voy|vamos|iremos|ire|ir a|quiero ir|el motivo|el proposito|para (hacer|visitar|asistir|conocer|ver)|travel|traveling|travelling|going|go to|trip|visit|attend|the purpose|sending me|me envia|me mandan|le motif|le but|mon voyage|je vais|voyage|voyager|o objetivo|o motivo|minha viagem|vou|viagem)\b/.test(c.folded)) return;
  // Work or study denied ('no voy a trabajar', 'not going to work'), or after the return ('ao voltar vou trabalhar'),
  // is no purpose of this trip.
  const denied = /\b(?:not|never|no|nao|pas|jamais|nunca|ao voltar|al volver|de regreso|au retour|back to|when i (?:come|get) back)\b[^.;]{0,25}\b(?:work|trabaj|travaill|trabalh|stud|estud|etud)/.test(c.folded);
  const kinds = purposeKinds(c.folded).filter((k) => !denied || (k !== 'work' && k !== 'study'));
  const quote = clauseQuote(c);
  if (kinds.length && quote) facts.purpose = { source: quote.text, kinds };
}

function visa(c: Piece, { facts }: Ctx): void {
  if (facts.visaClass || PAST.test(c.folded) || /\b(19|20)\d{2}\b/.test(c.folded)) return;
  const visaAt = /\b(?:visa|visado|visto)\b/.exec(c.folded)?.index ?? -1;
  // 'mi hijo que estudia en Arizona (visa F-1)': a relative's visa, not the one applied for; 'visitar a mi hermana,
  // de turismo con visa B2' travels on it.
  const own = /\b(?:con|with|on|using|avec|com)\s+(?:una\s+|la\s+|a\s+|my\s+|mi\s+|un\s+|um\s+|o\s+)?$/.test(c.folded.slice(0, visaAt));
  if (visaAt < 0 || (!own && RELATIVE.test(c.folded.slice(0, visaAt)))) return;
  const found =
    find(c, /\b(?:visa|visado|visto)\s+((?:de\s+)?(?:turista|turismo|estudiante|trabajo|b-?1\/b-?2|b1\/b2|b-?[12]|f-?1|j-?1|h-?1b|tourist|student|work)(?:\s+(?:de\s+)?(?:turista|tourist|student|estudiante))?)\b/) ??
    // "on a B1/B2 visa", "a student visa": the class before the word.
    find(c, /\b(?:an?|un|une|um|uma)\s+((?:b-?1\/b-?2|b1\/b2|b-?[12]|f-?1|j-?1|h-?1b|tourist|student|work))\s+(?:visa|visto)\b/);
  const kind = found ? visaOf(fold(found.text)) : null;
  if (found && kind) facts.visaClass = { source: found.text, kind };
}

function stayAndCourse(c: Piece, { facts }: Ctx): void {
  if (PAST.test(c.folded)) return;
  const lengths = lengthsIn(c.folded);
  if (!lengths.length) return;
  const course = /\b(curso|course|cours|programa|program|taller|workshop|atelier|diplomado|seminario|bootcamp)\b/.exec(c.folded);
  if (course && !facts.course) {
    const nearest = [...lengths].sort((a, b) => Math.abs(a.index - course.index) - Math.abs(b.index - course.index))[0];
    if (nearest) {
      const text = c.text.slice(nearest.index, nearest.index + nearest.length);
      facts.course = { source: text, days: nearest.days };
      return;
    }
  }
  if (facts.stay) return;
  const stay = find(c, /\b(?:por|durante|for|pour|stay(?:ing)?(?: for)?|quedarme|quedarnos|quedare|quedaremos|me quedo|me voy a quedar|estare|estaremos|estadia de|estancia de|away for|fuera|resterai|reste|resterons|sejour de|pendant|ficarei|vou ficar|ficar|ficaremos)\s+(?:(?:solo|solamente|unos|unas|about|only|just|around|environ|uns|umas)\s+)?((?:\d{1,3}|un|una|une|um|uma|dos|tres|cuatro|cinco|seis|siete|ocho|one|two|three|four|five|six|seven|eight|a|an|deux|trois|quatre|cinq|six|sept|huit|duas|dois|quatro|seis|sete|oito)[\s-]+(?:dias|dia|diitas|diita|days|day|jours|jour|semanas|semana|semanitas|semanita|weeks|week|semaines|semaine|meses|mes|mesecitos|mesecito|months|month|mois))\b/);
  const away = stay ?? find(c, /\b((?:\d{1,3}|one|two|three|four|five|six|seven|eight|dos|tres|cuatro|cinco|seis)[\s-]+(?:days?|weeks?|months?|dias|semanas|meses)[\s-]+(?:away|fuera|stay|trip|de estadia|de viaje))\b/);
  const length = away ? lengthsIn(fold(away.text))[0] : null;
  // '15 días de vacaciones', '14 days of paid leave' are the leave, not the stay.
  const leaveAfter = away ? /^\s*(?:(?:de|of)\s+(?:paid\s+)?(?:vacaciones|vacation|leave|permiso)|habiles|laborables|working)/.test(c.folded.slice(away.start - c.start + away.text.length)) : false;
  if (away && length && !leaveAfter) facts.stay = { source: away.text, days: length.days };
}

/**
 * A span of days that is not this trip's: a document's validity, a course's or classes' dates, leave or time off,
 * an earlier trip ('la última vez fue del 3 al 20 de junio', 'last year', 'l'an dernier').
 */
const NOT_THE_TRIP_SPAN =
  /\b(pasaporte|passport|passeport|passaporte|valid|valable|validade|vigencia|curso|course|cours|clases|classes|aulas|class|conge|conges|leave|time off|days off|off work|permiso|licencia|licenca|fue|fuimos|foi|fomos|etait|last (?:year|time|trip)|el ano pasado|la vez pasada|l'an dernier|l'annee derniere|ano passado|previous|anterior|precedent|derniere fois|ultima vez)\b/;

/** A span is the trip's when its clause says so: travelling, being there, staying, the trip's dates. */
const TRIP_CUE =
  /\b(viaj\w*|travel\w*|trip|fly\w*|flight|vuelo|vol|voo|voyage\w*|sejour|viagem|estare|estaremos|estarei|ficar|ficarei|ficaremos|be in|be there|be away|stay\w*|quedar\w*|fechas|fecha|dates?|datas|part\w*|arriv\w*|lleg\w*|cheg\w*|serai|serons|vou|vamos|voy|iremos|going|vais|allons|irei|iremos|visit\w*|vacaciones|vacances|ferias|holiday|vacation|turismo|tourism|tourisme|en miami|a miami)\b/;
const LEAVE_WORD = /\b(conge|conges|leave|time off|days off|off work|permiso|licencia|licenca)\b/;

/** Arrival and departure from the words around each date: 'llego el', 'starting', 'regreso el', 'return ticket for'. */
function dates(s: Piece, { facts, language }: Ctx): void {
  // A span of leave ('leave approved from July 2 to July 16') is the job's, not the trip's dates.
  // Only a span told with the leave: 'away for six weeks starting July 3, and 14 days of leave' keeps its arrival.
  if (clausesOf(s).some((c) => leaveIn(c) && !lengthsIn(c.folded).length)) return;
  // A span of days ('del 3 al 20 de junio de 2027', 'from June 3 to 20', 'du 3 au 20 juin', 'de 3 a 20 de junho'):
  // the first day borrows the last one's month and year, or the year of a whole date the sentence tells after it.
  // An earlier visit's span, a document's or a course's is not this trip's.
  /** Spans that are not this trip's: their dates are read by nothing below either. */
  const notTheTrip: Array<[number, number]> = [];
  if (!facts.arrival && !facts.departure) {
    const whole = datesIn(s.text, language);
    for (const span of daySpansIn(s.text)) {
      // What its clause says before it, and leave named after it ('del 5 al 16 de julio estaré de vacaciones').
      const before = s.folded.slice(0, span.index);
      const clause = before.slice(Math.max(before.search(/[^.;]*$/), 0));
      const after = /^[^.;]*/.exec(s.folded.slice(span.index + span.text.length))?.[0] ?? '';
      if (/\?\s*$/.test(s.text) || PAST.test(clause) || NOT_THE_TRIP_SPAN.test(clause) || LEAVE_WORD.test(after) || !TRIP_CUE.test(`${clause} ${after}`)) {
        notTheTrip.push([span.index, span.index + span.text.length]);
        continue;
      }
      const year = whole.find((d) => d.index >= span.index + span.text.length)?.iso.slice(0, 4);
      const dated = span.from ? span : year ? daySpansIn(s.text, Number(year)).find((x) => x.index === span.index) : undefined;
      if (dated?.from && dated.to) {
        facts.arrival = { source: span.text, iso: dated.from };
        facts.departure = { source: span.text, iso: dated.to };
      } else facts.stay ??= { source: span.text, days: span.days };
      return;
    }
  }
  const all = [...datesIn(s.text, language), ...yearless(s, language)].filter((d) => !notTheTrip.some(([a, b]) => d.index >= a && d.index < b)).sort((a, b) => a.index - b.index);
  for (const date of all) {
    const before = s.folded.slice(Math.max(0, date.index - 45), date.index);
    const source = date.text;
    // "Passport valid until …", "born on …", "issued on …": a document's or a person's date, not the trip's.
    if (/\b(pasaporte|passport|passeport|passaporte|expir|vence|valid|valable|validade|emitid|issued|delivre|nacimiento|naissance|nascimento|born|nac[ií]|nasci)\w*[^.]*$/.test(before)) continue;
    if (/\b(regreso|regresa|regresamos|regresare|regresaria|vuelvo|vuelve|volvemos|volvere|volveria|return|returns|returning|back|leave on|leaving|departure|salida de|hasta el|until|boleto de regreso|vuelo de regreso|return ticket|return flight|repars|repartirai|reviens|retour|rentre|jusqu'au|volto|voltarei|volta|retorno|regresso|ate)\b[^.]*$/.test(before)) {
      facts.departure ??= { source, iso: date.iso };
    } else if (/\b(llego|llega|llegare|llegaria|llegamos|llegada|arrive|arrives|arriving|arrival|salgo|sale|salimos|viajo|viaja|se va|se iria|se ira|starting|start on|from|desde el|fly on|flying on|flying|fly out|vuelo el|entro|entrare|a partir del?|j'arrive|arrivee|arriverai|pars|partirai|chego|chegarei|chegada|embarco|viajo em)\b[^.]*$/.test(before)) {
      facts.arrival ??= { source, iso: date.iso };
    }
  }
  // 'fechas: June 12th to July 30th, 2027', 'Oct 4 → Oct 10', 'du 8 au 18 septembre', 'de 1 até 15 de outubro': two
  // dates joined by 'to' are the trip's first and last day; one of them may already be read from its own cue.
  if (facts.arrival && facts.departure) return;
  for (let i = 0; i + 1 < all.length; i += 1) {
    const [a, b] = [all[i] as DateFound, all[i + 1] as DateFound];
    const between = s.folded.slice(a.index + a.text.length, b.index);
    const agrees = (!facts.arrival || facts.arrival.iso === a.iso) && (!facts.departure || facts.departure.iso === b.iso);
    if (agrees && /^,?\s*(?:to|al|a|au|ate|jusqu'au|hasta(?: el)?|until|till|through|thru|→|->|-|–|—)\s*(?:el\s+|le\s+)?$/.test(between) && a.iso < b.iso) {
      facts.arrival ??= { source: a.text, iso: a.iso };
      facts.departure ??= { source: b.text, iso: b.iso };
      return;
    }
  }
}

const MONTH_NAME = '(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)';

/** Dates written without their year ('salimos el 20 de julio y volvemos el 25 de agosto del 2027'), in the year of the next whole date. */
function yearless(s: Piece, language: Lang): DateFound[] {
  const whole = datesIn(s.text, language);
  const out: DateFound[] = [];
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(\\d{1,2}\\s+de\\s+${MONTH_NAME}|${MONTH_NAME}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?)(?![\\p{L}\\p{N}])`, 'gu');
  for (const match of s.folded.matchAll(re)) {
    if (whole.some((d) => match.index < d.index + d.text.length && match.index + match[0].length > d.index)) continue;
    const next = whole.find((d) => d.index > match.index);
    if (!next) continue;
    const year = next.iso.slice(0, 4);
    const date = datesIn(/\bde\b/.test(match[0]) ? `${match[0]} de ${year}` : `${match[0]}, ${year}`, language)[0];
    if (date && date.iso <= next.iso) out.push({ iso: date.iso, text: s.text.slice(match.index, match.index + match[0].length), index: match.index });
  }
  return out;
}

/** Words that say a passport's end, and its start: a date after one of them is that one ("issued on … and expires on …"). */
const EXPIRES = /\b(vence|vencimiento|expira|caduca|valido hasta|vigente hasta|expires|expiry|expiration|valid until|valid through|valid till|good until|expire|valable jusqu|validade|valido ate|vale ate|valida ate|valendo ate|vencimento|se vence|se me vence|vai vencer|venceu|expire en|expire au|expires on|expiring|runs out|good till|valide jusqu)\b/g;
const ISSUED = /\b(emitido|emitida|expedido|expedida|emision|expedicion|issued|issue|delivre|delivrance|emissao|emitido em)\b/g;

function passport(s: Piece, { facts, language }: Ctx): void {
  if ((facts.passportExpiry && facts.passportIssue) || !/\b(pasaporte|passport|passeport|passaporte)\b/.test(s.folded)) return;
  const cues = [...[...s.folded.matchAll(EXPIRES)].map((m) => ({ at: m.index, kind: 'expiry' as const })), ...[...s.folded.matchAll(ISSUED)].map((m) => ({ at: m.index, kind: 'issue' as const }))].sort((a, b) => a.at - b.at);
  if (!cues.length) return;
  const dates = datesIn(s.text, language);
  if (!dates.length) {
    // Months alone ('lo saqué en enero 2025 y vence enero 2035', 'issued 02/2024, expires 02/2029'): each is what the
    // nearest cue before it says, so the month it was issued is never taken for the month it expires.
    for (const month of monthYearsIn(s.text)) {
      const cue = cues.filter((c) => c.at < month.index).at(-1);
      if (cue?.kind === 'expiry') facts.passportExpiry ??= { source: s.text.slice(month.index, month.index + month.text.length), iso: month.iso };
    }
    return;
  }
  // 'Emisión / vencimiento del pasaporte | 09/08/2024 / 08/08/2030': cues named together, then their dates in order.
  const listed = cues.filter((c) => c.at < dates[0]!.index);
  if (listed.length >= 2 && dates.length >= listed.length && new Set(listed.map((c) => c.kind)).size === 2) {
    listed.forEach((cue, i) => {
      const date = dates[i]!;
      const fact = { source: s.text.slice(date.index, date.index + date.text.length), iso: date.iso };
      if (cue.kind === 'expiry') facts.passportExpiry ??= fact;
      else facts.passportIssue ??= fact;
    });
    return;
  }
  // Each date is what the nearest cue before it says: an issue date is never taken for the expiry.
  for (const date of dates) {
    const cue = cues.filter((c) => c.at < date.index).at(-1);
    if (!cue) continue;
    const fact = { source: s.text.slice(date.index, date.index + date.text.length), iso: date.iso };
    if (cue.kind === 'expiry') facts.passportExpiry ??= fact;
    else facts.passportIssue ??= fact;
  }
}

/** Every month-and-year in a text, in order, at the text's own offsets. */
function monthYearsIn(text: string): DateFound[] {
  const out: DateFound[] = [];
  for (let from = 0; from < text.length; ) {
    const found = monthYearIn(text.slice(from));
    if (!found) break;
    out.push({ ...found, index: found.index + from });
    from += found.index + Math.max(found.text.length, 1);
  }
  return out;
}

function person(s: Piece, { facts }: Ctx): void {
  if (!facts.name) {
    const match = new RegExp(NAME_CUE.source, 'du').exec(s.text);
    const span = match?.indices?.[1];
    if (span) facts.name = { source: s.text.slice(span[0], span[1]) };
  }
  // 'curso de inglés' names a language, not the applicant's country.
  if (!facts.nationality && !/\b(curso|course|clases|classes|lessons|idioma|language)\b/.test(s.folded)) {
    const found = findNationality(s.text);
    // '¿Ha estado en EE.UU.?' names where the visa is for, never the applicant's nationality.
    if (found && found.country !== 'United States') facts.nationality = { source: found.text, country: found.country };
  }
  if (!facts.marital) {
    const found = find(s, /\b(?:soy|estoy|i am|i'm|we are|je suis|sou|estou)\s+(casad[oa]|soltero|soltera|solteir[oa]|divorciad[oa]|viud[oa]|viuv[oa]|married|single|divorced|widowed|separad[oa]|separated|mariee?|celibataire|divorcee?|veuf|veuve|separee?|pacsee?)\b/);
    const kind = found ? maritalOf(fold(found.text)) : null;
    if (found && kind) facts.marital = { source: found.text, kind };
  }
  if (!facts.children && /\b(tengo|tenemos|have|has|with|con|j'ai|j ai|avons|tenho|temos|com|avec)\b/.test(s.folded)) {
    const found = childrenIn(s.folded);
    if (found) facts.children = { source: s.text.slice(found.index, found.index + found.length), count: found.count };
  }
}

/** "I was born on …", "nací el …", "je suis né le …", "nasci em …": the birth date. */
function born(s: Piece, { facts, language }: Ctx): void {
  if (facts.birthDate) return;
  const cue = /\b(?:born(?: on)?|date of birth|naci(?: el)?|nacid[oa] el|fecha de nacimiento|(?:je suis )?nee? le|date de naissance|nasci(?: em| no dia)?|data de nascimento)\b/.exec(s.folded);
  if (!cue) return;
  const date = datesIn(s.text, language).find((d) => d.index >= cue.index);
  if (date) facts.birthDate = { source: s.text.slice(date.index, date.index + date.text.length), iso: date.iso };
}

/** "a student of Civil Engineering at University of Lagos", "estudiante de Derecho en la Universidad …", "étudiante en Droit à l'Université …". */
function studies(s: Piece, { facts }: Ctx): void {
  if (facts.school) return;
  const match = new RegExp(`\\b(?:student of|studying|estudiante de|estudio|etudiante? en|j'etudie|estudante de|estudo)\\s+(${ORG})\\s+(?:at|en la|en el|en|a l'|a la|au|a|na|no|em)\\s+(?:the\\s+)?${ORG}`, 'du').exec(s.text);
  const [programme, school] = [match?.indices?.[1], match?.indices?.[2]];
  if (!programme || !school) return;
  facts.programme ??= { source: s.text.slice(programme[0], programme[1]) };
  facts.school = { source: s.text.slice(school[0], school[1]).replace(/[\s.,;]+$/, '') };
}

/**
 * Enrolled nowhere, told in a sentence: 'I'm not enrolled anywhere this year', 'no estoy inscrita en ninguna
 * universidad', 'je ne suis inscrite dans aucun établissement', 'cette année je suis inscrit nulle part', 'não estou
 * matriculada em nenhuma faculdade': the school answer's none, in words.
 */
const NOT_ENROLLED =
  /\b((?:i'?m|i am|i'm currently|currently) not (?:enrolled|registered|studying) (?:anywhere|in any (?:school|university|college|course|program(?:me)?)|at any (?:school|university|college))|not enrolled anywhere|no estoy (?:inscrit[oa]|matriculad[oa]|estudiando) en (?:ninguna|ningun|ningún) (?:parte|lado|universidad|escuela|instituto|colegio|facultad|sitio)|(?:je )?(?:ne )?suis inscrite? (?:nulle part|dans aucun(?:e)? (?:etablissement|ecole|universite|fac|faculte|formation))|nao estou (?:matriculad[oa]|inscrit[oa]) em (?:nenhuma|nenhum) (?:faculdade|universidade|escola|curso|lugar|instituicao)|nao estou matriculad[oa] em lugar nenhum)\b/;

function notEnrolled(s: Piece, { facts }: Ctx): void {
  if (facts.school || facts.noSchool || /\?\s*$/.test(s.text)) return;
  const found = find(s, NOT_ENROLLED);
  // Of someone else ('mi hijo no está inscrito'): the cue is in the first person, a relative before it is theirs.
  if (found && !RELATIVE.test(s.folded.slice(Math.max(0, found.start - s.start - 30), found.start - s.start))) facts.noSchool = { source: found.text };
}

/** 'départ le 01/02/2027, séjour prévu : 5 mois': a stay labelled inside a line, after other words. */
function stayLabelled(s: Piece, { facts }: Ctx): void {
  if (facts.stay) return;
  // Only a planned stay: an earlier visit's 'Length of Stay: 30 DAYS' is not this trip's.
  const found = find(s, /\b(?:(?:sejour|estadia|estancia|duracion|duree|duracao)(?: prevue?| prevista| previsto| prevu)|intended stay|planned stay)\s*:\s*((?:\d{1,3})\s*(?:dias|dia|days|day|jours|jour|semanas|semana|weeks|week|semaines|semaine|meses|mes|months|month|mois))\b/);
  const length = found ? lengthsIn(fold(found.text))[0] : undefined;
  if (found && length) facts.stay = { source: found.text, days: length.days };
}

/** Income with its period and currency, and the trip's cost, told in any words (money.ts); the phrases of `money` after. */
function moneySaid(s: Piece, { facts }: Ctx): void {
  if (!facts.income) {
    const income = incomeIn(s);
    if (income) facts.income = { source: income.source, monthly: income.monthly, ...(income.currency ? { currency: income.currency } : {}), salary: income.salary };
  }
  if (!facts.budget) {
    const cost = costIn(s);
    if (cost && cost.source !== facts.income?.source) facts.budget = { source: cost.source, amount: cost.amount, ...(cost.currency ? { currency: cost.currency } : {}) };
  }
}

const CUES = [person, born, owner, employment, standing, studies, notEnrolled, moneySaid, money, leave, passport, dates, stayLabelled];
const CLAUSE_CUES = [payer, purpose, visa, stayAndCourse];

export function fromSentences(sentences: readonly Piece[], facts: ApplicantFacts, language: Lang): void {
  const ctx = { facts, language };
  for (const s of sentences) {
    for (const cue of CUES) cue(s, ctx);
    for (const c of clausesOf(s)) for (const cue of CLAUSE_CUES) cue(c, ctx);
  }
}
