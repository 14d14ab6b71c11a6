import { fold } from '../../ai/builtin/text';
import { lengthInDays } from '../numbers';
import type { Entry } from './entries';
import { namesUsPlace } from './places';
import type { ApplicantFacts } from './schema';
import { clauseQuote, clausesOf, type Piece } from './text';
import { datesIn, payerKind, RELATIVE } from './values';

// What an officer checks by reading the same thing in two places (issue 42): the name, birth date and passport
// number wherever written, every statement of who pays, every length given for an earlier visit, and words that say
// the applicant means to move there or is giving up what holds them at home. Each place is kept with its own
// characters; the rule book sets them against each other. The first reading of each fact stays what it was.

type Lang = 'es' | 'en';

/** A denial before a cue: 'never', 'nunca' a way off; the short 'no', 'ne', 'não' only close by ('no fim' is 'in the end'). */
const NEGATED = /\b(?:(?:never|nunca|jamas|jamais|don'?t|doesn'?t|won'?t|haven'?t|nem|without|sans|sem)\b[^.;]{0,30}|(?:not|no|ne|n'|nao|ni|sin)\b[^.;]{0,12})$/;

/** 'Passport number: G1234567', 'N.º de pasaporte AB123456', 'passeport n° 18CV12345', 'passaporte nº FT123456'. */
const PASSPORT_NUMBER = /\b(?:passport(?:\/travel document)?\s*(?:number|no\.?|n[°º]|#)|(?:n[uú]mero|num[ée]ro|num\.?|n\.?\s?[°º]|no\.?)\s*(?:de|del|do|du|da)?\s*(?:(?:my|mi|mon|meu|su|votre|seu)\s+)?(?:pasaporte|passeport|passaporte|passport)|(?:my |mi |mon |meu )?(?:pasaporte|passeport|passaporte)\s*(?:n[uú]mero|num[ée]ro|n\.?\s?[°º]|no\.?|#))\s*[:#.?]?\s*(?:[AR]\s?:\s*)?(?:(?:is|es|est|é|e)\s+)?(\d{2}[A-Z]{2}\d{5}|[A-Z]{0,3}[ -]?\d{6,10}[A-Z]?)(?![\dA-Z])/giu;

/** 'My name is …', 'me llamo …', 'je m'appelle …', 'meu nome é …', a signature's 'Firma: …' aside: a name in a sentence. */
const NAME_CUE = /\b(?:my (?:full )?name is|my name's|me llamo|mi nombre (?:completo )?es|je m['’]appelle|mon nom (?:complet )?est|meu nome (?:completo )?[ée]|me chamo|eu me chamo)\s+/giu;
const NAME = /^((?:\p{Lu}[\p{L}'’-]+|\p{Lu}\.)(?:\s+(?:(?:de|da|del|dos|das|do|la|las|los|van|von|y|e)\s+)?(?:\p{Lu}[\p{L}'’-]+)){0,5})/u;

const PAY_VERB = /\b(depositar|deposita|depositara|mandar|manda|enviar|envia|me da|me dara|me presta|send me|sends me|give me|gives me|lend me|me donne|me prete|m'envoie|envoyer|me manda|me da|vai dar|vai mandar|vai depositar|paga|pagan|pagara|pagaran|pago|pagamos|cubre|cubren|cubrira|cubro|financia|financian|costea|costean|patrocina|pays|pay|paying|paid|covers|cover(?! letter)|covered|covering|funds|funding|funded|sponsor|sponsoring|sponsored|paie|paye|payer|paient|finance|finances|prend en charge|prennent en charge|pagar|pagam|pagando|banca|bancan|bancar|bancam|bancando|custear|custeia|custeiam|custeando|arca|arcam|corre con|corren con|correra con|se hace cargo|se hacen cargo|se encarga|se encargan|takes care of|take care of|taking care of|s'occupe de|s'occupent de|se charge de|cuida de|cuidam de)\b/;
/**
 * What is paid is the whole trip, not a part of it: 'I pay the hotel, my uncle the flights' is one plan, not two, and
 * a salary or a course fee is no trip.
 */
const TRIP_COST = /\b(trip|travel|journey|everything|all (?:the |my )?(?:costs|expenses)|(?:the|my|los|mis|les|mes|as|minhas) (?:costs|expenses|gastos|frais|despesas|custos)|viaje|todo|todos los gastos|voyage|tout|tous les frais|viagem|tudo|todas as despesas)\b/;
const PART_COST = /\b(ticket|tickets|flight|flights|airfare|hotel|course|tuition|pasaje|pasajes|boleto|boletos|vuelo|vuelos|hotel|curso|matricula|billet|billets|vol|vols|cours|passagem|passagens|voo|voos|hospedagem)\b/;

const MOVE = new RegExp(
  [
    // English
    // 'then we move to Orlando' is an itinerary: moving there is to live or work there.
    "\\b(?:move|moving|relocate|relocating) (?:to|there|here)\\b(?=[^.;]{0,40}\\b(?:live|living|for good|permanently|work|job|settle)\\b)",
    "\\bsettl(?:e|ing) (?:down )?(?:there|in)\\b",
    "\\bemigrat(?:e|ing)\\b",
    "\\b(?:look|looking|search|searching) for (?:a )?(?:job|work)\\b",
    "\\bfind (?:a )?(?:job|work) (?:there|in)\\b",
    "\\bstay (?:there )?for good\\b",
    "\\b(?:quit|quitting|leaving|resigned from|resign from) my job\\b",
    "\\b(?:sold|selling|sell) my (?:house|home|apartment|flat|car|business|shop)\\b",
    "\\bstart (?:a )?new life\\b",
    // Spanish
    "\\b(?:mudarme|mudarnos|me mudo|nos mudamos|me voy a mudar|radicarme|establecerme|instalarme|emigrar|quedarme a vivir|irme a vivir|vivir alla|vivir alli)\\b",
    "\\bbuscar (?:trabajo|empleo|chamba)\\b",
    "\\b(?:renuncie|renunciar|dejar) (?:a )?(?:mi )?(?:trabajo|empleo)\\b",
    "\\b(?:vendi|vender|vendiendo|estoy vendiendo) (?:mi |la )?(?:casa|departamento|apartamento|carro|auto|coche|negocio)\\b",
    "\\b(?:empezar|comenzar|rehacer) (?:una )?(?:nueva )?vida\\b",
    // French
    "\\b(?:je m'installe|je m installe|je m'installerai|on s'installe|casarmos|nos casar|me casar|casarme|casarnos|nous marier|me marier|i (?:will|want to|plan to|am going to|'ll) (?:get married|marry))\\b",
    "\\b(?:m'installer|m installer|nous installer|demenager|emigrer|refaire ma vie|vivre la-bas|rester vivre)\\b",
    "\\bchercher (?:un |du )?(?:travail|emploi|boulot)\\b",
    "\\b(?:j'ai demissionne|demissionner|quitter mon (?:emploi|travail|poste)|j'ai quitte mon (?:emploi|travail|poste))\\b",
    "\\b(?:vendu|vendre|je vends) (?:ma |mon )?(?:maison|appartement|voiture|commerce)\\b",
    // Portuguese
    "\\b(?:me mudar|mudar para|morar la|ficar morando|morar nos|emigrar|recomecar (?:a|minha) vida)\\b",
    "\\bprocurar (?:trabalho|emprego|servico)\\b",
    "\\b(?:pedi demissao|pedir demissao|larguei (?:o|meu) (?:emprego|trabalho)|deixar (?:o|meu) (?:emprego|trabalho))\\b",
    "\\b(?:vendi|vender|vendendo) (?:a |minha |meu |o )?(?:casa|apartamento|carro|negocio|loja)\\b",
  ].join('|'),
);

/** A job that holds: 'permanent job', 'trabajo fijo', 'CDI', 'emprego efetivo', 'carteira assinada'. */
const JOB_TIE = /\b(permanent (?:job|position|contract)|full-time (?:job|position)|trabajo fijo|empleo fijo|contrato indefinido|plaza fija|cdi|contrat a duree indeterminee|poste permanent|emploi stable|emprego efetivo|emprego fixo|carteira assinada|efetivo na|efetiva na)\b/;

/**
 * Giving up at home what a visitor returns to (issue 42): the home or rented flat handed back, the business passed
 * on, notice given at work, in four languages ('entregué la casa que alquilaba', 'traspasé el colmado a mi primo',
 * 'I gave up my apartment', 'j'ai rendu mon appartement', 'passei o negócio para o meu irmão'). Said of the
 * applicant's own home, job or business, it needs no place there: a short visit told beside it is what contradicts it.
 */
const GIVING_UP = new RegExp(
  [
    '\\b(?:gave up|giving up|handed back|handed over|let go of|ended|terminated|cancelled|canceled) (?:my|the) (?:apartment|flat|lease|rental|house|home|business|shop|store)\\b',
    '\\b(?:sold|transferred|handed over|passed|signed over) (?:my|the) (?:business|shop|store|company) to\\b',
    '\\b(?:gave|handed in) (?:my )?notice\\b',
    '\\b(?:traspase|traspasar|traspasando|cedi|entregue|devolvi) (?:el|la|mi) (?:colmado|negocio|tienda|local|casa|apartamento|departamento|cuarto|pieza|puesto|taller)\\b',
    // The thing first, then the pronoun and the verb: 'el colmado lo traspasé a mi primo', 'la casa la entregué'.
    '\\b(?:el|la|mi) (?:colmado|negocio|tienda|local|casa|apartamento|departamento|taller)\\b[^.;,]{0,15}\\b(?:lo|la) (?:traspase|cedi|entregue|vendi|devolvi)\\b',
    "\\b(?:j'ai |j ai )?(?:rendu|cede|resilie) (?:mon|ma|le|la) (?:appartement|logement|commerce|boutique|entreprise|bail|maison|atelier)\\b",
    '\\b(?:entreguei|passei|repassei|devolvi) (?:o|a|meu|minha) (?:apartamento|casa|negocio|loja|ponto|comercio|oficina)\\b',
  ].join('|'),
);

/** Words that say settling there by themselves. */
const SETTLING = /for good|a vivir|rester vivre|ficar morando|emigr|new life|nueva vida|refaire ma vie|recomecar/;
/** 'there' in four languages; the folded 'la' of French and Portuguese only where it ends a phrase ('morar lá.'). */
const THERE = /\b(there|alla|alli|la-bas|over here)\b|\bla\b(?=\s*(?:$|[,.!;)]|e\b|et\b|com\b|avec\b|para\b|pour\b|de vez\b|pra sempre\b))/;

export function fromRepeats(text: string, entries: readonly Entry[], sentences: readonly Piece[], facts: ApplicantFacts, language: Lang): void {
  const identities = identitiesIn(text, entries, sentences, language);
  if (identities.length) facts.identities = identities;
  const payers = payersIn(entries, sentences);
  if (payers.length) facts.payers = payers;
  const lengths = visitLengthsIn(entries, facts);
  if (lengths.length) facts.visitLengths = lengths;
  const moves = movesIn(sentences);
  if (moves.length) facts.moves = moves;
  for (const s of sentences) {
    const job = JOB_TIE.exec(s.folded);
    const quote = job ? clauseQuote(s) : null;
    if (quote && !NEGATED.test(s.folded.slice(0, job!.index))) (facts.ties ??= []).push({ source: quote.text, kind: 'job' });
    if (quote) break;
  }
}

type Identity = NonNullable<ApplicantFacts['identities']>[number];

/** A name's words, folded, without the little words: 'María José GARCÍA de la Cruz' → maria jose garcia cruz. */
export const nameWords = (name: string) => fold(name).replace(/[^\p{L}\s'’-]/gu, ' ').split(/[\s,]+/).filter((w) => w.length > 1 && !/^(de|da|del|dos|das|do|la|las|los|van|von|y|e)$/.test(w));

function identitiesIn(text: string, entries: readonly Entry[], sentences: readonly Piece[], language: Lang): Identity[] {
  const out: Identity[] = [];
  const add = (item: Identity) => {
    if (!out.some((x) => x.kind === item.kind && x.source === item.source)) out.push(item);
  };
  // The form's name: its surnames and given names together, or a full name, each as written.
  const surnames = entries.find((e) => e.key === 'surnames');
  // 'Nome' beside 'Sobrenomes' gives the given names.
  const given = entries.find((e) => e.key === 'givenNames') ?? (surnames ? entries.find((e) => e.key === 'fullName' && !e.value.includes(',')) : undefined);
  if (surnames && given) add({ source: surnames.value, kind: 'name', value: [...nameWords(given.value), ...nameWords(surnames.value)].join(' ') });
  for (const e of entries.filter((x) => x.key === 'fullName' && x !== given)) add({ source: e.value, kind: 'name', value: nameWords(e.value.replace(/^([^,]+),\s*(.+)$/, '$2 $1')).join(' ') });
  // Someone else may write for the applicant ('my name is Andrés, I write for my mother'): a name in a sentence is the
  // applicant's only when it starts with the form's first given name.
  // With no form, the first name the applicant gives for themselves: 'I am Sarah Adeyemi', 'Me llamo …'.
  const introduced = /\b(?:my (?:full )?name is|i am|i'm|me llamo|mi nombre es|soy|je m['’]appelle|je suis|mon nom est|meu nome [ée]|me chamo|eu sou|sou)\s+(\p{Lu}[\p{L}'’-]+)\s+\p{Lu}[\p{L}'’-]+/u.exec(text)?.[1];
  const first = given ? nameWords(given.value)[0] : introduced ? fold(introduced) : undefined;
  for (const match of text.matchAll(NAME_CUE)) {
    const name = NAME.exec(text.slice(match.index + match[0].length));
    const words = name ? nameWords(name[1]!) : [];
    if (name && words.length >= 2 && (!first || words[0] === first)) add({ source: name[1]!, kind: 'name', value: words.join(' ') });
  }
  // A birth date under the family or companions' answers, or labelled as a relative's ("Father's Date of Birth"), is theirs.
  const theirs = (e: Entry) => e.section === 'family' || e.section === 'companions' || RELATIVE.test(fold(text.slice(Math.max(0, e.labelStart - 40), e.start)));
  // The applicant's name written again without a cue, in any case: the form's first given name and two words more
  // ('la ta THIAGO HENRIQUE DE SOUSA LIMA com S').
  if (first && first.length >= 3) {
    const again = new RegExp(`(?<![\\p{L}])${first}(?:[ \\t]+(?:(?:de|da|del|dos|das|do|la|van|von|y|e)[ \\t]+)?[\\p{L}'’-]{2,}){1,5}`, 'gu');
    const folded = fold(text);
    for (const match of folded.matchAll(again)) {
      // Only words written as a name: capitals for each, as the form or a careful hand writes them.
      const written = text.slice(match.index, match.index + match[0].length);
      const words = written.split(/[ \t]+/);
      // Written the way the first word is: all in capitals, or each word capitalised.
      const caps = words[0] === words[0]!.toUpperCase();
      let end = 0;
      for (const w of words) {
        const little = /^(de|da|del|dos|das|do|la|van|von|y|e)$/i.test(w);
        if (!little && !(caps ? w === w.toUpperCase() && /\p{Lu}/u.test(w) : /^\p{Lu}\p{Ll}/u.test(w))) break;
        end += 1;
      }
      const name = words.slice(0, end).join(' ').replace(/\s+(de|da|del|dos|das|do|la|van|von|y|e)$/i, '');
      if (nameWords(name).length >= 2 && !entries.some((e) => e.value === name)) add({ source: name, kind: 'name', value: nameWords(name).join(' ') });
    }
  }
  for (const e of entries.filter((x) => x.key === 'birthDate' && !theirs(x))) {
    const date = datesIn(e.value, language)[0];
    // The date as written, without a note beside it in the same answer ('13/11/1984;copiar igual ao passaporte?').
    if (date) add({ source: e.value.slice(date.index, date.index + date.text.length) || e.value, kind: 'birthDate', value: date.iso });
  }
  for (const s of sentences) {
    // Only the applicant's own birth: 'I was born', 'nací', 'je suis né', 'nasci' (a child 'was born' is not theirs).
    const cue = /\b(?:i was born(?: on)?|naci(?: el)?|yo naci|(?:je suis )nee? le|nasci(?: em| no dia)?)\b/.exec(s.folded);
    if (!cue) continue;
    const date = datesIn(s.text, language).find((d) => d.index >= cue.index);
    if (date) add({ source: s.text.slice(date.index, date.index + date.text.length), kind: 'birthDate', value: date.iso });
  }
  for (const match of text.matchAll(PASSPORT_NUMBER)) {
    // What stands before it on its own line: 'Spouse's passport number', 'old passport no.'.
    const lineStart = text.lastIndexOf('\n', match.index) + 1;
    const near = text.slice(Math.max(lineStart, match.index - 25), match.index + match[0].length - match[1]!.length);
    const before = fold(near.slice(near.search(/[^.!?]*$/)));
    const after = fold(text.slice(match.index + match[0].length, match.index + match[0].length + 25));
    const old = /\b(previous|old|lost|stolen|expired|anterior|antiguo|viejo|vencido|perdido|robado|ancien|perdu|vole|antigo|roubado)\b/;
    if (old.test(before) || old.test(after) || RELATIVE.test(before)) continue;
    const number = match[1]!.replace(/[\s-]+$/, '');
    if (/\d{3}/.test(number)) add({ source: number, kind: 'passportNumber', value: number.replace(/[\s-]/g, '').toUpperCase() });
  }
  // A number shaped like a passport's in a sentence about the passport ('the bio page of the passport actually reads
  // B03318826', 'no passaporte está FT1234567'): the same slot, said without the label.
  for (const s of sentences) {
    if (!/\b(passports?|pasaportes?|passeports?|passaportes?)\b/.test(s.folded) || /\b(visa|visto|foil|confirmation|confirmacion|confirmacao|ds-160|old|previous|anterior|antiguo|ancien|antigo|expired|vencido)\b/.test(s.folded) || RELATIVE.test(s.folded)) continue;
    for (const m of s.text.matchAll(/(?<![\p{L}\p{N}])([A-Z]{1,3}\d{6,9}|\d{2}[A-Z]{2}\d{5})(?![\p{L}\p{N}])/gu)) add({ source: m[1]!, kind: 'passportNumber', value: m[1]!.toUpperCase() });
  }
  return out;
}

/** The whole trip, or two of its parts at once ('los pasajes y el hotel'): one part alone may be a shared plan. */
const wholeTrip = (folded: string) => {
  if (TRIP_COST.test(folded) && !PART_COST.test(folded)) return true;
  return new Set([...folded.matchAll(new RegExp(PART_COST.source, 'g'))].map((m) => m[0])).size >= 2;
};

type Payer = NonNullable<ApplicantFacts['payers']>[number];

function payersIn(entries: readonly Entry[], sentences: readonly Piece[]): Payer[] {
  const out: Payer[] = [];
  const who = (folded: string) => RELATIVE.exec(folded)?.[0];
  for (const [i, e] of entries.entries()) {
    if (e.key !== 'payer') continue;
    let kind = payerKind(fold(e.value));
    // 'Person Paying: OTHER PERSON' then 'Relationship to You: FATHER'.
    const next = entries[i + 1];
    const relation = next?.key === 'relation' ? who(fold(next.value)) : undefined;
    if (relation && kind !== 'self' && kind !== 'employer') kind = 'family';
    const named = who(fold(e.value)) ?? relation;
    if (kind && kind !== 'other') out.push({ source: e.value, kind, ...(kind === 'family' && named ? { who: named } : {}) });
  }
  const inEntry = (c: Piece) => entries.some((e) => (e.key === 'payer' || e.key === 'relation') && c.start < e.end && c.start + c.text.length > e.labelStart);
  for (const s of sentences) {
    for (const c of clausesOf(s)) {
      const verb = PAY_VERB.exec(c.folded);
      if (!verb || inEntry(c) || /\?\s*$/.test(c.text) || !wholeTrip(c.folded) || NEGATED.test(c.folded.slice(0, verb.index))) continue;
      // Help with a part ('my parents help me with the hotel') is a contribution, not the payer.
      if (/\b(help|helps|helping|ayuda|ayudan|ayudara|ayudaran|aide|aident|aider|ajuda|ajudam|ajudar|contribute|contribuye|contribuyen|contribue|contribuem)\b/.test(c.folded)) continue;
      // Paid together ('mi esposa y yo pagamos', 'we pay', 'entre los dos') is no other payer.
      if (/\b(y yo|and i|et moi|e eu|nosotros|we|nous|juntos|together|entre (?:los|las|nous|nos) (?:dos|deux|duas)|between us|half|mitad|moitie|metade)\b/.test(c.folded)) continue;
      // Who pays is the verb's subject: before it ('mi hermano me va a depositar'), else just after ('lo paga mi tío').
      // An object pronoun before the verb is who is paid for ('el viaje me lo paga mi papá', 'ma mère me paie'), not who pays.
      const before = payerKind(c.folded.slice(0, verb.index).replace(/(?:\b(?:me|te|nos|lo|la|le|les|se|m')\s*)+$/, ''));
      // Someone named who is no relative ('o Derek vai pagar'): another person pays.
      // A capitalised word inside the sentence, after a small word ('o Derek'), not the one that starts it.
      const someone = before === 'other' && /(?<=\p{Ll}[ \t]+)\p{Lu}\p{Ll}+/u.test(c.text.slice(0, verb.index));
      const kind = someone ? 'family' : before && before !== 'other' ? before : payerKind(c.folded.slice(verb.index + verb[0].length, verb.index + verb[0].length + 40)) ?? before;
      const quote = clauseQuote(c);
      if (!kind || kind === 'other' || !quote) continue;
      const relative = who(c.folded);
      out.push({ source: quote.text, kind, ...(kind === 'family' && relative ? { who: relative } : {}) });
    }
  }
  return out;
}

type VisitLength = NonNullable<ApplicantFacts['visitLengths']>[number];

function visitLengthsIn(entries: readonly Entry[], facts: ApplicantFacts): VisitLength[] {
  const out: VisitLength[] = [];
  const yearOf = (value: string | undefined) => (value ? /\b(19[5-9]\d|20[0-4]\d)\b/.exec(value)?.[1] : undefined);
  let year: string | undefined;
  for (const [i, e] of entries.entries()) {
    if (e.key === 'visitDate' || (e.key === 'arrival' && /^\s*(19[5-9]\d|20[0-4]\d)\s*$/.test(e.value)) || (e.key === 'arrival' && e.section === 'previousTravel')) year = yearOf(e.value) ?? year;
    const length = lengthInDays(fold(e.value));
    if (!length) continue;
    const previous = entries[i - 1];
    const ofVisit = e.key === 'visitDate' || (e.key === 'stay' && (e.section === 'previousTravel' || e.previous === 'visitDate' || (e.previous === 'arrival' && yearOf(previous?.value) !== undefined && !datesIn(previous?.value ?? '', 'en').length)));
    if (ofVisit) out.push({ source: e.value, days: length.days, ...(year ? { year: Number(year) } : {}) });
  }
  const fromEntry = (source: string) => entries.some((e) => e.value === source && (e.key === 'visitDate' || e.key === 'arrival' || e.key === 'stay'));
  for (const v of facts.visits ?? []) {
    if (v.days && !fromEntry(v.source) && !out.some((x) => x.source === v.source)) out.push({ source: v.source, days: v.days, ...(v.year ? { year: v.year } : {}) });
  }
  return out;
}

function movesIn(sentences: readonly Piece[]): NonNullable<ApplicantFacts['moves']> {
  const out: NonNullable<ApplicantFacts['moves']> = [];
  for (const s of sentences) {
    for (const c of clausesOf(s)) {
      // Moving, or looking for work, at home is no move there: the clause names the United States or 'there'. Giving
      // up the home or the business needs no place.
      const settle = MOVE.exec(c.folded);
      const settling = settle && (SETTLING.test(settle[0]) || namesUsPlace(c.folded) || THERE.test(c.folded)) ? settle : null;
      const givingUp = settling ? null : GIVING_UP.exec(c.folded);
      const move = settling ?? givingUp;
      if (!move || /\?\s*$/.test(c.text) || NEGATED.test(c.folded.slice(0, move.index))) continue;
      // A relative's move ('my daughter is moving to Miami') is theirs, unless the applicant goes too ('we').
      // Giving up is told in the first person ('lo traspasé a mi primo': the cousin is who it went to).
      if (!givingUp && RELATIVE.test(c.folded.slice(0, move.index)) && !/\b(we|nosotros|nous|nos|a gente|i|yo|je|eu)\b/.test(c.folded.slice(0, move.index))) continue;
      const quote = clauseQuote(c);
      if (quote && !out.some((x) => x.source === quote.text)) out.push({ source: quote.text, ...(givingUp ? { givesUp: true } : {}) });
    }
  }
  return out;
}
