import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleQuestions } from '../../machines/domain/questions';
import { ds160Catalog } from '../../machines/domain/catalogs/ds160';
import { estaCatalog } from '../../machines/domain/catalogs/esta';
import { preassessmentCatalog } from '../../machines/domain/catalogs/preassessment';
import { byRole, openPage, pageErrors, startE2E, textOf, waitForPath, type E2E } from './browser';
import { completeWizard, currentQuestion, errorOf, fillQuestion, wizardLabels } from './wizardDriver';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e.close());

async function leadByEmail(email: string) {
  const lead = await e2e.server.app.db.selectFrom('leads').selectAll().where('email', '=', email).orderBy('created_at', 'desc').executeTakeFirst();
  if (!lead) return { lead, history: [] as string[] };
  const history = await e2e.server.app.db.selectFrom('application_history').select('status').where('lead_id', '=', lead.id).orderBy('created_at').execute();
  return { lead, history: history.map((h) => h.status) };
}

// Each walk's two languages run side by side, each in its own browser context with its own e-mail: they wait on
// the page and the server, not on the CPU, and CI's browser stage is its longest. Two at once share the cores, so
// each has twice a walk's usual time (a DS-160 walk took 40 s alone under load, and passed 60 s beside another).
describe('/apply/wizard (DS-160)', () => {
  it.concurrent.each(['en', 'es'] as const)('is completed in %s after correcting an invalid answer, and saves a completed lead', async (language) => {
    const page = await openPage(e2e, { languages: [language] });
    await page.goto(`${e2e.baseUrl}/apply/wizard`, { waitUntil: 'networkidle0' });
    const labels = wizardLabels(language);
    const email = `ds160-${language}@example.com`;
    let corrected = false;
    const asked = await completeWizard(page, ds160Catalog, {
      language,
      submitLabel: labels.ds160.submit,
      overrides: { 'email-address': email, 'other-names': 'Yes' },
      onQuestion: async (question) => {
        if (question.id !== 'passport-number' || corrected) return;
        corrected = true;
        await fillQuestion(page, question, 'A1');
        await byRole(page, 'button', labels.next).click();
        const error = await errorOf(page, question);
        expect(error).toBe(language === 'en' ? 'Passport number is too short' : 'El número de pasaporte es demasiado corto');
        expect(await page.$eval(`#q-${question.id}`, (el) => el.getAttribute('aria-invalid'))).toBe('true');
      },
    });
    expect(corrected).toBe(true);
    expect(asked).toContain('specify-other-names');
    expect(asked).not.toContain('companion-name');
    await waitForPath(page, '/checkout');
    // The server names the checkout: the DS-160 with the basic plan's price from the pricing map.
    const { lead, history } = await leadByEmail(email);
    // The offer names the application it pays for.
    expect(await page.evaluate(() => window.location.search)).toBe(`?formType=DS-160&amount=50&plan=basic&lead=${lead!.id}`);
    expect(lead).toMatchObject({ form_type: 'DS-160', completion_status: 'completed', payment_status: 'pending', source: 'apply-wizard', name: 'Maria Lopez' });
    expect(JSON.parse(lead!.form_data)['specify-other-names']).toBe('Maria Garcia');
    expect(history).toEqual(['completed']);
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it('shows the Application ready toast and keeps the first question in focus order', async () => {
    const page = await openPage(e2e);
    await page.goto(`${e2e.baseUrl}/apply/wizard`, { waitUntil: 'networkidle0' });
    expect(await textOf(page, 'body')).toContain('Question 1 of');
    await completeWizard(page, ds160Catalog, { language: 'en', submitLabel: 'Finish application', overrides: { 'email-address': 'toast@example.com' } });
    // Nothing was sent to the government: the toast says the application is ready (issue 44), not submitted.
    await page.waitForSelector('::-p-text(Application ready)');
  });
});

describe('/apply/esta-wizard', () => {
  it.concurrent.each(['en', 'es'] as const)('captures the lead early, survives a reload, and completes it in %s', async (language) => {
    const page = await openPage(e2e, { languages: [language] });
    await page.goto(`${e2e.baseUrl}/apply/esta-wizard`, { waitUntil: 'networkidle0' });
    const labels = wizardLabels(language);
    const email = `esta-${language}@example.com`;
    expect(await textOf(page, 'aside')).toContain(language === 'en' ? '90 days' : '90 días');

    // Email, then the lead exists at once (incomplete, unpaid) and the applicant is told.
    const first = await currentQuestion(page, estaCatalog);
    expect(first.id).toBe('email');
    await fillQuestion(page, first, 'not-an-email');
    await page.keyboard.press('Enter');
    expect(await errorOf(page, first)).toBe(language === 'en' ? 'Please enter a valid email address' : 'Ingresa un correo electrónico válido');
    await fillQuestion(page, first, email);
    await page.keyboard.press('Enter');
    await page.waitForSelector(`#q-first-name`);
    await expect.poll(async () => (await leadByEmail(email)).lead?.completion_status).toBe('incomplete');
    await page.waitForSelector(`::-p-text(${language === 'en' ? 'Application Started' : 'Solicitud iniciada'})`);

    // Two more answers, then a reload: the applicant is back on the same question with nothing lost.
    await fillQuestion(page, await currentQuestion(page, estaCatalog), 'Maria');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#q-last-name');
    await page.reload({ waitUntil: 'networkidle0' });
    expect((await currentQuestion(page, estaCatalog)).id).toBe('last-name');
    await byRole(page, 'button', labels.previous).click();
    expect(await page.$eval('#q-first-name', (el) => (el as HTMLInputElement).value)).toBe('Maria');
    await byRole(page, 'button', labels.next).click();

    await completeWizard(page, estaCatalog, { language, submitLabel: labels.esta.submit, overrides: { email } });
    await waitForPath(page, '/checkout');
    const { lead, history } = await leadByEmail(email);
    // The offer names the application it pays for.
    expect(await page.evaluate(() => window.location.search)).toBe(`?formType=ESTA&amount=77&lead=${lead!.id}`);
    expect(lead).toMatchObject({ form_type: 'ESTA', completion_status: 'completed', payment_status: 'unpaid', subscription_plan: 'basic', phone: '+34612345678', nationality: 'Spain' });
    // Every question shown is answered; the follow-ups of a 'No' (another passport, an employer) are not asked.
    const formData = JSON.parse(lead!.form_data) as Record<string, string>;
    expect(Object.keys(formData).sort()).toEqual(visibleQuestions(estaCatalog, formData).map((q) => q.id).sort());
    expect(history).toEqual(['incomplete', 'completed']);
    // Storage is cleared once the application is in, so the next visit starts afresh.
    expect(await page.evaluate(() => localStorage.getItem('rumbo-wizard-esta'))).toBeNull();
  }, 120_000);
});

// Issue 45 item 21: a parent on a phone meets every field of the official ESTA, in its order, in their language, and
// can answer each (a second citizenship and passport, an employer, a U.S. point of contact) without a dead end.
describe('/apply/esta-wizard: the official ESTA fields on a 375 px phone', () => {
  const OFFICIAL = [
    'national-id-number', 'previous-passport', 'previous-passport-country', 'previous-passport-number', 'other-citizenship',
    'other-citizenship-country', 'other-citizenship-how', 'father-family-name', 'father-first-name', 'mother-family-name',
    'mother-first-name', 'has-employer', 'current-occupation', 'employer', 'employer-address', 'employer-phone', 'purpose',
    'us-contact', 'us-contact-address', 'us-contact-phone', 'emergency-contact', 'emergency-email', 'emergency-phone',
    'fraud-misrepresentation', 'seeking-employment', 'visa-denial', 'travel-restricted-countries',
  ];
  const YES = { 'previous-passport': 'Yes', 'other-citizenship': 'Yes', 'has-employer': 'Yes', purpose: 'business', 'other-citizenship-how': 'Through parents' };

  it.concurrent.each(['es', 'fr'] as const)('asks them in the official order in %s, and keeps every answer', async (language) => {
    const page = await openPage(e2e, { languages: [language], width: 375 });
    await page.goto(`${e2e.baseUrl}/apply/esta-wizard`, { waitUntil: 'networkidle0' });
    const catalog = JSON.parse(readFileSync(`locales/${language}/catalog.json`, 'utf8')) as { esta: { q: Record<string, string> }; options: Record<string, string> };
    const email = `esta-official-${language}@example.com`;
    const labelled: string[] = [];
    const asked = await completeWizard(page, estaCatalog, {
      language,
      submitLabel: wizardLabels(language).esta.submit,
      overrides: {
        email,
        ...YES,
        'previous-passport-country': 'France',
        'other-citizenship-country': 'Mexico',
        employer: 'Telefonica S.A.',
        'us-contact': 'Hotel Pennsylvania 7',
        'father-family-name': 'UNKNOWN',
      },
      onQuestion: async (question) => {
        if (!OFFICIAL.includes(question.id)) return;
        // The question in the page's language, as the locale file words it, and nothing wider than the phone.
        const label = question.type === 'radio' ? `#q-${question.id}-label` : `label[for="q-${question.id}"]`;
        expect((await textOf(page, label)).startsWith(catalog.esta.q[question.id]!), question.id).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        labelled.push(question.id);
      },
    });
    expect(asked.filter((id) => OFFICIAL.includes(id))).toEqual(OFFICIAL);
    expect(labelled).toEqual(OFFICIAL);
    await waitForPath(page, '/checkout');
    const { lead } = await leadByEmail(email);
    expect(lead).toMatchObject({ completion_status: 'completed' });
    expect(JSON.parse(lead!.form_data)).toMatchObject({
      ...YES,
      'previous-passport-country': 'France',
      'other-citizenship-country': 'Mexico',
      employer: 'Telefonica S.A.',
      'us-contact': 'Hotel Pennsylvania 7',
      'emergency-email': 'maria.lopez@example.com',
      'seeking-employment': 'No',
    });
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);
});

describe('/wizard (pre-assessment)', () => {
  it.concurrent.each(['en', 'es'] as const)('is completed in %s and offers payment for the chosen form', async (language) => {
    const page = await openPage(e2e, { languages: [language] });
    await page.goto(`${e2e.baseUrl}/wizard`, { waitUntil: 'networkidle0' });
    const labels = wizardLabels(language);
    const email = `pre-${language}@example.com`;
    expect(await textOf(page, 'body')).toContain(language === 'en' ? '1 of 35' : '1 de 35');
    const asked = await completeWizard(page, preassessmentCatalog, {
      language,
      submitLabel: labels.preassessment.submit,
      overrides: { email, 'form-type': 'ESTA' },
      onQuestion: async (question) => {
        if (question.id !== 'full-name') return;
        await byRole(page, 'button', labels.next).click();
        expect(await errorOf(page, question)).toBe(language === 'en' ? 'This field is required' : 'Este campo es obligatorio');
      },
    });
    expect(asked).toHaveLength(35);
    await byRole(page, 'heading', labels.preassessment.done).wait();
    expect(await textOf(page, '[data-testid="done-form-type"]')).toBe('ESTA');
    const money = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
    // The review's price story from the server: $100 + $2.99 processing + the ESTA's $40 government fee.
    expect(await textOf(page, '[data-price-total="completion"]')).toBe(money.format(142.99));
    await byRole(page, 'link', labels.preassessment.pay).click();
    await waitForPath(page, '/checkout');
    const { lead, history } = await leadByEmail(email);
    // The offer names the application it pays for.
    expect(await page.evaluate(() => window.location.search)).toBe(`?formType=ESTA&amount=100&lead=${lead!.id}`);
    expect(lead).toMatchObject({ form_type: 'ESTA', completion_status: 'incomplete', payment_status: 'unpaid', source: 'wizard' });
    expect(history).toEqual(['incomplete']);
  }, 120_000);
});
