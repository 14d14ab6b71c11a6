import { isPassportSpelling, passportSpelling } from './passportSpelling';
import { silent, value, type Asked, type Reading } from './types';
import { plain } from './words';

// Free-text answers (an address, a city, an employer, an occupation): the phrase that introduces them is removed
// ("vivo en Lyon" → Lyon, "my address is 12 Main St" → 12 Main St); what is left is the answer.

const LEAD_INS = [
  'mi direccion es', 'mi domicilio es', 'vivo en', 'la direccion es', 'resido en', 'my address is', 'the address is', 'i live in', 'i live at', 'i am staying at', "i'm staying at", 'im staying at', 'mon adresse est', "j'habite a", "j'habite au", "j'habite en", 'j habite a', "j'habite", 'je vis a', 'je vis au', 'meu endereco e', 'o endereco e', 'moro em', 'moro na', 'moro no', 'vivo na', 'vivo no',
  'mi ciudad es', 'la ciudad es', 'my city is', 'ma ville est', 'minha cidade e',
  'trabajo en', 'trabajo para', 'i work at', 'i work for', 'je travaille chez', 'je travaille pour', 'je travaille a', 'trabalho na', 'trabalho no', 'trabalho em', 'trabalho para', 'mi empresa es', 'my employer is', 'mon employeur est', 'meu empregador e',
  'me voy a quedar en', 'me quedo en', 'nos quedamos en', 'voy a estar en', "i'll stay at", 'i will stay at', 'we will stay at', 'je vais loger a', 'je loge a', 'je loge', 'je vais loger', 'je reste a', 'vou ficar em', 'vou ficar no', 'vou ficar na', 'fico em',
  'soy', 'i am a', "i'm a", 'i am an', "i'm an", 'je suis', 'eu sou', 'sou', 'trabajo como', 'i work as', 'je travaille comme', 'trabalho como',
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

export function readText(asked: Asked, text: string): Reading {
  const answer = strip(text);
  if (answer.length < 2 || !/\p{L}|\d/u.test(answer)) return silent('notUnderstood');
  // An address with no number and a single word is more likely a city or a slip: shown back first.
  const thin = asked.kind === 'address' && !/\d/.test(answer) && answer.split(/\s+/).length < 3;
  const confidence = thin ? 0.7 : answer === text.trim() ? 0.9 : 0.88;
  if (asked.latin && !isPassportSpelling(answer.replace(/[\d.,&()]/g, ''))) {
    const spelled = passportSpelling(answer.replace(/[.,&()]/g, (c) => c));
    if (spelled) return value(spelled, Math.min(confidence, 0.7), { quote: answer, typed: answer });
  }
  return value(answer.slice(0, 200), confidence, { quote: answer });
}
