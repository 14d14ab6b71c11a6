import { isPassportSpelling, passportSpelling } from './passportSpelling';
import { silent, value, type Asked, type Reading } from './types';
import { leadIn, leadKindOf } from './leadIns';
import { hostOnly, stillTold, unframe } from './textFrames';
import { plain } from './words';

// Free-text answers (an address, a city, an employer, an occupation): the phrase that introduces them is removed
// ("vivo en Lyon" → Lyon, "my address is 12 Main St" → 12 Main St); what is left is the answer.

const LEAD_INS = [
  'mi direccion es', 'mi domicilio es', 'vivo en', 'la direccion es', 'resido en', 'my address is', 'the address is', 'i live in', 'i live at', 'i am staying at', "i'm staying at", 'im staying at', 'mon adresse est', "j'habite a", "j'habite au", "j'habite en", 'j habite a', "j'habite", 'je vis a', 'je vis au', 'meu endereco e', 'o endereco e', 'moro em', 'moro na', 'moro no', 'vivo na', 'vivo no',
  'mi ciudad es', 'la ciudad es', 'my city is', 'ma ville est', 'minha cidade e',
  "i'm based in", 'im based in', 'i am based in', 'based in', "i'm living in", 'i am living in', 'living in', 'i reside in', 'i reside at', 'radico en', 'estoy radicado en', 'estoy radicada en', 'je reside a', 'je suis base a', 'je suis basee a', 'resido em', 'resido na', 'resido no',
  'trabajo en', 'trabajo para', 'i work at', 'i work for', 'je travaille chez', 'je travaille pour', 'je travaille a', 'trabalho na', 'trabalho no', 'trabalho em', 'trabalho para', 'mi empresa es', 'my employer is', 'mon employeur est', 'meu empregador e',
  'me voy a quedar en', 'me quedo en', 'nos quedamos en', 'voy a estar en', "i'll stay at", 'i will stay at', 'we will stay at', 'je vais loger a', 'je loge a', 'je loge', 'je vais loger', 'je reste a', 'vou ficar em', 'vou ficar no', 'vou ficar na', 'fico em',
  'soy', 'i am a', "i'm a", 'im a', 'i am an', "i'm an", 'im an', 'je suis un', 'je suis une', 'sou um', 'sou uma', 'soy un', 'soy una', 'je suis', 'eu sou', 'sou', 'trabajo como', 'i work as', 'je travaille comme', 'trabalho como',
  'es', 'is', "c'est", 'e', 'en', 'in', 'a', 'em',
];

function strip(text: string): string {
  let out = text.trim().replace(/^[\s,;:.-]+|[\s.!]+$/g, '');
  for (let changed = true; changed; ) {
    changed = false;
    const head = plain(out);
    for (const phrase of LEAD_INS) {
      if (head.startsWith(`${phrase} `)) {
        const words = phrase.split(' ').length;
        const parts = out.split(/\s+/);
        if (plain(parts.slice(0, words).join(' ')) !== phrase) continue;
        out = parts.slice(words).join(' ').replace(/^[\s,;:]+/, '');
        changed = true;
        break;
      }
    }
  }
  return out.trim();
}

