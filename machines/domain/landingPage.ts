import type { PriceDto, PriceListDto } from '../../openapi/schemas/orders';
import type { Language } from './language';
import { formatMoney } from './money';

// The landing page is prerendered at build time with these markers where the site's data goes; the server puts
// the current brand and prices in their place per request, so an admin's change shows without a rebuild.

export const BRAND_MARKER = '%%BRAND_NAME%%';
export const ASSISTANT_MARKER = '%%ASSISTANT_NAME%%';
export const SITE_DATA_MARKER = '%%SITE_DATA%%';

type PriceField = Exclude<keyof PriceDto, 'credit'>;
type Product = keyof PriceListDto;
const PRODUCTS: readonly Product[] = ['basic', 'pro', 'premium', 'esta', 'completion'];
const FIELDS: readonly PriceField[] = ['serviceFee', 'processingFee', 'total', 'governmentFee', 'outOfPocket'];

/**
 * Amounts in cents no price will be, one per product and part, all written with as many digits ($900,000,011.00),
 * so none is part of another. No credit: a price list has none, and a marker would draw a line the page lacks.
 */
export const PRICE_MARKERS: PriceListDto = Object.fromEntries(
  PRODUCTS.map((product, p) => [
    product,
    { credit: 0, ...Object.fromEntries(FIELDS.map((field, f) => [field, (900_000_000 + (p + 1) * 10 + (f + 1)) * 100])) },
  ]),
) as PriceListDto;

/** An amount in cents as every price is written: with its cents, in the page's language. */
export const priceText = (cents: number, language: string) => formatMoney(cents / 100, language, { cents: true });

/** Where the prerendered pages are, inside the client build; not served as files. */
export const PRERENDER_DIR = 'prerendered';

export const landingFile = (language: Language) => `${PRERENDER_DIR}/landing.${language}.html`;

/** The marker site data the build renders with. */
export const markerSiteData = () => ({
  branding: { brandName: BRAND_MARKER, chatAssistantName: ASSISTANT_MARKER },
  prices: PRICE_MARKERS,
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page with the current brand and prices, and the same data for the browser's first render to hydrate with. */
export function fillLanding(
  template: string,
  language: Language,
  site: { branding: { brandName: string; chatAssistantName: string }; prices: PriceListDto },
): string {
  const prices = PRODUCTS.flatMap((product) =>
    FIELDS.map((field): [string, string] => [priceText(PRICE_MARKERS[product][field], language), escapeHtml(priceText(site.prices[product][field], language))]),
  );
  const values = new Map<string, string>([
    [SITE_DATA_MARKER, JSON.stringify(site).replace(/</g, '\\u003c')],
    [BRAND_MARKER, escapeHtml(site.branding.brandName)],
    [ASSISTANT_MARKER, escapeHtml(site.branding.chatAssistantName)],
    ...prices,
  ]);
  // One pass, by a function: what is put in is never read again as a marker, and "$&" in a brand name is not a pattern.
  const markers = new RegExp([...values.keys()].map((marker) => marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return template.replace(markers, (marker) => values.get(marker) ?? marker);
}
