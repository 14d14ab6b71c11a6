import { labelSpellings } from './choices';
import { silent, value, type AskedOption, type Reading } from './types';
import { plain } from './words';

// An occupations catalogue (issue 42): the words people use for their work in the four languages, each leading to
// the DS-160 list's option ("je suis prof de maths au lycée" → Teacher, "i code for a startup" → Software Developer,
// "chofer de taxi" → Driver); a job the list does not name ("plumber", "albañil") is the list's Other. Folded words.

const CATALOGUE: Record<string, string[]> = {
  Accountant: ['accountant', 'cpa', 'bookkeeper', 'auditor', 'contador', 'contadora', 'contable', 'contador publico', 'contadora publica', 'comptable', 'expert-comptable', 'expert comptable', 'auditeur', 'auditrice', 'contabilista', 'auditora'],
  Architect: ['architect', 'arquitecto', 'arquitecta', 'architecte', 'arquiteto', 'arquiteta'],
  Artist: ['artist', 'painter', 'musician', 'singer', 'actor', 'actress', 'dancer', 'artista', 'pintor', 'pintora', 'musico', 'musica', 'cantante', 'actriz', 'bailarin', 'bailarina', 'artiste', 'peintre', 'musicien', 'musicienne', 'chanteur', 'chanteuse', 'acteur', 'actrice', 'danseur', 'danseuse', 'cantor', 'cantora', 'ator', 'atriz'],
  Banker: ['banker', 'bank teller', 'bank clerk', 'bank employee', 'bancario', 'bancaria', 'banquero', 'banquera', 'cajero de banco', 'banquier', 'banquiere', 'employe de banque', 'employee de banque'],
  'Business Owner': [
    'business owner', 'entrepreneur', 'own business', 'own company', 'own shop', 'own store', 'own bakery', 'own restaurant', 'run my own', 'i own a', 'i run a', 'self employed', 'self-employed',
    'empresario', 'empresaria', 'emprendedor', 'emprendedora', 'dueno de', 'duena de', 'propietario de', 'propietaria de', 'mi propio negocio', 'mi propia empresa', 'mi propia tienda', 'tengo un negocio', 'tengo una empresa', 'tengo mi negocio', 'independiente',
    'chef d entreprise', 'entrepreneuse', 'commercant', 'commercante', 'ma propre', 'mon propre', 'ma propre entreprise', 'mon entreprise', 'a mon compte', 'patron de',
    'empreendedor', 'empreendedora', 'dono de', 'dona de uma', 'minha propria', 'meu proprio', 'comerciante', 'autonomo', 'autonoma', 'tenho uma empresa', 'tenho um negocio',
    // A practice or work of one's own: "tenho consultório próprio", "private practice", "à mon compte", "freelance".
    'own practice', 'private practice', 'freelance', 'freelancer', 'work for myself', 'consultorio propio', 'propio consultorio', 'mi consultorio', 'own clinic', 'proprio consultorio', 'por mi cuenta', 'trabajo por mi cuenta', 'mon cabinet', 'cabinet prive', 'a mon propre compte', 'consultorio proprio', 'meu consultorio', 'por conta propria', 'trabalho por conta',
  ],
  'Chef/Cook': ['chef', 'cook', 'cocinero', 'cocinera', 'cuisinier', 'cuisiniere', 'cozinheiro', 'cozinheira'],
  'Civil Servant': ['civil servant', 'government employee', 'public servant', 'government worker', 'funcionario', 'funcionaria', 'funcionario publico', 'funcionaria publica', 'empleado publico', 'empleada publica', 'servidor publico', 'servidora publica', 'fonctionnaire', 'agent public', 'agente publico'],
  Consultant: ['consultant', 'consultor', 'consultora'],
  Dentist: ['dentist', 'dentista', 'dentiste', 'odontologo', 'odontologa', 'odontologist'],
  Designer: ['designer', 'graphic designer', 'disenador', 'disenadora', 'disenador grafico', 'graphiste', 'designer grafico', 'desenhista'],
  Doctor: ['doctor', 'physician', 'surgeon', 'pediatrician', 'general practitioner', 'medico', 'medica', 'medico general', 'cirujano', 'cirujana', 'pediatra', 'medecin', 'medecin generaliste', 'chirurgien', 'chirurgienne', 'pediatre', 'cirurgiao', 'cirurgia'],
  Driver: ['driver', 'taxi driver', 'truck driver', 'bus driver', 'uber driver', 'drive for uber', 'drive a taxi', 'drive a truck', 'chofer', 'chofer de taxi', 'conductor', 'conductora', 'taxista', 'camionero', 'camionera', 'chauffeur', 'chauffeur de taxi', 'routier', 'motorista', 'motorista de aplicativo', 'caminhoneiro', 'motoboy'],
  Economist: ['economist', 'economista', 'economiste'],
  Electrician: ['electrician', 'electricista', 'electricien', 'electricienne', 'eletricista'],
  Engineer: ['engineer', 'civil engineer', 'ingeniero', 'ingeniera', 'ingeniero civil', 'ingenieur', 'ingenieure', 'ingenieur civil', 'engenheiro', 'engenheira', 'engenheiro civil'],
  Farmer: ['farmer', 'rancher', 'agricultor', 'agricultora', 'campesino', 'campesina', 'ganadero', 'ganadera', 'agriculteur', 'agricultrice', 'fermier', 'fermiere', 'eleveur', 'lavrador', 'lavradora', 'fazendeiro', 'fazendeira', 'produtor rural'],
  Homemaker: ['homemaker', 'housewife', 'househusband', 'stay at home mom', 'stay at home dad', 'stay-at-home mom', 'stay at home', 'ama de casa', 'amo de casa', 'labores del hogar', 'hogar', 'femme au foyer', 'homme au foyer', 'mere au foyer', 'dona de casa', 'dono de casa', 'do lar'],
  Journalist: ['journalist', 'reporter', 'periodista', 'journaliste', 'jornalista'],
  Lawyer: ['lawyer', 'attorney', 'solicitor', 'barrister', 'abogado', 'abogada', 'avocat', 'avocate', 'advogado', 'advogada', 'notario', 'notaria', 'notaire'],
  Manager: ['manager', 'gerente', 'director', 'directora', 'directeur', 'directrice', 'gestor', 'gestora', 'supervisor', 'supervisora', 'chef de projet', 'diretor', 'diretora'],
  Mechanic: ['mechanic', 'mecanico', 'mecanica', 'mecanicien', 'mecanicienne'],
  Military: ['military', 'soldier', 'army officer', 'militar', 'soldado', 'militaire', 'soldat'],
  Nurse: ['nurse', 'registered nurse', 'enfermero', 'enfermera', 'infirmier', 'infirmiere', 'enfermeiro', 'enfermeira'],
  Pharmacist: ['pharmacist', 'farmaceutico', 'farmaceutica', 'quimico farmaceutico', 'pharmacien', 'pharmacienne'],
  Pilot: ['pilot', 'airline pilot', 'piloto', 'pilote'],
  'Police Officer': ['police officer', 'policeman', 'policewoman', 'police', 'cop', 'policia', 'agente de policia', 'policier', 'policiere', 'gendarme', 'policial', 'policial militar', 'policial civil', 'carabinero'],
  Retired: ['retired', 'retiree', 'pensioner', 'jubilado', 'jubilada', 'pensionado', 'pensionada', 'retraite', 'retraitee', 'a la retraite', 'aposentado', 'aposentada', 'reformado', 'reformada'],
  'Sales Representative': ['sales', 'salesman', 'saleswoman', 'salesperson', 'sales representative', 'sales rep', 'vendedor', 'vendedora', 'representante de ventas', 'ventas', 'comercial', 'commercial', 'commerciale', 'vendeur', 'vendeuse', 'representant', 'representante comercial', 'vendas'],
  Scientist: ['scientist', 'researcher', 'cientifico', 'cientifica', 'investigador', 'investigadora', 'scientifique', 'chercheur', 'chercheuse', 'cientista', 'pesquisador', 'pesquisadora'],
  'Software Developer': [
    'software developer', 'software engineer', 'programmer', 'developer', 'web developer', 'coder', 'i code', 'code for', 'programador', 'programadora', 'desarrollador', 'desarrolladora', 'ingeniero de software', 'ingeniera de software',
    'developpeur', 'developpeuse', 'developpeur web', 'programmeur', 'programmeuse', 'ingenieur logiciel', 'desenvolvedor', 'desenvolvedora', 'engenheiro de software',
  ],
  Student: ['student', 'full time student', 'estudiante', 'alumno', 'alumna', 'etudiant', 'etudiante', 'estudante', 'aluno', 'aluna'],
  Teacher: ['teacher', 'professor', 'lecturer', 'tutor', 'schoolteacher', 'maestro', 'maestra', 'profesor', 'profesora', 'profe', 'docente', 'professeur', 'professeure', 'prof', 'enseignant', 'enseignante', 'instituteur', 'institutrice', 'professora', 'educador', 'educadora'],
  Unemployed: ['unemployed', 'jobless', 'not working', 'no trabajo', 'no estoy trabajando', 'sin chamba', 'je ne travaille pas', 'je travaille pas', 'nao trabalho', 'nao estou trabalhando', 'i don t work', 'i m not working', 'i dont work', 'between jobs', 'out of work', 'looking for work', 'looking for a job', 'desempleado', 'desempleada', 'sin trabajo', 'sin empleo', 'cesante', 'parado', 'parada', 'au chomage', 'chomeur', 'chomeuse', 'sans emploi', 'desempregado', 'desempregada', 'sem emprego', 'sem trabalho'],
  Other: [
    'plumber', 'carpenter', 'builder', 'construction worker', 'bricklayer', 'mason', 'cleaner', 'janitor', 'waiter', 'waitress', 'bartender', 'hairdresser', 'barber', 'baker', 'butcher', 'secretary', 'receptionist', 'cashier', 'security guard', 'photographer', 'translator', 'interpreter', 'social worker', 'psychologist', 'veterinarian', 'vet', 'tailor', 'seamstress', 'gardener', 'nanny', 'babysitter', 'housekeeper', 'shop assistant', 'clerk', 'technician', 'fisherman', 'miner', 'welder', 'caregiver', 'pastor', 'priest', 'nun', 'athlete', 'coach', 'librarian', 'warehouse worker', 'factory worker', 'delivery',
    'fontanero', 'plomero', 'carpintero', 'carpintera', 'albanil', 'obrero', 'obrera', 'limpieza', 'mesero', 'mesera', 'camarero', 'camarera', 'peluquero', 'peluquera', 'barbero', 'panadero', 'panadera', 'carnicero', 'secretario', 'secretaria', 'recepcionista', 'cajero', 'cajera', 'guardia de seguridad', 'vigilante', 'fotografo', 'fotografa', 'traductor', 'traductora', 'trabajador social', 'trabajadora social', 'psicologo', 'psicologa', 'veterinario', 'veterinaria', 'sastre', 'costurera', 'jardinero', 'niñera', 'ninera', 'empleada domestica', 'dependiente', 'dependienta', 'tecnico', 'tecnica', 'pescador', 'minero', 'soldador', 'cuidador', 'cuidadora', 'sacerdote', 'monja', 'entrenador', 'bibliotecario',
    'plombier', 'charpentier', 'menuisier', 'macon', 'ouvrier', 'ouvriere', 'agent d entretien', 'femme de menage', 'serveur', 'serveuse', 'barman', 'coiffeur', 'coiffeuse', 'boulanger', 'boulangere', 'boucher', 'bouchere', 'secretaire', 'receptionniste', 'caissier', 'caissiere', 'agent de securite', 'photographe', 'traducteur', 'traductrice', 'assistant social', 'assistante sociale', 'psychologue', 'veterinaire', 'tailleur', 'couturiere', 'jardinier', 'nounou', 'vendeur en magasin', 'technicien', 'technicienne', 'pecheur', 'mineur', 'soudeur', 'aide-soignant', 'aide-soignante', 'pretre', 'religieuse', 'entraineur',
    'encanador', 'carpinteiro', 'marceneiro', 'pedreiro', 'servente', 'faxineiro', 'faxineira', 'diarista', 'garcom', 'garconete', 'cabeleireiro', 'cabeleireira', 'barbeiro', 'padeiro', 'padeira', 'acougueiro', 'secretario', 'recepcionista', 'caixa', 'seguranca', 'vigia', 'fotografo', 'tradutor', 'tradutora', 'assistente social', 'psicologo', 'psicologa', 'veterinario', 'costureira', 'jardineiro', 'baba', 'empregada domestica', 'balconista', 'tecnico', 'tecnica', 'pescador', 'mineiro', 'soldador', 'cuidador', 'cuidadora', 'freira', 'treinador',
  ],
};