/** An answer that points elsewhere ("same as my passport", "el mismo de antes") holds no text to keep. */
const ELSEWHERE = /^(?:(?:it'?s|its|es|c'?est|e)\s+)?(?:the\s+)?(?:same\s+(?:as|one)|el\s+mismo|la\s+misma|lo\s+mismo|igual\s+(?:que|a|al)|le\s+meme|la\s+meme|pareil|o\s+mesmo|a\s+mesma|igual\s+ao)\b/;
/** Nothing decided yet: "haven't booked yet", "no he reservado", "pas encore réservé", "ainda não reservei". */
const UNDECIDED = /\b(?:haven'?t|have not|not|no|pas|nao|sin|sem)\s+(?:\p{L}+\s+)?(?:booked|decided|reserved|chosen|reservado|reserve|reservei|decidido|decide|decidi|escogido|elegido|choisi|escolhido|escolhi)\b/u;
/** "Lagos but moving soon": the place, with a condition after it that is shown back and asked. */
const BUT = /\s*(?:,\s*)?\b(?:but|pero|mais|mas|although|aunque|bien que|embora)\b.*$/i;

/** "my aunt's place", "casa de mi hermano", "chez ma tante", "na casa do meu irmão": whose home, said before its address. */
const HOST = /\b(?:place|house|home|apartment|flat|casa|apartamento|departamento|depa|chez|maison|appartement|apart)\b/;
const WHOSE = /\b(?:my|mi|mis|ma|mon|mes|minha|meu|minhas|meus|our|nuestra|nuestro|notre|nossa|nosso|aunt|uncle|cousin|brother|sister|friend|tia|tio|prima|primo|hermano|hermana|amigo|amiga|tante|oncle|frere|soeur|ami|amie|irma|irmao)\b/;

/** An address told after whose home it is ("staying at my aunt's place, 221 Oak St"): from its number on. */
function fromNumber(text: string): string | undefined {
  const at = /(?:^|[\s,])(\d+[\p{L}]?\s+\p{L})/u.exec(text);
  if (!at || at.index === 0) return undefined;
  const before = plain(text.slice(0, at.index));
  if (/\d/.test(before) || !HOST.test(before) || !WHOSE.test(before)) return undefined;
  return text.slice(at.index).replace(/^[\s,]+/, '');
}

export function readText(asked: Asked, typed: string): Reading {
  // The lead-in of the field's kind first ("staying at my cousins place,", "trabajo de", "je suis étudiant à"):
  // what follows it is the answer; a message that is all lead-in holds none.
  const kind = leadKindOf(asked);
  const led = kind ? leadIn(kind, typed) : undefined;
  if (led?.alone) return silent('notUnderstood');
  const text = led?.led ? led.rest : typed;
  // "me quedo con mi tía en Miami": whose home, and no street number yet; the DS-160 takes a street address.
  if (led?.host && !/\d/.test(text)) return silent('notUnderstood');
  const said = plain(text);
  if (ELSEWHERE.test(said) || UNDECIDED.test(said)) return silent('notUnderstood');
  const condition = BUT.exec(text);
  if (condition && condition.index > 0) {
    const head = readText(asked, text.slice(0, condition.index));
    return head.outcome === 'value' ? { ...head, confidence: Math.min(head.confidence, 0.7) } : head;
  }
  const numbered = asked.kind === 'address' ? fromNumber(text) : undefined;
  // Fillers were read by the lead-in grammar, which keeps a filler word said with no pause ("Bom Jesus da Lapa").
  const answer = numbered ?? (asked.prose ? strip(text) : strip(unframe(text, { names: /name/.test(asked.field), fillers: !kind }).answer));
  if (answer.length < 2 || !/\p{L}|\d/u.test(answer)) return silent('notUnderstood');
  // Still a sentence once its frame is off ("I'm with Deloitte" read to "I'm with…", "il fait du commerce"): the
  // reader does not know which words are the answer, so it asks again rather than keep or offer the sentence.
  if (!numbered && !asked.prose && stillTold(answer)) return silent('notUnderstood');
  // An address that names only whose home it is asks again for the street: "my sister's in Houston" is not one.
  if (asked.kind === 'address' && hostOnly(answer)) return silent('notUnderstood');
  // An address with no number and a single word, or naming no place ("some airbnb downtown"), is more likely a slip
  // or a plan than an address: shown back first.
  const thin = asked.kind === 'address' && !/\d/.test(answer) && (answer.split(/\s+/).length < 3 || !/\p{Lu}/u.test(answer));
  const confidence = thin ? 0.7 : answer === typed.trim() ? 0.9 : 0.88;
  if (asked.latin && !isPassportSpelling(answer.replace(/[\d.,&()]/g, ''))) {
    const spelled = passportSpelling(answer.replace(/[.,&()]/g, (c) => c));
    if (spelled) return value(spelled, Math.min(confidence, 0.7), { quote: answer, typed: answer });
  }
  return value(answer.slice(0, 200), confidence, { quote: answer });
}
