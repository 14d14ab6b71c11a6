import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fakeOpenAi';
import { audit } from './axe';
import { openPage, pageErrors, startE2E, textOf, type E2E } from './browser';

// Issue 44: with OpenAI configured, a chat says so before the first message, and its composer shows only once the
// applicant's yes is recorded (a consent row). French, on a phone; one page load.

let fake: FakeOpenAi;
let e2e: E2E;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  e2e = await startE2E({ openai: { apiKey: 'test-key', baseUrl: fake.baseURL, model: 'gpt-fake' } });
});
afterAll(async () => {
  await e2e.close();
  await fake.close();
});

describe('the AI notice before a chat', () => {
  it('in French, the sections chat names OpenAI and offers no composer until the yes is recorded', async () => {
    const page = await openPage(e2e, { languages: ['fr-FR', 'fr'], width: 375 });
    await page.goto(`${e2e.baseUrl}/ai-chat-sections?country=Mexico&purpose=tourism&visaType=DS-160`);
    await page.waitForSelector('[data-testid="ai-notice"]');
    expect(await textOf(page, '[data-testid="ai-notice"]')).toContain('OpenAI');
    expect(await textOf(page, '[data-testid="ai-notice"] h2')).toBe("Avant d'écrire");
    expect(await page.$('#sections-answer')).toBeNull();
    expect(await audit(page, 'AI notice (fr, 375 px)')).toBe('');
    await page.click('[data-testid="ai-notice-accept"]');
    await page.waitForSelector('#sections-answer');
    expect(await page.$('[data-testid="ai-notice"]')).toBeNull();
    const rows = await e2e.server.app.db.selectFrom('consents').selectAll().where('chat', '=', 'sections').execute();
    expect(rows.map((r) => r.engine)).toEqual(['openai']);
    expect(pageErrors(page)).toEqual([]);
  });
});
