import { fold } from '../builtin/text';

// Answers that correct themselves ("July 15th, no sorry, July 18th", "Juan, perdón, Juan Carlos", "12 mil, no, 13
// mil", "Lucas, quer dizer, Luca"): the value is what follows the last correction, never the one taken back.

/** Words that take back what was just typed, folded; a "no"/"non"/"não" alone counts only after a comma or a stop. */
const MARKERS = [
  'no wait', 'wait', 'sorry', 'i mean', 'i meant', 'actually', 'correction', 'my bad', 'oops',
  'perdon', 'perdona', 'quiero decir', 'mejor dicho', 'me equivoque',
  'pardon', 'je veux dire', 'plutot', 'euh non', 'je me suis trompe', 'je me suis trompee',
  'quer dizer', 'ou melhor', 'desculpa', 'desculpe', 'perdao', 'me enganei', 'errei',
];

/** "…, no estamos casados", "…, não sou casado", "…, not married": a "no" that negates the verb after it corrects nothing. */
const NEGATED_VERB = String.raw`\s*(?:estamos|estoy|esta|estan|somos|soy|es|son|era|fue|fui|tengo|tenemos|tiene|he|hemos|ha|hay|se|sou|estou|esta|estamos|tenho|temos|tem|foi|fui|sei|married|casados?|casadas?|maries?|mariees?|am|are|is|was|were|have|has|do|does|did|est|suis|sommes|sont|ai|avons|a|sais)(?=\s|$)`;

const MARKER = new RegExp(
  `(?:^|[\\s,;.…!-])(?:(?:no|non|nao)[\\s,.]+)?(?:${MARKERS.map((m) => m.replace(/ /g, '\\s+')).join('|')})(?=[\\s,.:;!…-]|$)|[,;.…!]\\s*(?:no|non|nao|nope)(?=\\s*[,;!…]|\\s(?!${NEGATED_VERB}))`,
  'giu',
);

const hasContent = (text: string) => /[\p{L}\p{N}]/u.test(text);

/**
 * What was typed before the first correction and after the last one; undefined when the answer corrects nothing.
 * `bare` when every correction was a lone "no" ("Ana, no middle name" may correct nothing).
 */
export function correctionOf(text: string): { before: string; after: string; bare: boolean } | undefined {
  // fold keeps every character's place, so the places found in it are the text's.
  const found = [...fold(text).matchAll(MARKER)];
  if (found.length === 0) return undefined;
  const first = found[0]!;
  const last = found.at(-1)!;
  const before = text.slice(0, first.index).replace(/[\s,;.…!-]+$/u, '');
  const after = text.slice(last.index + last[0].length).replace(/^[\s,;:.…!-]+/u, '');
  // "Sorry, my name is Ana": polite words before any answer take nothing back.
  const bare = found.every((m) => /^[,;.…!]\s*(?:no|non|nao|nope)$/.test(m[0]));
  return hasContent(before) && hasContent(after) ? { before, after, bare } : undefined;
}

/** "el 18", "the 18th", "dia 18": a correction that names only the day keeps the month taken back. */
export function dayOnly(text: string): number | undefined {
  const match = /^(?:(?:on|the|el|le|o|dia|day|au|the)\s+)*(\d{1,2})(?:st|nd|rd|th|er|º|°)?[\s.!]*$/iu.exec(text.trim());
  return match ? Number(match[1]) : undefined;
}
