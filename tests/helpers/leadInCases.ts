import type { Phrases } from './readingCases';

// The lead-ins people type before a free-text answer, per language (tests/services/readingLeadIns.test.ts), written
// as people type them, not copied from the grammar's slots (server/services/ai/reading/leadIns.ts).

export const FILLER: Phrases = {
  en: ['', 'umm ', 'ok so ', 'well, ', 'uhh ', 'yeah '],
  es: ['', 'pues ', 'bueno, ', 'mmm ', 'este... ', 'ok '],
  fr: ['', 'euh ', 'alors ', 'bon, ', 'ben ', 'bah '],
  pt: ['', 'então ', 'bom, ', 'tipo, ', 'ah ', 'olha, '],
};

export const LEADS: Record<'address' | 'employer' | 'school' | 'occupation', Phrases> = {
  address: {
    en: ["i'll be staying at ", 'im staying at ', 'gonna stay at ', "we're at ", 'staying at ', "it's ", 'its ', 'the address is ', 'address is ', 'the hotel is at ', "i'll be at ", 'we will stay at '],
    es: ['me quedo en ', 'me voy a quedar en ', 'voy a estar en ', 'nos vamos a hospedar en ', 'es en ', 'la dirección es ', 'me hospedo en ', 'vamos a estar en '],
    fr: ['je loge au ', 'je vais loger au ', 'on sera au ', 'je serai au ', "c'est au ", "l'adresse c'est ", "l'adresse est ", 'je reste au ', 'nous serons au '],
    pt: ['vou ficar na ', 'fico na ', 'vou me hospedar na ', 'é na ', 'o endereço é ', 'vamos ficar no ', 'fica na ', 'vou estar na '],
  },
  employer: {
    en: ['i work at ', 'i work for ', 'im working at ', "i'm employed by ", 'employed by ', 'working for ', "it's ", 'the company is ', 'my employer is ', 'currently at ', 'i am working for '],
    es: ['trabajo en ', 'trabajo para ', 'estoy trabajando en ', 'laboro en ', 'actualmente trabajo en ', 'la empresa es ', 'mi empresa es ', 'chambeo en ', 'es '],
    fr: ['je travaille chez ', 'je bosse chez ', 'je travaille pour ', 'je suis salarié de ', 'actuellement chez ', "l'entreprise c'est ", "mon employeur c'est ", "c'est ", 'je suis employé chez '],
    pt: ['trabalho na ', 'trabalho no ', 'trabalho para ', 'estou trabalhando na ', 'sou funcionário da ', 'a empresa é ', 'é a ', 'atualmente na ', 'trampo na '],
  },
  school: {
    en: ['i study at ', 'i go to ', 'im studying at ', 'i attend ', "i'm a student at ", 'the school is ', 'studying at ', "it's "],
    es: ['estudio en ', 'voy a la ', 'estoy estudiando en ', 'soy estudiante de la ', 'la escuela es ', 'es la ', 'soy alumna de la '],
    fr: ["j'étudie à ", 'je vais à ', 'je suis étudiant à ', "je suis à l'", "l'école c'est ", "c'est ", 'je suis inscrite à '],
    pt: ['estudo na ', 'estudo no ', 'faço faculdade na ', 'sou aluno da ', 'a escola é ', 'é a ', 'estou cursando na '],
  },
  occupation: {
    en: ["i'm a ", 'im a ', 'i work as a ', 'working as an ', "i'm currently a ", 'currently a ', 'my job is ', 'my occupation is ', 'i am a ', "i'm employed as a "],
    es: ['soy ', 'trabajo de ', 'trabajo como ', 'me dedico a ', 'actualmente soy ', 'mi profesión es ', 'de profesión ', 'estoy de ', 'laboro como ', 'soy una '],
    fr: ['je suis ', 'je travaille comme ', 'je bosse comme ', "mon métier c'est ", 'je travaille en tant que ', 'je suis employé comme ', 'actuellement je suis ', 'ma profession est '],
    pt: ['sou ', 'eu sou ', 'trabalho como ', 'trabalho de ', 'minha profissão é ', 'atualmente sou ', 'atuo como ', 'meu trabalho é ', 'sou uma '],
  },
};

/** Whose home or what was booked, said before a street number. */
export const HOSTS: Phrases = {
  en: ['staying at my cousins place, ', "staying at my cousin's place, ", 'im staying w my cousin, ', 'at my aunts, ', "i'm staying with friends, ", 'we are staying in an airbnb at ', 'my uncle lives at ', 'staying with my sister at ', 'my grandmas house, ', 'we booked a hotel at '],
  es: ['me quedo en casa de mi primo, ', 'me voy a quedar con mi tía en ', 'con mi prima en ', 'mi tío vive en ', 'en casa de mi hermana, ', 'en un airbnb en ', 'donde mis tíos, '],
  fr: ['je loge chez mon cousin au ', 'je loge chez mon cousin, ', 'chez ma sœur, ', 'je reste chez des amis, ', 'mon oncle habite au ', 'on a loué un airbnb au ', 'chez ma tante au '],
  pt: ['vou ficar na casa do meu primo, ', 'fico na casa de uns amigos, ', 'na casa da minha irmã, ', 'meu tio mora na ', 'vou ficar com meu irmão, ', 'num airbnb na ', 'na casa dos meus tios, '],
};
