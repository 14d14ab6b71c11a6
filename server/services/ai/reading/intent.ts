import type { Silence } from './types';
import { hasAny, plain, wordsOf } from './words';

// What a message is when it is not an answer: "I don't know", a question to the assistant, an insult, or talk
// that answers nothing. Checked before any field is read, so "¿Cuál es la capital de Francia?" is never a
// nationality and an insult never a name.

/** "I don't know" and "I don't remember" in the four languages, as people type them (folded, no accents). */
export const DONT_KNOW = [
  'no se', 'no lo se', 'no sabria', 'ni idea', 'no tengo idea', 'no me acuerdo', 'no recuerdo', 'no lo recuerdo', 'no estoy seguro', 'no estoy segura', 'no se bien',
  'i dont know', "i don't know", 'dont know', "don't know", 'i do not know', 'idk', 'no idea', 'not sure', "i'm not sure", 'im not sure', 'i dont remember', "i don't remember", 'i do not remember', 'cant remember', "can't remember", 'dunno',
  'je ne sais pas', 'je sais pas', 'sais pas', 'chais pas', 'aucune idee', 'je ne me souviens pas', 'je me souviens pas', 'je ne sais plus', 'pas sur', 'pas sure', 'je suis pas sur', "j'en sais rien", 'jsp',
  'prefiero no decir', 'prefiero no decirlo', 'no te lo voy a decir', 'no quiero decir', 'no quiero decirlo', 'prefer not to say', "i'd rather not say", 'rather not say', 'none of your business', 'je prefere ne pas le dire', 'je prefere ne pas dire', 'je ne veux pas le dire', 'prefiro nao dizer', 'nao quero dizer',
  'no comment', 'no comments', 'sin comentarios', 'sin comentario', 'pas de commentaire', 'sans commentaire', 'sem comentarios', 'sem comentario',
  'mind your own business', 'not your business', 'not your concern', 'no es asunto tuyo', 'no es de tu incumbencia', 'no es tu problema', 'a ti que te importa', 'que te importa', 'no te importa',
  'ca vous regarde pas', 'ca ne vous regarde pas', 'ca te regarde pas', 'ca ne te regarde pas', 'occupez-vous de vos affaires', 'mele-toi de tes affaires', 'pas vos affaires', 'pas tes oignons',
  'nao e da sua conta', 'nao e da tua conta', 'nao te interessa', 'nao lhe interessa', 'nao interessa',
  'nao sei', 'nao sei nao', 'nao lembro', 'nao me lembro', 'sei la', 'nem ideia', 'nao faco ideia', 'nao tenho certeza', 'nao tenho ideia',
];

/** Insults and abuse, folded. Words that are also ordinary words in one of the four languages are left out ('con'). */
const ABUSE = [
  'idiota', 'imbecil', 'estupido', 'estupida', 'pendejo', 'pendeja', 'cabron', 'cabrona', 'puta', 'puto', 'mierda', 'gilipollas', 'tonto', 'tonta', 'vete a la mierda', 'callate', 'maldita maquina', 'hijo de puta', 'chinga tu madre', 'pinche',
  'idiot', 'stupid', 'fuck', 'fucking', 'fuck you', 'shit', 'asshole', 'moron', 'bitch', 'bastard', 'shut up', 'dumb', 'useless bot', 'you suck', 'screw you',
  'connard', 'connasse', 'conne', 'merde', 'putain', 'abruti', 'abrutie', 'debile', 'ta gueule', 'salope', 'encule', 'nique', 'ferme la', 'va te faire foutre', 'cretin', 'cretine',
  'burro', 'burra', 'merda', 'porra', 'caralho', 'otario', 'otaria', 'babaca', 'cala a boca', 'vai se foder', 'vai te catar', 'filho da puta', 'droga de robo',
];

/** Words that open a question to the assistant. */
const ASKING = [
  'que', 'cual', 'cuales', 'como', 'cuando', 'donde', 'por que', 'porque', 'para que', 'quien', 'cuanto', 'cuanta', 'cuantos', 'es', 'puedo', 'puedes', 'hay', 'tengo que', 'debo',
  'what', 'which', 'how', 'when', 'where', 'why', 'who', 'whats', "what's", 'is', 'are', 'can', 'could', 'do', 'does', 'should', 'will', 'would',
  'quel', 'quelle', 'quels', 'quelles', 'comment', 'quand', 'ou', 'pourquoi', 'qui', 'combien', 'est-ce', 'est ce', "qu'est-ce", 'puis-je', 'dois-je', 'c\'est quoi',
  'o que', 'qual', 'quais', 'quando', 'onde', 'quem', 'quanto', 'quanta', 'posso', 'preciso', 'e', 'tem',
];

