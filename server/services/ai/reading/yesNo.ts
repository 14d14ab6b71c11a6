import { silent, value, type Reading } from './types';
import { fold } from '../builtin/text';
import { hasAny, plain } from './words';
import { ELSEWHERE, firstTrip, toldSpans, topicOf } from './yesNoTold';
import { withoutFalseFriends } from './falseFriends';
import type { Language } from '../builtin/text';

function spans(said: string, phrases: readonly string[], kind: 'yes' | 'no') {
  const padded = ` ${said} `;
  const out: Array<{ kind: 'yes' | 'no'; start: number; end: number }> = [];
  for (const phrase of phrases) for (let at = padded.indexOf(` ${phrase} `); at >= 0; at = padded.indexOf(` ${phrase} `, at + 1)) out.push({ kind, start: at, end: at + phrase.length });
  return out;
}

// Yes and no as people answer them: "sí", "no, nunca", "jamais", "never been arrested", "nope", "claro". A hedge
// ("creo que no", "I don't think so", "acho que não") is shown back and asked: an eligibility question is never
// answered No on a guess. "No sé" is not a no (the caller has read it as "I don't know" already).

const YES = ['si', 'yes', 'yeah', 'yep', 'yup', 'oui', 'ouais', 'sim', 'claro', 'claro que si', 'of course', 'bien sur', 'certo', 'correcto', 'correct', 'exacto', 'afirmativo', 'sure', 'absolutely', 'c est ca', 'c est exact', 'exactement', 'isso', 'isso mesmo', 'com certeza', 'por supuesto', 'efectivamente', 'evidemment', 'affirmative', 'ya', 'aha', 'uh huh', 'si senor', 'yes i have', 'yes i did', 'tengo', 'tenho', 'j en ai', 'j ai deja', 'si tengo', 'si he', 'yes once', 'una vez', 'once', 'une fois', 'uma vez', 'dos veces', 'twice', 'deux fois', 'duas vezes', 'exact', 'vrai', 'verdad', 'verdade', 'es correcto', 'e verdade'];
const NO = ['absolutely not', 'definitely not', 'not', 'pas', 'nan', 'claro que no', 'por supuesto que no', 'of course not', 'certainly not', 'bien sur que non', 'claro que nao', 'logico que no', 'obvio que no', 'nop', 'nel', 'nones', 'no', 'nem', 'nope', 'nah', 'non', 'nao', 'nunca', 'never', 'jamais', 'jamas', 'ninguno', 'ninguna', 'none', 'aucun', 'aucune', 'nenhum', 'nenhuma', 'nada', 'no tengo', 'no he', 'i have not', 'i havent', 'i haven t', 'haven t', 'i don t', 'i do not', 'i did not', 'i didn t', 'never been', 'no nunca', 'de ninguna manera', 'en absoluto', 'absolutamente no', 'pas du tout', 'de jeito nenhum', 'nem pensar', 'negativo', 'negative', 'je n ai pas', 'je n ai jamais', 'nao tenho', 'nunca fui', 'nunca tive', 'not at all', 'no way', 'nothing', 'rien', 'nada disso', 'no senor', 'non jamais', 'je ne suis pas', 'no soy', 'nao sou', 'i am not', 'i m not', 'no lo soy', 'neither', 'ni', 'nobody', 'no one', 'nadie', 'ninguem', 'not once', 'not even once', 'nem a pau', 'nem pensar', 'ni de broma', 'ni loco', 'ni loca', 'para nada', 'hell no', 'no way', 'pas question', 'jamais de la vie', 'jamas en la vida', 'nunca na vida', 'nunca jamais', 'never ever', 'not at all',
  // No one along: the answer to whether others travel with the applicant.
  'alone', 'just me', 'only me', 'by myself', 'solo yo', 'yo solo', 'yo sola', 'voy solo', 'voy sola', 'viajo solo', 'viajo sola', 'seul', 'seule', 'je pars seul', 'je pars seule', 'sozinho', 'sozinha', 'so eu'];
const HEDGE = ['que yo sepa', 'not that i know', 'not that i remember', 'not that i recall', 'if i recall', 'que yo recuerde', 'que je me souvienne', 'que eu me lembre', 'not to my knowledge', 'pas que je sache', 'nao que eu saiba', 'creo que', 'i think', 'i guess', 'i believe', 'je pense', 'je crois', 'acho que', 'probablemente', 'probably', 'probablement', 'provavelmente', 'maybe', 'quizas', 'quiza', 'tal vez', 'a lo mejor', 'peut etre', 'peut-etre', 'talvez', 'supongo', 'je suppose', 'suponho', 'no creo', 'i don t think', 'i dont think', 'je ne crois pas', 'je crois pas', 'je ne pense pas', 'je pense pas', 'acho que nao', 'nao acho', 'a veces', 'sometimes', 'parfois', 'as vezes', 'casi', 'almost', 'presque', 'quase', 'puede ser', 'pode ser', 'not really', 'no realmente', 'pas vraiment', 'nao muito', 'kind of', 'mas o menos', 'plus ou moins', 'mais ou menos', 'if i remember', 'si mal no recuerdo', 'que je sache', 'que eu saiba', 'i hope not', 'espero que no', 'j espere pas', 'espero que nao', 'si je me souviens bien', 'si je me rappelle bien', 'si je ne me trompe pas', 'if i remember right', 'if i remember correctly', 'si no me equivoco', 'si mal no me acuerdo', 'se nao me engano', 'se bem me lembro', 'se eu me lembro bem',
  // Not knowing or remembering, even after a negator, is not a no: "nem sei", "ni me acuerdo", "je sais même pas".
  'nem sei', 'nem me lembro', 'nem lembro', 'nao sei', 'nao lembro', 'nao me lembro', 'ni me acuerdo', 'ni me recuerdo', 'ni se', 'no me acuerdo', 'no recuerdo', 'no lo recuerdo', 'no se', 'i don t remember', 'i dont remember', 'don t remember', 'can t remember', 'i can t recall', 'don t even know', 'i don t know', 'je sais meme pas', 'je ne sais pas', 'je sais pas', 'je ne me souviens pas', 'je me souviens pas', 'je me rappelle pas', 'je ne me rappelle pas'];

