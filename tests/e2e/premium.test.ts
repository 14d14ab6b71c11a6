import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { paidPremiumCode } from '../helpers/premium';
import { PASTED_FORMS } from '../fixtures/pastedForms';
import { preparedAnswer } from '../helpers/interviewAnswers';
import { readFacts } from '../../server/services/premium/facts/index';
import { planInterview, renderInterview } from '../../server/services/premium/questions';
import { findingsOf } from '../../server/services/premium/rules/index';
import { audit } from './axe';
import { openPage, pageErrors, startE2E, textOf, type E2E } from './browser';

// Issue 15 as a Premium buyer meets it at /entrevista2095: the code from a paid order, the pasted DS-160 text,
// questions quoting it, every answer with its feedback, the analysis, printed; in English and in Spanish.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e.close());

/** The questions the server plans for a text, to answer each as a prepared applicant would. */
function plannedQuestions(text: string, language: 'en' | 'es') {
  const facts = readFacts(text);
  const findings = findingsOf(facts);
  return renderInterview(planInterview(facts, findings), facts, findings, language);
}

const alertText = (page: Page) => page.waitForSelector('[data-testid="premium-alert"]').then(() => textOf(page, '[data-testid="premium-alert"]'));
const button = (page: Page, name: string) => page.waitForSelector(`::-p-aria([name="${name}"][role="button"])`);

async function enterCode(page: Page, code: string): Promise<void> {
  await page.$eval('#premium-code', (el) => ((el as HTMLInputElement).value = ''));
  await page.click('#premium-code', { count: 3 });
  await page.keyboard.press('Backspace');
  await page.type('#premium-code', code);
  await page.keyboard.press('Enter');
}

describe('/entrevista2095', () => {
  it('a Premium buyer practises the whole interview in English, from pasted data to the printed analysis', async () => {
    const code = await paidPremiumCode({ app: e2e.server.app } as TestApp);
    const page = await openPage(e2e, { languages: ['en-US', 'en'] });
    const errors = pageErrors(page);
    await page.goto(`${e2e.baseUrl}/entrevista2095?lang=en`);
    await page.waitForSelector('#premium-code');
    expect(await textOf(page, 'h1')).toBe('Consular interview practice');
    expect(await page.$eval('#premium-code', (el) => (el as HTMLInputElement).type)).toBe('password');
    // Disabled while the code is blank (spec 3-ai §5).
    expect(await page.$eval('form:has(#premium-code) button[type="submit"]', (el) => (el as HTMLButtonElement).disabled)).toBe(true);
    expect(await audit(page, 'access')).toBe('');

    await enterCode(page, 'PREMIUM-11111111-AA');
    expect(await alertText(page)).toBe('Invalid access code');
    await enterCode(page, code);
    await page.waitForSelector('#premium-data');
    await (await button(page, 'Start interview'))?.click();
    expect(await alertText(page)).toBe('Please enter form data');

    const form = PASTED_FORMS[0];
    await page.type('#premium-data', form?.text ?? '');
    expect(await audit(page, 'upload')).toBe('');
    await (await button(page, 'Start interview'))?.click();
    await page.waitForSelector('#premium-answer');
    expect(await textOf(page, '#premium-question')).toContain('Daniela Ramirez Lopez');
    const total = Number((await textOf(page, '[data-testid="premium-progress"]')).split('/')[1]);
    expect(total).toBeGreaterThanOrEqual(6);
    expect(await audit(page, 'interview')).toBe('');

    const planned = plannedQuestions(form?.text ?? '', 'en');
    const asked: string[] = [];
    for (let n = 1; n <= total; n += 1) {
      expect(await textOf(page, '[data-testid="premium-progress"]')).toBe(`${n} / ${total}`);
      const question = await textOf(page, '#premium-question');
      asked.push(question);
      const last = n === total;
      const q = planned.find((x) => x.question === question);
      expect(q, question).toBeDefined();
      // The trip's length answered against the data: the feedback says so on the next screen.
      const against = q?.topic === 'trip';
      await page.type('#premium-answer', against ? 'Only ten days, then I go home.' : preparedAnswer(q as never, 'en'));
      await (await button(page, last ? 'Finish Interview' : 'Next question'))?.click();
      if (last) break;
      await page.waitForFunction((m) => document.querySelector('[data-testid="premium-progress"]')?.textContent?.startsWith(`${m} /`), {}, n + 1);
      const verdict = await page.$eval('[data-testid="premium-feedback"]', (el) => el.getAttribute('data-verdict'));
      expect(verdict).toBe(against ? 'contradiction' : 'good');
    }
    expect(asked.some((q) => q.startsWith('You will be away 2 months while you work at Grupo Bimbo.'))).toBe(true);

    await page.waitForSelector('[data-testid="premium-probability"]');
    expect(await textOf(page, 'h1')).toBe('Interview analysis');
    expect(await textOf(page, '[data-testid="premium-probability"]')).toMatch(/^\d+% probability of success$/);
    expect(await textOf(page, '[data-testid="premium-weaknesses"]')).toContain('your answer contradicts your form');
    expect(await textOf(page, '[data-testid="premium-recommendations"]')).toContain('Grupo Bimbo');
    // The risk point the rule book found is listed with the answer given to it.
    expect(await textOf(page, '[data-testid="premium-findings"]')).toContain('You will be away 2 months while you work at Grupo Bimbo.');
    expect(await audit(page, 'results')).toBe('');

    // 'Print analysis' opens the print dialog, and the printed page has no buttons or header.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    await (await button(page, 'Print analysis'))?.click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMediaType('print');
    const shown = await page.$$eval('header, button, a', (els) => els.filter((el) => (el as HTMLElement).offsetParent !== null && !el.matches('.visually-hidden')).map((el) => el.outerHTML.slice(0, 80)));
    expect(shown).toEqual([]);
    await page.emulateMediaType('screen');

    await (await button(page, 'New interview'))?.click();
    await page.waitForSelector('#premium-code');
    expect(errors).toEqual([]);
  }, 120_000);

  it('speaks Spanish by default, and on a phone', async () => {
    const code = await paidPremiumCode({ app: e2e.server.app } as TestApp);
    const page = await openPage(e2e, { languages: ['es-MX', 'es'], width: 390 });
    await page.goto(`${e2e.baseUrl}/entrevista2095`);
    await page.waitForSelector('#premium-code');
    expect(await textOf(page, 'h1')).toBe('Práctica de entrevista consular');
    await enterCode(page, 'PREMIUM-22222222-BB');
    expect(await alertText(page)).toBe('Código de acceso inválido');
    await enterCode(page, code);
    await page.waitForSelector('#premium-data');
    await page.type('#premium-data', PASTED_FORMS[3]?.text ?? '');
    await (await button(page, 'Comenzar entrevista'))?.click();
    await page.waitForSelector('#premium-answer');
    expect(await textOf(page, '#premium-question')).toContain('Lucía Morales Vega');
    expect(await textOf(page, '[data-testid="premium-difficulty"]')).toBe('Fácil');
    expect(await audit(page, 'interview on a phone')).toBe('');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
