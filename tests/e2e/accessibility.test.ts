import fs from 'node:fs';
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ds160Catalog } from '../../machines/domain/catalogs/ds160';
import { visibleQuestions } from '../../machines/domain/questions';
import { LANGUAGES, LANGUAGE_STORAGE_KEY, type Language } from '../../machines/domain/language';
import { ROUTES } from '../../machines/domain/routes';
import { estaCatalog } from '../../machines/domain/catalogs/esta';
import { answersFor, completeAnswers } from '../helpers/answers';
import { formatViolations, seriousViolations } from './axe';
import { byRole, openPage, startE2E, waitForApp, type E2E } from './browser';
import { reviewDrawn } from './wizardDriver';

// axe-core on every page of the app, in the four languages, on a phone and on a laptop: no violation of impact
// "serious" or "critical" is allowed. No rule is disabled.

const WIDTHS = [375, 1366] as const;
const NOT_FOUND = '/no-such-page';
const PATHS = [...Object.values(ROUTES), NOT_FOUND];

/** The texts the tests click on, read from the same locale files the app uses. */
function labels(language: Language) {
  const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/${language}/${ns}.json`, 'utf8'));
  const common = read('common');
  const start = read('start');
  const wizard = read('wizard');
  return {
    help: common.help.open as string,
    step1Continue: start.visaWizard.step1.continue as string,
    step2Title: start.visaWizard.step2.title as string,
    step2Start: start.visaWizard.step2.start as string,
    step3Title: start.visaWizard.step3.title as string,
    multipleCitizenship: start.apply.multipleCitizenship as string,
    otherCitizenship: start.apply.otherCitizenship as string,
    applyContinue: start.apply.continue as string,
    changeType: start.summary.changeType as string,
    next: wizard.next as string,
  };
}

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.close());

/** Forgets the flows' progress (session and local storage), keeping the language. */
async function forgetProgress(page: Page): Promise<void> {
  if (!page.url().startsWith(e2e.baseUrl)) return;
  await page.evaluate((keep: string) => {
    sessionStorage.clear();
    for (const key of Object.keys(localStorage)) if (key !== keep) localStorage.removeItem(key);
  }, LANGUAGE_STORAGE_KEY);
}

/** Waits until the page has rendered: its main heading visible and no request in flight. */
async function settle(page: Page): Promise<void> {
  await page.waitForSelector('main h1', { visible: true, timeout: 10_000 });
  await waitForApp(page);
  await page.waitForNetworkIdle({ idleTime: 100, timeout: 10_000 });
}

async function load(page: Page, path: string): Promise<void> {
  await forgetProgress(page);
  await page.goto(`${e2e.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
  await settle(page);
}

/** The axe report of the page as it is now; an empty string when nothing serious or critical is found. */
async function audit(page: Page, where: string): Promise<string> {
  // Audited scrolled to the top. axe places a position:sticky element (the header) where it is drawn now, not in
  // its place in the flow, so on a scrolled page target-size reports whatever passes under the header as
  // "partially obscured" (axe-core issue #3720). The DOM audited is the same; only the scroll position is reset.
  await page.evaluate(() => window.scrollTo(0, 0));
  const violations = await seriousViolations(page);
  return violations.length ? formatViolations(where, violations) : '';
}

function expectClean(reports: string[]): void {
  const failures = reports.filter(Boolean);
  expect(failures.length, `\n${failures.join('\n\n')}\n`).toBe(0);
}

const CASES = LANGUAGES.flatMap((language) => WIDTHS.map((width) => [language, width] as const));

/** The requests a page has sent and not yet seen answered, and whether its renderer died: what a wait that timed
 * out was waiting for. */
function watch(page: Page): () => string {
  const pending = new Set<string>();
  let crashed = '';
  page.on('request', (request) => void pending.add(request.url()));
  page.on('requestfinished', (request) => void pending.delete(request.url()));
  page.on('requestfailed', (request) => void pending.delete(request.url()));
  page.on('error', (error) => void (crashed = String(error)));
  return () => `${crashed ? `renderer: ${crashed}; ` : ''}in flight: ${[...pending].join(', ') || 'none'}`;
}

// One retry, on a fresh page: on CI's two busy cores a page once stopped answering for the rest of its case (three
// tests in a row timed out waiting for it; the next case's page was fine). What it was waiting for is printed, and
// an audit that finds a violation fails the same way twice.
// The cases run side by side (each its own browser context, as in phone.test.ts): one after the other they took
// 263 s of CI's browser stage, waiting mostly on the page and the server, not on the CPU. Within a case the pages
// are audited one after the other in its one tab.
describe.each(CASES)('in %s at %i px', { retry: 1, concurrent: true }, (language, width) => {
  const t = labels(language);
  let page: Page;
  let state: () => string;
  const at = (what: string) => `${what} (${language}, ${width} px)`;

  async function open(): Promise<void> {
    page = await openPage(e2e, { languages: [language], width });
    state = watch(page);
    await page.evaluateOnNewDocument((key: string, value: string) => {
      try {
        localStorage.setItem(key, value);
      } catch {
        // about:blank has no storage.
      }
    }, LANGUAGE_STORAGE_KEY, language);
  }

  beforeAll(open);
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    console.log(`${task.name} (${language}, ${width} px) failed at ${page.url()}; ${state()}`);
    await page.browserContext().close().catch(() => {});
    await open();
  });
  afterAll(async () => page?.browserContext().close());

  describe.sequential('one page after another in its tab', () => {
    it.each(PATHS)('%s has no serious or critical violation', async (path) => {
      await load(page, path);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      expectClean([await audit(page, at(path))]);
    });

    it('the group checkout and the group confirmation, with no sideways scroll', async () => {
      await load(page, '/');
      // A mother's ESTA and her Mexican son's DS-160 in one group of this browser, made through the API.
      const ids = await page.evaluate(async (answers: Record<string, unknown>) => {
        const post = async (url: string, body?: unknown) => (await fetch(url, { method: 'POST', headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined })).json();
        const lead = await post('/api/leads', { email: answers.email, formType: 'ESTA', source: 'esta-wizard', formData: answers, completionStatus: 'completed' });
        const group = await post(`/api/leads/${lead.id}/group`);
        await post(`/api/groups/${group.id}/travellers`, { firstName: 'Diego', lastName: 'Garcia', relationship: 'child', nationality: 'Mexico' });
        return { group: group.id as string };
      }, answersFor(estaCatalog, { email: `ana.${language}.${width}@example.com`, 'first-name': 'Ana', 'last-name': 'Garcia' }));
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      await load(page, `${ROUTES.checkout}?group=${ids.group}`);
      await page.waitForSelector('[data-testid="group-checkout-line"]');
      const reports = [await audit(page, at('/checkout?group='))];
      expect(await overflow()).toBeLessThanOrEqual(0);
      const payment = await page.evaluate(async (group: string) => {
        const card = { cardNumber: '4242 4242 4242 4242', expiryDate: '12/39', cvv: '123', cardName: 'Ana Garcia', billingAddress: 'Calle Mayor 5', city: 'Madrid', zipCode: '28013', country: 'Spain' };
        const res = await fetch(`/api/groups/${group}/checkout`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'ana@example.com', idempotencyKey: crypto.randomUUID(), paymentDetails: card }) });
        return ((await res.json()) as { id: string }).id;
      }, ids.group);
      await load(page, `${ROUTES.paymentConfirmation}?groupPayment=${payment}`);
      await page.waitForSelector('[data-testid="group-confirmation-line"]');
      reports.push(await audit(page, at('/payment-confirmation?groupPayment=')));
      expect(await overflow()).toBeLessThanOrEqual(0);
      expectClean(reports);
    });

    it('the header help dialog', async () => {
      await load(page, '/');
      await byRole(page, 'button', t.help).click();
      await page.waitForSelector('dialog[open]', { visible: true });
      const reports = [await audit(page, at('help dialog'))];
      await page.keyboard.press('Escape');
      await page.waitForSelector('dialog[open]', { hidden: true });
      expectClean(reports);
    });

    it('/visa-wizard steps 2 and 3', async () => {
      await load(page, ROUTES.visaWizard);
      await page.type('[role="combobox"]', 'Spain');
      const reports = [await audit(page, at('/visa-wizard with the country list open'))];
      await page.keyboard.press('Enter');
      await page.click('[role="radiogroup"] [role="radio"]'); // Tourism, the first purpose
      reports.push(await audit(page, at('/visa-wizard step 1 completed')));
      await byRole(page, 'button', t.step1Continue).click();
      await byRole(page, 'heading', t.step2Title).wait();
      await page.waitForNetworkIdle({ idleTime: 100 });
      reports.push(await audit(page, at('/visa-wizard step 2')));
      await byRole(page, 'button', t.step2Start).click();
      await byRole(page, 'heading', t.step3Title).wait();
      reports.push(await audit(page, at('/visa-wizard step 3')));
      expectClean(reports);
    });

    it('/apply with a second citizenship, then /apply/summary', async () => {
      await load(page, ROUTES.apply);
      await page.type('[role="combobox"]', 'Spain');
      await page.keyboard.press('Enter');
      await page.click('[role="radiogroup"] [role="radio"]');
      await byRole(page, 'checkbox', t.multipleCitizenship).click();
      await page.type(`::-p-aria([name="${t.otherCitizenship}"][role="combobox"])`, 'Colombia');
      await page.waitForSelector('[role="listbox"]');
      const reports = [await audit(page, at('/apply with the second citizenship list open'))];
      await page.keyboard.press('Enter');
      await byRole(page, 'button', t.applyContinue).click();
      await page.waitForSelector('[data-testid="summary-type"]');
      await page.waitForNetworkIdle({ idleTime: 100 });
      reports.push(await audit(page, at('/apply/summary')));
      await byRole(page, 'switch', t.changeType).click();
      await page.waitForSelector('[role="note"]');
      await page.click('details summary');
      reports.push(await audit(page, at('/apply/summary with the type changed and the requirements open')));
      expectClean(reports);
    });

    // The first question of each wizard, then Next with no answer: the validation error on screen. The ESTA wizard
    // then goes on to its toast; the pre-assessment (/wizard) starts on a radio question, which is then answered.
    for (const [path, firstId] of [
      [ROUTES.applyWizard, ds160Catalog.questions[0]!.id],
      [ROUTES.applyEstaWizard, 'email'],
      [ROUTES.wizard, 'form-type'],
    ] as const) {
      it(`${path}: the first question, then its validation error`, async () => {
        await load(page, path);
        await page.waitForSelector(`#q-${firstId}`);
        const reports = [await audit(page, at(`${path} first question`))];
        await byRole(page, 'button', t.next).click();
        await page.waitForSelector(`#q-${firstId}-error`, { visible: true });
        reports.push(await audit(page, at(`${path} with a validation error`)));
        if (path === ROUTES.applyEstaWizard) {
          // A valid e-mail creates the lead in the background, announced by the "Application Started" toast.
          await page.type(`#q-${firstId}`, 'maria.lopez@example.com');
          await page.keyboard.press('Enter');
          await page.waitForSelector('[role="region"] [role="status"]', { visible: true });
          reports.push(await audit(page, at(`${path} with the Application Started toast`)));
        }
        if (path === ROUTES.wizard) {
          await page.click(`#q-${firstId} input[type="radio"]`);
          await page.waitForSelector(`#q-${firstId}-error`, { hidden: true });
          reports.push(await audit(page, at(`${path} radio question answered`)));
        }
        expectClean(reports);
      });
    }

    it('/apply/wizard: the last (radio) question and the DS-160 review', async () => {
      const answers = completeAnswers(ds160Catalog);
      const visible = visibleQuestions(ds160Catalog, answers);
      const last = visible[visible.length - 1]!;
      await load(page, '/');
      await page.evaluate(
        (progress: string) => localStorage.setItem('rumbo-wizard-ds160', progress),
        JSON.stringify({ answers, currentId: last.id, leadId: null, synced: {} }),
      );
      // As after a reload on the last question: the URL names its place (?q=), as the wizard keeps it.
      await page.goto(`${e2e.baseUrl}${ROUTES.applyWizard}?q=${visible.length}`, { waitUntil: 'domcontentloaded' });
      await settle(page);
      await page.waitForSelector(`#q-${last.id} input:checked`);
      const reports = [await audit(page, at('/apply/wizard last question'))];
      await byRole(page, 'button', t.next).click();
      await reviewDrawn(page);
      reports.push(await audit(page, at('/apply/wizard review')));
      expectClean(reports);
    });
  });
});
