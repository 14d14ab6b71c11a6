import type { ApplicantFacts, Quoted } from './facts';

// The interview's questions, built from the applicant's own facts (issue 15): most quote what they wrote, and
// every contradiction in their data becomes a question of its own. Spanish or English (spec 3-ai §2.8).

export type InterviewLanguage = 'es' | 'en';
export type Difficulty = 'easy' | 'medium' | 'hard';
export type Topic =
  | 'intro' | 'purpose' | 'stay' | 'payer' | 'employment' | 'income' | 'family' | 'visits' | 'refusals' | 'ties'
  | 'contradiction.stayLeave' | 'contradiction.funding' | 'contradiction.purposeVisa' | 'contradiction.datesLength'
  | 'general.return' | 'general.companions' | 'general.firstDays' | 'general.job' | 'general.funding' | 'general.stay';

export interface InterviewQuestion {
  id: string;
  question: string;
  category: string;
  difficulty: Difficulty;
  tips: string[];
  topic: Topic;
  /** The applicant's words this question quotes; empty for a general question. */
  cites: string[];
}

/** Fewer than this and general questions fill in; more than MAX and the least telling are left out. */
const MIN_QUESTIONS = 6;
const MAX_QUESTIONS = 12;
/** An employee rarely gets more than a month away; beyond it, or beyond the leave they declared, the consul asks. */
const USUAL_LEAVE_DAYS = 30;
/** A trip costing more than three months of declared income needs explaining. */
const INCOME_MONTHS = 3;

const CATEGORY: Record<string, Record<InterviewLanguage, string>> = {
  intro: { en: 'Introduction', es: 'Presentación' },
  purpose: { en: 'Trip purpose', es: 'Propósito del viaje' },
  stay: { en: 'Trip dates', es: 'Fechas del viaje' },
  payer: { en: 'Funding', es: 'Financiamiento' },
  income: { en: 'Funding', es: 'Financiamiento' },
  employment: { en: 'Employment', es: 'Empleo' },
  family: { en: 'Family', es: 'Familia' },
  visits: { en: 'Travel history', es: 'Historial de viajes' },
  refusals: { en: 'Travel history', es: 'Historial de viajes' },
  ties: { en: 'Ties to home', es: 'Arraigo' },
  contradiction: { en: 'Contradiction', es: 'Contradicción' },
  general: { en: 'General', es: 'General' },
};

const TIPS: Record<string, Record<InterviewLanguage, string[]>> = {
  intro: {
    en: ['Greet the officer and answer in one or two sentences.', 'Say who you are and why you travel, nothing more.'],
    es: ['Saluda al oficial y responde en una o dos frases.', 'Di quién eres y por qué viajas, nada más.'],
  },
  purpose: {
    en: ['Name the places, events or people you will see.', 'It must match the purpose you declared.'],
    es: ['Nombra los lugares, eventos o personas que verás.', 'Debe coincidir con el propósito que declaraste.'],
  },
  stay: {
    en: ['Give exact dates and the place you will stay.', 'Explain why that length, not a longer one.'],
    es: ['Da fechas exactas y dónde te alojarás.', 'Explica por qué esa duración y no una mayor.'],
  },
  payer: {
    en: ['Say who pays and roughly how much.', 'Bring the proof: bank statements or a letter from whoever pays.'],
    es: ['Di quién paga y cuánto, aproximadamente.', 'Lleva el respaldo: estados de cuenta o una carta de quien paga.'],
  },
  employment: {
    en: ['Describe your work concretely: tasks, team, years.', 'An employment letter with your leave dates helps.'],
    es: ['Describe tu trabajo con datos: tareas, equipo, años.', 'Ayuda una carta laboral con las fechas de tus vacaciones.'],
  },
  family: {
    en: ['Say who they are and their status (citizen, resident).', 'Never hide relatives: the officer may already know.'],
    es: ['Di quiénes son y su estatus (ciudadano, residente).', 'Nunca ocultes familiares: el oficial puede saberlo ya.'],
  },
  visits: {
    en: ['Give the years and how long you stayed.', 'If you always left on time, say so.'],
    es: ['Da los años y cuánto tiempo te quedaste.', 'Si siempre saliste a tiempo, dilo.'],
  },
  refusals: {
    en: ['Be honest: the refusal is on record.', 'Explain what is different now (job, income, family).'],
    es: ['Sé honesto: la negativa consta en el sistema.', 'Explica qué cambió desde entonces (trabajo, ingresos, familia).'],
  },
  ties: {
    en: ['Name what brings you back: job, studies, family, property.', 'Concrete facts weigh more than promises.'],
    es: ['Nombra lo que te hace volver: trabajo, estudios, familia, bienes.', 'Los hechos concretos pesan más que las promesas.'],
  },
  contradiction: {
    en: ['Your data say two different things: explain which is true and why.', 'Correct your DS-160 before the interview if it is wrong.'],
    es: ['Tus datos dicen dos cosas distintas: explica cuál es cierta y por qué.', 'Corrige tu DS-160 antes de la entrevista si está mal.'],
  },
  general: {
    en: ['Answer briefly and with facts.', 'Keep to what you declared in your DS-160.'],
    es: ['Responde breve y con hechos.', 'Mantente en lo que declaraste en tu DS-160.'],
  },
};

