import { fold } from '../../ai/builtin/text';
import { lengthsIn } from '../numbers';
import type { Entry } from './entries';
import { overstayTold, reportedAnswer } from './overstay';
import { namesUsPlace, US_PLACE } from './places';
import type { ApplicantFacts } from './schema';
import { clauseQuote, clausesOf, find, type Piece } from './text';
import { childrenIn, companionRelationOf, contactKindOf, relationOf, RELATIVE, statusOf } from './values';

// What the text mentions anywhere, whatever the form's answers say: a refusal ('a 214(b) letter from Lagos'),
// a trip to the United States ('en 2019 estuve dos semanas en Los Ángeles'), an overstay, a relative living there,
// ties at home. A declaration of none ('nunca me han negado la visa', 'this is my first trip') is read here too, when
// no form answer gave it. The form's own yes/no answers are not mentions of themselves.

const NEGATION = /\b(never|nunca|not|no|jamas|jamais|ne|nao|haven'?t|hasn'?t|wasn'?t|ni|nem)\b[^.]{0,25}$/;
const YEAR = /\b(19[5-9]\d|20[0-4]\d)\b/;

const REFUSAL = /\b(refus(?:ed|al)|denied|denial|rejected|turned down|negad[oa]|negaron|nego|negativa|rechazad[oa]|rechazaron|rechazo|denegad[oa]|denegaron|denegacion|refusee?|refus|refuse|refuser|recusad[oa]|indeferid[oa])\b|214\s?\(?b\)?|\bno (?:me|le|les|nos) (?:dieron|otorgaron|aprobaron|concedieron) (?:la|una|mi|su) visa\b|\b(?:didn'?t|did not|wouldn'?t|would not) (?:get|receive|give (?:me|him|her|us)|grant (?:me|him|her|us)|approve|issue (?:me|him|her|us)) (?:the|a|my|his|her|our) visa\b|\bvisa (?:was|wasn'?t) not (?:approved|granted)\b|\bvisa (?:wasn'?t|was not) (?:approved|granted)\b|\bturned (?:me|us|him|her) down\b|\bno (?:me|nos) la (?:dieron|dan|quisieron dar)\b|\b(?:me|nos) (?:rebotaron|botaron|tumbaron) (?:la|mi) visa\b|\bnao (?:me|nos) (?:deram|concederam|aprovaram) o visto\b|\bne (?:m'ont|m ont|nous ont) pas (?:donne|accorde|delivre) (?:le|de|mon) visa\b|\bno (?:fue|me fue) (?:aprobada|otorgada)\b/;
const REFUSAL_CONTEXT = /\b(visas?|vistos?|solicitud|demande|pedido|application|applied|embassy|embajada|ambassade|embaixada|consulado|consulat|consulate|interview|entrevista|entretien|admission|admision|entry|carta|letter|lettre)\b|214|negativa/;

const VISIT = new RegExp(`\\b(fui|estuve|me quede|nos quedamos|fiquei|ficamos|suis restee?|sommes restee?s|stayed|(?<!(?:rendre|une|la|en|de|pour|faire|una|mi|su) )visite|went|was in|were in|visited|travell?ed to|been to|spent|stayed in|my (?:last|previous) (?:trip|visit)|suis allee?|ai passe|ai visite|estive|passei|visitei|fui para)\\b[^.]{0,60}?(?:${US_PLACE}|con (?:una |mi )?visa|with (?:a |my )?visa|avec (?:un |mon )?visa|com (?:um |meu )?visto)`);
/** 'viajé', 'pasé', 'entré' fold to words that are also nouns ('el viaje'): a trip only with its year. */
const VISIT_WITH_YEAR = new RegExp(`\\b(viaje|pase|entre|conoci)\\b[^.]{0,60}?${US_PLACE}`);
const NEVER_VISITED = new RegExp(`\\b(nunca (?:he |hemos )?(?:ido|estado|viajado|visitado)|nunca (?:estive|fui|viajei)|(?:ne|n')? ?(?:suis|sommes) jamais (?:alle|allee|alles|venue?)|jamais (?:alle|allee|ete) aux|never (?:been|visited|travell?ed)(?! (?:refused|denied|rejected))|(?:have|has) not (?:been|travell?ed|visited)(?! (?:refused|denied|rejected))|haven'?t (?:been|travell?ed|visited)(?! (?:refused|denied|rejected))|(?:es|sera) (?:mi |nuestro )?primer(?:a)? (?:vez|viaje|visita)|(?:it is|it's|this is|this will be|will be) (?:my|our) first (?:time|trip|visit))\\b`);
const OVERSTAY = /\b(overstay(?:ed)?|(?:mas|más) (?:tiempo )?(?:de lo|del) permitido|(?:quedado|quede|quedo) mas tiempo|longer than (?:allowed|permitted|i was allowed|my visa allowed)|beyond (?:what was|the time) allowed|stayed (?:longer|beyond|past)|past my (?:i-94|permitted stay)|plus longtemps que (?:permis|prevu|autorise)|au-dela de la duree autorisee|depasse la duree|depasser la duree|mais tempo do que o permitido|alem do (?:prazo|permitido)|mais do que o permitido|fiquei mais tempo|me pase del tiempo|excedi (?:el|mi) (?:tiempo|permiso|estadia)|me quede sin papeles|(?:me quede|nos quedamos)\s+(?:[a-z0-9]+\s+){1,3}de mas|fiquei\s+(?:[a-z0-9]+\s+){1,3}a mais|(?:fiquei|ficando|ficamos|fiquei la)\s+(?:[a-z0-9]+\s+){1,4}a mais do que (?:podia|devia|permitido)|me pase\s+(?:[a-z0-9]+\s+){0,3}(?:de la fecha|del (?:tiempo|plazo|permiso)|de lo permitido)|(?:suis|sommes) reste(?:e|s|es)?\s+(?:[a-z0-9]+\s+){1,3}de plus que (?:permis|autorise|mon visa|le visa)|(?:j'ai|j ai|nous avons) depasse (?:la duree de )?(?:mon|notre|ma) (?:sejour|visa)|stayed\s+(?:[a-z0-9]+\s+){1,3}past (?:my|the) (?:visa|i-94|date))\b/;
/**
 * No family there, told in a sentence: 'no tengo familiares en EE. UU.', 'I don't have any family members in the
 * US', 'je n'ai aucun membre de ma famille aux États-Unis', 'não tenho nenhum parente nos EUA', 'nadie de mi familia
 * vive allá', 'none of my relatives live in the U.S.', 'personne de ma famille', 'ninguém da minha família'.
 */
const FAMILY_NOUN = '(?:familiares|familiar|familia|family|parientes|pariente|relatives|relative|famille|parents|proches|parentes|parente)';
const NO_FAMILY = new RegExp(
  `\\b((?:(?:no tengo|no tenemos|no tiene|no tienen|je n'ai|je n ai|nous n'avons|il n'a|elle n'a|nao tenho|nao temos|nao tem|(?:i|he|she|we) (?:have|has|got) no|(?:i|we) (?:don'?t|do not) have|(?:he|she) (?:doesn'?t|does not) have)\\s+(?:(?:ningun|ninguna|ni un|ni una|aucun|aucune|pas|nenhum|nenhuma|any|a single|de|d')\\s*)*(?:(?:membre|membres|miembro|miembros|member|members|membro|membros)\\s+(?:de|of|da|do)\\s+(?:ma|mi|my|minha|la|the|our)\\s+)?${FAMILY_NOUN}(?:\\s+(?:members?|membres?))?|(?:nadie|ninguno|personne|ninguem|none|no one|nobody|nenhum)\\s+(?:de|of|da|do|in)\\s+(?:mi|my|ma|minha|la|the|our)\\s+${FAMILY_NOUN}|no (?:family|relatives)(?=\\s+(?:in|there|over there|living))))(?: (?:en|in|aux|nos|na|em) ${US_PLACE})?`,
);
const LIVES = /\b(vive|viven|reside|residen|vivia|viviendo|vivido|lives|live|lived|living|resides|resided|vecu|morou|morando|estudia|studies|studying|trabaja|works|vit|vivent|habite|habitent|mora|moram|estuda|trabalha)\b/;
/** No one along: "I am travelling alone", "viajo sola", "je voyage seul", "vou viajar sozinho". */
const ALONE = /\b(?:travel(?:l)?ing alone|travel alone|going alone|viajo sol[oa]|voy sol[oa]|viajare sol[oa]|je voyage seule?|je pars seule?|voyager seule?|vou viajar sozinh[oa]|viajo sozinh[oa]|vou sozinh[oa])\b/;
/** Someone along: "travelling with my husband Pedro", "viajo con mi esposo", "je voyage avec mon mari", "vou com minha esposa", "X is coming with me". */
const ALONG = /\b(?:travel(?:l)?ing with|travel with|coming with me|viajo con|viaja conmigo|viajamos|voy con|je voyage avec|m'accompagne|m accompagne|vou viajar com|viajo com|vai comigo|vem comigo)\b/;
/** A visa refused to someone else: "a mi esposo le negaron", "my husband ... was refused", "mon mari s'est vu refuser". */
const THEIR_REFUSAL = /\ba qui\b[^,.;]{0,40}\ba (?:ete )?refuse\b|\b(?:le|les) (?:negaron|rechazaron|denegaron)\b|\bs'est vu refuser\b|\bs est vu refuser\b|\b(?:was|were) (?:refused|denied)\b|\bteve o visto negado\b|\b(?:sa|son|leur) (?:visa|demande) a ete refusee?\b/;
/** "My contact in the U.S. is Peter Smith, my brother": the contact and who they are. */
const CONTACT = /\b(?:(?:my|mi|mon|ma|meu|minha|notre|nuestro|nosso) (?:us |u\.s\. )?(?:point of |persona de |personne de |pessoa de )?(?:contact|contacto|contato)|contact person)\b/;
/** "I will stay at 221 Oak Street", "me hospedaré en …", "je logerai au …", "vou ficar hospedado em …". */
const STAYING_AT = /\b(?:i will stay at|i'll stay at|staying at|we will stay at|me hospedare en|me hospedo en|me quedare en|nos quedaremos en|je logerai (?:au|a|chez)|je loge (?:au|a|chez)|je serai loge(?:e)? (?:au|a)|vou ficar hospedad[oa] (?:em|no|na)|vou me hospedar (?:em|no|na)|fico hospedad[oa] (?:em|no|na))\s+(.+)$/;
const PROPERTY = /\b(casa propia|casa propria|finca propia|mi propia (?:casa|finca|empresa|tienda)|minha propria casa|departamento propio|apartamento propio|apartamento proprio|propiedad|propiedades|terreno|own (?:my|a|our) (?:house|home|apartment|flat|farm|land)|my own (?:house|home|apartment|farm)|property|proprietaire|ma propre maison|mon appartement|ma maison|imovel proprio|meu apartamento)\b/;
const BUSINESS = /\b(mi propio negocio|mi negocio|tengo una empresa|my own business|i own a (?:shop|store|company|business)|mi propia empresa|negocio propio)\b/;

/** The parts of the text that are the form's own answers about family, trips and refusals. */
function declared(entries: readonly Entry[]): Array<[number, number]> {
  const keys = new Set(['refusals', 'previousVisits', 'usFamily', 'relatives', 'relation', 'relativeStatus', 'visitDate', 'explain']);
  // Every label is the form's words, not the applicant's ('Propósito del viaje a los EE. UU.' is no trip).
  return entries.map((e) => [e.labelStart, keys.has(e.key) || (e.section === 'previousTravel' && e.key !== 'notes') ? e.end : e.start]);
}

export function fromMentions(sentences: readonly Piece[], entries: readonly Entry[], facts: ApplicantFacts): void {
  const spans = declared(entries);
  const inDeclared = (c: Piece) => spans.some(([a, b]) => c.start < b && c.start + c.text.length > a);
  const push = <K extends 'refusalMentions' | 'visits' | 'overstays' | 'relatives' | 'ties' | 'companions'>(key: K, item: NonNullable<ApplicantFacts[K]>[number]) => {
    const items = (facts[key] ??= [] as never) as Array<{ source: string }>;
    if (!items.some((i) => i.source === item.source)) items.push(item);
  };
  for (const sentence of sentences) {
    const usSentence = namesUsPlace(sentence.folded);
    for (const c of clausesOf(sentence)) {
      // A question asks, it tells nothing: '¿Le  han  negado  una  visa?' is no refusal.
      if (inDeclared(c) || /\?\s*$/.test(c.text) || /^\s*¿/.test(c.text)) continue;
      const quote = clauseQuote(c);
      if (!quote) continue;
      const year = YEAR.exec(c.folded);
      const refusal = REFUSAL.exec(c.folded);
      // A refusal's year is written beside it and is past: in 'nunca me han negado la visa' run on after 'julio de
      // 2028' (dictated, no full stops) the trip's year dates nothing.
      const refusedIn = refusal ? YEAR.exec(c.folded.slice(Math.max(0, refusal.index - 40), refusal.index + refusal[0].length + 40)) : null;
      const refusalYear = refusedIn && Number(refusedIn[0]) <= new Date().getUTCFullYear() ? Number(refusedIn[0]) : null;
      // A refusal of a relative's or a companion's visa is theirs: it sets their status, not the applicant's record.
      const theirs = refusal && THEIR_REFUSAL.test(c.folded) && RELATIVE.test(c.folded.slice(0, refusal.index + refusal[0].length)) && !/\b(?:me|my|mi|mon|ma|meu|minha) (?:visa|visto)\b/.test(c.folded);
      if (theirs) {
        const who = RELATIVE.exec(c.folded)![0];
        const companion = facts.companions?.find((x) => x.relation === companionRelationOf(who));
        if (companion) companion.status = 'refused';
        else push('companions', { source: quote.text, relation: companionRelationOf(who) ?? 'relative', status: 'refused', declared: false });
      } else if (refusal && (REFUSAL_CONTEXT.test(c.folded) || refusalYear)) {
        if (NEGATION.test(c.folded.slice(0, refusal.index)) && !refusalYear) facts.refusals ??= { source: quote.text, has: false };
        else push('refusalMentions', { source: quote.text, ...(refusalYear ? { year: refusalYear } : {}) });
      }
      if (NEVER_VISITED.test(c.folded) && !year) facts.previousVisits ??= { source: quote.text, has: false };
      // 'Du 8 au 18 septembre 2027, visite touristique à Miami': the clause that holds the trip's own dates is this trip.
      else if (!holdsTheTrip(c.text, facts) && (VISIT.test(c.folded) || (year && VISIT_WITH_YEAR.test(c.folded))) && !NEGATION.test(c.folded.slice(0, (VISIT.exec(c.folded) ?? VISIT_WITH_YEAR.exec(c.folded))?.index ?? 0))) {
        const length = lengthsIn(c.folded)[0];
        push('visits', { source: quote.text, ...(year ? { year: Number(year[0]) } : {}), ...(length ? { days: length.days } : {}) });
      }
      const overstay = OVERSTAY.exec(c.folded);
      // The form's question reported with its answer ('en la de si me he quedado más tiempo del permitido puse NO')
      // is the declaration, not an overstay.
      const reported = overstay ? reportedAnswer(c.folded, overstay.index, overstay.index + overstay[0].length) : null;
      if (reported !== null) facts.overstaysDeclared ??= { source: quote.text, has: reported };
      // "nunca me he quedado más tiempo del permitido" declares none; without a "never" it is an overstay on record.
      else if (overstay && NEGATION.test(c.folded.slice(0, overstay.index))) facts.overstaysDeclared ??= { source: quote.text, has: false };
      else if (overstay) push('overstays', { source: quote.text, ...(year ? { year: Number(year[0]) } : {}) });
      if (ALONE.test(c.folded)) facts.companionsDeclared ??= { source: quote.text, has: false };
      const along = ALONG.exec(c.folded);
      const companionWord = along ? RELATIVE.exec(c.folded) ?? /\b(friend|amig[oa]|ami|amie|colleague|colega|collegue)\b/.exec(c.folded) : null;
      if (along && companionWord && !THEIR_REFUSAL.test(c.folded)) {
        const relation = companionRelationOf(companionWord[0]) ?? 'other';
        if (!facts.companions?.some((x) => x.relation === relation)) push('companions', { source: quote.text, relation, declared: false });
      }
      if (CONTACT.test(c.folded) && !facts.contact) {
        const cue = CONTACT.exec(c.folded)!;
        const who = RELATIVE.exec(c.folded.slice(cue.index + cue[0].length));
        facts.contact = { source: quote.text, kind: who ? 'relative' : contactKindOf(c.folded), ...(who ? { relation: relationOf(who[0]) } : {}) };
        if (who) push('relatives', { source: quote.text, relation: relationOf(who[0]), declared: false });
      }
      const staying = find(c, STAYING_AT);
      if (staying && /\d/.test(staying.text) && !facts.usAddress) facts.usAddress = { source: staying.text };
      const none = find(c, NO_FAMILY);
      if (none) facts.usFamily ??= { source: none.text, has: false };
      // A relative named after the words that say there is none ('no tengo ningún familiar en EE. UU. Me quedo con
      // mi hermano, que vive en Houston'): the 'familiar' of the denial is no one.
      const from = none ? none.match.index + none.match[0].length : 0;
      const later = RELATIVE.exec(c.folded.slice(from));
      const relative = later ? Object.assign(later, { index: later.index + from }) : null;
      // 'mi tía, que vive allá', 'my cousin lives in Dallas', 'en casa de mi hermano en Houston': family there, not a wedding visited.
      const after = relative ? c.folded.slice(relative.index) : '';
      const there = relative && (new RegExp(`^[^.]{0,40}?\\b(en|in|a|aux|em|no|na|nos)\\s+${US_PLACE}`).test(after.slice(relative[0].length)) || (LIVES.test(after) && (namesUsPlace(after) || (usSentence && /\b(alla|alli|there|aqui|la-bas|la)\b/.test(after)) || livesThere(c.text.slice(relative.index)))));
      if (relative && there && !/\b(mis|my|mes|meus) (padres|parents|pais)\b.*\b(pagan|pay|paient|pagam)/.test(c.folded) && !ALONG.test(c.folded) && !CONTACT.test(c.folded)) {
        const status = statusOf(after);
        push('relatives', { source: quote.text, relation: relationOf(relative[0]), ...(status ? { status } : {}), declared: false });
      }
      if (PROPERTY.test(c.folded)) push('ties', { source: quote.text, kind: 'property' });
      if (BUSINESS.test(c.folded)) push('ties', { source: quote.text, kind: 'business' });
      const kids = childrenIn(c.folded);
      if (kids && !facts.ties?.some((t) => t.kind === 'children')) push('ties', { source: c.text.slice(kids.index, kids.index + kids.length), kind: 'children' });
    }
  }
  // An earlier stay told against what was allowed ('la visa me daba 6 meses y me quedé casi un año'), read over the
  // whole sentence, once per sentence that no overstay cue above already quoted.
  for (const sentence of sentences) {
    if (spans.some(([a, b]) => sentence.start >= a && sentence.start < b)) continue;
    const told = overstayTold(sentence);
    if (told && !facts.overstays?.some((o) => sentence.text.includes(o.source) || o.source.includes(told.source))) push('overstays', told);
  }
  if (facts.children && !facts.ties?.some((t) => t.kind === 'children')) push('ties', { source: facts.children.source, kind: 'children' });
  // Told in the applicant's own account and declared nowhere, family there or an earlier trip answers the form's
  // question; a declaration anywhere in the text ("no tiene familiares") stands over it.
  const relative = facts.relatives?.[0];
  if (!facts.usFamily && relative) facts.usFamily = { source: relative.source, has: true };
  const visit = facts.visits?.find((v) => v.year !== undefined);
  if (!facts.previousVisits && visit) facts.previousVisits = { source: visit.source, has: true };
}

/**
 * A relative who lives 'there' in words that can only mean where the applicant is going ('que vive allá', 'who lives
 * over there', 'qui vit là-bas', 'que mora lá' with its accent: the article 'la' is not a place), or with a status only
 * the United States gives (a green card, an H-1B, 'la residencia', 'U.S. citizen', 'a nacionalidade americana').
 */
function livesThere(text: string): boolean {
  const folded = fold(text);
  if (/\b(?:alla|alli|there|over there|la-bas|aca)\b/.test(folded.slice(0, 80)) || /(?:^|[\s,])lá(?=$|[\s,.;])/.test(text.slice(0, 80))) return true;
  return /\b(?:green ?card|h-?1b|h-?2[ab]|tps|la residencia|residente permanente|permanent resident|us citizen|u\.s\. citizen|american citizen|ciudadan[oa] american[oa]|citoyenne? americaine|nationalite americaine|cidada[o]? american[oa]|nacionalidade americana|la ciudadania|a cidadania|la citoyennete)\b/.test(folded.slice(0, 120));
}

/** Whether a clause quotes the trip's arrival or departure date, as read from the entries and sentences. */
function holdsTheTrip(text: string, facts: ApplicantFacts): boolean {
  return [facts.arrival, facts.departure].some((d) => d !== undefined && d.source.length >= 6 && text.includes(d.source));
}
