import { describe, expect, it } from 'vitest';
import { ASSISTANT_MARKER, BRAND_MARKER, fillLanding, PRICE_MARKERS, SITE_DATA_MARKER } from '../../machines/domain/landingPage';
import { formatMoney } from '../../machines/domain/money';
import { acceptedLanguages } from '../../server/plugins/landing';

/** What the build writes: markers where the site's data goes, the prices as the page writes them in `language`. */
const template = (language: string) =>
  [
    `<title>${BRAND_MARKER} Consular</title>`,
    `<h1>${BRAND_MARKER}</h1><p>${ASSISTANT_MARKER}</p>`,
    `<p>${formatMoney(PRICE_MARKERS.ESTA, language)}</p><p>${formatMoney(PRICE_MARKERS.DS160_BASIC, language)}</p>`,
    `<script type="application/json">${SITE_DATA_MARKER}</script>`,
  ].join('');

const pricing = { ESTA: 1234, DS160_BASIC: 0, DS160_PRO: 100, DS160_PREMIUM: 150 };

describe('the prerendered landing page, filled in', () => {
  it.each(['en', 'es', 'fr', 'pt'] as const)('writes the prices as the page writes money in %s', (language) => {
    const page = fillLanding(template(language), language, { branding: { brandName: 'Rumbo', chatAssistantName: 'Sofía' }, pricing });
    expect(page).toContain(`<p>${formatMoney(1234, language)}</p><p>${formatMoney(0, language)}</p>`);
    expect(page).not.toContain('90');
  });

  it('puts a brand in as text, whatever it holds, and the page data as JSON a script cannot end', () => {
    const branding = { brandName: `Viaje $& $' <b>"Fácil"</b> ${ASSISTANT_MARKER}`, chatAssistantName: '</script><script>alert(1)</script>' };
    const page = fillLanding(template('en'), 'en', { branding, pricing });
    const brand = 'Viaje $&#38; $&#39; &#60;b&#62;&#34;Fácil&#34;&#60;/b&#62; %%ASSISTANT_NAME%%';
    expect(page).toContain(`<title>${brand} Consular</title><h1>${brand}</h1>`);
    expect(page).toContain('<p>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;</p>');
    const data = /<script type="application\/json">(.*)<\/script>$/.exec(page)?.[1] ?? '';
    expect(data).not.toContain('<');
    expect(JSON.parse(data)).toEqual({ branding, pricing });
  });
});

describe('the languages a browser asks for', () => {
  it('orders them by weight, then as written, without the wildcard or refused ones', () => {
    expect(acceptedLanguages('fr;q=0.5, es-ES;q=0.9, de, *;q=0.1, en;q=0')).toEqual(['de', 'es-ES', 'fr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('pt-BR,pt;q=0.9,xx;q=abc')).toEqual(['pt-BR', 'pt']);
  });
});
