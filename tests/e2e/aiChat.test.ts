import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from './axe';
import { openPage, pageErrors, startE2E, textOf, waitForPath, type E2E } from './browser';

// The consular-agent chat (issue 13) as an applicant meets it: the language first, the form it needs, the next
// steps as buttons; asking to pay shows the message and goes to checkout 2 seconds later.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e.close());

const lineCount = (page: Page) => page.$$eval('[data-testid="agent-log"] li[data-role]', (els) => els.length);
const lastReply = (page: Page) => page.$$eval('[data-testid="agent-log"] li[data-role="assistant"] [data-text]', (els) => (els.at(-1) as HTMLElement | undefined)?.innerText ?? '');

async function say(page: Page, text: string): Promise<string> {
  const before = await lineCount(page);
  await page.type('#agent-message', text);
  await page.keyboard.press('Enter');
  await page.waitForFunction((n: number) => document.querySelectorAll('[data-testid="agent-log"] li[data-role]').length > n + 1, { timeout: 10_000 }, before);
  await page.waitForFunction(() => !document.querySelector('[data-testid="agent-log"] [aria-busy]'));
  return lastReply(page);
}

describe('/ai-chat', () => {
  it('in Spanish: the language, the recommendation, the next steps, and the way to payment', async () => {
    const page = await openPage(e2e, { languages: ['es-ES', 'es'] });
    await page.goto(`${e2e.baseUrl}/ai-chat`);
    await page.waitForSelector('[data-testid="agent-language-es"]');
    expect(await audit(page, 'language')).toBe('');
    await page.click('[data-testid="agent-language-es"]');
    await page.waitForSelector('[data-testid="agent-log"] li[data-role="assistant"]');
    expect(await lastReply(page)).toMatch(/^Hola, soy Sofía[\s\S]*¿Cuál es tu nacionalidad\?/);
    expect(await say(page, 'Soy de Colombia')).toMatch(/propósito/);
    // The purposes as buttons inside the message.
    const before = await lineCount(page);
    await (await page.$$('[data-testid="agent-option"]'))[0]!.click();
    await page.waitForFunction((n: number) => document.querySelectorAll('[data-testid="agent-log"] li[data-role]').length > n + 1, {}, before);
    await page.waitForFunction(() => !document.querySelector('[data-testid="agent-log"] [aria-busy]'));
    expect(await lastReply(page)).toMatch(/Para tu viaje necesitas: DS-160/);
    await say(page, 'Carlos Ruiz');
    await say(page, 'carlos.e2e@example.com');
    expect(await say(page, '+57 300 123 4567')).toMatch(/Ya puedes llenar tu solicitud/);
    expect(await textOf(page, '[data-testid="agent-steps"]')).toBe('5 de 5 respuestas');
    await page.waitForFunction(() => document.querySelector('[data-section="address-phone"]')?.getAttribute('data-completed') === 'true');
    const links = await page.$$eval('[data-testid="agent-link"]', (els) => els.map((el) => [(el as HTMLElement).innerText, el.getAttribute('href')]));
    const lead = await e2e.server.app.db.selectFrom('leads').selectAll().where('email', '=', 'carlos.e2e@example.com').executeTakeFirstOrThrow();
    expect(links).toEqual([
      ['Llenar mi solicitud', '/ds160-wizard'],
      ['Ir al pago', `/checkout?formType=DS-160&plan=pro&lead=${lead.id}`],
      ['Probar el chat avanzado', '/aivisa'],
    ]);
    expect(await page.$eval('[data-testid="agent-pay"]', (el) => el.getAttribute('href'))).toBe(`/checkout?formType=DS-160&plan=pro&lead=${lead.id}`);
    expect(await audit(page, 'ready')).toBe('');

    // A reload keeps the conversation: no language screen.
    await page.reload();
    await page.waitForSelector('#agent-message');
    expect(await page.$('[data-testid="agent-language-es"]')).toBeNull();

    const asked = Date.now();
    expect(await say(page, 'quiero pagar')).toBe('Te llevo allí ahora...');
    await waitForPath(page, '/checkout');
    expect(Date.now() - asked).toBeGreaterThanOrEqual(1900);
    expect(new URL(page.url()).search).toBe(`?formType=DS-160&plan=pro&lead=${lead.id}`);

    // Back in the chat, the sidebar's DS-160 form link opens the ten-section form with the answers filled in.
    await page.goto(`${e2e.baseUrl}/ai-chat`);
    await page.waitForSelector('aside a[href="/ds160-wizard"]');
    await page.click('aside a[href="/ds160-wizard"]');
    await page.waitForSelector('#f-firstName');
    expect(await page.$eval('#f-firstName', (el) => (el as HTMLInputElement).value)).toBe('Carlos');
    expect(await page.$eval('#f-lastName', (el) => (el as HTMLInputElement).value)).toBe('Ruiz');
    expect(pageErrors(page)).toEqual([]);
  }, 60_000);

  it('in English: an ESTA traveller is pointed to the ESTA', async () => {
    const page = await openPage(e2e, { languages: ['en-US', 'en'] });
    await page.goto(`${e2e.baseUrl}/ai-chat`);
    await page.waitForSelector('[data-testid="agent-language-en"]');
    await page.click('[data-testid="agent-language-en"]');
    await page.waitForSelector('[data-testid="agent-log"] li[data-role="assistant"]');
    expect(await say(page, "I'm German, travelling for business")).toMatch(/For your trip you need: ESTA[\s\S]*What is your full name\?/);
    expect(pageErrors(page)).toEqual([]);
  }, 30_000);
});
