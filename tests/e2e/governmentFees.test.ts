import { randomUUID } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ds160Catalog } from '../../machines/domain/catalogs/index';
import { formatMoney } from '../../machines/domain/money';
import { completeAnswers } from '../helpers/answers';
import { signInAtGate } from './adminSignIn';
import { audit } from './axe';
import { openPage, pageErrors, startE2E, textOf, waitForApp, type E2E } from './browser';

// Issue 44 as an applicant and an operator meet it, in Spanish and French (English and Portuguese at the end): the ESTA's $40 with its official source
// on the landing and pricing pages, a work visa's checkout with class H's $205 and its source, the landing page
// stating only what Rumbo counted, and the admin's fees tab with its reminder.

const ESTA_SOURCE = 'https://www.federalregister.gov/d/2025-16453';
const VISA_SOURCE = 'https://travel.state.gov/content/travel/en/us-visas/visa-information-resources/fees/fees-visa-services.html';
const money = (dollars: number, language: string) => formatMoney(dollars, language, { cents: true });

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
  // Twelve applications completed yesterday: enough for the landing page to state a figure (10 at least).
  const db = e2e.server.app.db;
  const yesterday = new Date(Date.now() - 86_400_000);
  const started = new Date(yesterday.getTime() - 20 * 60_000).toISOString();
  const ids = Array.from({ length: 12 }, () => randomUUID());
  await db
    .insertInto('leads')
    .values(ids.map((id, i) => ({ id, name: `Done ${i}`, email: `done.${i}@example.com`, phone: '', form_type: 'ESTA', nationality: 'Spain', travel_purpose: 'tourism', form_data: '{}', completion_status: 'completed' as const, payment_status: 'unpaid' as const, source: 'esta-wizard', subscription_plan: 'none' as const, owner_token: 'e2e-claims', user_id: null, capture_key: null, created_at: started, updated_at: started })))
    .execute();
  await db.insertInto('application_history').values(ids.map((lead_id) => ({ id: randomUUID(), lead_id, status: 'completed', action: 'submitted', created_at: yesterday.toISOString() }))).execute();
});
afterAll(async () => e2e.close());

/** The government fee lines a price shows: each with its text and its source's address. */
async function feeLines(page: Page, product: string) {
  return page.$$eval(`[data-testid="government-fees-${product}"] li`, (items) =>
    items.map((li) => ({ text: (li as HTMLElement).innerText, fee: li.getAttribute('data-fee'), subject: li.getAttribute('data-subject'), source: li.querySelector('a')?.getAttribute('href'), label: li.querySelector('a')?.getAttribute('aria-label') })),
  );
}

/** A button pressed from the keyboard: focused, then Enter. */
async function press(page: Page, selector: string): Promise<void> {
  await page.waitForSelector(selector);
  await page.focus(selector);
  await page.keyboard.press('Enter');
}

