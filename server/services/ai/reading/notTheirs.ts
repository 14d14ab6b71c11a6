import { PEOPLE } from './yesNoTold';
import type { Asked, ReadKind } from './types';
import { plain } from './words';

// What the words hold but the applicant did not give as their answer (issue 42, round 7): a value told of someone
// else ("my brother arrives on 12 May", "mi esposa es colombiana", "my wife's is ana@x.com") and a visit that goes
// on to seek work ("passear e ver se arrumo trampo", "tourism and maybe look for a job"), which a visitor's purpose
// cannot hold. Each is shown back and asked, never stored on its own.

/** Questions about someone else (a spouse, a parent, a contact, who pays): there another person is the answer. */
const ABOUT_OTHERS = /spouse|father|mother|parent|contact|companion|relative|relation|payer|paying|pays|child|sibling|friend|employer|school|host|guardian|emergency|us-person|point-of-contact/i;

/** Who else a sentence may be about, beyond the travelling companions yesNoTold knows. */
const OTHERS = `(?:${PEOPLE}|mere|pere|maman|tante|oncle|cousine?|grand mere|grand pere|aunt|uncle|cousin|grandma|grandpa|grandmother|grandfather|tia|tio|prima|primo|abuela|abuelo|avo|avoa|boss|jefe|jefa|patron|patronne|chefe)`;

/** The sentence's subject is another person: "my brother …", "mi esposa …", "sa femme …", "ele …". */
const SUBJECT = new RegExp(`^(?:(?:so|and|well|pues|bueno|alors|bon|entao|bom) )?(?:(?:my|our|mi|mis|nuestro|nuestra|nuestros|mon|ma|mes|notre|nos|meu|minha|meus|minhas|nosso|nossa|his|her|their|su|sus|son|sa|ses|leur|seu|sua|a|o|el|la) ${OTHERS}(?: s)?|he|she|they|ella|ellos|il|elle|ils|ele|ela|eles)\\b`);
/** The applicant in the same answer ("my wife and I arrive …", "mi esposa y yo"): theirs too. */
const ME_TOO = /\b(?:i|i m|me|we|us|yo|nosotros|nosotras|je|j|moi|nous|on va|on arrive|eu|a gente|mine|mio|mia|le mien|la mienne|o meu|a minha)\b/;

/** Values that belong to a person (a choice, a purpose or a status is told through others: "my husband passed away"). */
const PERSONAL: ReadonlySet<ReadKind> = new Set(['name', 'fullName', 'date', 'country', 'email', 'phone', 'passport']);

export function aboutSomeoneElse(asked: Asked, text: string): boolean {
  if (!PERSONAL.has(asked.kind) || ABOUT_OTHERS.test(asked.field)) return false;
  const said = plain(text).replace(/'/g, ' ');
  return SUBJECT.test(said) && !ME_TOO.test(said.replace(SUBJECT, ' '));
}

/** Work sought on the trip, in the four languages (folded): "look for a job", "buscar chamba", "arrumar trampo". */
const SEEKING_WORK = new RegExp(String.raw`\b(?:(?:look(?:ing)? for|find|finding|get|getting|seek|seeking|busca(?:r)?|busco|consegui(?:r)?|consigo|encontra(?:r)?|encuentro|cherche(?:r)?|trouve(?:r)?|arruma(?:r)?|arrumo|procura(?:r)?|procuro|acha(?:r)?|acho|conseguir|consigo) (?:(?:a|some|un|una|algo de|algun|du|un petit|um|uma|algum) )?(?:job|jobs|work|trabajo|trabajito|chamba|jale|empleo|travail|boulot|emploi|job|trampo|trabalho|emprego|servico|bico)|work a bit|work there|work a little|trabajar (?:un poco|alla|alli)|travailler (?:un peu|la bas)|bosser|trabalhar (?:um pouco|la))\b`);

export const seeksWork = (field: string, text: string): boolean => /purpose/i.test(field) && SEEKING_WORK.test(plain(text).replace(/'/g, ' '));