/**
 * The ten-section form's shorter list (issue 42): each catalogue entry's place in it. A job the shorter list does not
 * name is its Other, as on the DS-160's.
 */
const BROADER: Record<string, string> = {
  Teacher: 'Teacher/Professor', Doctor: 'Doctor/Medical Professional', Dentist: 'Doctor/Medical Professional', Nurse: 'Doctor/Medical Professional', Pharmacist: 'Doctor/Medical Professional',
  Manager: 'Business Executive/Manager', 'Business Owner': 'Self-Employed', 'Civil Servant': 'Government Employee', 'Police Officer': 'Government Employee', Military: 'Government Employee',
  'Software Developer': 'Technology Professional', Artist: 'Artist/Creative Professional', Designer: 'Artist/Creative Professional',
};

/** What a person is now comes before what they do: "retired teacher" is Retired, "estudiante de medicina" Student. */
const STATUS_FIRST = ['Retired', 'Unemployed', 'Student', 'Homemaker', 'Business Owner', 'Self-Employed'];
/** Working for oneself is no other job: "dentista, tenho consultório próprio" may be either, so both are offered. */
const OWN_WORK = ['Business Owner', 'Self-Employed'];

/** Whether a question's options are an occupations list: the DS-160's, or the ten-section form's shorter one. */
export const isOccupationList = (options: readonly AskedOption[]) =>
  options.some((o) => o.value === 'Engineer') && (['Teacher', 'Software Developer'].every((v) => options.some((o) => o.value === v)) || ['Teacher/Professor', 'Technology Professional'].every((v) => options.some((o) => o.value === v)));

