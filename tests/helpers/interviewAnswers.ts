import type { InterviewQuestionDto } from '../../openapi/schemas/premium';

// Answers as an applicant who prepared would give them: each names what its question cites, adds a fact of its
// own (a name, a document) and, on a question about a contradiction, says why. No figure of its own, so an answer
// never contradicts the form by accident; different for every question, so none is a repeat.

type Lang = 'es' | 'en';

const BY_TOPIC: Record<Lang, Record<string, string>> = {
  es: {
    intro: 'Soy profesional, viajo por turismo y vuelvo a mi vida en casa; traigo mi carta de presentación firmada.',
    purpose: 'Voy a recorrer museos y parques con calma; tengo el itinerario impreso con cada visita del Central Park.',
    trip: 'Me alojaré en el hotel Hilton del centro; la reserva está pagada y el boleto de regreso confirmado con Avianca.',
    employment: 'Superviso un equipo pequeño, atiendo clientes y preparo informes; mi jefa Marta Gómez firmó mi carta laboral.',
    home: 'Me esperan mi casa y mis padres, a quienes cuido cada semana; Rosa, mi vecina, riega las plantas mientras viajo.',
    family: 'Mi familiar tiene sus papeles en regla y vive en su propia casa; me quedaré en el hotel Marriott, no con él.',
    payer: 'Los fondos del viaje están en una cuenta del Banco Nacional; traigo los estados de cuenta sellados por la sucursal.',
    income: 'Mis ingresos están documentados en las constancias de pago de Recursos Humanos, que traigo impresas.',
    visits: 'En cada viaje salí a tiempo, como muestran los sellos de mi pasaporte anterior de la Embajada.',
  },
  en: {
    intro: 'I am a professional travelling for a holiday and going back to my life at home; I bring a signed cover letter.',
    purpose: 'I will tour museums and parks at an easy pace; I have the printed itinerary with each visit to Central Park.',
    trip: 'I will stay at the downtown Hilton hotel; the booking is paid and the return ticket confirmed with Delta.',
    employment: 'I supervise a small team, serve clients and prepare reports; my manager Martha Gomez signed my work letter.',
    home: 'My home and my parents wait for me, I look after them every week; Rose, my neighbour, waters the plants meanwhile.',
    family: 'My relative has legal papers and lives in a house of their own; I will stay at the Marriott hotel, not with them.',
    payer: 'The funds for the trip are in an account at National Bank; I bring the statements stamped by the branch.',
    income: 'My income is documented in the pay slips from Human Resources, which I bring printed.',
    visits: 'On every trip I left on time, as the stamps in my old passport from the Embassy show.',
  },
};

/** Why, per kind of rule: the reason a prepared applicant would give, with the document that proves it. */
const WHY: Record<Lang, Record<string, string>> = {
  es: {
    funding: 'La razón es que mi hermano Carlos cubre los gastos, ya lo corregí en el formulario y traigo su carta notariada.',
    refusals: 'Es cierto, porque en esa ocasión no llevé documentos; ahora tengo empleo estable y traigo la carta de la Embajada.',
    length: 'Lo corregí en el formulario porque era un error; traigo el permiso aprobado por Recursos Humanos con las fechas.',
    passport: 'Ya renové el pasaporte porque vencía pronto; traigo el nuevo, emitido por la Cancillería.',
    visa: 'Tienes razón, porque me equivoqué de visa; ya pedí la cita para la visa correcta en el Consulado.',
    family: 'Lo explico porque importa: mi familiar tiene residencia legal y yo vuelvo a mi trabajo, lo prueba mi contrato con Seguros Bolívar.',
    history: 'Me equivoqué al declararlo porque pensé que no contaba; traigo el pasaporte con los sellos de Migración.',
  },
  en: {
    funding: 'The reason is that my brother Charles covers the costs; I corrected it in the form and bring his notarised letter.',
    refusals: 'That is true, because that time I had no documents; now I have a steady job and bring the letter from the Embassy.',
    length: 'I corrected it in the form because it was a mistake; I bring the leave approved by Human Resources with the dates.',
    passport: 'I already renewed the passport because it was expiring; I bring the new one, issued by the Foreign Ministry.',
    visa: 'You are right, because I chose the wrong visa; I already booked the appointment for the right one at the Consulate.',
    family: 'I can explain because it matters: my relative is a legal resident and I return to my job, as my contract with Allianz proves.',
    history: 'I declared it wrongly because I thought it did not count; I bring the passport with the stamps from Immigration.',
  },
};

/** Which reason each rule of the book calls for. */
const KIND_OF_RULE: Record<string, string> = {
  'employer-pays-without-job': 'funding', 'salary-without-job': 'funding', 'pays-alone-without-income': 'funding', 'funding-beyond-income': 'funding',
  'refusal-declared-no': 'refusals', 'refusal-on-record': 'refusals',
  'stay-beyond-leave': 'length', 'worker-without-leave': 'length', 'trip-longer-than-purpose': 'length', 'stay-beyond-admission': 'length', 'dates-disagree': 'length',
  'passport-validity': 'passport', 'purpose-needs-other-visa': 'visa',
  'relatives-declared-none': 'family', 'family-without-status': 'family', 'family-against-weak-ties': 'family', 'companions-declared-none': 'family', 'companion-status': 'family', 'student-without-school': 'family',
  'visits-declared-none': 'history', 'overstay-on-record': 'history', 'overstay-declared-no': 'history',
};

const EXPLAIN: Record<Lang, Record<string, string>> = {
  es: Object.fromEntries(Object.entries(KIND_OF_RULE).map(([rule, kind]) => [rule, WHY.es[kind] as string])),
  en: Object.fromEntries(Object.entries(KIND_OF_RULE).map(([rule, kind]) => [rule, WHY.en[kind] as string])),
};

const GENERAL: Record<Lang, string> = {
  es: 'Respondo con datos: el plan está escrito en mi agenda y lo revisé con mi agencia Viajes Andinos.',
  en: 'I answer with facts: the plan is written in my diary and I checked it with my agency Andes Travel.',
};

export function preparedAnswer(q: InterviewQuestionDto, language: Lang): string {
  const named = q.cites.map((c) => c.shown.replace(/[«»"]/g, '')).join('; ');
  const lead = named ? `${language === 'es' ? 'Sobre' : 'About'} ${named}: ` : '';
  const body = q.finding ? EXPLAIN[language][q.finding.rule] : (BY_TOPIC[language][q.topic] ?? `${GENERAL[language]} (${q.question})`);
  return `${lead}${body}`;
}

/** What a nervous applicant says to a contradiction: nothing that explains it. */
export const EVASIVE: Record<Lang, string> = { es: 'No sé, tal vez, depende.', en: "I don't know, maybe, it depends." };