/** A completed DS-160 application for work, made in the page's own session (its cookie), as a wizard would. */
async function workApplication(page: Page): Promise<string> {
  const body = {
    name: 'Camille Martin',
    email: `camille.${randomUUID().slice(0, 6)}@example.com`,
    phone: '+33 6 12 34 56 78',
    formType: 'DS-160',
    nationality: 'Mexico',
    travelPurpose: 'Work',
    formData: { ...completeAnswers(ds160Catalog), 'purpose-of-trip': 'Work' },
    completionStatus: 'completed',
    paymentStatus: 'pending',
    source: 'apply-wizard',
  };
  const created = await page.evaluate(async (payload) => {
    const res = await fetch('/api/leads', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    return { status: res.status, body: (await res.json()) as { id: string } };
  }, body);
  expect(created.status).toBe(201);
  return created.body.id;
}

describe('government fees, in Spanish', () => {
  it('the landing page shows the ESTA’s $40 with its official source, and only figures Rumbo counted', async () => {
    const page = await openPage(e2e, { languages: ['es-ES', 'es'] });
    await page.goto(`${e2e.baseUrl}/`, { waitUntil: 'networkidle0' });
    await waitForApp(page);
    const esta = await feeLines(page, 'esta');
    expect(esta).toEqual([expect.objectContaining({ fee: 'esta', subject: 'ESTA', source: ESTA_SOURCE, label: 'Fuente oficial: federalregister.gov (se abre en una pestaña nueva)' })]);
    expect(esta[0]?.text).toContain(`Tasa del ESTA: ${money(40, 'es')}`);
    expect((await feeLines(page, 'basic'))[0]).toMatchObject({ subject: 'B', source: VISA_SOURCE });
    const main = await textOf(page, 'main');
    expect(main).toContain('12 solicitudes preparadas en los últimos 90 días');
    expect(main).toContain('La mitad se terminaron en 20 minutos o menos');
    expect(main).not.toMatch(/98|10\.000|tasa de aprobación/);
    expect(main).toContain('tú la envías y pagas la tasa del gobierno, en el sitio oficial');
    expect(await audit(page, 'landing es with fees')).toBe('');
    expect(pageErrors(page)).toEqual([]);
  });

  it('a work visa’s checkout shows class H’s consular fee, $205, with its source', async () => {
    const page = await openPage(e2e, { languages: ['es-ES', 'es'] });
    await page.goto(`${e2e.baseUrl}/pricing`, { waitUntil: 'networkidle0' });
    const lead = await workApplication(page);
    await page.goto(`${e2e.baseUrl}/checkout?formType=DS-160&plan=basic&lead=${lead}`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid="government-fees-basic"]');
    const lines = await feeLines(page, 'basic');
    expect(lines).toEqual([expect.objectContaining({ fee: 'application', subject: 'H', source: VISA_SOURCE })]);
    expect(lines[0]?.text).toContain(`Tasa de solicitud de visa, clase H: ${money(205, 'es')}`);
    expect(lines[0]?.text).toContain('La pagas tú antes de tu entrevista de visa');
    expect(await audit(page, 'checkout es work visa')).toBe('');
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('government fees, in French', () => {
  it('the pricing page shows the ESTA’s $40 with its official source', async () => {
    const page = await openPage(e2e, { languages: ['fr-FR', 'fr'] });
    await page.goto(`${e2e.baseUrl}/pricing`, { waitUntil: 'networkidle0' });
    await waitForApp(page);
    const esta = await feeLines(page, 'esta');
    expect(esta).toEqual([expect.objectContaining({ fee: 'esta', source: ESTA_SOURCE, label: "Source officielle : federalregister.gov (s'ouvre dans un nouvel onglet)" })]);
    expect(esta[0]?.text).toContain(`Frais de l'ESTA : ${money(40, 'fr')}`);
    expect(pageErrors(page)).toEqual([]);
  });

  it('a work visa’s checkout shows class H’s consular fee, $205, with its source and who pays it', async () => {
    const page = await openPage(e2e, { languages: ['fr-FR', 'fr'] });
    await page.goto(`${e2e.baseUrl}/pricing`, { waitUntil: 'networkidle0' });
    const lead = await workApplication(page);
    await page.goto(`${e2e.baseUrl}/checkout?formType=DS-160&plan=pro&lead=${lead}`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid="government-fees-pro"]');
    const lines = await feeLines(page, 'pro');
    expect(lines).toEqual([expect.objectContaining({ fee: 'application', subject: 'H', source: VISA_SOURCE })]);
    expect(lines[0]?.text).toContain(`Frais de demande de visa, catégorie H : ${money(205, 'fr')}`);
    expect(lines[0]?.text).toContain('Vous les payez vous-même avant votre entretien');
    // The footer of every page says who submits and who pays.
    expect(await textOf(page, 'footer')).toContain('vous envoyez vous-même le formulaire officiel');
    expect(pageErrors(page)).toEqual([]);
  });

  it('the admin’s fees tab lists each fee with its source, reminds of unchecked ones, and schedules a change', async () => {
    const page = await openPage(e2e, { languages: ['fr-FR', 'fr'] });
    await page.goto(`${e2e.baseUrl}/teamomora`);
    await signInAtGate(page, e2e.server.app);
    await page.waitForSelector('[data-testid="fees-reminder"]');
    expect(await textOf(page, '[data-testid="fees-reminder"]')).toContain('17 frais gouvernementaux');
    await page.click('[data-testid="admin-tab-fees"]');
    await page.waitForSelector('[data-testid="fees-tab"]');
    const esta = await textOf(page, '[data-testid="fee-esta-ESTA"]');
    expect(esta).toContain(money(40, 'fr'));
    expect(esta).toContain('federalregister.gov');
    expect(esta).toContain('Jamais');
    expect(await textOf(page, '[data-testid="fee-integrity-VISA"]')).toContain('Pas en vigueur');

    // Pressed as a keyboard user would (the sign-in's toast may sit over the table's last column).
    await press(page, `[aria-label="Vérifié aujourd'hui : Frais de l'ESTA · ESTA"]`);
    await page.waitForFunction(() => document.querySelector('[data-testid="fees-reminder"]')?.textContent?.includes('16 frais'));

    await press(page, '[aria-label="Modifier : Frais de demande de visa · visa de catégorie H"]');
    await page.waitForSelector('[data-testid="fee-change"]');
    await page.type('#fee-amount', '215');
    const today = new Date().toISOString().slice(0, 10);
    await page.$eval('#fee-effectiveFrom', (el, value) => {
      const input = el as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, today);
    await page.click('[data-testid="fee-save"]');
    // Today is refused, named in French, and nothing is sent.
    await page.waitForFunction(() => document.body.innerText.includes("Choisissez un jour après aujourd'hui"));
    // Focus moves to the field named (the machine's focusError, performed by the app's one handler).
    await page.waitForFunction(() => document.activeElement?.id === 'fee-effectiveFrom');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await page.$eval('#fee-effectiveFrom', (el, value) => {
      const input = el as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, tomorrow);
    await page.click('[data-testid="fee-save"]');
    await page.waitForFunction(() => !document.querySelector('[data-testid="fee-change"]'));
    expect(await textOf(page, '[data-testid="fee-application-H"]')).toContain(money(215, 'fr'));
    expect(await audit(page, 'admin fees fr')).toBe('');
    // Today's quotes keep today's fee.
    const row = await e2e.server.app.db.selectFrom('government_fees').select(['amount_cents', 'effective_from']).where('subject', '=', 'H').where('effective_from', '=', tomorrow).executeTakeFirst();
    expect(row).toEqual({ amount_cents: 21500, effective_from: tomorrow });
    expect((await e2e.server.app.site.governmentFeesFor('H'))[0]?.amountCents).toBe(20500);
    expect(pageErrors(page).filter((e) => !/401/.test(e))).toEqual([]);
  });
});

// English and Portuguese, one page load each (CI time): the pricing page's ESTA and visitor-visa fees, each with its
// official source, and the footer's word on who submits the form and pays the government.
describe.each([
  {
    language: 'en',
    languages: ['en-US', 'en'],
    label: 'Official source: federalregister.gov (opens in a new tab)',
    esta: 'ESTA fee',
    visa: 'Visa application fee, class B',
    shown: 'Source: travel.state.gov',
    footer: 'you submit the official form and pay the U.S. government',
  },
  {
    language: 'pt',
    languages: ['pt-BR', 'pt'],
    label: 'Fonte oficial: federalregister.gov (abre em uma nova aba)',
    esta: 'Taxa do ESTA',
    visa: 'Taxa de solicitação de visto, classe B',
    shown: 'Fonte: travel.state.gov',
    footer: 'você envia o formulário oficial e paga as taxas do governo dos EUA',
  },
])('government fees, in $language', ({ language, languages, label, esta, visa, shown, footer }) => {
  it('the pricing page shows the ESTA’s $40 and a visitor visa’s $185, each with its official source, and who pays them', async () => {
    const page = await openPage(e2e, { languages });
    await page.goto(`${e2e.baseUrl}/pricing`, { waitUntil: 'networkidle0' });
    await waitForApp(page);
    await page.waitForSelector('[data-testid="government-fees-basic"] li');
    const estaLines = await feeLines(page, 'esta');
    expect(estaLines).toEqual([expect.objectContaining({ fee: 'esta', subject: 'ESTA', source: ESTA_SOURCE, label })]);
    expect(estaLines[0]?.text).toContain(`${esta}: ${money(40, language)}`);
    const visaLines = await feeLines(page, 'basic');
    expect(visaLines[0]).toMatchObject({ fee: 'application', subject: 'B', source: VISA_SOURCE });
    expect(visaLines[0]?.text).toContain(`${visa}: ${money(185, language)}`);
    expect(visaLines[0]?.text).toContain(shown);
    expect(await textOf(page, 'footer')).toContain(footer);
    expect(pageErrors(page)).toEqual([]);
  });
});