interface Hit {
  option: string;
  start: number;
  end: number;
}

export function readOccupation(options: readonly AskedOption[], text: string): Reading {
  const padded = ` ${plain(text).replace(/'/g, ' ')} `;
  const hits: Hit[] = [];
  const listed = new Set(options.map((o) => o.value));
  // Each catalogue entry counts for its own option, its place in a shorter list, or the list's Other.
  const placeOf = (entry: string) => (listed.has(entry) ? entry : BROADER[entry] && listed.has(BROADER[entry]) ? BROADER[entry] : 'Other');
  const sources: Array<[string, readonly string[]]> = [
    ...Object.entries(CATALOGUE).map(([entry, words]): [string, readonly string[]] => [placeOf(entry), words]),
    ...options.map((o): [string, readonly string[]] => [o.value, Object.values(o.labels).flatMap(labelSpellings)]),
  ];
  for (const [option, words] of sources) {
    const phrases = new Set(words);
    for (const phrase of phrases) {
      const p = ` ${plain(phrase).replace(/'/g, ' ')} `;
      if (p.trim().length < 2) continue;
      for (let at = padded.indexOf(p); at >= 0; at = padded.indexOf(p, at + 1)) hits.push({ option, start: at, end: at + p.length - 1 });
    }
  }
  // A word inside a longer phrase counts as the phrase ("software engineer" is not "engineer").
  const kept = hits.filter((h) => !hits.some((o) => o !== h && o.start <= h.start && o.end >= h.end && o.end - o.start > h.end - h.start));
  const found = [...new Set(kept.map((h) => h.option))];
  if (found.length === 0) return silent('notUnderstood');
  const status = found.filter((o) => STATUS_FIRST.includes(o));
  const jobs = found.filter((o) => !STATUS_FIRST.includes(o) && o !== 'Other');
  const pick = status.length === 1 ? status[0]! : status.length === 0 && jobs.length === 1 ? jobs[0]! : status.length === 0 && jobs.length === 0 ? 'Other' : undefined;
  const quote = text.trim();
  // Two jobs named as strongly ("engineer and teacher"): shown back with the other, one to choose.
  if (pick && OWN_WORK.includes(pick) && jobs.length) return value(pick, 0.5, { quote: text.trim(), alternatives: jobs });
  if (!pick) return value(status[0] ?? jobs[0]!, 0.5, { quote, alternatives: [...status.slice(1), ...jobs.slice(status.length ? 0 : 1)] });
  return value(pick, pick === 'Other' ? 0.85 : 0.9, { quote });
}
