import { randomUUID } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estaCatalog } from '../../machines/domain/catalogs';
import { DS160_FORM_SECTIONS } from '../../machines/domain/ds160Form';
import { validAnswer } from '../helpers/answers';
import { ownerCookie } from '../helpers/admin';
import { sessionCookie } from '../helpers/app';
import { validForm } from '../helpers/ds160Form';
import { byRole, openPage, pageErrors, startE2E, textOf, waitForPath, type E2E } from './browser';
import { typePersonalInfo } from './ds160Driver';
import { currentQuestion, fillQuestion, wizardLabels } from './wizardDriver';

// Issue 34, items 3, 8 and 9, as a newcomer goes: the start flow's choice opens the form it leads to already
// answered; the browser's Back inside the ten-section form goes back a section; and the form's completion card
// shows where the spec has it (coming back to a finished form, or resuming one), priced by the server.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e.close());

const valueOf = (page: Page, selector: string) => page.$eval(selector, (el) => (el as HTMLInputElement).value);
/** The section the URL names (the first when it names none). */
const sectionInUrl = (page: Page) => page.evaluate(() => new URLSearchParams(window.location.search).get('section') ?? '1');
const shownSection = (page: Page) => page.$eval('section[data-section]', (el) => el.getAttribute('data-section'));

async function waitForSection(page: Page, section: string): Promise<void> {
  await page.waitForSelector(`section[data-section="${section}"]`, { timeout: 5000 });
}

describe('the start flow’s choice', () => {
  it('opens the ten-section form with Mexico and Tourism given; Back and Forward then move a section at a time', async () => {
    const page = await openPage(e2e);
    await page.goto(`${e2e.baseUrl}/visa-wizard`, { waitUntil: 'networkidle0' });
    await byRole(page, 'button', 'Mexico').click();
    await byRole(page, 'radio', 'Tourism').click();
    await byRole(page, 'button', 'Continue to visa recommendation').click();
    await byRole(page, 'button', 'Start application').click();
    await page.locator('button::-p-text(Interactive Form)').click();
    await waitForPath(page, '/ds160-wizard');
    await waitForSection(page, 'personal-info');
    // Item 3: the nationality and the country of birth are the country chosen a step before.
    expect(await valueOf(page, '#f-nationality')).toBe('Mexico');
    expect(await valueOf(page, '#f-birthCountry')).toBe('Mexico');

    await typePersonalInfo(page, { countries: false });
    await page.click('[data-testid="ds160-next"]');
    await waitForSection(page, 'travel-info');
    expect(await sectionInUrl(page)).toBe('2');
    // And the purpose, in the form's own words.
    expect(await valueOf(page, '#f-tripPurpose')).toBe('Tourism');

    // Item 8: a section chosen in the sidebar is a step too; Back returns to the one before it, then to the first,
    // Forward comes again, and Back from the first section leaves the form for the page before it.
    await page.click('button[data-section="previous-travel"]');
    await waitForSection(page, 'previous-travel');
    expect(await sectionInUrl(page)).toBe('6');
    await page.goBack();
    await waitForSection(page, 'travel-info');
    expect(await sectionInUrl(page)).toBe('2');
    expect(await valueOf(page, '#f-tripPurpose')).toBe('Tourism');
    await page.goBack();
    await waitForSection(page, 'personal-info');
    expect(await sectionInUrl(page)).toBe('1');
    expect(await valueOf(page, '#f-firstName')).toBe(validForm()['personal-info'].firstName);
    await page.goForward();
    await waitForSection(page, 'travel-info');
    // A reload stays on the section.
    await page.reload({ waitUntil: 'networkidle0' });
    await waitForSection(page, 'travel-info');
    expect(await sectionInUrl(page)).toBe('2');
    await page.goBack();
    await waitForSection(page, 'personal-info');
    await page.goBack();
    await waitForPath(page, '/visa-wizard');
    expect(pageErrors(page)).toEqual([]);
  });

  it('opens the ESTA wizard with Spain as the passport’s country, from /apply', async () => {
    const page = await openPage(e2e);
    await page.goto(`${e2e.baseUrl}/apply`, { waitUntil: 'networkidle0' });
    await page.type('[role="combobox"]', 'spain');
    await page.keyboard.press('Enter');
    await byRole(page, 'radio', 'TOURISM').click();
    await byRole(page, 'button', 'CONTINUE').click();
    await byRole(page, 'button', 'APPLY NOW').click();
    await waitForPath(page, '/apply/esta-wizard');
    const labels = wizardLabels('en');
    for (let step = 0; step < 20; step += 1) {
      await page.waitForSelector('[id^="q-"][name]');
      const question = await currentQuestion(page, estaCatalog);
      if (question.id === 'passport-country') break;
      await fillQuestion(page, question, validAnswer(question));
      await byRole(page, 'button', labels.next).click();
      await page.waitForFunction((id) => !document.getElementById(`q-${id}`), {}, question.id);
    }
    expect(await valueOf(page, '#q-passport-country')).toBe('Spain');
    expect(pageErrors(page)).toEqual([]);
  });
});

