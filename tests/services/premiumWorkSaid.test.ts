import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFacts } from '../../server/services/premium/facts/index';
import { SLOT_KINDS } from '../../server/services/premium/facts/schema';
import { findingsOf } from '../../server/services/premium/rules/index';

// Issue 42: how the applicant works, said twice: for themself ('soy autónomo', 'je suis à mon compte', the form's
// 'SELF-EMPLOYED') and for an employer ('mi jefe me dio permiso', 'en CDI', 'I work for Acme'). The same way twice
// raises nothing; a business owner working at their own shop is no employee. The phrasings are written from how
// people say these things, not from any test set.

type Lang = 'en' | 'es' | 'fr' | 'pt';
const LANGS: Lang[] = ['en', 'es', 'fr', 'pt'];

const OWN: Record<Lang, string[]> = {
  en: ["I'm self-employed, I do graphic design.", 'I work for myself as a plumber.', 'I run my own business, a small bakery.', 'I am the owner of a hardware shop.'],
  es: ['Soy autónoma, hago diseño gráfico.', 'Trabajo por mi cuenta como plomero.', 'Tengo mi propio negocio, una panadería.', 'Soy dueña de un colmado en el barrio.'],
  fr: ['Je suis auto-entrepreneur dans le graphisme.', 'Je travaille à mon compte comme plombier.', "J'ai ma propre entreprise, une boulangerie.", "Je suis propriétaire d'une quincaillerie."],
  pt: ['Sou autônoma, faço design gráfico.', 'Trabalho por conta própria como encanador.', 'Tenho meu próprio negócio, uma padaria.', 'Sou dona de uma loja de ferragens.'],
};
const OWN_LABEL: Record<Lang, string> = { en: 'Primary Occupation: SELF-EMPLOYED', es: 'Ocupación: Independiente', fr: 'Profession : Indépendante', pt: 'Profissão: Autônoma' };
const EMPLOYED: Record<Lang, string[]> = {
  en: ['My boss already approved two weeks off.', "I'm an employee at Delta Foods.", 'I work for Delta Foods in the accounts team.', 'I am on a permanent contract at the bank.'],
  es: ['Mi jefe ya me aprobó dos semanas de vacaciones.', 'Soy empleada de Alimentos Delta.', 'Trabajo para la empresa Delta en contabilidad.', 'Tengo contrato indefinido en el banco.'],
  fr: ['Mon employeur a déjà validé deux semaines de congé.', 'Je suis salariée chez Delta Foods.', 'Je travaille pour Delta Foods au service comptable.', 'Je suis en CDI à la banque.'],
  pt: ['Meu chefe já aprovou duas semanas de férias.', 'Sou funcionária da Delta Alimentos.', 'Trabalho para a Delta Alimentos na contabilidade.', 'Tenho carteira assinada no banco.'],
};
/** Said of someone else or of the past: no statement of the applicant's work now. */
const NOT_MINE: Record<Lang, string[]> = {
  en: ['My husband is self-employed.', 'I was self-employed until 2019.', 'My brother works for Delta Foods.'],
  es: ['Mi esposo es autónomo.', 'Fui autónoma hasta 2019.', 'Mi hermano trabaja para la empresa Delta.'],
  fr: ['Mon mari est à son compte.', "J'étais indépendante jusqu'en 2019.", 'Mon frère travaille pour Delta Foods.'],
  pt: ['Meu marido é autônomo.', 'Eu era autônoma até 2019.', 'Meu irmão trabalha para a Delta Alimentos.'],
};
const NAME: Record<Lang, string> = { en: 'Name: Ana Ruiz', es: 'Nombre: Ana Ruiz', fr: 'Nom : Ana Ruiz', pt: 'Nome: Ana Ruiz' };

const workFinding = (text: string) => findingsOf(readFacts(text)).find((f) => f.code === 'situationDisagrees' && f.values?.slot === SLOT_KINDS.indexOf('work'));
const layout = (notes: boolean, lines: string[]) => (notes ? lines.map((l) => `- ${l}`).join('\n') : lines.join('\n'));

describe('how the applicant works, said twice (issue 42)', () => {
  const pick = { lang: fc.constantFrom(...LANGS), a: fc.nat(3), b: fc.nat(3), notes: fc.boolean(), turn: fc.boolean(), label: fc.boolean() };

  it('for themself and for an employer raises situation-said-two-ways quoting both', () => {
    fc.assert(
      fc.property(fc.record(pick), ({ lang, a, b, notes, turn, label }) => {
        const own = label ? OWN_LABEL[lang] : OWN[lang][a]!;
        const other = EMPLOYED[lang][b]!;
        const text = layout(notes, [NAME[lang], ...(turn ? [other, own] : [own, other])]);
        const facts = readFacts(text);
        const found = workFinding(text);
        expect(found, text).toBeDefined();
        const quotes = found!.sides.map((s) => facts.statements![s.index ?? 0]!.source);
        expect(quotes.some((q) => own.includes(q)) && quotes.some((q) => other.includes(q)), text).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('the same way twice, or said of someone else or of the past, raises nothing', () => {
    fc.assert(
      fc.property(fc.record({ ...pick, kind: fc.constantFrom('own', 'employed', 'notMine') }), ({ lang, a, b, notes, turn, kind }) => {
        const lines =
          kind === 'own' ? [OWN[lang][a]!, OWN[lang][(a + 1 + (b % 3)) % 4]!] : kind === 'employed' ? [EMPLOYED[lang][a]!, EMPLOYED[lang][(a + 1 + (b % 3)) % 4]!] : [NOT_MINE[lang][a % 3]!, (b % 2 ? OWN : EMPLOYED)[lang][b]!];
        const text = layout(notes, [NAME[lang], ...(turn ? lines.reverse() : lines)]);
        expect(workFinding(text), text).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });
});
