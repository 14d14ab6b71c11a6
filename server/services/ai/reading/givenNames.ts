import { fold } from '../builtin/text';

// Given names common among the people who write in the four languages (issue 42), folded (lower case, no accents):
// enough to tell a compound given name ("José Luis", "Ana Paula", "Jean Pierre", "Mary Ann") from a given name and a
// surname ("Kevin Okoro"). A name missing here is still read; it is only not known to be a given name.

const NAMES = `
aaron abdul abdullah abel abigail abraham ada adam adama adebayo adriana adriano adrian adrien agnes agustin agustina ahmed aicha aida aisha
alain alan alba albert alberto alejandra alejandro alessandra alex alexander alexandra alexandre alexis alfonso alfredo ali alice alicia alina
alma alvaro amadou amanda amaury amelia amelie amina amine amir amparo ana anabel anderson andre andrea andreas andres andrew angel angela angelica
angelina angie anita ann anna anne annie anthony antoine antonella antonia antonio aparecida ariadna ariel armando arnaud arthur arturo astrid
aurelie aurelio aurora axel aya ayoub baptiste barbara bastien beatrice beatriz belen ben benedicte benjamin benoit bernard bernardo berta betty
bianca blanca bob bobby boris brandon brenda brian bridget bruna bruno bryan caio camila camille candela carla carlos carmen carolina caroline
casimir catalina catarina catherine cecile cecilia celia celine cesar charles charlie charlotte cheikh chiara chinedu chloe chris christian
christine christopher cindy clara claire clarisse claude claudia claudio clement clemence cloe colette constance consuelo cristian cristina
cynthia daisy damien daniel daniela danielle dante dario david davi debora deborah denis denise diana diane diego dolores domingo dominique
donald dora dorothy douglas duarte eduarda eduardo edgar edison edith edouard edson elena eleonora eli elias elisa elisabeth eliza elizabeth
ella ellen eloise elodie eloisa elsa elvira emanuel emilia emiliano emilie emilio emily emma emmanuel enrique enzo eric erica erick erika ernesto
esperanza esteban estefania estela estelle ester esther etienne eugenia eugenio eva evelyn fabian fabiana fabio fabienne fabrice facundo fatima
fatou federico felipe felix fernanda fernando filipe flavia flavio florence florencia florian francesca francisca francisco franck francois
francoise frank franklin frederic gabriel gabriela gabrielle gael gaspar genevieve george georges gerardo german gilberto gilles gina giovanna
giovanni gisele giselle gloria gonzalo grace graciela gregoire gregorio guadalupe guilherme guillaume guillermo gustavo hannah harold harry
hector helena helene henri henrique henry herminia hernan hilda hortensia hugo humberto ibrahim ignacio ines ingrid irene iris isaac isabel
isabela isabella isabelle ismael issa ivan ivana jack jacqueline jacques jade jaime james jane janet janine jason javier jean jeanne jennifer
jeremy jerome jessica jesus jimena joana joao joaquim joaquin joel johan john johnny jonas jonathan jordan jordi jorge jose josefa josefina
joseph josephine josue joy juan juana judith julia julian juliana julie julien julieta juliette julio justin karen karim karina karla kate
katherine kelly kevin khadija laetitia lara larissa laura laure laurent lea leandro leo leon leonardo leonor leticia liam lidia liliana lina
linda lisa livia lola lorena lorenzo louis louise luana luca lucas lucia luciana luciano lucie lucy luis luisa luiz luiza luna lydia madeleine
magali magdalena maite malik manon manuel manuela mara marc marcela marcelo marco marcos marcus margarita margaux margot maria mariana mariano
marianne maribel marie marina mario marion marisol marta martha martin martina mary mateo mathias mathieu mathilde matias matheus matthew
maura mauricio mauro max maxime maximilien maya melanie melissa mercedes mia michael michel michele michelle miguel milagros milena miriam
mohamed mohammed moises monica monique morgan moussa murilo nadia nadine nancy natalia natalie nathalie nathan nelson nicolas nicole nina
noah noe noemi norma octavio olga olivia olivier omar oscar oumar pablo paloma pamela paola pascal pascale patricia patricio patrick paul
paula paulina paulo pedro pepe perla philippe pierre pilar priscila priscilla priya rafael rafaela ramiro ramon raquel raul rebeca rebecca
regina remi rene renata renato ricardo richard rita roberta roberto robert rocio rodolfo rodrigo rogelio romain roman romeo rosa rosalia
rosana rosario rose ruben ruth sabrina sacha salma salome salvador samantha samira samuel sandra sandro santiago sara sarah sebastian sebastien
sergio silvia simon simone sofia solange sonia sophia sophie stephane stephanie susana suzanne sylvain sylvie tamara tatiana teresa thais
thiago thierry thomas tiago timothee tomas tony ulises valentin valentina valeria valerie vanessa vera veronica veronique vicente victor
victoria vincent violeta virginia vitor vivian viviane walter wendy william wilson xavier ximena yasmin yolanda yves yvonne zoe
`;

export const GIVEN_NAMES: ReadonlySet<string> = new Set(NAMES.split(/\s+/).filter(Boolean));

/** How many of the first words are known given names ("José Luis García" → 2); each part of "Marie-Claire" counts. */
export function givenNamesAtStart(words: readonly string[]): number {
  let n = 0;
  while (n < words.length && fold(words[n]!).split('-').every((part) => GIVEN_NAMES.has(part))) n += 1;
  return n;
}