/** "No, except a fine", "yes but it was expunged": an eligibility answer with a condition is the applicant's to confirm. */
const BUT = ['but', 'except', 'apart from', 'other than', 'unless', 'pero', 'excepto', 'salvo', 'menos', 'aparte de', 'a menos que', 'mais', 'sauf', 'a part', 'excepte', 'a moins que', 'mas', 'exceto', 'tirando', 'fora', 'a nao ser'];
/** "No, only a parking ticket": a no that goes on to name something. */
const ONLY = ['only', 'just a', 'solo', 'solamente', 'nada mas que', 'seulement', 'juste', 'so', 'apenas', 'somente'];

/** Words that negate a yes-word after them in the same breath: "not once", "nem tenho", "nunca fiz isso". */
const NEGATORS = /(?:^| )(?:no|not|never|nunca|jamais|jamas|nem|ni|nao|non|ne|pas|nadie|nada|nothing|nobody)(?: \S+){0,2} ?$/;
/** A told word is a verb or a noun, further from its negator: "nunca me la han negado", "never had one stolen". */
const TOLD_NEGATED = /(?:^| )(?:no|not|never|nunca|jamais|jamas|nem|ni|nao|non|ne|pas)(?: \S+){0,4} ?$/;
const NOT_ALWAYS = /\b(?:not|nem|ni|pas|no|nao|never) (?:always|siempre|toujours|sempre)\b/;
/** Words that only make what follows stronger: "absolutely never", "claro que nunca". */
const INTENSIFIERS = new Set(['absolutely', 'definitely', 'certainly', 'claro', 'por supuesto', 'of course', 'bien sur', 'evidemment', 'com certeza', 'obvio', 'totalmente', 'absolument', 'absolutamente']);

/**
 * A no someone else said ("they said no in 2019", "me dijeron que no", "ils m'ont dit non", "disseram que não"): the
 * story of a refusal, not the applicant's answer; it is taken out before the answer is read.
 */
const REPORTED_NO = /\b(?:they |he |she |the consul |the officer |(?:i )?was )?(?:said|told me|told us|dijeron(?: que)?|me dijeron(?: que)?|dijo(?: que)?|me dijo(?: que)?|ont dit|m ont dit|il m a dit|elle m a dit|on m a dit|a dit|disseram(?: que)?|me disseram(?: que)?|disse(?: que)?|me disse(?: que)?) (?:no|non|nao|not)\b/g;

/** An answer that ends asking the assistant ("a parking ticket once, does that count", "isso conta"): asked back. */
const ASKS_BACK = /\b(?:why do you (?:ask|need|want)|why (?:is|does) (?:that|it) matter|what do you mean|what does (?:that|it) mean|por que (?:preguntas|pregunta|lo preguntas|quieres saber|importa)|que quieres decir|que significa|pourquoi (?:vous demandez|cette question|ca)|qu est ce que ca veut dire|c est quoi|por que (?:pergunta|voce pergunta|quer saber)|o que (?:significa|quer dizer)|does (?:that|it|this) count|do (?:they|i) count|is (?:that|this) (?:ok|a problem|relevant)|should i (?:say|put|mention)|do i (?:say|put|need)|(?:eso|esto) cuenta|cuenta eso|cuenta como|tengo que (?:ponerlo|decirlo)|lo pongo|ca compte|cela compte|est ce que ca compte|je dois le (?:mettre|dire)|isso conta|conta isso|tenho que (?:colocar|dizer)|eu coloco)\b/;

/** What follows "because" gives the answer's reason, not the answer: "sí, porque no tenía trabajo" is a yes. */
const REASON = / (?:because|cause|cuz|coz|porque|ya que|parce que|puisque|pois|ja que|visto que) /;