type Draft = Omit<InterviewQuestion, 'id' | 'category' | 'tips'>;

/** What a fact quotes: its own words, or the pieces it joined. */
const of = (fact: Quoted | undefined): string[] => (fact ? (fact.from ?? [fact.text]) : []);

const q = (topic: Topic, difficulty: Difficulty, cites: Array<string | string[] | undefined>, question: string): Draft => ({
  topic,
  difficulty,
  cites: cites.flat().filter((c): c is string => Boolean(c)),
  question,
});

/** What a contradiction in the data asks; each is its own question (issue 15). */
function contradictions(f: ApplicantFacts, es: boolean): Draft[] {
  const out: Draft[] = [];
  const employed = f.standing?.kind === 'employee' || (!f.standing && f.employer);
  const allowed = f.leave?.days ?? USUAL_LEAVE_DAYS;
  if (f.stay && employed && f.stay.days > allowed) {
    const at = f.employer ? f.employer.text : es ? 'tu trabajo' : 'your job';
    out.push(
      f.leave
        ? q('contradiction.stayLeave', 'hard', [of(f.stay), f.leave.text], es
            ? `Te quedarás «${f.stay.text}», pero declaraste «${f.leave.text}». ¿Cómo estarás tanto tiempo fuera de ${at}?`
            : `You will stay "${f.stay.text}", but you declared "${f.leave.text}". How will you be away from ${at} that long?`)
        : q('contradiction.stayLeave', 'hard', [of(f.stay), f.employer?.text], es
            ? `Te quedarás «${f.stay.text}» y trabajas en ${at}. ¿Quién te aprobó tanto tiempo libre, y te espera tu puesto al volver?`
            : `You will stay "${f.stay.text}" while you work at ${at}. Who approved that much time off, and will your job wait for you?`),
    );
  }
  if (f.budget && f.income && f.budget.amount > INCOME_MONTHS * f.income.monthly) {
    out.push(q('contradiction.funding', 'hard', [f.budget.text, f.income.text], es
      ? `Tu viaje costará «${f.budget.text}», y declaraste ingresos de «${f.income.text}». ¿Cómo lo pagarás?`
      : `Your trip will cost "${f.budget.text}", and you declared an income of "${f.income.text}". How will you pay for it?`));
  } else if (f.payer?.kind === 'self' && f.standing && ['unemployed', 'student'].includes(f.standing.kind) && !f.income) {
    out.push(q('contradiction.funding', 'hard', [f.payer.text, f.standing.text], es
      ? `Declaraste que pagas tú el viaje («${f.payer.text}») y que eres «${f.standing.text}». ¿De dónde sale el dinero?`
      : `You declared that you pay for the trip yourself ("${f.payer.text}") and that you are "${f.standing.text}". Where does the money come from?`));
  }
  const kinds = f.purpose?.kinds ?? [];
  const visitor = f.visaClass?.kind === 'B' || (!f.visaClass && kinds.some((k) => k === 'tourism' || k === 'business'));
  const misfit = (visitor && kinds.includes('work')) || (f.visaClass?.kind === 'B' && kinds.includes('study')) || ((f.visaClass?.kind === 'F' || f.visaClass?.kind === 'J') && !kinds.includes('study') && kinds.some((k) => k === 'tourism' || k === 'work'));
  if (f.purpose && misfit) {
    const visa = f.visaClass?.text ?? (es ? 'de visitante' : 'visitor');
    out.push(q('contradiction.purposeVisa', 'hard', [f.purpose.text, f.visaClass?.text], es
      ? `Pides una visa «${visa}», pero escribiste «${f.purpose.text}». Ese propósito no encaja con esa visa: ¿qué harás exactamente?`
      : `You are applying for a "${visa}" visa, but you wrote "${f.purpose.text}". That purpose does not fit that visa: what exactly will you do?`));
  }
  if (f.stay && !f.stay.from && f.arrival && f.departure) {
    const days = Math.round((Date.parse(f.departure.iso) - Date.parse(f.arrival.iso)) / 86_400_000);
    if (days > 0 && Math.abs(days - f.stay.days) > Math.max(3, f.stay.days * 0.2)) {
      out.push(q('contradiction.datesLength', 'hard', [f.stay.text, f.arrival.text, f.departure.text], es
        ? `Escribiste una estadía de «${f.stay.text}», pero tus fechas (${f.arrival.text} – ${f.departure.text}) suman ${days} días. ¿Cuál es la correcta?`
        : `You wrote a stay of "${f.stay.text}", but your dates (${f.arrival.text} – ${f.departure.text}) make ${days} days. Which is right?`));
    }
  }
  return out;
}

