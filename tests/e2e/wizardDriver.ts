import fs from 'node:fs';
import type { Page } from 'puppeteer-core';
import type { Catalog, Question } from '../../machines/domain/questions';
import { validAnswer } from '../helpers/answers';
import { byRole } from './browser';

type Language = 'en' | 'es' | 'fr' | 'pt';

/** The wizard's button labels in a language, read from the same locale files the app uses. */
export function wizardLabels(language: Language) {
  const wizard = JSON.parse(fs.readFileSync(`locales/${language}/wizard.json`, 'utf8'));
  return wizard as {
    next: string;
    previous: string;
    switchToDs160: string;
    review: { title: string; edit: string; save: string; editLabel: string };
    ds160: { submit: string };
    esta: { submit: string };
    preassessment: { submit: string; done: string; pay: string };
  };
}

export async function currentQuestion(page: Page, catalog: Catalog): Promise<Question> {
  const id = await page.$eval('[id^="q-"][name]', (el) => el.getAttribute('name') as string);
  const question = catalog.questions.find((q) => q.id === id);
  if (!question) throw new Error(`Unknown question on screen: ${id}`);
  return question;
}

/**
 * Picks an option of a select once it is there: a country question lists its 199 countries once the page is idle
 * (or when a person reaches for the list), and `page.select` reaches for nothing.
 */
export async function selectOption(page: Page, selector: string, value: string): Promise<void> {
  await page.waitForSelector(`${selector} option[value=${JSON.stringify(value)}]`);
  await page.select(selector, value);
}

/** Waits for the DS-160's review with every answer drawn: the first screen of them comes first, the rest when idle. */
export async function reviewDrawn(page: Page): Promise<void> {
  await page.waitForSelector('section[aria-labelledby="review-title"][aria-busy="false"]');
}

/** Puts a value into the current question as a person would: typing, picking or clicking. */
export async function fillQuestion(page: Page, question: Question, value: string): Promise<void> {
  const selector = `#q-${question.id}`;
  if (question.type === 'radio') {
    await page.click(`${selector} input[value="${value}"]`);
  } else if (question.type === 'select' || question.type === 'country') {
    await selectOption(page, selector, value);
  } else if (question.type === 'date') {
    // Date inputs take keyboard input in the locale's order; set the value the way React listens for it.
    await page.$eval(
      selector,
      (el, v) => {
        const input = el as HTMLInputElement;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, v);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      },
      value,
    );
  } else {
    await page.click(selector, { clickCount: 3 });
    await page.keyboard.press('Backspace');
    await page.type(selector, value);
  }
}

export async function errorOf(page: Page, question: Question): Promise<string | null> {
  const el = await page.$(`#q-${question.id}-error`);
  return el ? el.evaluate((e) => (e as HTMLElement).innerText) : null;
}

/**
 * Answers every question with a valid answer (or `overrides`) until the wizard leaves its last question;
 * text answers are confirmed with Enter, the others with the Next button. Returns the ids answered in order.
 */
export async function completeWizard(
  page: Page,
  catalog: Catalog,
  options: {
    language: Language;
    submitLabel: string;
    overrides?: Record<string, string>;
    onQuestion?: (q: Question) => Promise<void>;
    /** Runs on the review page (the DS-160's), before its submit. */
    onReview?: () => Promise<void>;
  },
): Promise<string[]> {
  const labels = wizardLabels(options.language);
  const asked: string[] = [];
  for (let step = 0; step < 200; step += 1) {
    const question = await currentQuestion(page, catalog);
    await options.onQuestion?.(question);
    asked.push(question.id);
    const value = options.overrides?.[question.id] ?? validAnswer(question);
    if (value !== '' || question.required) await fillQuestion(page, question, value);
    const last = (await page.$(`::-p-aria([name="${options.submitLabel}"][role="button"])`)) !== null;
    if (last) {
      await byRole(page, 'button', options.submitLabel).click();
      return asked;
    }
    if (['text', 'email', 'phone', 'city', 'number'].includes(question.type)) await page.keyboard.press('Enter');
    else await byRole(page, 'button', labels.next).click();
    await page.waitForFunction((id) => !document.getElementById(`q-${id}`), {}, question.id);
    // The DS-160 ends on a review of every answer; the submit is there.
    if (await page.$('#review-title')) {
      await options.onReview?.();
      await byRole(page, 'button', options.submitLabel).click();
      return asked;
    }
  }
  throw new Error('The wizard never reached its last question');
}
