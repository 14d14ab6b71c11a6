import { fold, type Language } from '../builtin/text';

// Words that are a yes or a no in one language and something else in the answer's own (issue 42): Portuguese "no",
// "na", "nos", "nas" are "in the" ("perdi no aeroporto"), French "si" before a clause is "if" or "so" ("si je me
// souviens bien"), "no problem" or "pas de souci" are politeness, English "nan" is a grandmother. They are taken out
// of the folded answer before its yes and no words are read, so only the answer's language decides. A word followed
// by a comma, a stop or nothing is the bare word ("no.", "si, une fois") and stays; so does one followed by a yes or
// a no ("no nunca", "si si").

/** Idioms that hold a yes or a no word and say neither, per language (folded). */
const IDIOMS: Record<Language, readonly string[]> = {
  en: ['no problem', 'no problems', 'no worries', 'no doubt', 'no matter', 'no wonder', 'no rush', 'nan', 'nana', 'nanna'],
  es: ['no hay problema', 'no hay bronca', 'no pasa nada', 'no importa', 'sin problema'],
  fr: ['pas de probleme', 'pas de souci', 'pas de soucis', 'pas grave', 'pas de quoi', 'si possible', 'si besoin', 'meme si'],
  pt: ['na verdade', 'na real', 'no entanto', 'no fim', 'no final', 'nao tem problema', 'sem problema', 'por sinal'],
};

/** A word that is a preposition or a conjunction when a word follows it with no pause, per language, and what it is read as. */
const BEFORE_A_WORD: Partial<Record<Language, { word: RegExp; as: string }>> = {
  // "no Brasil", "na rua", "nos Estados Unidos", "nas férias": em + the article.
  pt: { word: /(?<![\p{L}\p{N}])(?:no|na|nos|nas|num|numa)(?= +([\p{L}\p{N}]+))/gu, as: 'em' },
  // "si je me souviens", "si c'est", "pas si longtemps".
  fr: { word: /(?<![\p{L}\p{N}])si(?= +([\p{L}\p{N}]+))/gu, as: '' },
};

/** What follows and keeps the word a yes or a no: another yes or no word ("no nunca", "si si", "no nao"). */
const ANSWER_NEXT = new Set(['no', 'nao', 'nunca', 'jamais', 'jamas', 'never', 'non', 'si', 'sim', 'oui', 'yes', 'nada', 'nenhum', 'nenhuma', 'tengo', 'tenho', 'he', 'j', 'senor', 'senhor']);

/** The answer folded, its language's false friends taken out: a Portuguese "no" + noun is read "em" ("sempre saí no prazo" as "em prazo"). */
export function withoutFalseFriends(text: string, language: Language | undefined): string {
  let said = fold(text).replace(/['’]/g, ' ');
  if (!language) return said;
  for (const idiom of IDIOMS[language]) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${idiom.replace(/ /g, ' +')}(?![\\p{L}\\p{N}])`, 'gu');
    said = said.replace(pattern, ' ');
  }
  const friend = BEFORE_A_WORD[language];
  return friend ? said.replace(friend.word, (m: string, next: string) => (ANSWER_NEXT.has(next) ? m : friend.as)) : said;
}
