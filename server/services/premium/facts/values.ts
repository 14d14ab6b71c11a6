import { findDates } from '../../ai/builtin/dates';
import { fold } from '../../ai/builtin/text';
import type { CompanionRelation, ContactKind, MaritalKind, OccupationKind, PayerKind, PurposeKind, RelationKind, StandingKind, StatusKind, VisaKind } from './schema';

// What a value says, read from folded text: the DS-160's own answers ('NOT EMPLOYED', 'PRESENT EMPLOYER', 'U.S.
// LEGAL PERMANENT RESIDENT') and the words people use for the same things, in Spanish and English.

/**
 * 'N/A', 'No aplica', 'Does not apply' say a question does not apply: no value at all. 'None', 'Ninguno', 'Nunca'
 * answer it: nothing of that kind (no relatives, no refusals), which for a name or an employer is also no value.
 */
export function absence(value: string): 'notApplicable' | 'none' | null {
  const v = fold(value).trim().replace(/[\s.,;:!]+$/, '').replace(/\s*\(.*\)$/, '');
  if (/^(n\s?\/\s?a|n\.a|na|no aplica|no aplicable|does not apply|not applicable|no corresponde|sin datos?|sin informacion|not provided|no especificado|nao se aplica|nao aplicavel|nao aplica|non applicable|sans objet|non concerne|ne s'applique pas|-+|—|–|\.+|x)$/.test(v)) return 'notApplicable';
  if (/^(none|ninguno|ninguna|nada|nunca|never|nobody|nadie|no one|no tengo|no hay|0|sin ingresos|no income|nenhum|nenhuma|ninguem|nao tenho|sem renda|nil|aucun|aucune|neant|rien|personne|jamais|sans revenu)$/.test(v)) return 'none';
  return null;
}

/** A yes/no answer ('YES', 'Sí, en 2022', 'No', 'Ninguno', 'never'); 'N/A' is neither. */
export function yesNo(value: string): boolean | null {
  const v = fold(value).trim();
  if (absence(v) === 'notApplicable') return null;
  if (/^(yes|si|sim|oui|y|s|o)(?![\p{L}])/u.test(v)) return true;
  if (/^(no|nao|non|none|ninguno|ninguna|nenhum|nenhuma|nunca|never|jamais|aucun|aucune|n)(?![\p{L}])/u.test(v)) return false;
  return null;
}

export function sexOf(folded: string): 'female' | 'male' | null {
  if (/^(female|femenino|mujer|feminin|feminine|femme|feminino|mulher|f)\b/.test(folded)) return 'female';
  if (/^(male|masculino|hombre|masculin|homme|homem|m)\b/.test(folded)) return 'male';
  return null;
}

export function maritalOf(folded: string): MaritalKind | null {
  if (/\b(union libre|union de hecho|union civil|conviviente|common[- ]law|civil union|domestic partner|pacse|pacsee|concubinage|union estavel|uniao estavel|uniao de facto)/.test(folded)) return 'partner';
  if (/\b(divorciad[oa]|divorced|divorcee?|divorcad[oa])\b/.test(folded)) return 'divorced';
  if (/\b(separad[oa]|separated|separee?)\b/.test(folded)) return 'separated';
  if (/\b(viud[oa]|viuv[oa]|widow(ed|er)?|veuf|veuve)\b/.test(folded)) return 'widowed';
  if (/\b(soltero|soltera|solteir[oa]|single|unmarried|never married|celibataire)\b/.test(folded)) return 'single';
  if (/\b(casad[oa]|married|mariee?)\b/.test(folded)) return 'married';
  return null;
}

/** Feminine Spanish words for the applicant themself ('DESEMPLEADA', 'casada', 'soltera'): how to word them back. */
export const feminine = (folded: string) => /\b(desempleada|jubilada|pensionada|casada|soltera|divorciada|separada|viuda|ama de casa|mariee|divorcee|separee|veuve|retraitee|etudiante|femme au foyer|solteira|viuva|aposentada|desempregada|dona de casa|divorciada|separada)\b/.test(folded);

export function purposeKinds(folded: string): PurposeKind[] {
  const kinds: PurposeKind[] = [];
  const add = (kind: PurposeKind, re: RegExp) => re.test(folded) && kinds.push(kind);
  add('work', /\b(trabajar|a trabajar|trabajo temporal|buscar (trabajo|empleo)|cosecha|obra de construccion|look(ing)? for (a )?(job|work)|to work\b|work (in|at|for|on) (a|an|the)|temporary work|farm work|harvest|employment in|empleo en|temporary worker|travailler|trabalhar|chercher (du )?travail|procurar (trabalho|emprego)|\(h\)|h-?1b?\b|h-?2[ab]?\b)/);
  add('study', /\b(master'?s|mba|msc|llm|maestria|mestrado|doctorado|doutorado|doctorat|ph\.?d|licenciatura|licence|bachelor'?s|degree|diplome universitaire|carrera|semestre|semester|universidad para estudiar|university (program|studies)|college|\(f\)|academic|pregrado|posgrado|postgrado|graduate (program|school)|estudiar en la universidad|estudios universitarios|etudes universitaires|estudos universitarios|estudar na universidade|faculdade|universite|universidade)/);
  add('course', /\b(curso|course|cours|taller|workshop|atelier|seminario|diplomado|bootcamp|clases de ingles|english classes|intensive english|cours d'anglais|curso de ingles|stage linguistique)/);
  add('medical', /\b(medic|tratamiento|treatment|traitement|tratamento|hospital|hopital|cirugia|cirurgia|chirurgie|surgery|chequeo|soins)/);
  add('business', /\b(negocio|negocios|negocios|business|affaires|conferencia|conference|congreso|congres|congresso|reunion|reuniones|reunioes|reuniao|meeting|meetings|feria|feira|salon professionnel|trade show|clientes|clients|proveedores|fornecedores|fournisseurs|suppliers|b-?1\b|\(b1\))/);
  add('family', /\b(visitar a mi|visita a mi|visit(ing)? my|ver a mi|see my|boda de mi|wedding of my|graduacion de mi|graduation|visitar (a )?(mi|minha|meu|meus|minhas) famil|visit my family|rendre visite a (ma|mon|mes)|voir (ma|mon|mes) (famille|fille|fils|soeur|frere|mere|pere|enfants|petits-enfants)|visitar (minha|meu|meus|minhas)|ver (minha|meu|meus|minhas))\b/);
  add('tourism', /\b(turismo|turista|turistic|tourisme|touriste|vacaciones|vacances|ferias|vacation|holidays?|tourism|tourist|pleasure|placer|plaisir|lazer|paseo|passeio|disney|sightseeing|conocer|conhecer|decouvrir|road trip|national parks|parques nacionales|grand canyon|b-?2\b|\(b2\)|\(b\)|visitor)/);
  add('transit', /\b(transit|transito|escala|layover)\b/);
  return kinds;
}

export function visaOf(folded: string): VisaKind | null {
  const codes: Array<[VisaKind, RegExp]> = [
    ['F', /\bf-?1\b|\(f\)/],
    ['J', /\bj-?1\b|\(j\)/],
    ['M', /\bm-?1\b|\(m\)/],
    ['H', /\bh-?1b?\b|\bh-?2[ab]\b|\(h\)/],
    ['C', /\bc-?1\b|\(c\)/],
    ['B', /\bb-?1\s?\/\s?b-?2\b|\bb-?[12]\b|\(b\)|\(b1\/b2\)/],
  ];
  const words: Array<[VisaKind, RegExp]> = [
    ['F', /\b(student visa|visa de estudiante)\b/],
    ['J', /\b(exchange visitor|intercambio)\b/],
    ['H', /\b(work visa|visa de trabajo|temporary worker)\b/],
    ['C', /\b(transit visa|visa de transito)\b/],
    ['B', /\b(visitor|visitante|turista|tourist|business pleasure|negocios y turismo|business (and|&) tourism)\b/],
  ];
  return (codes.find(([, re]) => re.test(folded)) ?? words.find(([, re]) => re.test(folded)))?.[0] ?? null;
}

const RELATIVE_WORDS = '(hermanos?|hermanas?|hijos?|hijas?|padres|padre|madre|papas?|mamas?|papis|mamis|papai|mamae|maman|daddy|mum|mommy|esposo|esposa|marido|conyuge|novio|novia|prometid[oa]|tios?|tias?|primos?|primas?|sobrin[oa]s?|abuel[oa]s?|cunad[oa]s?|suegr[oa]s?|familiar(?:es)?|parientes?|brothers?|sisters?|siblings?|sons?|daughters?|children|child|kids?|parents|father|mother|dad|mom|husband|wife|spouse|fiance[e]?|uncles?|aunts?|cousins?|nephews?|nieces?|grand(?:father|mother|parents?)|relatives?|in-laws?|freres?|s(?:oe|œ)urs?|fils|femme|filles?|peres?|meres?|mari|oncles?|tantes?|cousines?|neveux?|nieces?|grands-parents|irmaos?|irmas?|filhos?|filhas?|pais|pai|mae|tios?|tias?|sobrinh[oa]s?|avos?|avo|parentes?|conjointe?)';
export const RELATIVE = new RegExp(`\\b${RELATIVE_WORDS}\\b`);

export function relationOf(word: string): RelationKind {
  const w = fold(word);
  const table: Array<[RegExp, RelationKind]> = [
    [/^(hermanos|siblings?|irmaos)$/, 'sibling'], [/^(hermano|brothers?|freres?|irmao)$/, 'brother'], [/^(hermanas?|sisters?|s(?:oe|œ)urs?|irmas?)$/, 'sister'],
    [/^(hijos|children|child|kids?|enfants|filhos)$/, 'child'], [/^(hijo|sons?|fils|filho)$/, 'son'], [/^(hijas?|daughters?|filles?|filhas?)$/, 'daughter'],
    [/^(padres|parents|pais)$/, 'parent'], [/^(padre|papa|father|dad|daddy|peres?|pai|papai)$/, 'father'], [/^(madre|mama|mother|mom|mum|mommy|meres?|mae|mamae|maman)$/, 'mother'], [/^(papas|mamas|papis|mamis)$/, 'parent'],
    [/^(esposo|marido|husband|mari)$/, 'husband'], [/^(esposa|wife|femme)$/, 'wife'], [/^(conyuge|spouse|conjointe?)$/, 'spouse'],
    [/^(novi[oa]|prometid[oa]|fiancee?)$/, 'fiance'], [/^(tios?|uncles?|oncles?)$/, 'uncle'], [/^(tias?|aunts?|tantes?)$/, 'aunt'],
    [/^(primos?|cousins?)$/, 'cousin'], [/^(primas?|cousines?)$/, 'cousinFemale'], [/^(sobrinos?|sobrinhos?|nephews?|neveux?)$/, 'nephew'],
    [/^(sobrinas?|sobrinhas?|nieces?)$/, 'niece'], [/^(abuelos?|avos?|grandfather|grandparents?|grands-parents)$/, 'grandfather'], [/^(abuelas?|grandmother)$/, 'grandmother'],
  ];
  return table.find(([re]) => re.test(w))?.[1] ?? 'relative';
}

export function statusOf(folded: string): StatusKind | null {
  if (/\b(sin papeles|sans papiers|sem documentos|sem papeis|indocumentad[oa]s?|undocumented|no papers|sin documentos|ilegal(mente)?|illegal(ly)?|clandestin|sin estatus|no (legal )?status|out of status|overstay(ed)?|se quedo sin)\b/.test(folded)) return 'undocumented';
  if (/\b(asilo|asylum|asile|refugiad[oa]|refugee|refugie|tps|parole)\b/.test(folded)) return 'asylum';
  if (/\b(ciudadan[oa]s?|citizens?|citoyens?|citoyennes?|cidada[oa]s?|cidadaos|nacionalizad[oa]|naturali[sz]ed|naturalisee?|naturalizad[oa])\b/.test(folded)) return 'citizen';
  if (/\b(green ?card|residente permanente|residencia permanente|permanent resident|resident permanent|residente permanente|legal permanent|lpr|residente legal|tiene (la )?residencia|es residente|resident|residente)\b/.test(folded)) return 'resident';
  if (/\b(estudiante|student|f-?1)\b/.test(folded)) return 'student';
  if (/\b(h-?1b?|h-?2[ab]|l-?1|work visa|visa de trabajo|permiso de trabajo)\b/.test(folded)) return 'worker';
  if (/\b(nonimmigrant|non-immigrant|no inmigrante|visa temporal|temporary visa|j-?1)\b/.test(folded)) return 'nonimmigrant';
  return null;
}

export function payerKind(folded: string): PayerKind | null {
  if (!folded.trim() || absence(folded)) return null;
  if (/\b(other (company|organization)|otra (empresa|organizacion|compania)|autre (entreprise|organisation)|outra (empresa|organizacao))\b/.test(folded)) return 'other';
  if (/\b(employer|empleador[a]?|employeur|empregador|company|empresa|compania|entreprise|mi trabajo|my job|my work|mon travail|meu trabalho|organization|organizacion|firm|mi jefe|my boss|mon patron|meu chefe|mi patron)\b/.test(folded)) return 'employer';
  if (RELATIVE.test(folded) || /\b(familia|family|famille|other person|otra persona|autre personne|outra pessoa|sponsor|patrocinador|parrain)\b/.test(folded)) return 'family';
  // The applicant named as such ('EL SOLICITANTE', 'the applicant', 'le demandeur', 'o requerente') pays themself.
  if (/\b(self|myself|me|moi|moi-meme|(?:el |la |the |le |la |o |a )?(?:solicitante|applicant|demandeur|demandeuse|requerente|titular)|moi meme|eu|eu mesm[oa]|yo mismo|yo misma|yo|mi mismo|mi misma|por mi cuenta|mis ahorros|my savings|my own|mis propios|propios medios|pago yo|mes economies|mes propres moyens|minhas economias|recursos proprios|i)\b/.test(folded)) return 'self';
  return 'other';
}

const OCCUPATIONS: Array<[OccupationKind, RegExp]> = [
  ['agriculture', /^(agriculture|agricultura)$/],
  ['artist', /^(artist\/performer|artista(\/interprete)?|artist)$/],
  ['business', /^(business|negocios)$/],
  ['communications', /^(communications|comunicaciones)$/],
  ['computer', /^(computer science|informatica|ciencias de la computacion|computacion)$/],
  ['culinary', /^(culinary\/food services|gastronomia|servicios de alimentos)$/],
  ['education', /^(education|educacion)$/],
  ['engineering', /^(engineering|ingenieria)$/],
  ['government', /^(government|gobierno)$/],
  ['homemaker', /^(homemaker|ama de casa|hogar|housewife|stay[- ]at[- ]home (mom|parent))$/],
  ['legal', /^(legal profession|derecho|profesion (legal|juridica))$/],
  ['medical', /^(medical\/health|medicina\/salud|medicina|salud)$/],
  ['military', /^(military|militar)$/],
  ['naturalScience', /^(natural sciences?|ciencias naturales)$/],
  ['notEmployed', /^(not employed|unemployed|desemplead[oa]|sin empleo|no empleado|cesante|sin trabajo)$/],
  ['physicalScience', /^(physical sciences?|ciencias fisicas)$/],
  ['religious', /^(religious vocation|vocacion religiosa)$/],
  ['research', /^(research|investigacion)$/],
  ['retired', /^(retired|jubilad[oa]|pensionad[oa])$/],
  ['socialScience', /^(social sciences?|ciencias sociales)$/],
  ['student', /^(student|estudiante)$/],
  ['other', /^(other|otro|otra)$/],
];

/** A DS-160 primary occupation, when the value is one of the form's answers rather than a job title. */
export function occupationOf(folded: string): OccupationKind | null {
  const v = folded.trim().replace(/[.\s]+$/, '');
  return OCCUPATIONS.find(([, re]) => re.test(v))?.[0] ?? null;
}

/** How the applicant stands: from the form's occupation or the words they use for themself. */
export function standingOf(folded: string): StandingKind | null {
  if (/\b(self[- ]employed|independiente|independant|independante|autonom[oa]|autonome|cuenta propia|a mon compte|conta propria|freelance(r)?|own business|my own company|negocio propio|mi propio negocio|emprendedor[a]?|travailleur independant|travailleuse independante)\b/.test(folded)) return 'self-employed';
  if (/\b(not employed|unemployed|desemplead[oa]|desempregad[oa]|sin empleo|sans emploi|au chomage|chomeur|chomeuse|sem emprego|sin trabajo|no trabaj[oa](?: actualmente)?|cesante|jobless|out of work|not working|no estoy trabajando|(?:does not|doesn'?t|do not|don'?t) work|lost my job|perdi mi (trabajo|empleo))\b/.test(folded)) return 'unemployed';
  if (/\b(retired|jubilad[oa]|pensionad[oa]|aposentad[oa]|retraitee?|a la retraite)\b/.test(folded)) return 'retired';
  if (/\b(homemaker|ama de casa|amo de casa|dona de casa|dono de casa|femme au foyer|homme au foyer|housewife|hogar|do lar)\b/.test(folded)) return 'homemaker';
  if (/\b(student|estudiante|estudante|etudiante?)\b/.test(folded)) return 'student';
  return null;
}

export const STANDING_OF_OCCUPATION: Partial<Record<OccupationKind, StandingKind>> = {
  notEmployed: 'unemployed',
  retired: 'retired',
  student: 'student',
  homemaker: 'homemaker',
};

/** The DS-160's dates are '15-JUN-2026'; the shared date reader knows '15 JUN 2026'. */
const dashed = (text: string) => text.replace(/\b(\d{1,2})-(\p{L}{3,9})-(\d{4})\b/gu, '$1 $2 $3');

export interface DateFound {
  iso: string;
  text: string;
  index: number;
}

/** Whole dates in order; positions and text are the pasted text's own. */
export function datesIn(text: string, language: 'es' | 'en'): DateFound[] {
  return findDates(dashed(text), language).map((d) => ({ iso: d.iso, text: text.slice(d.index, d.index + d.text.length), index: d.index }));
}

const MONTHS: Record<string, number> = {
  jan: 1, ene: 1, feb: 2, fev: 2, mar: 3, apr: 4, abr: 4, avr: 4, may: 5, mai: 5, jun: 6, juin: 6, jul: 7, juil: 7, aug: 8, ago: 8, aou: 8,
  sep: 9, set: 9, oct: 10, out: 10, nov: 11, dec: 12, dic: 12, dez: 12,
};

/** A month and a year alone ('05/2029', 'March 2027', 'marzo de 2027'): the month's last day, as a passport's expiry reads. */
export function monthYearIn(text: string): DateFound | null {
  const folded = fold(text);
  const numeric = /(?<![\d/.-])(\d{1,2})[/.-](\d{4})(?![\d/-]|\.\d)/.exec(folded);
  // French and Portuguese names too ('juillet 2027', 'outubro de 2028', 'fevereiro 2030', 'août 2029').
  const named = /(?<![\p{L}])(ene|jan|feb|fev|mar|abr|apr|avr|may|mai|juin|juil|jun|jul|ago|aug|aou|sep|set|oct|out|nov|dic|dec|dez)[\p{L}]*\.?(?:\s+(?:de|del|of|d'|de l'an))?\s+(\d{4})/u.exec(folded);
  // The first of the two, wherever each stands.
  const match = numeric && (!named || numeric.index <= named.index) ? numeric : named;
  if (!match) return null;
  const month = match === numeric ? Number(numeric[1]) : MONTHS[match[1] ?? ''];
  const year = Number(match[2]);
  if (!month || month > 12) return null;
  const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return { iso: last, text: text.slice(match.index, match.index + match[0].length), index: match.index };
}

const CHILD_COUNT: Record<string, number> = { un: 1, una: 1, uno: 1, one: 1, a: 1, an: 1, une: 1, um: 1, uma: 1, dos: 2, two: 2, deux: 2, dois: 2, duas: 2, tres: 3, three: 3, trois: 3, cuatro: 4, four: 4, quatre: 4, quatro: 4, cinco: 5, five: 5, cinq: 5 };

/** 'dos hijos', 'one daughter', '3 children': how many children, and where it is written (folded offsets). */
export function childrenIn(folded: string): { count: number; index: number; length: number } | null {
  // Children called as people call them: 'dos nenas', 'duas meninas', 'two boys', 'trois gamins', 'dois moleques'.
  const match = /\b(\d|un|una|uno|une|um|uma|dos|dois|duas|deux|tres|trois|cuatro|quatre|quatro|cinco|cinq|one|two|three|four|five|a|an)\s+(?:(?:little|small|young|pequen[oa]s|petits?|petites?|pequen[oa]s)\s+)?(hijos?|hijas?|children|child|kids?|sons?|daughters?|boys?|girls?|ninos|ninas|nenes|nenas|chamacos|enfants?|gamins|gosses|filhos?|filhas?|meninos|meninas|criancas|fils|filles?)\b/.exec(folded);
  if (!match) return null;
  const count = /^\d$/.test(match[1] ?? '') ? Number(match[1]) : CHILD_COUNT[match[1] ?? ''];
  return count ? { count, index: match.index, length: match[0].length } : null;
}

/** A companion's relation to the applicant, in any of the four languages ('MARI', 'ESPOSA', 'AMIGO', 'colleague'). */
export function companionRelationOf(folded: string): CompanionRelation | null {
  if (/\b(friend|amig[oa]s?|amie?s?|copain|copine)\b/.test(folded)) return 'friend';
  if (/\b(colleague|colega|collegue|coworker|companero de trabajo)\b/.test(folded)) return 'colleague';
  const relative = RELATIVE.exec(folded);
  if (!relative) return null;
  const relation = relationOf(relative[0]);
  const kept: readonly string[] = ['spouse', 'husband', 'wife', 'child', 'son', 'daughter', 'parent', 'father', 'mother', 'sibling', 'brother', 'sister'];
  return (kept.includes(relation) ? relation : 'relative') as CompanionRelation;
}

/** Who a U.S. contact is, from how the form's answer names them ('HOTEL ATLANTIC', 'ACME INC.', 'mi hermano'). */
export function contactKindOf(folded: string): ContactKind {
  if (/\b(hotel|hostel|inn|resort|airbnb|motel|suites|lodge|hospedaje|pousada|auberge)\b/.test(folded)) return 'hotel';
  if (/\b(university|universidad|universite|universidade|college|school|escuela|ecole|escola)\b/.test(folded)) return 'school';
  if (/\b(inc|llc|ltd|corp|corporation|company|s\.a|group|grupo|hospital|clinic|clinica|church|iglesia|eglise|igreja|association|foundation|fundacion)\b/.test(folded)) return 'organization';
  if (RELATIVE.test(folded)) return 'relative';
  if (/\b(friend|amig[oa]|ami|amie)\b/.test(folded)) return 'friend';
  return 'other';
}
