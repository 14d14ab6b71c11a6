import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import type { OrderDto } from '../../openapi/schemas/orders';
import type { GroupPaymentDto } from '../../openapi/schemas/groups';
import { asciiSafe, formFileName, formPdf, groupReceiptFileName, groupReceiptPdf, receiptFileName, receiptPdf, type PdfLead } from '../../server/services/pdf';
import { validForm } from '../helpers/ds160Form';
import { answerGroups } from '../../server/services/pdf/answers';
import { ESTA_LABELS, ESTA_PAGES } from '../../server/services/pdf/officialPages';
import { estaCatalog } from '../../machines/domain/catalogs/index';
import { answersFor } from '../helpers/answers';
import { readFileSync } from 'node:fs';

const EN_CATALOG = JSON.parse(readFileSync(new URL('../../locales/en/catalog.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const resolve = (tree: Record<string, unknown>, key: string): string =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree) as string;

const VISA_B = {
  code: 'application' as const,
  subject: 'B' as const,
  amountCents: 18500,
  currency: 'USD' as const,
  effectiveFrom: '2023-06-17',
  sourceUrl: 'https://travel.state.gov/content/travel/en/us-visas/visa-information-resources/fees/fees-visa-services.html',
  paidAt: 'beforeInterview' as const,
  refundable: false,
  note: 'Paid before the visa interview, as the embassy or consulate where it is booked explains. Not refundable.',
};
const ESTA_FEE = {
  code: 'esta' as const,
  subject: 'ESTA' as const,
  amountCents: 4000,
  currency: 'USD' as const,
  effectiveFrom: '2025-09-30',
  sourceUrl: 'https://www.federalregister.gov/d/2025-16453',
  paidAt: 'withApplication' as const,
  refundable: false,
  note: 'Paid by card on the official ESTA site when the application is sent.',
};

const ORDER: OrderDto = {
  id: 'o',
  number: 'RB-261123-ABCDEFGH',
  service: 'DS-160',
  product: 'premium',
  status: 'paid',
  price: { serviceFee: 15000, credit: 0, processingFee: 299, total: 15299, governmentFee: 18500, outOfPocket: 33799, visaClass: 'B', governmentFees: [VISA_B] },
  features: { wizardAccess: true, estaCheck: true, aiAnalysis: true, documentReview: true, interviewPrep: true, prioritySupport: true },
  card: { brand: 'visa', last4: '4242' },
  accessCode: 'PREMIUM-12345678-AB',
  leadId: 'l',
  failure: null,
  receiptEmail: 'maria@example.com',
  formReady: true,
  traveller: 'Ana García',
  groupPaymentId: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  paidAt: '2026-11-23T10:00:01.000Z',
};
const LEAD: PdfLead = {
  formType: 'DS-160',
  source: 'apply-wizard',
  name: 'José Müller',
  email: 'jose@example.com',
  phone: '+34 612 345 678',
  nationality: 'Spain',
  travelPurpose: 'Tourism/Vacation',
  formData: { 'first-name': 'José', 'last-name': 'Müller' },
};

const textOf = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;

describe('the receipt', () => {
  it('prints the order as stored: number, amounts, card, access code, and that the government fee is separate', async () => {
    const text = await textOf(await receiptPdf({ order: ORDER, brandName: 'Rumbo', lead: LEAD, supportEmail: 'support@rumbo.example', officialSite: 'https://ceac.state.gov/genniv/' }));
    for (const expected of ['RB-261123-ABCDEFGH', '$150.00', '$2.99', '$152.99', 'Visa ending in 4242', 'PREMIUM-12345678-AB', '$185.00', '$337.99', 'José Müller', 'support@rumbo.example']) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/not the U\.S\. government/);
    // Issue 44: each government fee with its class, its day and its official source; who submits and pays.
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Visa application fee (class B) $185.00');
    // A long address wraps inside the column: read without the line breaks.
    expect(flat.replace(/\s+/g, '')).toContain('Inforcesince17June2023.Source:https://travel.state.gov/content/travel/en/us-visas/visa-information-resources/fees/fees-visa-services.html');
    expect(flat).toContain('You submit the DS-160 yourself on the official site');
    // Where the receipt is for, and how to find the order again; never a claim that an e-mail was sent.
    expect(text).toContain('maria@example.com');
    expect(text).toMatch(/dashboard/);
    expect(text).not.toMatch(/e-?mail[^.]*(has been|was) sent/i);
    // Issue 34: the number was also the heading's second line.
    expect(text.match(/Confirmation number/g)).toHaveLength(1);
  });

  it('says first that an unpaid order is not paid, and shows no access code', async () => {
    const text = await textOf(await receiptPdf({ order: { ...ORDER, status: 'failed', accessCode: null, paidAt: null }, brandName: 'Rumbo', lead: null, supportEmail: 's@x.co', officialSite: 'x' }));
    expect(text).not.toContain('PREMIUM-');
    expect(text).toMatch(/not been paid|not paid|was not accepted|declined|failed/i);
  });
});

describe("the receipt of a group's payment", () => {
  const esta = (number: string, total: number): OrderDto => ({
    ...ORDER,
    number,
    service: 'ESTA',
    product: 'esta',
    accessCode: null,
    price: { serviceFee: 7700, credit: 0, processingFee: total - 7700, total, governmentFee: 4000, outOfPocket: total + 4000, visaClass: 'ESTA', governmentFees: [ESTA_FEE] },
  });
  const PAYMENT: GroupPaymentDto = {
    id: 'p',
    number: 'RB-261123-GROUPAAA',
    groupId: 'g',
    status: 'paid',
    price: { serviceFee: 30400, credit: 0, processingFee: 299, total: 30699, governmentFee: 26500, outOfPocket: 57199, visaClass: null, governmentFees: [ESTA_FEE, VISA_B, ESTA_FEE] },
    card: { brand: 'mastercard', last4: '4444' },
    receiptEmail: 'ana@example.com',
    failure: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    paidAt: '2026-11-23T10:00:01.000Z',
    lines: [
      { traveller: 'Ana Garcia', relationship: 'leader', order: esta('RB-261123-ANAAAAAA', 7999) },
      { traveller: 'José Müller', relationship: 'spouse', order: { ...ORDER, number: 'RB-261123-JOSEAAAA' } },
      { traveller: ' ', relationship: 'child', order: esta('RB-261123-CHILDAAA', 7700) },
    ],
  };
  const print = (payment: GroupPaymentDto) =>
    groupReceiptPdf({ payment, brandName: 'Rumbo', supportEmail: 'support@rumbo.example', officialSites: { ESTA: 'https://esta.cbp.dhs.gov/', 'DS-160': 'https://ceac.state.gov/genniv/' } }).then(textOf);

  it('prints the one charge and a line per traveller, each government fee with its own site, and each Premium code', async () => {
    const text = (await print(PAYMENT)).replace(/\s+/g, ' ');
    for (const line of ['Ana Garcia $79.99 Order RB-261123-ANAAAAAA · ESTA application assistance, ESTA service', 'José Müller $152.99 Order RB-261123-JOSEAAAA · DS-160 visa application assistance, Premium', 'Traveller 3 $77.00 Order RB-261123-CHILDAAA']) {
      expect(text).toContain(line);
    }
    expect(text).toContain('Total charged $306.99');
    // Issue 45 item 17: the brand as the brand writes it; the ESTA fees one per traveller, each on their line.
    expect(text).toContain('Mastercard ending in 4444');
    expect(text).toContain('Each of the 2 travellers submits their own official ESTA application');
    expect(text).toContain('($80.00 for the 2, listed per traveller above)');
    expect(text).toContain('Ana Garcia $79.99 Order RB-261123-ANAAAAAA · ESTA application assistance, ESTA service · government fee $40.00, paid separately');
    expect(text).toContain('visa fees ($185.00)');
    // The same fee of two travellers is one line with how many owe it, and its source.
    expect(text).toContain('ESTA fee × 2 $80.00');
    expect(text).toContain('Visa application fee (class B) $185.00');
    expect(text).toContain('Source: https://www.federalregister.gov/d/2025-16453');
    expect(text).toContain('Access code, José Müller PREMIUM-12345678-AB');
    // The dashboard lists the travellers' orders, not the payment: the receipt does not promise it there.
    expect(text).toContain("this payment and each traveller's order stay on your dashboard");
    expect(text).not.toContain('this order stays on your dashboard');
    expect(text.match(/Confirmation number/g)).toHaveLength(1);
    expect(groupReceiptFileName(PAYMENT)).toBe('group-confirmation-RB-261123-GROUPAAA.pdf');
  });

  it("tells a buyer signed in no sign-in line, and gives the legal notice in the receipt's language (issue 45 item 17)", async () => {
    const signedIn = (await groupReceiptPdf({ payment: PAYMENT, brandName: 'Rumbo', supportEmail: 's@x.co', officialSites: { ESTA: 'e', 'DS-160': 'd' }, signedIn: true }).then(textOf)).replace(/\s+/g, ' ');
    expect(signedIn).not.toMatch(/Sign in/);
    expect(signedIn).toContain('Legal notice: Rumbo is a private assistance company');
    expect(signedIn).not.toMatch(/Aviso legal|empresa privada/);
    const guest = (await print(PAYMENT)).replace(/\s+/g, ' ');
    expect(guest).toContain('Sign in or create an account with ana@example.com');
    const single = (await textOf(await receiptPdf({ order: ORDER, brandName: 'Rumbo', lead: LEAD, supportEmail: 's@x.co', officialSite: 'x', signedIn: true }))).replace(/\s+/g, ' ');
    expect(single).not.toMatch(/Sign in/);
  });

  it('says first that a payment not charged is not paid', async () => {
    const text = await print({ ...PAYMENT, status: 'failed', paidAt: null, card: null });
    expect(text.indexOf('NOT PAID')).toBeLessThan(text.indexOf('Confirmation number'));
    expect(text).toContain('Total (not charged)');
  });
});

describe('the completed form', () => {
  it('prints the answers with an A–Z copy where the official site needs one', async () => {
    const text = await textOf(await formPdf({ order: ORDER, brandName: 'Rumbo', lead: LEAD }));
    expect(text).toContain('Müller');
    expect(text).toContain('Muller');
    expect(text).toContain('Jose');
  });

  it('ends with the government fees the applicant pays, each with its source, and who submits the form', async () => {
    const work = { ...VISA_B, subject: 'H' as const, amountCents: 20500 };
    const order = { ...ORDER, price: { ...ORDER.price, governmentFee: 20500, visaClass: 'H' as const, governmentFees: [work] } };
    const text = (await textOf(await formPdf({ order, brandName: 'Rumbo', lead: LEAD }))).replace(/\s+/g, ' ');
    expect(text).toContain('What you pay the U.S. government');
    expect(text).toContain('Visa application fee (class H) $205.00');
    expect(text.replace(/\s+/g, '')).toContain(`Source:${VISA_B.sourceUrl}`);
    expect(text).toContain('The official form is submitted by you');
  });

  it('asks each deportation question once, where the official form does: previous U.S. travel and security', async () => {
    const form = validForm({
      'previous-travel': { hasBeenDeported: 'Yes', deportationDetails: 'Removed at JFK in 2015 for overstaying' },
      'security-background': { hasBeenDeported: 'No' },
    });
    const text = (await textOf(await formPdf({ order: ORDER, brandName: 'Rumbo', lead: { ...LEAD, source: 'ds160-wizard', formData: form } }))).replace(/\s+/g, ' ');
    const part = (from: string, to: string) => text.slice(text.indexOf(from), text.indexOf(to, text.indexOf(from)));
    const previousTravel = part('Previous U.S. Travel', 'Address and Phone');
    const security = part('Security and Background', 'Rumbo is a private company');
    expect(previousTravel).toContain('Have you ever been deported from the United States? Yes');
    expect(previousTravel).toContain('Removed at JFK in 2015 for overstaying');
    expect(security.match(/deported/g)).toEqual(['deported']);
    expect(security).toContain('Have you ever been deported from any country? No');
    expect(text.match(/deported/g)).toHaveLength(2);
  });

  it('gives an A–Z copy of accented names', () => {
    expect(asciiSafe('Müller')).toBe('Muller');
    expect(asciiSafe('Ñandú')).toBe('Nandu');
    expect(asciiSafe('Øster Æble')).toBe('Oster Aeble');
  });

  it('names the files after the service and the confirmation number, with nothing a header could break on', () => {
    expect(receiptFileName(ORDER)).toBe('ds160-confirmation-RB-261123-ABCDEFGH.pdf');
    expect(formFileName({ service: 'ESTA', number: 'RB-1 "x"' })).toBe('esta-form-RB-1-x-.pdf');
  });
});

// Issue 45 item 21: a parent copies the ESTA PDF onto esta.cbp.dhs.gov page by page; each answer sits where the site
// asks for it, under the name of the site's field, and what the site never asks is out of the way at the end.
describe("the ESTA form's answers, in the official site's order", () => {
  const SITE_ORDER = [
    ['Applicant Information', ['email', 'last-name', 'first-name', 'gender', 'birth-date', 'birth-city', 'birth-country', 'passport-number', 'passport-country', 'national-id-number', 'passport-issue-date', 'passport-expiry', 'other-names', 'previous-passport', 'previous-passport-country', 'previous-passport-number', 'other-citizenship', 'other-citizenship-country', 'other-citizenship-how']],
    ['Personal Information', ['father-family-name', 'father-first-name', 'mother-family-name', 'mother-first-name', 'home-address', 'phone', 'social-media', 'has-employer', 'current-occupation', 'employer', 'employer-address', 'employer-phone']],
    ['Travel Information', ['purpose', 'us-contact', 'us-contact-address', 'us-contact-phone', 'emergency-contact', 'emergency-email', 'emergency-phone']],
    ['Eligibility Questions', ['communicable-disease', 'criminal-conviction', 'drug-violation', 'terrorism-activities', 'fraud-misrepresentation', 'seeking-employment', 'visa-denial', 'overstay-violation', 'travel-restricted-countries']],
  ] as const;
  const NOT_ON_THE_SITE = ['first-travel', 'child-custody'];
  // Every conditional question shown: an employed traveller with a second citizenship and passport, not in transit.
  const everything = { 'previous-passport': 'Yes', 'other-citizenship': 'Yes', 'has-employer': 'Yes', purpose: 'tourism' };
  const groups = answerGroups({ source: 'esta-wizard', formData: answersFor(estaCatalog, { 'first-name': 'Lucia', 'last-name': 'Garcia', 'other-names': 'GARNIER', ...everything }) });
  const english = (id: string) => resolve(EN_CATALOG, estaCatalog.questions.find((q) => q.id === id)!.labelKey.replace('catalog:', ''));
  const labelOf = (id: string) => ESTA_LABELS[id] ?? english(id);

  it('puts the bio page, contact and travel answers in the site’s order, each under its field’s name', () => {
    expect(groups.map((g) => g.title)).toEqual(['Applicant Information', 'Personal Information', 'Travel Information', 'Eligibility Questions', 'Other answers']);
    for (const [title, ids] of SITE_ORDER) {
      const labels = groups.find((g) => g.title === title)!.answers.map((a) => a.label);
      const placed = ids.map((id) => labels.indexOf(labelOf(id)));
      expect(placed.every((at) => at >= 0), `${title}: ${JSON.stringify(labels)}`).toBe(true);
      expect(placed, title).toEqual([...placed].sort((a, b) => a - b));
    }
    const applicant = groups[0]!.answers;
    expect(applicant.slice(1, 3)).toEqual([{ label: 'Family Name', value: 'Garcia' }, { label: 'First (Given) Name', value: 'Lucia' }]);
    // Other names follow the passport's own fields, as on the site.
    expect(applicant.findIndex((a) => a.label === ESTA_LABELS['other-names'])).toBeGreaterThan(applicant.findIndex((a) => a.label === ESTA_LABELS['passport-expiry']));
  });

  it('places every ESTA question the site asks on its page, and only the others under "Other answers"', () => {
    const paged = new Set(ESTA_PAGES.flatMap((p) => p.ids));
    for (const q of estaCatalog.questions) expect(paged.has(q.id) || NOT_ON_THE_SITE.includes(q.id), q.id).toBe(true);
    for (const id of NOT_ON_THE_SITE) expect(paged.has(id), id).toBe(false);
    const other = groups.at(-1)!.answers.map((a) => a.label);
    expect(other).toHaveLength(NOT_ON_THE_SITE.length);
    // A question the site does not ask is printed as our wizard asked it, never under a field name of the site's.
    for (const label of other) expect(Object.values(ESTA_LABELS)).not.toContain(label);
  });
});