/** Greetings and thanks: polite, and no answer. */
const CHITCHAT = ['hola', 'hello', 'hi', 'hey', 'bonjour', 'salut', 'ola', 'oi', 'buenos dias', 'buenas tardes', 'buenas', 'good morning', 'bom dia', 'boa tarde', 'bonsoir', 'gracias', 'thanks', 'thank you', 'merci', 'obrigado', 'obrigada', 'ok', 'okay', 'vale', 'dale', 'd accord', "d'accord", 'ta bom', 'beleza', 'jaja', 'haha', 'lol', 'test', 'prueba', 'asdf', 'hmm', 'mmm'];

/** "Not yet", "I have none": no value for a text, a name, an address or a contact (a yes/no question reads these itself). */
const NOTHING = ['no tengo', 'todavia no', 'aun no', 'no tengo todavia', 'not yet', "i don't have", 'i dont have', 'i do not have', "don't have one", 'pas encore', "je n'ai pas", 'je nai pas', "j'en ai pas", 'ainda nao', 'nao tenho', 'none', 'ninguno', 'ninguna', 'nada', 'aucun', 'aucune', 'nenhum', 'nenhuma', 'n/a', 'nothing', 'rien', 'no aplica', 'not applicable', 'sans objet', 'nao se aplica'];

export function isNothing(text: string): boolean {
  return wordsOf(text).length <= 5 && hasAny(text, NOTHING);
}

export function isDontKnow(text: string): boolean {
  return hasAny(text, DONT_KNOW);
}

