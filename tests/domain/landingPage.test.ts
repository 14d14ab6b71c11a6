import { describe, expect, it } from 'vitest';
import { ASSISTANT_MARKER, BRAND_MARKER, fillLanding, PRICE_MARKERS, priceText, SITE_DATA_MARKER } from '../../machines/domain/landingPage';
import type { PriceDto, PriceListDto } from '../../openapi/schemas/orders';
import { acceptedLanguages } from '../../server/plugins/landing';

/** What the build writes: markers where the site's data goes, the prices as the page writes them in `language`. */
const template = (language: string) =>
  [
    `<title>${BRAND_MARKER} Consular</title>`,
    `<h1>${BRAND_MARKER}</h1><p>${ASSISTANT_MARKER}</p>`,
    `<p>${priceText(PRICE_MARKERS.esta.outOfPocket, language)}</p><p>${priceText(PRICE_MARKERS.basic.serviceFee, language)}</p>`,
    `<p>${priceText(PRICE_MARKERS.esta.serviceFee, language)} + ${priceText(PRICE_MARKERS.esta.processingFee, language)} + ${priceText(PRICE_MARKERS.esta.governmentFee, language)}</p>`,
    `<script type="application/json">${SITE_DATA_MARKER}</script>`,
  ].join('');

const price = (serviceFee: number, governmentFee: number): PriceDto => ({
  serviceFee,
  credit: 0,
  processingFee: 299,
  total: serviceFee + 299,
  governmentFee,
  outOfPocket: serviceFee + 299 + governmentFee,
});
const prices: PriceListDto = { basic: price(0, 18500), pro: price(10000, 18500), premium: price(15000, 18500), esta: price(123400, 2100), completion: price(10000, 18500) };

describe('the prerendered landing page, filled in', () => {
  it.each(['en', 'es', 'fr', 'pt'] as const)('writes the prices as the page writes money in %s', (language) => {
    const page = fillLanding(template(language), language, { branding: { brandName: 'Rumbo', chatAssistantName: 'Sofía' }, prices });
    expect(page).toContain(`<p>${priceText(125799, language)}</p><p>${priceText(0, language)}</p>`);
    expect(page).toContain(`<p>${priceText(123400, language)} + ${priceText(299, language)} + ${priceText(2100, language)}</p>`);
    expect(page).not.toContain('900');
  });

  it('puts a brand in as text, whatever it holds, and the page data as JSON a script cannot end', () => {
    const branding = { brandName: `Viaje $& $' <b>"Fácil"</b> ${ASSISTANT_MARKER}`, chatAssistantName: '</script><script>alert(1)</script>' };
    const page = fillLanding(template('en'), 'en', { branding, prices });
    const brand = 'Viaje $&#38; $&#39; &#60;b&#62;&#34;Fácil&#34;&#60;/b&#62; %%ASSISTANT_NAME%%';
    expect(page).toContain(`<title>${brand} Consular</title><h1>${brand}</h1>`);
    expect(page).toContain('<p>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;</p>');
    const data = /<script type="application\/json">(.*)<\/script>$/.exec(page)?.[1] ?? '';
    expect(data).not.toContain('<');
    expect(JSON.parse(data)).toEqual({ branding, prices });
  });
});

describe('the price markers', () => {
  it('are all different, as long as each other, and none is written inside another', () => {
    const written = Object.values(PRICE_MARKERS).flatMap((p) => Object.entries(p).filter(([field]) => field !== 'credit').map(([, cents]) => priceText(cents, 'en')));
    expect(new Set(written).size).toBe(25);
    expect(new Set(written.map((w) => w.length)).size).toBe(1);
    for (const a of written) for (const b of written) if (a !== b) expect(a.includes(b)).toBe(false);
  });
});

describe('the languages a browser asks for', () => {
  it('orders them by weight, then as written, without the wildcard or refused ones', () => {
    expect(acceptedLanguages('fr;q=0.5, es-ES;q=0.9, de, *;q=0.1, en;q=0')).toEqual(['de', 'es-ES', 'fr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('pt-BR,pt;q=0.9,xx;q=abc')).toEqual(['pt-BR', 'pt']);
  });
});
