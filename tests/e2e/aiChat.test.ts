import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONVERSATION_MESSAGES } from '../../db/queries/conversationBounds';
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

  // Issue 41: a conversation at its bounds (made so in the database) says so where the composer was, and a fresh one
  // keeps the answers, becomes this browser's (a reload opens it) and takes messages again. On a phone, in Spanish.
  it('in Spanish on a phone: a full conversation, then a fresh one that keeps the answers', async () => {
    const page = await openPage(e2e, { languages: ['es-ES', 'es'], width: 375 });
    await page.goto(`${e2e.baseUrl}/ai-chat`);
    await page.waitForSelector('[data-testid="agent-language-es"]');
    await page.click('[data-testid="agent-language-es"]');
    await page.waitForSelector('[data-testid="agent-log"] li[data-role="assistant"]');
    expect(await say(page, 'Soy de Colombia')).toMatch(/propósito/);
    expect(await textOf(page, '[data-testid="agent-steps"]')).toBe('1 de 5 respuestas');
    const full = (await page.evaluate(() => localStorage.getItem('rumbo.agent.session'))) as string;
    const messages = JSON.stringify(Array.from({ length: MAX_CONVERSATION_MESSAGES }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: 'Hola' })));
    await e2e.server.app.db.updateTable('chat_sessions').set({ messages }).where('id', '=', full).execute();

    await page.type('#agent-message', 'Turismo');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="agent-full"]');
    expect(await textOf(page, '[data-testid="agent-full"]')).toMatch(/^Esta conversación llegó a su límite/);
    expect(await page.$('#agent-message')).toBeNull();
    expect(await audit(page, 'conversation full (es, 375 px)')).toBe('');

    await page.click('[data-testid="agent-fresh"]');
    await page.waitForSelector('#agent-message');
    const fresh = await page.evaluate(() => localStorage.getItem('rumbo.agent.session'));
    expect(fresh).not.toBe(full);
    // The answers carried over; the messages did not; the full one is as it was.
    expect(await textOf(page, '[data-testid="agent-steps"]')).toBe('1 de 5 respuestas');
    expect(await lineCount(page)).toBe(0);
    const rows = await e2e.server.app.db.selectFrom('chat_sessions').select(['id', 'messages']).where('id', 'in', [full, fresh as string]).execute();
    expect(rows.find((r) => r.id === full)?.messages).toBe(messages);
    expect(await say(page, 'Turismo')).toMatch(/Para tu viaje necesitas: DS-160/);
    expect(await audit(page, 'fresh conversation (es, 375 px)')).toBe('');

    await page.reload();
    await page.waitForSelector('#agent-message');
    expect(await lineCount(page)).toBe(2);
    expect(await page.$('[data-testid="agent-full"]')).toBeNull();
    // Only the browser's own line for the refused request (413) is logged.
    expect(pageErrors(page).filter((error) => !error.includes('413'))).toEqual([]);
  }, 60_000);
});