export function isAbuse(text: string): boolean {
  // "espèce d'idiot", "t'es con": an elided article joins the insult to the word before it.
  return hasAny(text, ABUSE) || hasAny(text.replace(/['’]/g, ' '), ABUSE);
}

/** Words that open a message without saying anything yet ("wait", "oye", "attendez", "ué"), taken off before its opening is judged. */
const LEAD = /^(?:(?:wait|hey|hi|ok|okay|so|and|but|um+|uh+|h+m+|oh|oye|oiga|y|pero|bueno|a ver|espera|eh|mais|et|attendez|attends|euh|bon|alors|ue|mas|pera|tipo|entao|ah|e ai|sorry|perdon|pardon|desculpa)\s+)+/;

/**
 * How a question to the assistant opens in each language when no question mark is typed: an interrogative word with
 * what asks ("what is", "por qué", "c'est quoi", "pra que"), a verb put first ("do I need", "is this", "est-ce que"),
 * or asking about the product ("how much does it cost", "cuánto cuesta", "ça coûte combien"). Openings an answer
 * also has ("porque voy…", "when my leave starts", "donde mi tía") are left out.
 */
const ASKS = [
  // English
  /^(?:what|whats|what's|why|how|which|who|whose|whom)\s+\S+/,
  /^(?:when|where)\s+(?:is|are|do|does|did|can|could|should|will|would|was|were|am)\b/,
  /^(?:do|does|did|can|could|should|would|will|is|are|am|was|were|have|has|shall|may|must)\s+(?:i|you|we|it|this|that|there|they|he|she|my|the|u|ya|these|those)\b/,
  /^(?:tell me|explain|i wonder|i don'?t (?:get|understand))\b/,
  // Spanish
  /^(?:que|cual|cuales|quien|quienes)\s+(?:es|son|significa|quiere|quieres|pongo|tengo|hago|necesito|necesitas|pasa|debo|diferencia|tipo|clase|documentos|hay|sera|seria|era)\b/,
  /^(?:por que|para que|pa que)\s+\S+/,
  /(?:^|\s)(?:para que|pa que|pra que|por que|what for|pourquoi|pour quoi faire)$/,
  /^(?:como|cuanto|cuanta|cuantos|cuantas)\s+(?:funciona|hago|se|puedo|lo|le|es|cuesta|cuestan|tiempo|tarda|vale|son|dura|me)\b/,
  /^(?:donde|cuando)\s+(?:pongo|esta|se|va|queda|puedo|es|sera|me|debo|tengo|llega)\b/,
  /^(?:necesito|ocupo|tengo que|debo|hay que)\s+(?:una\s+)?visa\b/,
  /^(?:importa|sirve|vale la pena|es obligatorio)\b/,
  // French
  /^(?:qu'est-ce|qu est-ce|est-ce que|est ce que|pourquoi|comment|combien|quel|quelle|quels|quelles|quand est-ce|ou est|ou se)\b/,
  /^(?:c'est quoi|c est quoi|ca sert a quoi|a quoi ca sert)\b/,
  /\b(?:c'est quoi|combien|pourquoi|quoi|quel|quelle)$/,
  /^(?:ca|cela)\s+(?:coute|sert|change|marche)\s+(?:combien|a quoi|quoi)\b/,
  /^(?:je mets|on met|il faut mettre)\s+(?:quel|quelle|quoi)\b/,
  // Portuguese
  /^(?:o que|oq|qual|quais|quem)\s+(?:e|sao|significa|eu|voce|tem|precisa|devo|faco|coloco)\b/,
  /^(?:pra que|para que|por que|pq|cade)\s+\S+/,
  /^(?:como|quanto|quanta|quantos)\s+(?:faco|funciona|eu|se|posso|custa|custam|tempo|demora|e)\b/,
  /^(?:onde|quando)\s+(?:coloco|eu|fica|e|posso|devo|tenho)\b/,
  /^(?:faz diferenca|importa|preciso de visto|precisa de visto)\b/,
];

/** The product or the conversation itself judged ("this site is garbage", "no funciona nada", "que site lixo"): not an answer. */
const COMPLAINT = [
  /\b(?:this|the|your|stupid|dumb)\s+(?:site|website|page|app|bot|form|system|thing|chat)\b.*\b(?:garbage|trash|junk|sucks|useless|broken|terrible|awful|scam|slow|bad|crap|doesn'?t work|not working|taking forever)\b/,
  /\b(?:garbage|trash|junk|crap|useless|terrible|awful)\s+(?:site|website|page|app|bot|form|system)\b/,
  /^(?:piece of (?:junk|crap|garbage)|this is (?:a scam|taking forever|ridiculous|useless)|(?:it|this) (?:doesn'?t|does not|won'?t) work)\b/,
  /\b(?:esta|este|la|esa|ese|que)\s+(?:pagina|sitio|web|app|aplicacion|bot|formulario|sistema|cosa)\b.*\b(?:mala|malo|basura|porqueria|inutil|estafa|lenta|lento|no sirve|no funciona)\b/,
  /^(?:que|esto es una?|es una?|eres una?)\s+(?:pagina tan mala|porqueria|basura|estafa|mierda|bot inutil|asco)\b/,
  /^(?:no funciona nada|nada funciona|esto no funciona|no sirve para nada)\b/,
  /\b(?:ce|votre|le|ton)\s+(?:site|truc|bot|formulaire|systeme|appli|application)\b.*\b(?:nul|nulle|pourri|naze|marche pas|fonctionne pas|une arnaque|lent)\b/,
  /^(?:ca|cela|rien ne)\s+(?:ne\s+)?(?:marche|fonctionne)\s+(?:pas|plus)?\b|^(?:c'est|c est)\s+(?:une arnaque|nul|n'importe quoi|pourri)\b/,
  /\b(?:esse|este|o|que)\s+(?:site|app|aplicativo|robo|bot|formulario|sistema|negocio)\s+(?:e\s+)?(?:lixo|porcaria|ruim|inutil|golpe|burro)\b/,
  /^(?:que porcaria|que lixo|isso e golpe|e golpe|(?:nao|nada) funciona(?: nada)?)\b/,
];

export function isComplaint(text: string): boolean {
  const said = plain(text).replace(LEAD, '');
  return COMPLAINT.some((re) => re.test(said));
}

/**
 * A question to the assistant: an opening '¿', or a question mark and an interrogative opening, or, with no mark at
 * all, one of the openings a question has in the four languages.
 */
export function isQuestion(text: string): boolean {
  const trimmed = text.trim();
  const said = plain(trimmed).replace(LEAD, '');
  if (wordsOf(said).length >= 2 && ASKS.some((re) => re.test(said))) return true;
  if (!/[?？]/.test(trimmed) && !trimmed.startsWith('¿')) return false;
  if (trimmed.startsWith('¿') && wordsOf(trimmed).length >= 2) return true;
  const opening = ` ${said} `;
  return wordsOf(trimmed).length >= 3 && ASKING.some((w) => opening.startsWith(` ${w} `));
}

export function isChitchat(text: string): boolean {
  const words = wordsOf(text);
  const chat = (w: string) => CHITCHAT.some((c) => c.split(' ').includes(w));
  return words.length > 0 && words.length <= 4 && words.some(chat) && words.every((w) => chat(w) || w.length <= 1);
}

/** What the message is when it is not an answer; undefined when it may be one. Abuse first: a rude question is abuse. */
export function silenceOf(text: string): Silence | undefined {
  if (isAbuse(text)) return 'abuse';
  if (isQuestion(text)) return 'question';
  if (isComplaint(text)) return 'offTopic';
  if (isDontKnow(text)) return 'dontKnow';
  if (isChitchat(text)) return 'offTopic';
  return undefined;
}
