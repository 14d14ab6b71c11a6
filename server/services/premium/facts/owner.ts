import { fold } from '../../ai/builtin/text';

// A business the applicant owns (issue 42): 'soy dueña de un colmado en Gurabo', 'I'm the owner of a bakery in Ponce',
// 'I run a small shop', 'je suis propriétaire d'une boulangerie à Lyon', 'sou dona de uma padaria em Recife'. Owning
// a business is working for oneself, and the business is where one works: the employer. A town after 'en', 'in', 'à'
// or 'em' is where the business is, never the employer.

/** What people own and work in, in the four languages (folded); a house, a flat or land is property, not work, and is not here. */
const TRADE =
  '(?:business|company|firm|shop|store|bakery|restaurant|cafe|bar|salon|workshop|garage|farm|pharmacy|clinic|agency|studio|grocery|market|kiosk|stall|boutique|' +
  'negocio|empresa|tienda|colmado|bodega|panaderia|restaurante|cafeteria|peluqueria|salon|taller|finca|granja|farmacia|clinica|agencia|estudio|abarrote[s]?|almacen|ferreteria|puesto|papeleria|libreria|carniceria|fruteria|lavanderia|consultorio|despacho|pulperia|tiendita|fonda|comedor|' +
  'entreprise|societe|commerce|magasin|boulangerie|patisserie|epicerie|atelier|ferme|pharmacie|cabinet|agence|quincaillerie|librairie|boucherie|pressing|' +
  'negocio|loja|padaria|lanchonete|oficina|fazenda|mercearia|mercadinho|salao|agencia|consultorio|papelaria|livraria|acougue|lavanderia|barbearia|quitanda|bar)';
const ARTICLE = '(?:my own|a small|an|a|my|mi propio|mi propia|un|una|mi|un petit|une petite|une|mon propre|ma propre|mon|ma|meu proprio|minha propria|um|uma|meu|minha|o|el|la|le)';
/** First person only: 'mi papá es dueño de…' or 'my sister runs a shop' is someone else's. */
const CUE = [
  // '(soy) dueña de', 'I'm the owner of', 'je suis (la) propriétaire de', 'sou dona de', 'co-owner of'
  "(?:(?:^[\\s\\-–•*]*|\\b(?:i am|i'm|im|soy|je suis|sou|eu sou|i work as|trabajo como|je travaille comme|trabalho como)\\s+)(?:(?:the|el|la|le|o|a|co|un|una|une|um|uma)[\\s-]+)?(?:co-?)?(?:owner|duen[oa]|propietari[oa]|proprietaire|don[oa]|proprietari[oa])\\s+(?:of|de|del|d'|da|do)\\s*)",
  // 'I run / own / have a shop', 'tengo una tienda', 'j'ai / je tiens une boulangerie', 'tenho uma padaria'
  "(?:\\b(?:i (?:run|own|have)|tengo|manejo|administro|atiendo|j'ai|je tiens|je gere|tenho|toco|administro)\\s+)",
].join('|');
/** The business: an article or none, then words up to a place, a time, a clause's end. */
const STOP = "(?:y|and|et|e|en|in|em|a|au|since|desde|depuis|for|que|which|qui|con|with|avec|com|where|donde|ou|onde|hace|ha)";
const BUSINESS = `(${ARTICLE}\\s+)?((?:(?!${STOP}\\b)[\\p{L}'-]+\\s+){0,3}?${TRADE}(?:\\s+(?:de|of|d'|da|do|des)\\s*[\\p{L}'-]+|\\s+(?!${STOP}\\b)[\\p{L}'-]+)?)`;
const OWNER = new RegExp(`(?:${CUE})${BUSINESS}(?=$|[\\s,.;:)(])`, 'du');
/** Not owned: 'no soy dueña', 'I don't own', 'je ne suis pas', 'I used to', 'fui'. */
const NOT_MINE = /\b(?:not|never|no|nao|ne|pas|jamais|nunca|used to|was|era|fui|etais)\b[^.;,]{0,14}$/;

export interface OwnedBusiness {
  /** The owner's words through the business ('dueña de un colmado'), quoted as written. */
  owner: { text: string; start: number };
  /** The business itself ('colmado', 'small bakery'), quoted as written, without its article. */
  business: { text: string; start: number };
  /** The town after 'en', 'in', 'à', 'em' ('Gurabo'), when one is named: a place, not an employer. */
  place?: { text: string; start: number };
}

/** The business the applicant says they own in `text` (a sentence or a form's answer), or null. */
export function ownedBusinessIn(text: string): OwnedBusiness | null {
  const folded = fold(text);
  const match = OWNER.exec(folded);
  const span = match?.indices?.[2];
  if (!match || !span) return null;
  if (NOT_MINE.test(folded.slice(0, match.index))) return null;
  const business = text.slice(span[0], span[1]);
  // The cue's own words from their first letter ('dueña de un colmado', not the 'soy' before it).
  const cueText = match[0];
  const lead = /^(?:[\s\-–•*]*(?:(?:i am|i'm|im|soy|je suis|sou|eu sou|i work as|trabajo como|je travaille comme|trabalho como)\s+)?(?:the\s+)?)/.exec(cueText);
  const ownerStart = match.index + (lead ? lead[0].length : 0);
  const out: OwnedBusiness = { owner: { text: text.slice(ownerStart, span[1]), start: ownerStart }, business: { text: business, start: span[0] } };
  const after = /^\s+(?:en|in|a|à|em|no|na|au|EN|IN|A|À|EM|NO|NA|AU|En|In|Em|No|Na|Au)\s+((?:\p{Lu}[\p{L}'’-]*)(?:\s+(?:de|del|la|da|do|dos|das|du|sur|of)?\s*\p{Lu}[\p{L}'’-]*){0,3})/u.exec(text.slice(span[1]));
  if (after?.[1]) out.place = { text: after[1], start: span[1] + after[0].length - after[1].length };
  return out;
}