/** The questions that quote one fact each, in the order a consular officer tends to ask. */
function factQuestions(f: ApplicantFacts, es: boolean): Draft[] {
  const out: Draft[] = [];
  if (f.name) {
    out.push(q('intro', 'easy', [of(f.name)], es
      ? `Buenos días, ${f.name.text}. Preséntese brevemente: ¿quién es y por qué viaja?`
      : `Good morning, ${f.name.text}. Briefly introduce yourself: who are you and why are you travelling?`));
  }
  if (f.purpose) {
    out.push(q('purpose', 'easy', [f.purpose.text], es
      ? `Escribiste que el propósito de tu viaje es «${f.purpose.text}». ¿Qué harás exactamente en Estados Unidos?`
      : `You wrote that the purpose of your trip is "${f.purpose.text}". What exactly will you do in the United States?`));
  }
  if (f.stay || f.arrival) {
    const { stay, arrival } = f;
    out.push(
      stay?.from && arrival && f.departure
        ? q('stay', 'medium', [arrival.text, f.departure.text], es
            ? `Llegarías el ${arrival.text} y saldrías el ${f.departure.text}. ¿Por qué ese tiempo, y dónde te alojarás?`
            : `You would arrive on ${arrival.text} and leave on ${f.departure.text}. Why that long, and where will you stay?`)
        : stay && arrival
        ? q('stay', 'medium', [arrival.text, stay.text], es
            ? `Llegarías el ${arrival.text} y te quedarías «${stay.text}». ¿Por qué ese tiempo, y dónde te alojarás?`
            : `You would arrive on ${arrival.text} and stay "${stay.text}". Why that long, and where will you stay?`)
        : stay
          ? q('stay', 'medium', [stay.text], es
              ? `Declaraste una estadía de «${stay.text}». ¿Por qué ese tiempo, y dónde te alojarás?`
              : `You declared a stay of "${stay.text}". Why that long, and where will you stay?`)
          : q('stay', 'medium', [arrival?.text], es
              ? `Llegarías el ${arrival?.text}. ¿Cuánto tiempo te quedarás, y cuándo vuelves?`
              : `You would arrive on ${arrival?.text}. How long will you stay, and when do you return?`),
    );
  }
  if (f.payer) {
    const { payer } = f;
    const who = f.employer?.text ?? (es ? 'tu empresa' : 'your company');
    out.push(
      payer.kind === 'employer'
        ? q('payer', 'medium', [payer.text, f.employer?.text], es
            ? `Escribiste que tu empleador paga el viaje («${payer.text}»): ¿a qué se dedica ${who}, y por qué te envía?`
            : `You wrote that your employer pays for the trip ("${payer.text}"): what does ${who} do, and why is it sending you?`)
        : payer.kind === 'self'
          ? q('payer', 'medium', [payer.text, f.income?.text], es
              ? `Declaraste que pagas tú el viaje («${payer.text}»)${f.income ? ` con ingresos de «${f.income.text}»` : ''}. ¿Cuánto costará, y cómo lo cubrirás?`
              : `You declared that you pay for the trip yourself ("${payer.text}")${f.income ? ` on an income of "${f.income.text}"` : ''}. How much will it cost, and how will you cover it?`)
          : q('payer', 'medium', [payer.text], es
              ? `Escribiste que «${payer.text}» paga tu viaje. ¿Qué relación tienen, y por qué lo paga?`
              : `You wrote that "${payer.text}" pays for your trip. What is your relationship, and why do they pay?`),
    );
  }
  const standing = f.standing?.kind;
  if (f.employer && f.role) {
    const since = f.jobSince ? (es ? ` desde ${f.jobSince.text}` : ` since ${f.jobSince.text}`) : '';
    out.push(q('employment', 'medium', [f.role.text, f.employer.text, f.jobSince?.text], es
      ? `Trabajas como ${f.role.text} en ${f.employer.text}${since}. ¿Qué haces allí en un día normal?`
      : `You work as ${f.role.text} at ${f.employer.text}${since}. What do you do there on a normal day?`));
  } else if (f.employer) {
    out.push(q('employment', 'medium', [f.employer.text], es
      ? `Trabajas en ${f.employer.text}. ¿Cuál es tu puesto allí, y desde cuándo?`
      : `You work at ${f.employer.text}. What is your position there, and since when?`));
  } else if (f.standing && standing !== 'employee') {
    const text = f.standing.text;
    const ask: Record<string, [string, string]> = {
      student: [`Declaraste que eres «${text}». ¿Qué estudias, y cuándo terminas?`, `You declared that you are "${text}". What do you study, and when do you finish?`],
      'self-employed': [`Declaraste que eres «${text}». ¿A qué se dedica tu negocio, y desde cuándo?`, `You declared that you are "${text}". What does your business do, and since when?`],
      unemployed: [`Declaraste «${text}». ¿Cómo te mantienes, y qué harás al volver?`, `You declared "${text}". How do you support yourself, and what will you do when you return?`],
      retired: [`Declaraste «${text}». ¿Cómo financias tu retiro y este viaje?`, `You declared "${text}". How do you fund your retirement and this trip?`],
    };
    const [inEs, inEn] = ask[standing as string] ?? ask.student ?? ['', ''];
    out.push(q('employment', standing === 'unemployed' ? 'hard' : 'medium', [text], es ? inEs : inEn));
  } else if (f.role) {
    out.push(q('employment', 'medium', [f.role.text], es
      ? `Declaraste que trabajas como ${f.role.text}. ¿Dónde, y desde cuándo?`
      : `You declared that you work as ${f.role.text}. Where, and since when?`));
  }
  if (f.income && f.payer?.kind !== 'self') {
    out.push(q('income', 'medium', [f.income.text], es
      ? `Declaraste ingresos de «${f.income.text}». ¿Cómo encaja este viaje en tu presupuesto?`
      : `You declared an income of "${f.income.text}". How does this trip fit your budget?`));
  }
  if (f.usFamily) {
    out.push(
      f.usFamily.has
        ? q('family', 'hard', [f.usFamily.text], es
            ? `Declaraste familia en Estados Unidos («${f.usFamily.text}»). ¿Cuál es su estatus allí, y te quedarás con ellos?`
            : `You declared family in the United States ("${f.usFamily.text}"). What is their status there, and will you stay with them?`)
        : q('family', 'easy', [f.usFamily.text], es
            ? `Declaraste no tener familia en Estados Unidos («${f.usFamily.text}»). ¿A quién verás allí, y dónde te alojarás?`
            : `You declared no family in the United States ("${f.usFamily.text}"). Who will you see there, and where will you stay?`),
    );
  }
  if (f.previousVisits) {
    out.push(
      f.previousVisits.has
        ? q('visits', 'medium', [f.previousVisits.text], es
            ? `Declaraste viajes anteriores a Estados Unidos («${f.previousVisits.text}»). ¿Qué hiciste, y saliste a tiempo?`
            : `You declared earlier trips to the United States ("${f.previousVisits.text}"). What did you do, and did you leave on time?`)
        : q('visits', 'easy', [f.previousVisits.text], es
            ? `Será tu primer viaje a Estados Unidos («${f.previousVisits.text}»). ¿Por qué ahora?`
            : `This will be your first trip to the United States ("${f.previousVisits.text}"). Why now?`),
    );
  }
  if (f.refusals?.has) {
    out.push(q('refusals', 'hard', [f.refusals.text], es
      ? `Declaraste una negativa de visa («${f.refusals.text}»). ¿Qué ha cambiado desde entonces?`
      : `You declared a visa refusal ("${f.refusals.text}"). What has changed since then?`));
  }
  if (f.marital || f.nationality) {
    const who = [f.marital?.text, f.nationality?.text].filter(Boolean).join(', ');
    out.push(q('ties', 'medium', [f.marital?.text, f.nationality?.text], es
      ? `Declaraste: ${who}. ¿Qué te ata a tu país, y qué te hace volver?`
      : `You declared: ${who}. What ties you to your country, and what makes you come back?`));
  }
  return out;
}

