import { fold } from '../ai/builtin/text';
import { readFacts, type ApplicantFacts, type FactKey } from './facts/index';
import { namesUsPlace } from './facts/places';
import { RELATIVE } from './facts/values';
import { lengthsIn } from './numbers';
import type { QuestionPlan } from './questions';
import type { Finding, Side } from './rules/index';
import { say, type InterviewLanguage } from './say';
import { shown } from './shape';

// An answer judged for what it says (issue 33): is it about what was asked, does it agree with the form and with
// the earlier answers, does it give facts, is it the same answer as before. The judgement is stored with a note
// (a key and what it names) so its feedback can be worded again in another language.

export const VERDICTS = ['good', 'short', 'vague', 'offTopic', 'repeated', 'contradiction', 'inconsistent'] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface Judgement {
  verdict: Verdict;
  score: number;
  /** About what was asked. */
  relevant: boolean;
  /** Gives facts: a date, an amount, a name, a place. */
  specific: boolean;
  /** For a question on a finding: the answer explains it. */
  explains?: boolean;
  note: { key: string; side?: Side; n?: number; topic?: string };
}

export interface Evaluation extends Omit<Judgement, 'note'> {
  feedback: string;
}

export interface EarlierAnswer {
  /** The question's number in the interview (1-based). */
  n: number;
  plan: QuestionPlan;
  answer: string;
}

const SHORT_WORDS = 4;
const DETAILED_WORDS = 12;
/** Two answers sharing this share of their words are the same answer. */
const SAME_ANSWER = 0.8;