/** A yes or a no read in the answer's language (its false friends taken out first: falseFriends.ts). */
export function readYesNo(text: string, eligibility = false, field?: string, language?: Language): Reading {
  const whole = plain(withoutFalseFriends(text, language)).replace(/'/g, ' ');
  const told = whole.replace(REPORTED_NO, ' ').replace(/\s+/g, ' ').trim();
  const asksBack = ASKS_BACK.test(whole);
  const topic = topicOf(field);
  if (topic === 'first') return readFirstTrip(told, text, asksBack);
  const reason = ` ${told} `.search(REASON);
  const answered = reason > 0 ? told.slice(0, reason).trim() : told;
  const said = reason > 0 && [...spans(answered, YES, 'yes'), ...spans(answered, NO, 'no'), ...toldSpans(answered, topic)].length > 0 ? answered : told;
  const first = said.split(' ')[0] ?? '';
  // A phrase inside a longer one counts as the longer one: "no tengo" is a no, not the "tengo" in it.
  const found = [...spans(said, YES, 'yes'), ...spans(said, NO, 'no'), ...toldSpans(said, topic).map((s) => ({ ...s, told: true }))];
  // A told no said with a negator ("not always on time", "nem sempre saí a tempo") says neither: asked.
  // (With its comma kept: "no, siempre salí a tiempo" is a no, "no siempre" is not.)
  if (found.some((m) => m.kind === 'no' && 'told' in m) && NOT_ALWAYS.test(fold(text).replace(/['’]/g, ' '))) return value('Yes', 0.4, { alternatives: ['No'] });
  // A told word holding a no-word ("stayed 3 months no more") is no told yes: its no-word is read instead.
  const longest = found.filter((m) => !found.some((o) => o !== m && o.start <= m.start && o.end >= m.end && o.end - o.start > m.end - m.start));
  const padded = ` ${said} `;
  const nos = longest.filter((m) => m.kind === 'no');
  // A yes-word after a no in the same breath is negated ("not once", "nunca fiz isso"); one that only strengthens
  // the no after it says nothing of its own ("absolutely never").
  const kept = longest.filter(
    (m) =>
      m.kind === 'no' ||
      !((NEGATORS.test(padded.slice(0, m.start).trimEnd()) || ('told' in m && TOLD_NEGATED.test(padded.slice(0, m.start).trimEnd()))) && nos.some((n) => n.start < m.start)) &&
        !(INTENSIFIERS.has(padded.slice(m.start + 1, m.end + 1).trim()) && nos.some((n) => n.start >= m.end && /^ (?:que )?$/.test(padded.slice(m.end + 1, n.start + 1)))),
  );
  const yes = kept.some((m) => m.kind === 'yes');
  const no = kept.some((m) => m.kind === 'no');
  // Told only in a sentence ("one got stolen in Rome", "siempre salí a tiempo"): stored, but below a plain word.
  const onlyTold = (kind: 'yes' | 'no') => kept.filter((m) => m.kind === kind).every((m) => 'told' in m);
  // A hedge is read in the words as typed too: "si je me souviens bien" keeps its "si" there.
  const hedged = hasAny(said, HEDGE) || hasAny(whole, HEDGE);
  if (!yes && !no) return silent('notUnderstood');
  // "Sí, nunca": yes to what? Both words and no lead word: asked.
  const lead = YES.includes(first) ? 'Yes' : NO.includes(first) ? 'No' : undefined;
  const answer = yes && no ? lead : yes ? 'Yes' : 'No';
  if (!answer) return value('No', 0.4, { alternatives: ['Yes'] });
  // Spanish "nunca más", "más tiempo" fold to the Portuguese "but": not a condition.
  const unqualified = said.replace(/\b(nunca|nada|jamas|no) mas\b/g, '$1').replace(/\bmai?s (?=tiempo|tempo|de |del |do |que |dias|alla|longtemps|du |tard)/g, '');
  const qualified = eligibility && (hasAny(unqualified, BUT) || (answer === 'No' && hasAny(unqualified, ONLY)));
  const elsewhere = topic === 'refused' && ELSEWHERE.test(said);
  if (hedged || qualified || asksBack || elsewhere) return value(answer, 0.6, { alternatives: [answer === 'Yes' ? 'No' : 'Yes'], quote: text.trim() });
  // "Sí, nunca he ido" leads with yes and says no: the lead word answers, but not surely.
  if (yes && no) return value(answer, 0.6, { alternatives: [answer === 'Yes' ? 'No' : 'Yes'], quote: text.trim() });
  return value(answer, onlyTold(answer === 'Yes' ? 'yes' : 'no') ? 0.85 : 0.95, { quote: text.trim() });
}

/** "Is this your first trip?" read by yesNoTold's firstTrip: "twice" and "ya fui" are a no there, "never been" a yes. */
function readFirstTrip(said: string, text: string, asksBack: boolean): Reading {
  const read = firstTrip(said);
  if (!read) {
    const any = spans(said, YES, 'yes').length + spans(said, NO, 'no').length > 0;
    return any ? value('Yes', 0.4, { alternatives: ['No'] }) : silent('notUnderstood');
  }
  const other = read.answer === 'Yes' ? 'No' : 'Yes';
  if (asksBack || hasAny(said, HEDGE)) return value(read.answer, 0.6, { alternatives: [other], quote: text.trim() });
  return value(read.answer, read.told ? 0.85 : 0.95, { quote: text.trim() });
}
