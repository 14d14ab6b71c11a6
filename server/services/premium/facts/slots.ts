import { fold } from '../../ai/builtin/text';
import { lengthsIn } from '../numbers';
import type { Entry } from './entries';
import { ownedBusinessIn } from './owner';
import type { ApplicantFacts, SlotKind } from './schema';
import { clauseQuote, clausesOf, type Piece } from './text';
import { absence, childrenIn, datesIn, maritalOf, standingOf } from './values';

// One fact slot stated in several places (issue 42): marital status, how many children, how long the trip lasts.
// Each statement is read to a normalised value wherever it stands (a form's label, a note's bullet, a sentence in
// any of the four languages), so the rule book compares values once per slot and never the wording around them.
// The cues are how people say the slot, not the labels of one layout: 'soy casada', 'je suis célibataire', 'my
// wife', 'tenho dois filhos', 'sin hijos', 'I'll be there three weeks', 'vou ficar 20 dias'.

type Statement = NonNullable<ApplicantFacts['statements']>[number];

/** Spoken of as past, of another person or of a former tie: 'my late husband', 'mi ex esposa', 'feu mon mari'. */
const FORMER = /\b(ex|late|former|fallecid[oa]|difunt[oa]|finad[oa]|feue?|defunt[oa]?|falecid[oa]|antig[oa]|ancien(?:ne)?)[\s-]*$/;
/** First person: the applicant themself, not a relative or a lawyer writing about a client. */
const I_AM = /\b(?:i am|i'm|im|i've been|i have been|soy|estoy|je suis|sou|estou|eu sou)\s+(?:(?:still|ainda|todavia|aun|toujours|currently|actualmente|atualmente|now|ahora|maintenant|agora)\s+)?$/;
/** 'my wife', 'mi esposo', 'ma femme', 'minha esposa': a spouse now. */
const SPOUSE = /\b(?:my (?:wife|husband|spouse)|mi (?:esposa|esposo|marido|conyuge)|ma (?:femme|epouse)|mon (?:mari|epoux)|minha (?:esposa|mulher)|meu (?:marido|esposo|conjuge))\b/;

/** Said in the negative close before: 'not married', 'no soy casado', 'je ne suis pas mariée', 'não sou casada'. */
const DENIED = /\b(?:not|never|no|nao|ne|pas|jamais|nunca)\b[^.;,]{0,14}$/;

function maritalIn(s: Piece): { value: string; quote: string } | null {
  for (const c of clausesOf(s)) {
    const kind = maritalOf(c.folded);
    if (kind) {
      const word = /\b(solter[oa]|solteir[oa]|single|unmarried|celibataire|casad[oa]|married|mariee?|divorciad[oa]|divorced|divorcee?|divorcad[oa]|separad[oa]|separated|separee?|viud[oa]|viuv[oa]|widow(?:ed|er)?|veuf|veuve)\b/.exec(c.folded);
      const before = word ? c.folded.slice(0, word.index) : '';
      // Stated of oneself: 'I am married', or a note's clause that opens on the status ('- Casada, dos hijos').
      // A first name is no status: 'Marie-Claire Nguyen', 'Marie Dupont' (the word joined or followed by a name).
      const after = word ? c.text.slice(word.index + word[0].length) : '';
      const aName = /^(?:-|\s+\p{Lu}\p{Ll})/u.test(after);
      const own = word && !aName && (I_AM.test(before) || /^[\s\-–•*]*$/.test(before));
      if (own && !DENIED.test(before) && !/\b(?:will|going to|voy a|vamos a|vais|vou|va|plan|pretendo|pienso)\b/.test(before)) {
        const q = clauseQuote(c);
        if (q) return { value: kind, quote: q.text };
      }
    }
    const spouse = SPOUSE.exec(c.folded);
    if (spouse && !FORMER.test(c.folded.slice(0, spouse.index + spouse[0].length - spouse[0].split(' ').pop()!.length))) {
      const q = clauseQuote(c);
      if (q) return { value: 'spouse', quote: q.text };
    }
  }
  return null;
}

