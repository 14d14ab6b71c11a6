import type { Evaluation } from './evaluate';
import type { ApplicantFacts } from './facts';
import type { InterviewLanguage, InterviewQuestion } from './questions';

// The final analysis (spec 3-ai §3 "Final analysis"; issue 15): risk level, success probability, strengths,
// weaknesses and recommendations, each naming the answer (by question number) or the declared fact it came from.

export interface FinalAnalysis {
  riskLevel: 'low' | 'medium' | 'high';
  successProbability: number;
  strengths: string[];
  weaknesses: string[];
  recommendations: string[];
}

type Line = Record<InterviewLanguage, (v: Record<string, string | number>) => string>;

const L: Record<string, Line> = {
  goodAnswer: { en: (v) => `Question ${v.n} (${v.category}): a clear, concrete answer.`, es: (v) => `Pregunta ${v.n} (${v.category}): una respuesta clara y concreta.` },
  job: { en: (v) => `A job to return to: ${v.fact}.`, es: (v) => `Un trabajo al que volver: ${v.fact}.` },
  visits: { en: (v) => `Earlier trips to the United States: "${v.fact}".`, es: (v) => `Viajes anteriores a Estados Unidos: «${v.fact}».` },
  married: { en: (v) => `Family ties at home: "${v.fact}".`, es: (v) => `Lazos familiares en casa: «${v.fact}».` },
  contradictionAnswer: { en: (v) => `Question ${v.n} (${v.category}): ${v.feedback}`, es: (v) => `Pregunta ${v.n} (${v.category}): ${v.feedback}` },
  shortAnswer: { en: (v) => `Question ${v.n} (${v.category}): too short.`, es: (v) => `Pregunta ${v.n} (${v.category}): demasiado breve.` },
  vagueAnswer: { en: (v) => `Question ${v.n} (${v.category}): vague.`, es: (v) => `Pregunta ${v.n} (${v.category}): vaga.` },
  noAnswer: { en: (v) => `Question ${v.n} (${v.category}): no answer.`, es: (v) => `Pregunta ${v.n} (${v.category}): sin respuesta.` },
  dataConflict: { en: (v) => `Your data: ${v.question}`, es: (v) => `Tus datos: ${v.question}` },
  refusal: { en: (v) => `A previous refusal on record: "${v.fact}".`, es: (v) => `Una negativa anterior registrada: «${v.fact}».` },
  family: { en: (v) => `Family in the United States: "${v.fact}" (the officer will weigh your intent to return).`, es: (v) => `Familia en Estados Unidos: «${v.fact}» (el oficial evaluará tu intención de volver).` },
  noJob: { en: (v) => `No current employment: "${v.fact}".`, es: (v) => `Sin empleo actual: «${v.fact}».` },
  rehearse: { en: (v) => `Rehearse question ${v.n} (${v.category}) until your answer matches your DS-160.`, es: (v) => `Ensaya la pregunta ${v.n} (${v.category}) hasta que tu respuesta coincida con tu DS-160.` },
  expand: { en: (v) => `Answer question ${v.n} (${v.category}) again with a date, an amount or a name.`, es: (v) => `Responde de nuevo la pregunta ${v.n} (${v.category}) con una fecha, un monto o un nombre.` },
  fixData: { en: (v) => `Correct your DS-160 or bring proof for: ${v.question}`, es: (v) => `Corrige tu DS-160 o lleva pruebas para: ${v.question}` },
  employerLetter: { en: (v) => `Bring a letter from ${v.fact} with your position, salary and approved leave.`, es: (v) => `Lleva una carta de ${v.fact} con tu cargo, salario y vacaciones aprobadas.` },
  funds: { en: () => 'Bring bank statements for the last three months showing you can pay for the trip.', es: () => 'Lleva estados de cuenta de los últimos tres meses que muestren que puedes pagar el viaje.' },
  refusalChange: { en: () => 'Prepare one sentence on what changed since your refusal, with proof.', es: () => 'Prepara una frase sobre lo que cambió desde tu negativa, con pruebas.' },
  keep: { en: () => 'Keep your answers short, true and consistent with your DS-160.', es: () => 'Mantén tus respuestas breves, veraces y coherentes con tu DS-160.' },
};

const line = (key: keyof typeof L, language: InterviewLanguage, values: Record<string, string | number> = {}) => (L[key] as Line)[language](values);

/** The analysis of a finished interview: answers weigh most, declared risks and contradictions lower the odds. */
export function finalAnalysis(
  questions: readonly InterviewQuestion[],
  evaluations: Readonly<Record<string, Evaluation>>,
  facts: ApplicantFacts,
  language: InterviewLanguage,
): FinalAnalysis {
  const strengths: string[] = [];
  const weaknesses: string[] = [];
  const recommendations: string[] = [];
  let total = 0;
  questions.forEach((question, i) => {
    const values = { n: i + 1, category: question.category };
    const evaluation = evaluations[question.id];
    total += evaluation?.score ?? 0;
    if (!evaluation) weaknesses.push(line('noAnswer', language, values));
    else if (evaluation.verdict === 'good') strengths.push(line('goodAnswer', language, values));
    else if (evaluation.verdict === 'contradiction') {
      weaknesses.push(line('contradictionAnswer', language, { ...values, feedback: evaluation.feedback }));
      recommendations.push(line('rehearse', language, values));
    } else {
      weaknesses.push(line(evaluation.verdict === 'short' ? 'shortAnswer' : 'vagueAnswer', language, values));
      recommendations.push(line('expand', language, values));
    }
  });
  let odds = questions.length ? total / questions.length : 0;

  const dataConflicts = questions.filter((q) => q.topic.startsWith('contradiction.'));
  for (const conflict of dataConflicts) {
    weaknesses.push(line('dataConflict', language, { question: conflict.question }));
    recommendations.push(line('fixData', language, { question: conflict.question }));
    odds -= 8;
  }
  if (facts.employer && facts.standing?.kind === 'employee') {
    strengths.push(line('job', language, { fact: [facts.role?.text, facts.employer.text].filter(Boolean).join(', ') }));
    recommendations.push(line('employerLetter', language, { fact: facts.employer.text }));
    odds += 3;
  }
  if (facts.previousVisits?.has) {
    strengths.push(line('visits', language, { fact: facts.previousVisits.text }));
    odds += 3;
  }
  if (facts.marital?.married) strengths.push(line('married', language, { fact: facts.marital.text }));
  if (facts.refusals?.has) {
    weaknesses.push(line('refusal', language, { fact: facts.refusals.text }));
    recommendations.push(line('refusalChange', language));
    odds -= 10;
  }
  if (facts.usFamily?.has) {
    weaknesses.push(line('family', language, { fact: facts.usFamily.text }));
    odds -= 5;
  }
  if (facts.standing && (facts.standing.kind === 'unemployed')) {
    weaknesses.push(line('noJob', language, { fact: facts.standing.text }));
    odds -= 8;
  }
  if (facts.payer?.kind === 'self' || dataConflicts.some((q) => q.topic === 'contradiction.funding')) recommendations.push(line('funds', language));
  if (!recommendations.length) recommendations.push(line('keep', language));

  const successProbability = Math.round(Math.min(95, Math.max(5, odds)));
  const riskLevel = successProbability >= 70 ? 'low' : successProbability >= 45 ? 'medium' : 'high';
  return { riskLevel, successProbability, strengths, weaknesses, recommendations };
}
