// The wizards' Next, timed in Chromium with its CPU slowed 4x (a mid-range phone): from the click to the frame
// after the next screen is in the page.
import type { Page } from 'puppeteer-core';
import { ds160Catalog } from '../../machines/domain/catalogs/ds160';
import { DS160_FORM_SECTIONS } from '../../machines/domain/ds160Form';
import { validAnswer } from '../helpers/answers';
import { validForm } from '../helpers/ds160Form';
import type { startE2E } from '../e2e/browser';
import { currentQuestion, fillQuestion, wizardLabels } from '../e2e/wizardDriver';

type E2E = Awaited<ReturnType<typeof startE2E>>;

/** How long the ten-section form's walk stays on a section before Next: far less than reading one takes. */
const READING_MS = 1000;
/** The question wizard's pause after an answer is typed, before Next: the page does no work meanwhile. */
const ANSWERED_MS = 300;

/**
 * Clicks the element `button` (a JavaScript expression) finds and resolves with the milliseconds until the frame
 * after `arrived` (another) holds: the probe looks once a frame, then waits for one more frame and a task.
 * A string, not a function: tsx names inner arrow functions with a helper the page does not have.
 */
function timeClick(page: Page, button: string, arrived: string): Promise<number> {
  return page.evaluate<[], () => Promise<number>>(`new Promise((resolve) => {
    const start = performance.now();
    (${button}).click();
    const painted = () => (${arrived})
      ? requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0))
      : requestAnimationFrame(painted);
    painted();
  })` as never);
}

/**
 * The question-by-question DS-160 wizard (/apply/wizard), answered question by question: each sample is one Next,
 * from the click to the frame after the next question (or the review) is in the page.
 */
export async function questionNextTimes(baseUrl: string, e2e: E2E): Promise<number[]> {
  const page = await e2e.browser.newPage();
  await page.setViewport({ width: 412, height: 823 });
  await page.goto(`${baseUrl}/apply/wizard?lang=en`, { waitUntil: 'networkidle0' });
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const next = JSON.stringify(wizardLabels('en').next);
  const samples: number[] = [];
  for (let step = 0; step < 200; step += 1) {
    const question = await currentQuestion(page, ds160Catalog);
    const value = validAnswer(question);
    if (value !== '' || question.required) await fillQuestion(page, question, value);
    const button = `[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === ${next})`;
    // The last question's button submits or reviews instead: the walk ends there.
    if (!(await page.evaluate(`!!(${button})`))) break;
    await new Promise((resolve) => setTimeout(resolve, ANSWERED_MS));
    const gone = `!document.getElementById(${JSON.stringify(`q-${question.id}`)})`;
    samples.push(await timeClick(page, button, `${gone} && !!document.querySelector('[id^="q-"][name], #review-title')`));
    if (await page.$('#review-title')) break;
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.close();
  return samples;
}

/**
 * The ten-section form with every answer given, walked with Next three times over, a second on each section:
 * each sample runs from the click to the frame after the next section is in the page.
 */
export async function ds160NextTimes(baseUrl: string, e2e: E2E): Promise<number[]> {
  const page = await e2e.browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(`${baseUrl}/?lang=en`, { waitUntil: 'networkidle0' });
  const values = validForm({ 'address-phone': { emailAddress: 'bench.ds160@example.com' } });
  await page.evaluate((form) => localStorage.setItem('rumbo-ds160-form', JSON.stringify({ values: form, current: 0, completed: [] })), values);
  await page.goto(`${baseUrl}/ds160-wizard`, { waitUntil: 'networkidle0' });
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const samples: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    for (const next of DS160_FORM_SECTIONS.slice(1)) {
      await page.waitForSelector('[data-testid="ds160-next"]:not([disabled])');
      // A person reads a section before moving on; the page may use that time (it draws the next section then).
      await new Promise((resolve) => setTimeout(resolve, READING_MS));
      samples.push(await timeClick(page, `document.querySelector('[data-testid="ds160-next"]')`, `document.querySelector('section[data-section="${next}"]')`));
    }
    // Back to the first section by the sidebar, for the next round.
    await page.click('button[data-section="personal-info"]');
    await page.waitForSelector('section[data-section="personal-info"]');
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  // BENCH_DETAIL=1 prints each section's three samples: the sections with several country lists are the slowest.
  if (process.env.BENCH_DETAIL) console.log(DS160_FORM_SECTIONS.slice(1).map((s, i) => `${s}: ${samples.filter((_, j) => j % 9 === i).map(Math.round).join(', ')}`).join('\n'));
  await page.close();
  return samples;
}
