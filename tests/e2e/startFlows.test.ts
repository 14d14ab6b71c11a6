import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byRole, openPage, pageErrors, startE2E, textOf, waitForPath, type E2E } from './browser';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e.close());

describe('/visa-wizard', () => {
  it('recommends ESTA for Spain and tourism and opens the ESTA wizard', async () => {
    const page = await openPage(e2e);
    await page.goto(`${e2e.baseUrl}/visa-wizard`, { waitUntil: 'networkidle0' });
    const proceed = byRole(page, 'button', 'Please complete all fields');
    expect(await (await proceed.waitHandle()).evaluate((b) => (b as HTMLButtonElement).disabled)).toBe(true);

    await page.type('[role="combobox"]', 'xyz');
    expect(await textOf(page, '[role="listbox"]')).toContain('No countries found');
    await page.$eval('[role="combobox"]', (el) => ((el as HTMLInputElement).value = ''));
    await page.type('[role="combobox"]', 'SPA');
    expect(await page.$$eval('[role="option"]', (os) => os.length)).toBe(1);
    await byRole(page, 'option', 'Spain').click();
    expect(await textOf(page, 'body')).toContain('Valid for U.S. visa');

    await byRole(page, 'radio', 'Tourism').click();
    await byRole(page, 'button', 'Continue to visa recommendation').click();
    await byRole(page, 'heading', 'Visa Recommendation').wait();
    expect(await textOf(page, '[data-testid="recommended-type"]')).toBe('ESTA');
    expect(await textOf(page, 'body')).toContain('90 days');

    await byRole(page, 'button', 'Start application').click();
    await byRole(page, 'heading', 'Choose Your Application Method').wait();
    await page.locator('button::-p-text(Interactive Form)').click();
    await waitForPath(page, '/apply/esta-wizard');
    expect(await page.evaluate(() => sessionStorage.getItem('apply-country'))).toBe('Spain');
    expect(pageErrors(page)).toEqual([]);
  });

  it('recommends DS-160 for Mexico and business and opens the AI chat with the choice', async () => {
    const page = await openPage(e2e);
    await page.goto(`${e2e.baseUrl}/visa-wizard`, { waitUntil: 'networkidle0' });
    await byRole(page, 'button', 'Mexico').click(); // quick pick
    await byRole(page, 'button', 'Change country').wait();
    await byRole(page, 'radio', 'Business').click();
    await byRole(page, 'button', 'Continue to visa recommendation').click();
    await byRole(page, 'heading', 'Visa Recommendation').wait();
    expect(await textOf(page, '[data-testid="recommended-type"]')).toBe('DS-160');
    await byRole(page, 'button', 'Start application').click();
    await page.locator('button::-p-text(AI Chat)').click();
    await waitForPath(page, '/ai-chat-sections');
    const params = await page.evaluate(() => Object.fromEntries(new URLSearchParams(window.location.search)));
    expect(params).toEqual({ lang: 'en', country: 'Mexico', purpose: 'business', visaType: 'DS-160' });
  });

  it('works in Spanish, with the country names in Spanish', async () => {
    const page = await openPage(e2e, { languages: ['es-ES'] });
    await page.goto(`${e2e.baseUrl}/visa-wizard`, { waitUntil: 'networkidle0' });
    await page.type('[role="combobox"]', 'espa');
    await byRole(page, 'option', 'España').click();
    expect(await textOf(page, 'body')).toContain('Válido para visa de EE. UU.');
  });
});

describe('/apply and /apply/summary', () => {
  it('takes Mexico and business to a DS-160 summary from the server, then APPLY NOW to the DS-160 wizard', async () => {
    const page = await openPage(e2e);
    await page.goto(`${e2e.baseUrl}/apply`, { waitUntil: 'networkidle0' });
    const next = await byRole(page, 'button', 'CONTINUE').waitHandle();
    expect(await next.evaluate((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await page.type('[role="combobox"]', 'mexi');
    await byRole(page, 'option', 'Mexico').click();
    await byRole(page, 'radio', 'BUSINESS').click();
    await byRole(page, 'checkbox', 'I have more than one citizenship').click();
    // The other citizenship is asked before going on.
    expect(await textOf(page, 'body')).toContain('Choose your other citizenship, or untick the box.');
    await page.type('::-p-aria([name="Your other citizenship"][role="combobox"])', 'colom');
    await byRole(page, 'option', 'Colombia').click();
    await byRole(page, 'button', 'CONTINUE').click();
    await waitForPath(page, '/apply/summary');
    await page.waitForSelector('[data-testid="summary-type"]');
    expect(await textOf(page, '[data-testid="summary-type"]')).toBe('DS-160');
    expect(await textOf(page, '[data-testid="summary-stay"]')).toBe('180 days');
    expect(await textOf(page, '[data-testid="summary-cost"]')).toContain('$185');
    expect(await page.evaluate(() => sessionStorage.getItem('apply-multiple-citizenship'))).toBe('true');
    expect(await page.evaluate(() => sessionStorage.getItem('apply-other-country'))).toBe('Colombia');
    await byRole(page, 'button', 'APPLY NOW').click();
    await waitForPath(page, '/apply/wizard');
    expect(await page.evaluate(() => sessionStorage.getItem('apply-visa-type'))).toBe('DS-160');
  });

  it('lets an ESTA applicant switch to DS-160 by hand, and remembers the choice on the way back', async () => {
    const page = await openPage(e2e);
    await page.goto(`${e2e.baseUrl}/apply`, { waitUntil: 'networkidle0' });
    await page.type('[role="combobox"]', 'spain');
    await page.keyboard.press('Enter');
    await byRole(page, 'radio', 'TOURISM').click();
    await byRole(page, 'button', 'CONTINUE').click();
    await page.waitForSelector('[data-testid="summary-type"]');
    expect(await textOf(page, '[data-testid="summary-type"]')).toBe('ESTA');
    expect(await textOf(page, '[data-testid="summary-stay"]')).toBe('90 days');
    await byRole(page, 'switch', 'Change visa type').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="summary-type"]')?.textContent === 'DS-160');
    expect(await textOf(page, 'body')).toContain('DS-160 visa manually');
    // The facts follow the type chosen: a DS-160's stay and fees, not the ESTA's.
    expect(await textOf(page, '[data-testid="summary-stay"]')).toBe('180 days');
    expect(await textOf(page, '[data-testid="summary-cost"]')).toContain('$185');
    await byRole(page, 'button', 'Back').click();
    await waitForPath(page, '/apply');
    expect(await textOf(page, 'body')).toContain('Spain');
    await byRole(page, 'button', 'CONTINUE').click();
    await byRole(page, 'button', 'APPLY NOW').click();
    await waitForPath(page, '/apply/esta-wizard');
  });
});
