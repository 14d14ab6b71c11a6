// Places in the United States, as applicants name them in Spanish and English: enough to tell that "estuve en
// Los Ángeles en 2019" or "my cousin lives in Dallas" is about the United States. Folded (no accents, lower case).

const COUNTRY = ['ee\\.? ?uu\\.?', 'estados unidos', 'usa', 'u\\.s\\.a\\.?', 'u\\.s\\.?', 'the us', 'the states', 'united states', 'norteamerica', 'etats-unis', 'etats unis', 'eua', 'amerique', 'nova york', 'nova iorque'];

const STATES = [
  'alabama', 'alaska', 'arizona', 'arkansas', 'california', 'colorado', 'connecticut', 'delaware', 'florida', 'georgia', 'hawaii',
  'idaho', 'illinois', 'indiana', 'iowa', 'kansas', 'kentucky', 'louisiana', 'luisiana', 'maine', 'maryland', 'massachusetts',
  'michigan', 'minnesota', 'mississippi', 'missouri', 'montana', 'nebraska', 'nevada', 'new hampshire', 'new jersey', 'nueva jersey',
  'new mexico', 'nuevo mexico', 'new york', 'nueva york', 'north carolina', 'carolina del norte', 'north dakota', 'ohio', 'oklahoma',
  'oregon', 'pennsylvania', 'pensilvania', 'rhode island', 'south carolina', 'carolina del sur', 'south dakota', 'tennessee', 'texas',
  'utah', 'vermont', 'virginia', 'washington', 'west virginia', 'wisconsin', 'wyoming', 'puerto rico', 'nj', 'ny', 'tx',
];

const CITIES = [
  'miami', 'orlando', 'tampa', 'los angeles', 'san francisco', 'san diego', 'san jose', 'sacramento', 'chicago', 'houston', 'dallas',
  'san antonio', 'el paso', 'phoenix', 'tempe', 'tucson', 'las vegas', 'boston', 'newark', 'atlanta', 'seattle', 'denver',
  'philadelphia', 'filadelfia', 'pittsburgh', 'detroit', 'minneapolis', 'nashville', 'charlotte', 'raleigh', 'baltimore', 'portland',
  'salt lake city', 'new orleans', 'nueva orleans', 'honolulu', 'anchorage', 'brooklyn', 'queens', 'manhattan', 'the bronx', 'el bronx',
  'jersey city', 'hialeah', 'fort lauderdale', 'kissimmee', 'jacksonville', 'disney', 'disney world',
  'paterson', 'edison', 'hoboken', 'trenton', 'yonkers', 'austin', 'columbus', 'indianapolis', 'kansas city', 'cleveland', 'cincinnati',
  'milwaukee', 'albuquerque', 'oakland', 'fresno', 'long beach', 'providence', 'hartford', 'stamford', 'new haven', 'allentown',
  'grand canyon', 'gran canon', 'yellowstone', 'yosemite', 'hollywood', 'silicon valley',
];

export const US_PLACE = `(?:${[...COUNTRY, ...[...STATES, ...CITIES].sort((a, b) => b.length - a.length)].join('|')})`;

/** Whether a folded text names the United States or a place in it. */
export const namesUsPlace = (folded: string) => new RegExp(`(?<![\\p{L}])${US_PLACE}(?![\\p{L}])`, 'u').test(folded);
