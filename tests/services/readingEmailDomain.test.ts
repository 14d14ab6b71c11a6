import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../server/services/ai/builtin/text';
import { readAnswer } from '../../server/services/ai/reading/read';
import { isSure, SURE, type Asked, type Reading } from '../../server/services/ai/reading/types';

// Issue 42: an e-mail whose domain has its dot typed as a comma or a space ("name@yahoo,fr", "name@gmail com") is
// offered with the dot back and the ending as typed, never another ending, and never stored without a tap. Known
// from a held-out B report line (its figure for this class is no longer unseen); these cases are generated here.

const LANGUAGES: Language[] = ['en', 'es', 'fr', 'pt'];
const asked: Asked = { field: 'email-address', kind: 'email' };
const read = (text: string, language: Language): Reading => readAnswer(asked, text, { language, today: new Date('2026-11-29T12:00:00Z') });
const offered = (r: Reading) => (r.outcome === 'value' && r.confidence < SURE ? [r.value, ...(r.alternatives ?? [])] : []);

const LEAD: Record<Language, string[]> = { en: ['', 'its ', 'my email is ', 'email: '], es: ['', 'es ', 'mi correo es ', 'correo: '], fr: ['', "c'est ", 'mon mail est ', 'mail : '], pt: ['', 'é ', 'meu email é ', 'email: '] };
const LOCAL = ['name', 'ana.souza', 'raj_patel', 'k.b93', 'jean-luc'];
const DOMAINS: Array<[string, string[]]> = [
  ['yahoo', ['fr', 'com', 'es', 'com.br', 'com.mx']], ['gmail', ['com']], ['hotmail', ['com', 'fr', 'es', 'co.uk']], ['uol', ['com.br']], ['orange', ['fr']], ['outlook', ['com', 'fr']], ['acme-mail', ['net', 'org', 'pt']],
];
const SEPARATORS = [',', ' ', ', ', ';'];

describe('an e-mail domain with its dot typed as a comma or a space', () => {
  it('offers the address with the dots back and the ending as typed, never stored, never another ending', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.nat(), fc.constantFrom(...LOCAL), fc.constantFrom(...DOMAINS), fc.nat(), fc.constantFrom(...SEPARATORS), fc.boolean(), (language, i, local, [provider, endings], e, separator, upper) => {
        const ending = endings[e % endings.length]!;
        const typed = `${local}@${provider}${separator}${ending.split('.').join(separator === ' ' ? ' ' : separator.trim() || ',')}`;
        const text = `${LEAD[language][i % LEAD[language].length]!}${upper ? typed.toUpperCase() : typed}`;
        const r = read(text, language);
        expect(isSure(r), text).toBe(false);
        expect(offered(r)[0], text).toBe(`${local}@${provider}.${ending}`);
      }),
      { numRuns: 200 },
    );
  }, 30_000);

  it('keeps an address typed right as it is, and a word after it out of the domain', () => {
    for (const text of ['ana@gmail.com', 'ana@hotmail.com, gracias', 'ana@yahoo.fr merci']) expect(isSure(read(text, 'es')), text).toBe(true);
    expect(offered(read('ana@gmail com, es mi correo', 'es'))[0]).toBe('ana@gmail.com');
    expect(offered(read('ana@outlook com please', 'en'))[0]).toBe('ana@outlook.com');
  });

  it('offers a provider slip in a two-part ending for the nearest provider, the address as typed beside it', () => {
    expect(offered(read('marcos@yaho.com.br', 'pt'))).toEqual(['marcos@yahoo.com.br', 'marcos@yaho.com.br']);
    expect(offered(read('lea@hotmial.fr', 'fr'))).toEqual(['lea@hotmail.fr', 'lea@hotmial.fr']);
  });
});

describe('a provider slip keeps a real ending', () => {
  it('never offers another country ending for a real one; a country ending added to a one-domain provider is offered off', () => {
    fc.assert(
      fc.property(fc.constantFrom('yahoo.co.in', 'yahoo.com.pe', 'hotmail.be', 'yahoo.de', 'hotmail.it', 'yahoo.ca'), fc.constantFrom(...LOCAL), (domain, local) => {
        const r = read(`${local}@${domain}`, 'en');
        expect(r.outcome === 'value' && r.value, domain).toBe(`${local}@${domain}`);
      }),
      { numRuns: 50 },
    );
    for (const ending of ['br', 'mx', 'ar', 'pt']) expect(offered(read(`thiago.r@gmail.com.${ending}`, 'pt'))[0]).toBe('thiago.r@gmail.com');
    // An ending cut short is a slip: offered, never stored.
    for (const typed of ['hotmail.co', 'hotmail.cm', 'yahoo.cm', 'gmail.co', 'outlook.cm']) expect(isSure(read(`ana@${typed}`, 'es')), typed).toBe(false);
  });
});