/** 'I have two children', 'tengo 3 hijos', 'j'ai deux enfants', 'tenho dois filhos'; 'no children', 'sin hijos'. */
const HAVE = /\b(?:i have|i've got|we have|tengo|tenemos|j'ai|j ai|nous avons|on a|tenho|temos|eu tenho|mother of|father of|mom of|dad of|madre de|padre de|mama de|papa de|mere de|pere de|maman de|papa de|mae de|pai de|mamae de|papai de|my|our|mis|nuestros|nuestras|mes|nos|meus|minhas|nossos|nossas|os meus|as minhas)\s+$/;
const NO_CHILDREN = /\b(?:no (?:children|kids)|(?:don't|do not|dont) have (?:any )?(?:children|kids)|childless|sin hijos|no tengo hijos|no tenemos hijos|pas d'enfants?|pas d enfants?|sans enfants?|aucun enfant|nao tenho filhos|nao temos filhos|sem filhos)\b/;
/** 'my son', 'mi hija', 'mes enfants', 'meus filhos': a child exists, however many. */
const MY_CHILD = /\b(?:my (?:son|daughter|kids|children|child)|mis? (?:hij[oa]s?)|mon fils|ma fille|mes (?:enfants|fils|filles)|mon enfant|(?:meu|minha|meus|minhas) (?:filh[oa]s?))\b(?![\s-]+in[\s-]+law)/;

function childrenInSentence(s: Piece): { value: string; quote: string } | null {
  for (const c of clausesOf(s)) {
    const q = () => clauseQuote(c)?.text;
    if (NO_CHILDREN.test(c.folded)) return q() ? { value: '0', quote: q()! } : null;
    const count = childrenIn(c.folded);
    if (count && (HAVE.test(c.folded.slice(0, count.index)) || /^[\s\-–•*]*$/.test(c.folded.slice(0, count.index)))) return q() ? { value: String(count.count), quote: q()! } : null;
    if (MY_CHILD.test(c.folded) && !/\b(?:godson|goddaughter|step)/.test(c.folded)) return q() ? { value: 'some', quote: q()! } : null;
  }
  return null;
}

/** Staying, in four languages: a verb or noun of the stay itself (not a course, a leave or an earlier visit). */
const STAY_CUE = /\b(stay|staying|be there|spend|trip (?:of|will last|lasts)|visit of|quedar(?:me|nos|e|emos|a)?|me quedo|nos quedamos|estadia|estancia|permanecer|estar alla|rester|resterai|resterons|reste|sejour|sejourner|passer|ficar|fico|ficarei|ficaremos|vou ficar|permanencia|passar)\b/;
/** Another length than the trip's: a course, leave, an earlier visit, a job, an age, a passport. */
const OTHER_LENGTH = /\b(course|curso|cours|formation|program|programa|leave|days off|time off|conges|ferias|vacaciones|vacation days|last time|previous|earlier|before|antes|anterior|la vez pasada|la derniere fois|da ultima vez|stayed|me quede|estuve|je suis reste|fiquei|ago|hace|il y a|atras|working|trabajo|trabajando|travaille|trabalho|since|desde|depuis|old|anos de edad|ans\b(?=[^.]*\bage)|valid|valido|valable|valido)\b|\b(?:19|20)\d\d\b/;
/** An itinerary's parts ('two weeks in New York, then one in Miami') are pieces of the stay, not the stay. */
const ITINERARY = /\b(then|after that|afterwards|first|luego|despues|primero|puis|ensuite|d'abord|depois|primeiro|each|cada|chaque|per|por semana|a week in|una semana en)\b/;

function stayInSentence(s: Piece): { value: string; quote: string } | null {
  if (!STAY_CUE.test(s.folded) || OTHER_LENGTH.test(s.folded) || ITINERARY.test(s.folded)) return null;
  const lengths = lengthsIn(s.folded);
  if (lengths.length !== 1) return null;
  const q = clauseQuote(clausesOf(s).find((c) => c.start <= s.start + lengths[0]!.index && s.start + lengths[0]!.index < c.start + c.text.length) ?? s);
  return q ? { value: String(lengths[0]!.days), quote: q.text } : null;
}

/**
 * The stay read in the comma's part that holds it ('flying 1st March 2027, I'll be there 8 weeks': the arrival's
 * year beside it is no other length). Only for a trip whose length nothing else gave: as a statement set against
 * another it found wrong pairs on unseen texts.
 */
export function stayInParts(s: Piece): { value: string; quote: string } | null {
  if (!STAY_CUE.test(s.folded) || ITINERARY.test(s.folded) || lengthsIn(s.folded).length !== 1) return null;
  for (const part of s.folded.matchAll(/[^,;]+/g)) {
    const lengths = lengthsIn(part[0]);
    if (!STAY_CUE.test(part[0]) || OTHER_LENGTH.test(part[0]) || lengths.length !== 1) continue;
    const at = s.start + part.index + lengths[0]!.index;
    const q = clauseQuote(clausesOf(s).find((c) => c.start <= at && at < c.start + c.text.length) ?? s);
    return q ? { value: String(lengths[0]!.days), quote: q.text } : null;
  }
  return null;
}

/** What the applicant will do there, told in the first person and ahead: work, or study for a degree. */
const WILL_WORK = /\b(?:i(?:'m| am)? (?:going to|gonna|will|'ll) (?:be )?work(?:ing)?|i'll be working|(?:voy|vamos) a trabajar|trabajare|me (?:ofrecieron|dieron) (?:un )?(?:trabajo|empleo|chamba)|(?:je vais|nous allons) travailler|je travaillerai|(?:vou|vamos) trabalhar|trabalharei|(?:got|have|accepted) a job (?:offer )?(?:at|in|with)|(?:stage|internship|estagio|pasantia|practicas) (?:remunere|paid|remunerad[oa]|pagad[oa])|(?:paid) (?:internship|job)|(?:un |une |um |uma )?(?:emploi|emprego|trabajo|job) (?:la-bas|alla|la|there))\b/;
const WILL_STUDY = /\b(?:(?:i(?:'m| am)|je suis|estoy|estou|fui|I got) (?:enrolled|admitted|accepted|inscrit|inscrite|admis|admise|inscrit[oa]|admitid[oa]|aceptad[oa]|matriculad[oa]|aceit[oa])|(?:voy a|vou|je vais) (?:estudiar|estudar|etudier) (?:una? |um |uma |un |une )?(?:carrera|licenciatura|maestria|mestrado|master|doctorado|doutorado|graduacao|faculdade|universidad|universite|universidade|semestre)|full[- ]time (?:study|studies|course|program|mba|degree|master'?s)|(?:master'?s|mba|bachelor'?s|phd|degree) (?:program|programme)? ?at)\b/;
/** Not the applicant's, not ahead, or not there: 'no voy a trabajar', 'back to work', 'remote', a relative's job. */
const NOT_THERE = /\b(?:not|never|no|nao|ne|pas|jamais|nunca|back to|de regreso|al volver|ao voltar|au retour|when i (?:come|get) back|remot[eoa]|remotamente|a distancia|teletrabajo|teletravail|home office|my (?:brother|sister|cousin|son|daughter|wife|husband)|mi (?:hermano|hermana|primo|prima|hijo|hija|esposo|esposa)|mon (?:frere|cousin|fils|mari)|ma (?:soeur|cousine|fille|femme)|meu (?:irmao|primo|filho|marido)|minha (?:irma|prima|filha|esposa)) (?:[^.,;]{0,20})?(?:work|trabaj|travaill|trabalh|stud|estud|etud)/;

function purposeInSentence(s: Piece): { value: string; quote: string } | null {
  for (const c of clausesOf(s)) {
    if (/\?\s*$/.test(c.text) || /\b(?:would like|me gustaria|j'aimerais|gostaria|someday|algun dia|un jour|um dia|maybe|quizas|peut-etre|talvez|if|si|se)\b/.test(c.folded)) continue;
    const kind = WILL_WORK.test(c.folded) ? 'work' : WILL_STUDY.test(c.folded) ? 'study' : null;
    if (!kind || NOT_THERE.test(c.folded) || /\b(?:back to|regreso|volver|retour|voltar)\b/.test(c.folded)) continue;
    const q = clauseQuote(c);
    if (q) return { value: kind, quote: q.text };
  }
  return null;
}

/**
 * Working for oneself, told in the first person: 'soy autónomo', 'I'm self-employed', 'je suis à mon compte', 'sou
 * autônoma', 'trabajo por mi cuenta', 'I run my own business', 'soy dueña de un colmado', 'je suis propriétaire d'une
 * boutique', 'tenho meu próprio negócio'. A school's name ('Universidad Autónoma') is not the applicant's standing.
 */
const OWN_ACCOUNT = new RegExp(
  [
    "\\b(?:i am|i'm|im|soy|je suis|sou|eu sou)\\s+(?:(?:an?|the|un|una|une|um|uma|el|la|le|o)\\s+)?(?:self[- ]employed|freelancer?|independiente|trabajador(?:a)? independiente|autonom[oa]|independante?|a mon compte|auto-?entrepreneur|travailleur independant|travailleuse independante|autonome|(?:dueno|duena|owner|proprietaire|dono|dona) (?:de|of|d')\\s*(?:(?:un|una|mi|a|an|my|une|mon|ma|um|uma|meu|minha)\\b|(?=[a-z])))",
    "\\b(?:trabajo|i work|je travaille|trabalho) (?:por mi cuenta|por cuenta propia|for myself|a mon compte|a mon propre compte|pour moi-meme|por conta propria)\\b",
    "\\b(?:i (?:run|own|have)|tengo|j'ai|tenho) (?:my own|mi propio|mi propia|ma propre|mon propre|meu proprio|minha propria) (?:business|company|shop|store|negocio|empresa|tienda|entreprise|commerce|boutique|negocio|loja)\\b",
  ].join('|'),
);
/**
 * Working for someone else, told in the first person: 'soy empleada', 'I'm an employee', 'je suis salariée en CDI',
 * 'tenho carteira assinada', 'mi jefe', 'my boss', 'mon employeur', 'meu chefe', 'I work for Acme', 'trabajo para la
 * empresa X'. Not 'no tengo jefe', nor a relative's boss.
 */
const FOR_AN_EMPLOYER = new RegExp(
  [
    "\\b(?:i am|i'm|im|soy|je suis|sou|eu sou)\\s+(?:(?:an?|un|una|une|um|uma)\\s+)?(?:emplead[oa]|employee|salariee?|funcionari[oa]|assalariad[oa]|asalariad[oa]|on the payroll)\\b",
    '\\b(?:en cdi|on a permanent contract|contrato (?:indefinido|fijo|por tiempo indefinido)|carteira assinada|clt)\\b',
    '\\b(?:my|mi|mon|ma|meu|minha) (?:jefe|jefa|boss|manager|supervisor|employer|empleador|empleadora|patron|patronne|chef|cheffe|chefe|employeur|empregador|patrao)\\b',
  ].join('|'),
);
/** Working for a named other: 'I work for Acme', 'trabajo para la empresa Delta', 'je travaille pour Orange'. */
const WORK_FOR = /\b(?:i work for|trabajo para|trabajo en la empresa|je travaille pour|je travaille chez|trabalho para|trabalho na empresa)\s+(?!(?:myself|me|my own|mi cuenta|mi propi[oa]|moi|mon propre|ma propre|mim|meu propri|minha propri|conta propria|cuenta propia)\b)/;
/** Of someone else, or of the past: 'mi esposo es autónomo', 'I was self-employed until 2020', 'my former boss'. */
const NOT_MINE_NOW = /\b(?:was|were|used to|until|till|before|antes|hasta|era|fui|fue|solia|j'etais|etais|jusqu'en|avant|eu era|ate|ex|former|previous|anterior|ancien(?:ne)?|antig[oa])\b/;

/** How the applicant works said in a sentence: 'self-employed' or 'employee', or null. */
function workInSentence(s: Piece): { value: string; quote: string } | null {
  for (const c of clausesOf(s)) {
    const own = OWN_ACCOUNT.exec(c.folded);
    const other = FOR_AN_EMPLOYER.exec(c.folded) ?? (WORK_FOR.test(c.folded) ? WORK_FOR.exec(c.folded) : null);
    const cue = own ?? other;
    if (!cue || (own && other)) continue;
    const before = c.folded.slice(0, cue.index);
    if (RELATIVE_BEFORE.test(before) || DENIED.test(before) || NOT_MINE_NOW.test(c.folded) || /\?\s*$/.test(c.text)) continue;
    const q = clauseQuote(c);
    if (q) return { value: own ? 'self-employed' : 'employee', quote: q.text };
  }
  return null;
}
/** A relative named just before: the words are about them ('mi esposo es autónomo', 'my husband's boss'). */
const RELATIVE_BEFORE = /\b(?:husband|wife|spouse|father|mother|dad|mom|brother|sister|son|daughter|esposo|esposa|marido|mujer|padre|madre|papa|mama|hermano|hermana|hijo|hija|mari|femme|pere|mere|frere|soeur|fils|fille|pai|mae|irmao|irma|filho|filha|(?:he|she) (?:is|was)|he's|she's|ella|elle|ele|ela)(?:'s)?\b[^.;]{0,25}$/;

const SLOT_LABELS = new Set<Entry['key']>(['marital', 'children', 'stay', 'trip']);

/** Whether an entry is about someone else (a family member's answers, a companion's). */
const theirs = (e: Entry) => e.section === 'family' || e.section === 'companions';

export function statementsIn(entries: readonly Entry[], sentences: readonly Piece[], facts: ApplicantFacts): Statement[] {
  const out: Statement[] = [];
  const add = (slot: SlotKind, value: string, source: string) => {
    if (source.trim() && !out.some((x) => x.slot === slot && x.source === source)) out.push({ source, slot, value });
  };
  // A labelled answer of these slots is read once, as an answer; notes and comments under a label are sentences.
  const inEntry = (s: Piece) => entries.some((e) => SLOT_LABELS.has(e.key) && s.start < e.end && s.start + s.text.length > e.labelStart);
  // A date before the trip's arrival, just before a length ('Date Arrived: 02-SEP-2019', then 'Length of Stay: 12
  // Day(s)', in whatever words the row's labels are), dates an earlier visit: that length is the visit's.
  const pastDate = (e: Entry | undefined) =>
    e !== undefined && facts.arrival !== undefined && [...datesIn(e.value, 'es'), ...datesIn(e.value, 'en')].some((d) => d.iso < facts.arrival!.iso.slice(0, 10)) && !facts.arrival.source.includes(e.value);
  for (const [i, e] of entries.entries()) {
    if (theirs(e)) continue;
    const folded = fold(e.value);
    if (e.key === 'marital') {
      const kind = maritalOf(folded);
      if (kind) add('marital', kind, e.value);
    } else if (e.key === 'children') {
      const none = absence(e.value) === 'none' || /^(no|non|nao|0)\b/.test(folded.trim());
      const count = /^\d{1,2}\b/.exec(folded.trim())?.[0] ?? childrenIn(folded)?.count;
      if (none) add('children', '0', e.value);
      else if (count !== undefined) add('children', String(count), e.value);
    } else if (e.key === 'occupation' && (standingOf(folded) === 'self-employed' || ownedBusinessIn(e.value))) {
      // The form's occupation answered as working for oneself ('SELF-EMPLOYED', 'Autónoma (panadería)').
      add('work', 'self-employed', e.value);
    } else if ((e.key === 'stay' || e.key === 'trip') && e.section !== 'previousTravel' && e.previous !== 'visitDate' && !pastDate(entries[i - 1])) {
      // An earlier visit's length under its own heading, or after its date, is that visit's, not this trip's.
      const lengths = lengthsIn(folded);
      if (lengths.length === 1) add('tripLength', String(lengths[0]!.days), e.value);
    }
  }
  for (const s of sentences) {
    if (inEntry(s)) continue;
    const marital = maritalIn(s);
    if (marital) add('marital', marital.value, marital.quote);
    const children = childrenInSentence(s);
    if (children) add('children', children.value, children.quote);
    const stay = stayInSentence(s);
    if (stay) add('tripLength', stay.value, stay.quote);
    const work = workInSentence(s);
    if (work && !entries.some((e) => e.key === 'occupation' && s.start < e.end && s.start + s.text.length > e.labelStart)) add('work', work.value, work.quote);
    const purpose = purposeInSentence(s);
    if (purpose && !entries.some((e) => e.key === 'purpose' && s.start < e.end && s.start + s.text.length > e.labelStart)) add('purpose', purpose.value, purpose.quote);
  }
  for (const id of facts.identities ?? []) add(id.kind, id.value, id.source);
  return out;
}

/** A spouse now, by the status's words. */
const WITH_SPOUSE = new Set(['married', 'partner', 'separated', 'spouse']);

/**
 * Whether two statements of one slot say different things. Rounding a length is no difference ('three weeks' and
 * '20 days'); a spouse mentioned disagrees only with a status that has none; 'some' children only with none.
 */
export function slotValuesDiffer(slot: SlotKind, a: string, b: string): boolean {
  if (a === b) return false;
  switch (slot) {
    case 'marital':
      if (a === 'spouse' || b === 'spouse') return !WITH_SPOUSE.has(a === 'spouse' ? b : a);
      return !(WITH_SPOUSE.has(a) && WITH_SPOUSE.has(b));
    case 'children':
      if (a === 'some' || b === 'some') return (a === 'some' ? b : a) === '0';
      return true;
    case 'tripLength': {
      const [x, y] = [Number(a), Number(b)];
      return Math.abs(x - y) > Math.max(3, 0.25 * Math.min(x, y));
    }
    default:
      return true;
  }
}