/** Changes a price as an admin would, so what the card shows can only have come from the server. */
async function setBasicPrice(dollars: number): Promise<void> {
  const inject = e2e.server.app.inject.bind(e2e.server.app);
  const cookie = await ownerCookie(e2e.server.app);
  const pricing = (await inject({ method: 'GET', url: '/api/admin/pricing' })).json();
  const saved = await inject({ method: 'PUT', url: '/api/admin/pricing', headers: { cookie }, payload: { pricing: { ...pricing, DS160_BASIC: dollars } } });
  expect(saved.statusCode).toBe(200);
}

/** The card's figures must be the server's quote for the plan (nothing was paid for this application yet). */
async function expectQuotedCard(page: Page): Promise<void> {
  const card = await page.waitForSelector('[data-testid="ds160-completion"]', { timeout: 5000 });
  expect(await card!.isVisible()).toBe(true);
  const quote = (await e2e.server.app.inject({ method: 'GET', url: '/api/checkout/quote?formType=DS-160&plan=basic' })).json();
  const basic = quote.options.find((o: { product: string }) => o.product === 'basic');
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  const text = await textOf(page, '[data-testid="ds160-completion"]');
  expect(text).toContain(money(basic.price.serviceFee));
  expect(text).toContain(money(basic.price.governmentFee));
  expect(text).toContain('Proceed to Payment');
}

describe('the completion card', () => {
  it('shows when the applicant comes back to the finished form from checkout, with the server’s prices', async () => {
    await setBasicPrice(55);
    try {
      const page = await openPage(e2e);
      const email = `maria.back.${randomUUID().slice(0, 8)}@example.com`;
      const form = validForm({ 'address-phone': { emailAddress: email } });
      await page.goto(`${e2e.baseUrl}/`, { waitUntil: 'networkidle0' });
      await page.evaluate((value) => localStorage.setItem('rumbo-ds160-form', value), JSON.stringify({ values: form, current: DS160_FORM_SECTIONS.length - 1, completed: DS160_FORM_SECTIONS.slice(0, -1) }));
      await page.goto(`${e2e.baseUrl}/ds160-wizard`, { waitUntil: 'networkidle0' });
      await waitForSection(page, 'photo-submission');
      // Not before every section is done.
      expect(await page.$('[data-testid="ds160-completion"]')).toBeNull();
      await page.click('[data-testid="ds160-next"]');
      await waitForPath(page, '/checkout');
      const leadId = new URL(page.url()).searchParams.get('lead') as string;
      expect(leadId).toBeTruthy();

      await page.goBack();
      await waitForPath(page, '/ds160-wizard');
      await expectQuotedCard(page);
      expect(await textOf(page, '[data-testid="ds160-completion"]')).toContain('$55.00');
      expect(await textOf(page, '[data-testid="ds160-completed-count"]')).toContain('10/10');

      // Proceed to Payment pays for this application.
      await byRole(page, 'button', 'Proceed to Payment').click();
      await waitForPath(page, '/checkout');
      expect(new URL(page.url()).searchParams.get('lead')).toBe(leadId);

      // A later visit finds it again; 'Start a new application' leaves an empty form for someone else.
      await page.goto(`${e2e.baseUrl}/ds160-wizard`, { waitUntil: 'networkidle0' });
      await expectQuotedCard(page);
      await page.click('[data-testid="ds160-new-application"] button');
      await waitForSection(page, 'personal-info');
      expect(await page.$('[data-testid="ds160-completion"]')).toBeNull();
      expect(await valueOf(page, '#f-firstName')).toBe('');
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await setBasicPrice(50);
    }
  });

  it('shows when a finished application is resumed on another device with its code', async () => {
    const email = `maria.resumed.${randomUUID().slice(0, 8)}@example.com`;
    const inject = e2e.server.app.inject.bind(e2e.server.app);
    const captured = await inject({ method: 'POST', url: '/api/leads/immediate', payload: { email, firstName: 'Maria', lastName: 'Lopez', formType: 'DS-160' } });
    const cookie = sessionCookie(captured) as string;
    const leadId = captured.json().leadId as string;
    const saved = await inject({ method: 'PATCH', url: `/api/leads/${leadId}/update`, headers: { cookie }, payload: { formData: validForm({ 'address-phone': { emailAddress: email } }) } });
    expect(saved.statusCode, saved.body).toBe(200);
    const { code } = (await inject({ method: 'POST', url: `/api/leads/${leadId}/resume-code`, headers: { cookie }, payload: {} })).json();

    const page = await openPage(e2e);
    await page.goto(`${e2e.baseUrl}/ds160-wizard?resume=${code}`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('#resume-email');
    await page.type('#resume-email', email);
    await page.click('[data-testid="ds160-resume-entry"] button[type="submit"]');
    await expectQuotedCard(page);
    expect(await shownSection(page)).toBe('photo-submission');
    expect(pageErrors(page)).toEqual([]);
  });
});
