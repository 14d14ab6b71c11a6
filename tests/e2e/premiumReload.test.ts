import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_TEXTS } from '../fixtures/applicantTexts';
import type { TestApp } from '../helpers/app';
import { paidPremiumCode } from '../helpers/premium';
import { audit } from './axe';
import { openPage, pageErrors, startE2E, textOf, type E2E } from './browser';

// Issue 33 in Chromium: a reload never loses the interview. The code entered survives a reload; the questions
// and the answers so far survive a reload at question 4 and are continued on the other premium page
// (/intervgpt); the header's language switch words the interview again, unless ?lang= chose its language; the
// analysis survives a reload too.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e.close());

const FORM = APPLICANT_TEXTS[4]?.text as string; // Bancolombia: 11 questions
const button = (page: Page, name: string) => page.waitForSelector(`::-p-aria([name="${name}"][role="button"])`);
const progress = (page: Page) => textOf(page, '[data-testid="premium-progress"]');
const atQuestion = (page: Page, n: number) => page.waitForFunction((m) => document.querySelector('[data-testid="premium-progress"]')?.textContent?.startsWith(`${m} /`), {}, n);

async function answer(page: Page, text: string, n: number, next = 'Next question'): Promise<void> {
  await page.type('#premium-answer', text);
  await (await button(page, next))?.click();
  await atQuestion(page, n + 1);
}

describe('a premium interview that survives a reload (issue 33)', () => {
  it('keeps the code, the questions and the answers through reloads and on the other premium page, and follows the header language', async () => {
    const code = await paidPremiumCode({ app: e2e.server.app } as TestApp);
    const page = await openPage(e2e, { languages: ['en-US', 'en'] });
    const errors = pageErrors(page);
    await page.goto(`${e2e.baseUrl}/entrevista2095`);
    await page.waitForSelector('#premium-code');
    // No ?lang: the interview follows the interface, here English.
    expect(await textOf(page, 'h1')).toBe('Consular interview practice');
    await page.type('#premium-code', code);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#premium-data');

    // A reload at the upload step: still verified, no code asked.
    await page.reload();
    await page.waitForSelector('#premium-data');
    expect(await page.$('#premium-code')).toBeNull();

    await page.$eval('#premium-data', (el, text) => {
      // Pasted, as an applicant does, then the page hears the change.
      const area = el as HTMLTextAreaElement;
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(area, text);
      area.dispatchEvent(new Event('input', { bubbles: true }));
    }, FORM);
    await (await button(page, 'Start interview'))?.click();
    await page.waitForSelector('#premium-answer');
    const total = Number((await progress(page)).split('/')[1]);
    expect(total).toBeGreaterThanOrEqual(8);
    const first = await textOf(page, '#premium-question');
    expect(first).toContain('Andrea Paola Mendoza Ríos');
    await answer(page, 'I am Andrea, a risk analyst at Bancolombia in Medellín, travelling to New York for a holiday.', 1);
    await answer(page, 'We will visit the Metropolitan Museum, Central Park and a Broadway show with my sister.', 2);
    await answer(page, 'I will stay at the Hilton in Midtown; the booking and the return flight with Avianca are paid.', 3);
    const fourth = await textOf(page, '#premium-question');

    // A reload at question 4: the same question, its place, and the feedback on answer 3.
    await page.reload();
    await page.waitForSelector('#premium-answer');
    expect(await progress(page)).toBe(`4 / ${total}`);
    expect(await textOf(page, '#premium-question')).toBe(fourth);
    expect(await page.$eval('[data-testid="premium-feedback"]', (el) => el.getAttribute('data-verdict'))).toBe('good');

    // The other premium page continues the same interview, with its audio controls.
    await page.goto(`${e2e.baseUrl}/intervgpt`);
    await page.waitForSelector('#premium-answer');
    expect(await progress(page)).toBe(`4 / ${total}`);
    expect(await textOf(page, '#premium-question')).toBe(fourth);
    await page.waitForSelector('::-p-aria([name="Listen"][role="button"])');

    // The header's language switch words the interview again, at the same place.
    await page.select('#language-select', 'es');
    await page.waitForFunction((before) => document.querySelector('#premium-question')?.textContent !== before, {}, fourth);
    expect(await progress(page)).toBe(`4 / ${total}`);
    expect(await page.$eval('main', (el) => (el as HTMLElement).innerText)).toContain('Tu respuesta');
    const spanish = await textOf(page, '#premium-question');
    expect(spanish).toMatch(/^(Escribiste|Tu pasaporte|Trabajas|Declaraste|El viaje|Calculas)/);
    expect(await audit(page, 'interview after a language switch')).toBe('');

    // Answered to the end and analysed; the analysis survives a reload, in the interface language.
    for (let n = 4; n < total; n += 1) await answer(page, `Respuesta ${n}: traigo la carta de Bancolombia S.A. y los estados de cuenta del Banco de Bogotá que lo prueban, porque lo preparé.`, n, 'Siguiente pregunta');
    await page.type('#premium-answer', 'Siempre salí a tiempo de Estados Unidos: en 2022 estuve diez días en Miami y regresé a Medellín.');
    await (await button(page, 'Finalizar entrevista'))?.click();
    await page.waitForSelector('[data-testid="premium-probability"]');
    const probability = await textOf(page, '[data-testid="premium-probability"]');
    await page.reload();
    await page.waitForSelector('[data-testid="premium-probability"]');
    expect(await textOf(page, '[data-testid="premium-probability"]')).toBe(probability);
    expect(await textOf(page, '[data-testid="premium-findings"]')).toContain('Bancolombia');
    expect(errors).toEqual([]);
  });

  it('keeps the language ?lang= chose when the header switches', async () => {
    const code = await paidPremiumCode({ app: e2e.server.app } as TestApp);
    const page = await openPage(e2e, { languages: ['en-US', 'en'] });
    await page.goto(`${e2e.baseUrl}/entrevista2095?lang=es`);
    await page.waitForSelector('#premium-code');
    expect(await textOf(page, 'h1')).toBe('Práctica de entrevista consular');
    await page.type('#premium-code', code);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#premium-data');
    await page.type('#premium-data', APPLICANT_TEXTS[0]?.text.slice(0, 400) ?? '');
    await (await button(page, 'Comenzar entrevista'))?.click();
    await page.waitForSelector('#premium-answer');
    const question = await textOf(page, '#premium-question');
    await page.select('#language-select', 'fr');
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
    expect(await textOf(page, '#premium-question')).toBe(question);
    expect(await textOf(page, 'h1#premium-question')).toMatch(/^Buenos días/);
    // And the choice is kept with the interview: the page without ?lang continues in Spanish.
    await page.goto(`${e2e.baseUrl}/intervgpt`);
    await page.waitForSelector('#premium-answer');
    expect(await textOf(page, '#premium-question')).toBe(question);
  });
});
