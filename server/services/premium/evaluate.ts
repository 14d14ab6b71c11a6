import { fold } from '../ai/builtin/text';
import type { ApplicantFacts } from './facts';
import { lengthInDays } from './numbers';
import type { InterviewLanguage, InterviewQuestion } from './questions';

// One answer weighed as a consular officer would (issue 15): too short, vague, contradicting what the applicant
// declared, or good. The contradiction checks read the same facts the questions quote.

export type Verdict = 'good' | 'short' | 'vague' | 'contradiction';

export interface Evaluation {
  verdict: Verdict;
  score: number;
  feedback: string;
}

const SHORT_WORDS = 4;
const DETAILED_WORDS = 12;
const VAGUE = /\b(no se|no estoy segur[oa]|tal vez|quizas|quiza|a lo mejor|depende|maybe|perhaps|i don'?t know|not sure|i guess|probably|probablemente|algo asi|something like that|more or less|mas o menos|cosas|stuff|things)\b/;

const FEEDBACK: Record<Verdict | 'contradiction.stay' | 'contradiction.payer' | 'contradiction.family' | 'contradiction.visits' | 'contradiction.refusals' | 'contradiction.purpose', Record<InterviewLanguage, string>> = {
  good: { en: 'Good: a clear answer with concrete facts.', es: 'Bien: una respuesta clara y con datos concretos.' },
  short: { en: 'Too short: the officer needs a full sentence with a fact or two.', es: 'Demasiado breve: el oficial necesita una frase completa con uno o dos datos.' },
  vague: { en: 'Vague: say exactly what, where, when or how much, without "maybe".', es: 'Vaga: di exactamente qué, dónde, cuándo o cuánto, sin "tal vez".' },
  contradiction: { en: 'It contradicts what you declared.', es: 'Contradice lo que declaraste.' },
  'contradiction.stay': { en: 'It contradicts what you declared: your stay is "{fact}".', es: 'Contradice lo que declaraste: tu estadía es «{fact}».' },
  'contradiction.payer': { en: 'It contradicts what you declared: "{fact}" pays for the trip.', es: 'Contradice lo que declaraste: el viaje lo paga «{fact}».' },
  'contradiction.family': { en: 'It contradicts what you declared about family in the United States: "{fact}".', es: 'Contradice lo que declaraste sobre familia en Estados Unidos: «{fact}».' },
  'contradiction.visits': { en: 'It contradicts what you declared about earlier trips: "{fact}".', es: 'Contradice lo que declaraste sobre viajes anteriores: «{fact}».' },
  'contradiction.refusals': { en: 'It contradicts what you declared about refusals: "{fact}".', es: 'Contradice lo que declaraste sobre negativas de visa: «{fact}».' },
  'contradiction.purpose': { en: 'It contradicts the purpose you declared: "{fact}".', es: 'Contradice el propósito que declaraste: «{fact}».' },
};

const say = (key: keyof typeof FEEDBACK, language: InterviewLanguage, fact = '') => FEEDBACK[key][language].replace('{fact}', fact);

/** Which declared fact the answer says the opposite of, if any. */
function contradicted(question: InterviewQuestion, answer: string, facts: ApplicantFacts): { key: keyof typeof FEEDBACK; fact: string } | null {
  const a = fold(answer);
  const topic = question.topic;
  if ((topic === 'stay' || topic.startsWith('contradiction.')) && facts.stay) {
    const said = lengthInDays(a);
    if (said && Math.abs(said.days - facts.stay.days) > Math.max(3, facts.stay.days * 0.2) && !/\b(error|mistake|equivoc|correg|correct)/.test(a)) {
      return { key: 'contradiction.stay', fact: facts.stay.text };
    }
  }
  if (topic === 'payer' && facts.payer) {
    const selfSaid = /\b(yo (lo )?pago|pago yo|me lo pago|mis ahorros|i pay|i'm paying|i am paying|myself|my savings|my own money)\b/.test(a);
    const employerSaid = /\b((mi|la) empresa|my (company|employer)|the company|(mi|el) empleador)\b.{0,20}\b(paga|pays|is paying|will pay|pagara|cubre|covers)/.test(a);
    const familySaid = /\b(mis padres|mi (padre|madre|hermano|hermana|esposo|esposa|tio|tia|primo)|my (parents|father|mother|brother|sister|husband|wife|uncle|aunt|cousin))\b.{0,20}\b(paga|pagan|pays|pay|is paying|will pay|pagara|pagaran)/.test(a);
    const kind = facts.payer.kind;
    if ((selfSaid && kind !== 'self') || (employerSaid && kind !== 'employer') || (familySaid && kind !== 'family' && kind !== 'other')) {
      return { key: 'contradiction.payer', fact: facts.payer.text };
    }
  }
  if (topic === 'family' && facts.usFamily) {
    const none = /\b(no tengo (familia|familiares|parientes)|no family|no relatives|nobody|nadie|i don'?t have (any )?(family|relatives))\b/.test(a);
    if (facts.usFamily.has && none) return { key: 'contradiction.family', fact: facts.usFamily.text };
    const some = /\b(mi|mis|my) (hermano|hermana|tio|tia|primo|prima|padre|madre|hijo|hija|brother|sister|uncle|aunt|cousin|father|mother|son|daughter)s?\b.{0,30}\b(vive|viven|lives|live)\b/.test(a);
    if (!facts.usFamily.has && some) return { key: 'contradiction.family', fact: facts.usFamily.text };
  }
  if (topic === 'visits' && facts.previousVisits) {
    const never = /\b(nunca|never|primera vez|first time|first trip|primer viaje)\b/.test(a);
    const before = /\b(fui|estuve|visite|i went|i was there|i visited|last time|la ultima vez|la vez pasada)\b/.test(a);
    if ((facts.previousVisits.has && never) || (!facts.previousVisits.has && before)) return { key: 'contradiction.visits', fact: facts.previousVisits.text };
  }
  if (topic === 'refusals' && facts.refusals?.has && /\b(nunca|never|no me (la )?han negado|not refused)\b/.test(a)) {
    return { key: 'contradiction.refusals', fact: facts.refusals.text };
  }
  if ((topic === 'purpose' || topic === 'intro') && facts.purpose) {
    const work = /\b(trabajar|a trabajar|buscar trabajo|buscar empleo|to work|find a job|look for (a )?job|get a job)\b/.test(a);
    if (work && !facts.purpose.kinds.includes('work')) return { key: 'contradiction.purpose', fact: facts.purpose.text };
  }
  return null;
}

/** An answer's verdict, its score (0–100) and a line of feedback in the interview's language. */
export function evaluateAnswer(question: InterviewQuestion, answer: string, facts: ApplicantFacts, language: InterviewLanguage): Evaluation {
  const text = answer.trim();
  const words = text.split(/\s+/).filter(Boolean).length;
  const conflict = contradicted(question, text, facts);
  if (conflict) return { verdict: 'contradiction', score: 15, feedback: say(conflict.key, language, conflict.fact) };
  if (words < SHORT_WORDS) return { verdict: 'short', score: 30, feedback: say('short', language) };
  const folded = fold(text);
  // A fact is a number, a date, or a capitalised name past the first word.
  const concrete = /\d/.test(text) || /\s\p{Lu}\p{Ll}+/u.test(text);
  if (VAGUE.test(folded) || (!concrete && words < DETAILED_WORDS)) return { verdict: 'vague', score: 55, feedback: say('vague', language) };
  return { verdict: 'good', score: Math.min(100, 75 + Math.min(words, 40) / 2 + (concrete ? 5 : 0)), feedback: say('good', language) };
}