const VAGUE = /\b(no se|no estoy segur[oa]|tal vez|quizas|quiza|a lo mejor|depende|maybe|perhaps|i don'?t know|not sure|i guess|probably|probablemente|algo asi|something like that|more or less|mas o menos|cosas|stuff|things|peut-etre|je ne sais pas|talvez|nao sei)\b/;
const EXPLAINS = /\b(because|porque|ya que|since|debido|due to|the reason|la razon|por eso|that'?s why|actually|en realidad|in fact|de hecho|mistake|error|equivoqu|me equivoque|correct|correg|wrong|mal escrit|letter|carta|approved|aprob|permission|permiso|unpaid|sin goce|renew|renov|new passport|nuevo pasaporte|changed|cambi[oó]|cambiado|now|ahora|will|voy a|planned|planeado|parce que|porque|car |pois)\b/;

/** What each kind of question is about, in words an answer on topic would use (Spanish, English, a little French and Portuguese). */
const ASPECTS: Record<string, RegExp> = {
  intro: /\b(i am|i'm|my name|me llamo|soy|mi nombre|je suis|je m'appelle|sou|meu nome|work|trabaj|travail|student|estudiante|etudiant|estudante|i travel|travelling|traveling|viajo|viajar|je voyage|viajo|visit|visitar|vacation|vacaciones|years old|anos|married|casad|engineer|ingenier|nurse|enfermer|accountant|contador|manager|gerente|professional|profesional)\b/,
  purpose: /\b(visit|visitar|visite|conocer|see|ver|voir|tour|turis|vacation|vacaciones|vacances|ferias|holiday|conference|conferencia|congreso|meeting|reunion|negocio|business|affaires|negocios|course|curso|cours|class|clase|study|estudi|etude|wedding|boda|mariage|casamento|graduation|graduacion|treatment|tratamiento|traitement|park|parque|museum|museo|musee|beach|playa|plage|praia|disney|shopping|compras|attend|asistir|trade show|feria|family|familia|famille|friends|amigos|amis|harvest|cosecha|work|trabajar|job|sightseeing|road trip)\b/,
  trip: /\b(days?|dias?|jours?|weeks?|semanas?|semaines?|months?|mes|meses|mois|hotel|airbnb|apartment|apartamento|departamento|casa de|house|stay|quedar|alojar|hospedar|loger|ficar|return|regres|volver|vuelvo|rentrer|voltar|fly|vuelo|vol|voo|flight|ticket|boleto|billet|passagem|until|hasta|jusqu|ate)\b|\d/,
  employment: /\b(work|trabaj|travail|job|empleo|emploi|emprego|puesto|position|poste|cargo|company|empresa|entreprise|boss|jefe|patron|chefe|team|equipo|equipe|office|oficina|bureau|escritorio|client|cliente|salary|sueldo|salario|salaire|years?|anos|ans|since|desde|depuis|manager|gerente|duties|funciones|task|tarea|tache|study|estudi|etudi|universi|school|escuela|ecole|escola|retired|jubil|retraite|aposentad|pension|home|hogar|household|casa|farm|finca|granja|fazenda|business|negocio|clients|customers|shop|tienda|loja)\b/,
  home: /\b(wife|esposa|femme|husband|esposo|marido|mari|children|hijos?|hijas?|enfants?|filhos?|kids|daughter|son|parents|padres|pais|mother|madre|mere|mae|father|padre|pere|pai|family|familia|famille|home|casa|maison|house|property|propiedad|propriete|job|trabajo|work|travail|return|volver|regres|rentrer|voltar|partner|pareja|novi[oa])\b/,
  family: /\b(brother|hermano|frere|irmao|sister|hermana|soeur|irma|son|hijo|fils|filho|daughter|hija|fille|filha|cousin|primo|prima|uncle|tio|oncle|aunt|tia|tante|mother|madre|father|padre|parents|padres|relative|familiar|family|familia|famille|live|vive|habite|mora|stay with|quedar con|citizen|ciudadan|citoyen|cidadao|resident|residen|green card|visa|papers|papeles|papiers|papeis|status|estatus|statut|nobody|nadie|personne|ninguem|no one|friend|amig)\b/,
  finances: /\b(pay|pag|paie|payer|cost|cuesta|costar|coute|custa|dollars?|dolares|usd|money|dinero|argent|dinheiro|savings|ahorros|epargne|poupanca|salary|salario|sueldo|salaire|income|ingreso|revenu|renda|bank|banco|banque|budget|presupuesto|orcamento|employer|empleador|employeur|empregador|company|empresa|parents|padres|credit|credito|cover|cubr|fund|afford|statements|estados de cuenta|releves|extratos)\b|\d/,
  history: /\b(visit|visite|visited|went|fui|estuve|viaje|trip|travel|voyage|year|ano|annee|refus|deneg|negad|negaron|negativa|rechaz|214|on time|a tiempo|a temps|no prazo|returned|regrese|volvi|rentre|voltei|overstay|stayed|me quede|never|nunca|jamais|first time|primera vez|premiere fois|primeira vez|countries|paises|pays|europe|europa|mexico|canada|embassy|embajada|consulado|consulate)\b|\b(19|20)\d{2}\b/,
};

/** The aspects a question asks about. */
function aspectsOf(plan: QuestionPlan, finding?: Finding): RegExp[] {
  const bySection: Record<string, string[]> = { purpose: ['purpose', 'trip'], ties: ['employment', 'home', 'family'], finances: ['finances', 'employment'], history: ['history'] };
  const byTopic: Record<string, string[]> = {
    intro: ['intro', 'purpose'], purpose: ['purpose', 'trip'], trip: ['trip'], employment: ['employment'], home: ['home', 'employment'], family: ['family'],
    payer: ['finances'], income: ['finances'], visits: ['history'],
    'general.stay': ['trip'], 'general.companions': ['family', 'home', 'trip'], 'general.return': ['home', 'employment', 'trip'],
  };
  const names = finding ? [...new Set(finding.sides.flatMap((s) => FACT_ASPECT[s.fact] ?? []).concat(bySection[finding.section] ?? []))] : byTopic[plan.topic] ?? bySection[plan.section] ?? [];
  return names.map((n) => ASPECTS[n]).filter((re): re is RegExp => Boolean(re));
}

const FACT_ASPECT: Partial<Record<FactKey, string[]>> = {
  stay: ['trip'], arrival: ['trip'], departure: ['trip'], course: ['purpose', 'trip'], leave: ['employment', 'trip'], passportExpiry: ['trip'],
  purpose: ['purpose'], visaClass: ['purpose'], standing: ['employment'], payer: ['finances'], income: ['finances'], budget: ['finances'],
  usFamily: ['family'], relatives: ['family'], refusals: ['history'], refusalMentions: ['history'], previousVisits: ['history'],
  visits: ['history'], overstays: ['history'], marital: ['home'], employer: ['employment'],
};

/** Words of the asked aspects, and not clearly fewer than those of any other: an answer about who pays, given to the introduction, is about who pays. */
function onTopic(folded: string, asked: RegExp[]): boolean {
  const hits = (re: RegExp) => (folded.match(new RegExp(re.source, 'g')) ?? []).length;
  const mine = Math.max(0, ...asked.map(hits));
  const others = Math.max(0, ...Object.values(ASPECTS).filter((re) => !asked.includes(re)).map(hits));
  return mine > 0 && mine * 2 >= others;
}

/** The words that carry meaning, for telling two answers apart. */
const words = (text: string) => fold(text).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 2);

function similarity(a: string, b: string): number {
  const x = new Set(words(a));
  const y = new Set(words(b));
  if (!x.size || !y.size) return fold(a).trim() === fold(b).trim() ? 1 : 0;
  const shared = [...x].filter((w) => y.has(w)).length;
  return shared / Math.max(x.size, y.size);
}

/** What an answer states, read by the same reader as the form, with a length said anywhere counted as the stay. */
function claims(answer: string, plan: QuestionPlan) {
  const read = readFacts(answer);
  const folded = fold(answer);
  const stayQuestion = plan.topic === 'trip' || /^finding\.(stayOver|stayWithout|datesDisagree)/.test(plan.topic) || plan.topic === 'general.stay';
  const lengths = lengthsIn(folded).filter((l) => !/^\s*(?:(?:de|of)\s+(?:paid\s+)?(?:vacaciones|vacation|leave|permiso)|habiles)/.test(folded.slice(l.index + l.length)) && !/(curso|course)\s*(de\s*)?$/.test(folded.slice(Math.max(0, l.index - 12), l.index)));
  return {
    stay: read.stay?.days ?? (stayQuestion && lengths.length ? Math.max(...lengths.map((l) => l.days)) : undefined),
    payer: read.payer?.kind,
    standing: read.standing?.kind ?? (/\b(i work|trabajo (en|como|para)|je travaille|trabalho)\b/.test(folded) ? 'employee' : undefined),
    family: read.usFamily?.has === false || /\b(no family|no relatives|nobody|nadie|no tengo (familia|familiares|a nadie)|no conozco a nadie)\b/.test(folded) ? false : read.relatives?.length || (RELATIVE.test(folded) && /\b(vive|lives|live|viven)\b/.test(folded) && namesUsPlace(folded)) ? true : undefined,
    visited: read.previousVisits?.has === false || /\b(never been(?! (?:refused|denied|rejected))|nunca he (ido|estado)|first time|primera vez|primer viaje|first trip)\b/.test(folded) ? false : read.visits?.length ? true : undefined,
    refused: read.refusals?.has === false || /\b(never (been )?refused|nunca me (han )?negad|no me han negado)\b/.test(folded) ? false : read.refusalMentions?.length ? true : undefined,
    work: /\b(trabajar alla|a trabajar|buscar (trabajo|empleo)|to work there|find a job|look for (a )?job|get a job|work there)\b/.test(folded),
    corrects: /\b(error|mistake|equivoc|correg|correct|wrong|mal)\b/.test(folded),
  };
}

type Claims = ReturnType<typeof claims>;
const differentStay = (a: number, b: number) => Math.abs(a - b) > Math.max(3, Math.max(a, b) * 0.2);

/** A fact of the form the answer says the opposite of; the sides of the finding being asked about are the answer's to choose. */
function againstForm(c: Claims, f: ApplicantFacts, finding: Finding | undefined): Side | null {
  const probed = (fact: FactKey) => finding?.sides.some((s) => s.fact === fact) ?? false;
  if (c.stay !== undefined && f.stay && !probed('stay') && differentStay(c.stay, f.stay.days) && !c.corrects) return { fact: 'stay' };
  if (c.payer && f.payer && !probed('payer') && c.payer !== f.payer.kind && !(c.payer === 'family' && f.payer.kind === 'other')) return { fact: 'payer' };
  const working = (k?: string) => k === 'employee' || k === 'self-employed';
  if (c.standing && f.standing && !probed('standing') && working(c.standing) !== working(f.standing.kind)) return { fact: 'standing' };
  if (c.family === false && (f.relatives?.length || f.usFamily?.has) && !probed('usFamily') && !probed('relatives')) return f.relatives?.length ? { fact: 'relatives', index: 0 } : { fact: 'usFamily' };
  if (c.family === true && f.usFamily?.has === false && !f.relatives?.length && !probed('usFamily')) return { fact: 'usFamily' };
  if (c.visited === false && (f.previousVisits?.has || f.visits?.length) && !probed('previousVisits') && !probed('visits')) return f.visits?.length ? { fact: 'visits', index: 0 } : { fact: 'previousVisits' };
  if (c.visited === true && f.previousVisits?.has === false && !f.visits?.length && !probed('previousVisits')) return { fact: 'previousVisits' };
  if (c.refused === false && (f.refusals?.has || f.refusalMentions?.length) && !probed('refusals') && !probed('refusalMentions')) return f.refusalMentions?.length ? { fact: 'refusalMentions', index: 0 } : { fact: 'refusals' };
  if (c.work && f.purpose && !f.purpose.kinds.includes('work') && !probed('purpose')) return { fact: 'purpose' };
  return null;
}

/** An earlier answer this one says the opposite of, and on what. */
function againstEarlier(c: Claims, earlier: ReadonlyArray<EarlierAnswer>): { n: number; on: string } | null {
  for (const e of earlier) {
    const other = claims(e.answer, e.plan);
    if (c.stay !== undefined && other.stay !== undefined && differentStay(c.stay, other.stay) && !c.corrects) return { n: e.n, on: 'stay' };
    if (c.payer && other.payer && c.payer !== other.payer) return { n: e.n, on: 'payer' };
    if (c.standing && other.standing && (c.standing === 'employee') !== (other.standing === 'employee') && c.standing !== 'self-employed' && other.standing !== 'self-employed') return { n: e.n, on: 'standing' };
    if (c.family !== undefined && other.family !== undefined && c.family !== other.family) return { n: e.n, on: 'family' };
    if (c.visited !== undefined && other.visited !== undefined && c.visited !== other.visited) return { n: e.n, on: 'visits' };
    if (c.refused !== undefined && other.refused !== undefined && c.refused !== other.refused) return { n: e.n, on: 'refusals' };
  }
  return null;
}

/** Tokens of the values a question cites ('Bancolombia', 'Houston', '2022'): an answer naming them is on topic. */
function citedTokens(plan: QuestionPlan, f: ApplicantFacts, finding: Finding | undefined): string[] {
  const sides = finding?.sides ?? [];
  const sources = sides.map((s) => shown(f, s, 'en')?.source ?? '');
  if (plan.topic === 'employment') sources.push(f.employer?.source ?? '', f.role?.source ?? '');
  if (plan.topic === 'family') sources.push(...(f.relatives ?? []).map((r) => r.source));
  return sources.flatMap((s) => words(s)).filter((w) => w.length > 3 && !/^(that|with|para|como|the|los|las|del)$/.test(w));
}

/** An answer's verdict, score and note; `earlier` are the other questions' answers so far. */
export function judgeAnswer(plan: QuestionPlan, answer: string, f: ApplicantFacts, findings: readonly Finding[], earlier: ReadonlyArray<EarlierAnswer>): Judgement {
  const text = answer.trim();
  const folded = fold(text);
  const count = text.split(/\s+/).filter(Boolean).length;
  const finding = plan.finding !== undefined ? findings[plan.finding] : undefined;
  const topic = plan.topic.startsWith('finding.') ? 'finding' : plan.topic;
  const tokens = citedTokens(plan, f, finding);
  const namesCited = tokens.some((t) => folded.includes(t));
  const relevant = namesCited || (finding !== undefined && EXPLAINS.test(folded)) || onTopic(folded, aspectsOf(plan, finding));
  const concrete = /\d/.test(text) || /\s\p{Lu}\p{Ll}+/u.test(text) || namesCited;
  const specific = concrete && !VAGUE.test(folded);
  const base = { relevant, specific };

  const repeated = earlier.find((e) => similarity(text, e.answer) >= SAME_ANSWER);
  if (repeated) return { ...base, verdict: 'repeated', score: 5, note: { key: 'repeated', n: repeated.n } };
  const c = claims(text, plan);
  const form = againstForm(c, f, finding);
  if (form) return { ...base, verdict: 'contradiction', score: 15, note: { key: `contradiction.${form.fact}`, side: form } };
  const before = againstEarlier(c, earlier);
  if (before) return { ...base, verdict: 'inconsistent', score: 20, note: { key: `inconsistent.${before.on}`, n: before.n } };
  if (count < SHORT_WORDS) return { ...base, verdict: 'short', score: 30, note: { key: 'short' } };
  // An evasive answer is vague before anything else: it does not say enough to be about something else.
  if (VAGUE.test(folded) && !specific) return { ...base, ...(finding ? { explains: false } : {}), verdict: 'vague', score: finding ? 40 : 50, note: { key: finding ? 'unexplained' : 'vague' } };
  if (!relevant) return { ...base, verdict: 'offTopic', score: 10, note: { key: 'offTopic', topic } };
  if (finding) {
    const explains = specific && (EXPLAINS.test(folded) || count >= DETAILED_WORDS);
    if (!explains) return { ...base, explains: false, verdict: 'vague', score: 40, note: { key: 'unexplained' } };
    return { ...base, explains: true, verdict: 'good', score: Math.min(100, 75 + Math.min(count, 40) / 2), note: { key: 'goodFinding' } };
  }
  if (VAGUE.test(folded) || (!concrete && count < DETAILED_WORDS)) return { ...base, verdict: 'vague', score: 55, note: { key: 'vague' } };
  return { ...base, verdict: 'good', score: Math.min(100, 72 + Math.min(count, 40) / 2 + (concrete ? 5 : 0) + (namesCited ? 5 : 0)), note: { key: 'good' } };
}

/** A judgement's feedback in a language, naming the fact or the earlier question it points at. */
export function feedbackOf(j: Judgement, f: ApplicantFacts, language: InterviewLanguage): string {
  const values: Record<string, string | number> = {};
  if (j.note.n !== undefined) values.n = j.note.n;
  if (j.note.topic) values.topic = say(language, `topic.${j.note.topic}`);
  if (j.note.side) values.fact = shown(f, j.note.side, language)?.text ?? '';
  return say(language, `feedback.${j.note.key}`, values);
}

export function evaluationOf(j: Judgement, f: ApplicantFacts, language: InterviewLanguage, worded?: string): Evaluation {
  const { verdict, score, relevant, specific, explains } = j;
  return { verdict, score, relevant, specific, ...(explains !== undefined ? { explains } : {}), feedback: worded ?? feedbackOf(j, f, language) };
}
