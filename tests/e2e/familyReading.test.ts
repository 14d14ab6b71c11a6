import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estaCatalog } from '../../machines/domain/catalogs/index';
import { answersFor } from '../helpers/answers';
import { formatViolations, seriousViolations } from './axe';
import { openPage, pageErrors, signUpInPage, startE2E, type E2E } from './browser';
import { currentQuestion, errorOf, fillQuestion } from './wizardDriver';

// Issue 45 items 18 and 19 in the ESTA wizard, on a phone in Spanish and on a laptop in French: the questions speak
// to the parent in the language's one register, and a name typed with accents is refused with its A–Z spelling
// offered, taken in one tap.
//
// Issue 45 item 13 as a parent reads a finished application on the dashboard, on a phone in Spanish and on a
// laptop in French, one page load each: View opens at its title, its answers read in the dialog's one scroll
// (no small inner scroll boxes), and Close is on screen wherever the reading stops.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e.close());

const account = (language: string) => JSON.parse(fs.readFileSync(`locales/${language}/account.json`, 'utf8')).dashboard;

/** A finished ESTA with every answer, made through the API in this browser's session, as the wizard would. */
async function finishedEsta(page: Page, email: string): Promise<string> {
  const body = { email, formType: 'ESTA', source: 'esta-wizard', formData: answersFor(estaCatalog, { email, 'first-name': 'Ana', 'last-name': 'Garcia' }), completionStatus: 'completed' };
  return page.evaluate(async (payload) => {
    const response = await fetch('/api/leads', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    return ((await response.json()) as { id: string }).id;
  }, body);
}

/** Whatever inside the dialog scrolls on its own, besides the dialog itself. */
const innerScrollers = (page: Page) =>
  page.$eval('[data-testid="dashboard-panel"]', (dialog) =>
    [...dialog.querySelectorAll<HTMLElement>('*')]
      .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight + 1)
      .map((el) => el.className || el.tagName),
  );

/** Whether an element lies wholly inside the window. */
const onScreen = (page: Page, selector: string) =>
  page.$eval(selector, (el) => {
    const box = el.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  });

describe('reading an application on the dashboard', () => {
  for (const { language, width } of [
    { language: 'es', width: 375 },
    { language: 'fr', width: 1280 },
  ]) {
    it(`opens at its title with Close on screen, in ${language} at ${width} px`, async () => {
      const page = await openPage(e2e, { languages: [language], width });
      const email = `lectura.${randomUUID().slice(0, 8)}@example.com`;
      await signUpInPage(page, e2e.baseUrl, email);
      const id = await finishedEsta(page, email);
      await page.goto(`${e2e.baseUrl}/dashboard`, { waitUntil: 'networkidle0' });
      await page.click(`[data-testid="view-${id}"]`);
      await page.waitForSelector('[data-testid="application-answers"] dd');

      // At its title: the dialog unscrolled, the title focused and on screen.
      expect(await page.$eval('[data-testid="dashboard-panel"]', (dialog) => dialog.scrollTop)).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('panel-title');
      expect(await onScreen(page, '#panel-title')).toBe(true);
      // The answers are long enough to need scrolling, and only the dialog scrolls.
      expect(await page.$eval('[data-testid="dashboard-panel"]', (dialog) => dialog.scrollHeight > dialog.clientHeight)).toBe(true);
      expect(await innerScrollers(page)).toEqual([]);
      // Close on screen at the top, in the middle and at the end of the read, and it closes.
      expect(await page.$eval('[data-testid="panel-close"]', (el) => el.textContent)).toBe(account(language).close);
      for (const at of [0, 0.5, 1]) {
        await page.$eval('[data-testid="dashboard-panel"]', (dialog, share) => dialog.scrollTo(0, share * (dialog.scrollHeight - dialog.clientHeight)), at);
        expect(await onScreen(page, '[data-testid="panel-close"]'), `Close at ${at * 100}% of the read`).toBe(true);
      }
      // Nothing inside it wider than the screen.
      expect(await page.$eval('[data-testid="dashboard-panel"]', (dialog) => dialog.scrollWidth <= dialog.clientWidth)).toBe(true);
      const violations = await seriousViolations(page);
      expect(violations.length ? formatViolations('the application view', violations) : '').toBe('');

      await page.click('[data-testid="panel-close"]');
      await page.waitForFunction(() => !(document.querySelector('[data-testid="dashboard-panel"]') as HTMLDialogElement | null)?.open);
      expect(pageErrors(page)).toEqual([]);
    });
  }

  for (const { language, width } of [
    { language: 'es', width: 375 },
    { language: 'fr', width: 1280 },
  ]) {
    it(`offers the passport spelling of "Martín José" in one tap, in ${language} at ${width} px`, async () => {
      const page = await openPage(e2e, { languages: [language], width });
      const catalog = JSON.parse(fs.readFileSync(`locales/${language}/catalog.json`, 'utf8')).esta.q;
      const validation = JSON.parse(fs.readFileSync(`locales/${language}/validation.json`, 'utf8')).validation.name;
      await page.goto(`${e2e.baseUrl}/apply/esta-wizard`, { waitUntil: 'networkidle0' });
      // The first question in the language's register (tests/domain/register.test.ts holds the rule).
      expect(await page.$eval('label[for="q-email"], #q-email-label', (el) => (el as HTMLElement).innerText)).toContain(catalog.email);
      await fillQuestion(page, await currentQuestion(page, estaCatalog), `nombre.${randomUUID().slice(0, 8)}@example.com`);
      await page.keyboard.press('Enter');
      await page.waitForSelector('#q-first-name');
      const question = await currentQuestion(page, estaCatalog);
      await fillQuestion(page, question, 'Martín José');
      await page.keyboard.press('Enter');
      // Refused with the rule, and the spelling offered beside it.
      await page.waitForSelector('[data-testid="spelling-offer"]');
      expect(await errorOf(page, question)).toBe(validation.latin);
      expect(await page.$eval('[data-testid="spelling-offer"]', (el) => (el as HTMLElement).innerText)).toContain('Martin Jose');
      const violations = await seriousViolations(page);
      expect(violations.length ? formatViolations('the spelling offer', violations) : '').toBe('');
      // One tap puts it in and clears the refusal; Next takes it.
      await page.click('[data-testid="spelling-accept"]');
      expect(await page.$eval('#q-first-name', (el) => (el as HTMLInputElement).value)).toBe('Martin Jose');
      expect(await page.$('[data-testid="spelling-offer"]')).toBeNull();
      expect(await errorOf(page, question)).toBeNull();
      // Focus is back in the name, so Enter goes on as after typing it.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('q-first-name');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#q-last-name');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(pageErrors(page)).toEqual([]);
    });
  }
});