/** Asked only to reach six questions; each is skipped when a question on the data already covers its topic. */
const GENERAL: Array<[Topic, Difficulty, string, string, Topic | null]> = [
  ['general.return', 'medium', '¿Por qué debería creer que volverás a tu país al terminar el viaje?', 'Why should I believe you will return home when the trip ends?', null],
  ['general.job', 'easy', '¿A qué te dedicas?', 'What do you do for a living?', 'employment'],
  ['general.funding', 'medium', '¿Quién paga tu viaje, y cuánto costará?', 'Who is paying for your trip, and how much will it cost?', 'payer'],
  ['general.stay', 'easy', '¿Cuánto tiempo te quedarás, y dónde?', 'How long will you stay, and where?', 'stay'],
  ['general.companions', 'easy', '¿Viajas solo o acompañado? ¿Con quién?', 'Are you travelling alone or with someone? With whom?', null],
  ['general.firstDays', 'easy', '¿Qué harás en tus primeros días en Estados Unidos?', 'What will you do in your first days in the United States?', null],
];

/**
 * The interview: the facts' questions with the contradictions before the last two (the hard part in the middle of
 * the interview, as at a real window), general questions only to reach six, at most twelve.
 */
export function buildQuestions(facts: ApplicantFacts, language: InterviewLanguage): InterviewQuestion[] {
  const es = language === 'es';
  const cited = factQuestions(facts, es);
  const conflicts = contradictions(facts, es);
  // Contradictions always stay; fact questions give way from the end when there are too many.
  const room = Math.max(0, MAX_QUESTIONS - conflicts.length);
  const kept = cited.slice(0, room);
  const cut = Math.max(0, kept.length - 2);
  const drafts = [...kept.slice(0, cut), ...conflicts, ...kept.slice(cut)];
  for (const [topic, difficulty, inEs, inEn, covered] of GENERAL) {
    if (drafts.length >= MIN_QUESTIONS) break;
    if (covered && drafts.some((d) => d.topic === covered)) continue;
    drafts.push({ topic, difficulty, cites: [], question: es ? inEs : inEn });
  }
  return drafts.map((draft, i) => {
    const group = draft.topic.split('.')[0] as string;
    return {
      ...draft,
      id: `q${i + 1}`,
      category: (CATEGORY[group] ?? CATEGORY.general)?.[language] ?? '',
      tips: [...((TIPS[group] ?? TIPS.general)?.[language] ?? [])],
    };
  });
}
