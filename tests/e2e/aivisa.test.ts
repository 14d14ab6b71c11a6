import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from './axe';
import { openPage, pageErrors, startE2E, textOf, waitForPath, type E2E } from './browser';

// The advanced chat (issue 13) as an applicant meets it: free text, inline widgets and quick answers fill the
// sidebar; at readiness 80 the paywall opens and the input stops; a plan goes to checkout for the chat's lead.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e.close());

const assistantCount = (page: Page) => page.$$eval('[data-testid="aivisa-log"] li[data-role="assistant"]', (els) => els.length);
const lastReply = (page: Page) => page.$$eval('[data-testid="aivisa-log"] li[data-role="assistant"] [data-text]', (els) => (els.at(-1) as HTMLElement | undefined)?.innerText ?? '');

/** Runs an action that sends a message and waits for the whole reply. */
async function turn(page: Page, act: () => Promise<void>): Promise<string> {
  const before = await assistantCount(page);
  await act();
  await page.waitForFunction((n: number) => document.querySelectorAll('[data-testid="aivisa-log"] li[data-role="assistant"]').length > n, { timeout: 10_000 }, before);
  return lastReply(page);
}

async function say(page: Page, text: string): Promise<string> {
  return turn(page, async () => {
    await page.click('#aivisa-message');
    await page.type('#aivisa-message', text);
    await page.keyboard.down('Control');
    await page.keyboard.press('Enter');
    await page.keyboard.up('Control');
  });
}

const collected = (page: Page) =>
  page.$$eval('[data-testid="aivisa-collected"] [data-field]', (els) => Object.fromEntries(els.map((el) => [el.getAttribute('data-field'), el.getAttribute('data-value')])));

describe('/aivisa', () => {
  it('in Spanish: widgets and quick answers, the paywall at 80 enforced, Pro goes to checkout for the lead', async () => {
    const page = await openPage(e2e, { languages: ['es-ES', 'es'] });
    await page.goto(`${e2e.baseUrl}/aivisa`);
    await page.waitForSelector('#aivisa-message');
    // Enter alone is a new line; Ctrl+Enter sends.
    await page.type('#aivisa-message', 'Hola');
    await page.keyboard.press('Enter');
    expect(await assistantCount(page)).toBe(0);
    let reply = await say(page, '');
    expect(reply).toMatch(/Sofía/);
    expect(await page.$('[data-testid="inline-country"] select')).not.toBeNull();
    expect(await audit(page, 'greeting')).toBe('');

    reply = await turn(page, async () => {
      await page.select('[data-testid="inline-country"] select', 'Mexico');
      await page.click('[data-testid="inline-country"] button');
    });
    expect(reply).toMatch(/Nacionalidad: México[\s\S]*propósito/);
    const suggestions = await page.$$eval('[data-testid="aivisa-suggestion"]', (els) => els.map((el) => (el as HTMLElement).innerText));
    expect(suggestions).toEqual(['Turismo', 'Negocios', 'Estudios', 'Tránsito']);
    reply = await turn(page, async () => (await page.$$('[data-testid="aivisa-suggestion"]'))[0]!.click());
    expect(reply).toMatch(/correo/);
    // The e-mail widget checks before sending.
    await page.type('[data-testid="inline-email"] input', 'ana');
    await page.click('[data-testid="inline-email"] button');
    expect(await textOf(page, '[data-testid="inline-email"] [role="alert"]')).toBe('Introduce un correo electrónico válido');
    await page.type('[data-testid="inline-email"] input', '.aivisa@example.com');
    await turn(page, () => page.click('[data-testid="inline-email"] button'));
    await say(page, 'Ana');
    await say(page, 'Lopez');
    await say(page, 'nací el 15 de marzo de 1990');
    await say(page, 'G12345678');
    reply = await say(page, 'vence el 1 de enero de 2032');
    expect(reply).toMatch(/plan/);
    expect(await collected(page)).toMatchObject({ citizenship_country: 'Mexico', trip_purpose: 'tourism', email: 'ana.aivisa@example.com', dateOfBirth: '1990-03-15', product_recommendation: 'DS-160' });
    expect(await textOf(page, '[data-testid="aivisa-readiness"]')).toBe('80% lista');
    // Shown in the page's language: the country, the purpose, the dates.
    expect(await textOf(page, '[data-field="citizenship_country"] dd')).toBe('México');
    expect(await textOf(page, '[data-field="trip_purpose"] dd')).toBe('Turismo');

    // The paywall: input off with the spec's words; 'Continuar después' closes it, the sidebar opens it again.
    await page.waitForSelector('[data-testid="aivisa-paywall"][open]');
    expect(await audit(page, 'paywall')).toBe('');
    expect(await page.$eval('#aivisa-message', (el) => [(el as HTMLTextAreaElement).disabled, (el as HTMLTextAreaElement).placeholder])).toEqual([true, 'Completa el pago para continuar...']);
    await page.click('[data-testid="aivisa-later"]');
    expect(await page.$('[data-testid="aivisa-paywall"][open]')).toBeNull();
    // A reload keeps the conversation's application: still locked, from the server.
    await page.reload();
    await page.waitForSelector('[data-testid="aivisa-paywall"][open]');
    const lead = await e2e.server.app.db.selectFrom('leads').selectAll().where('email', '=', 'ana.aivisa@example.com').executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ source: 'aivisa', nationality: 'Mexico', travel_purpose: 'tourism' });
    await page.click('[data-testid="chat-plan-pro"] button');
    await waitForPath(page, '/checkout');
    expect(new URL(page.url()).search).toBe(`?formType=DS-160&plan=pro&lead=${lead.id}`);
    await page.waitForSelector('[data-testid="pay-button"]');
    expect(pageErrors(page)).toEqual([]);
  }, 90_000);

  it('in English: an ESTA traveller told in one sentence, offered the one ESTA service', async () => {
    const page = await openPage(e2e, { languages: ['en-US', 'en'] });
    await page.goto(`${e2e.baseUrl}/aivisa`);
    await page.waitForSelector('#aivisa-message');
    const reply = await say(page, "Hi, I'm French and I'm going to New York for business. My email is luc.aivisa@example.com");
    expect(reply).toMatch(/Noted: Nationality: France; Purpose of the trip: Business; Email: luc\.aivisa@example\.com\.[\s\S]*first name/);
    expect(await collected(page)).toMatchObject({ product_recommendation: 'ESTA' });
    for (const answer of ['Luc', 'Martin', 'born 1985-06-02', 'passport 15AB12345', 'it expires on 2031-05-01']) await say(page, answer);
    await page.waitForSelector('[data-testid="aivisa-paywall"][open]');
    expect(await page.$$eval('[data-testid^="chat-plan-"]', (els) => els.map((el) => el.getAttribute('data-testid')))).toEqual(['chat-plan-esta']);
    await page.keyboard.press('Escape');
    expect(await page.$('[data-testid="aivisa-paywall"][open]')).toBeNull();
    expect(await page.$eval('#aivisa-message', (el) => (el as HTMLTextAreaElement).placeholder)).toBe('Complete payment to continue...');
    expect(pageErrors(page)).toEqual([]);
  }, 60_000);
});
