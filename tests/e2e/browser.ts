import path from 'node:path';
import type { AddressInfo } from 'node:net';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { Config } from '../../server/config';
import { createTestApp, type TestApp } from '../helpers/app';

export const CHROMIUM = process.env.PUPPETEER_EXECUTABLE_PATH ?? '/usr/bin/chromium';

/** Where the tests' own production build of the client goes. */
export const TEST_CLIENT_DIR = path.resolve(import.meta.dirname, '../../.test-build/client');

export interface E2E {
  server: TestApp;
  baseUrl: string;
  browser: Browser;
  close: () => Promise<void>;
}

/** The real server with the built client on a random port, and a headless system Chromium. */
export async function startE2E(overrides: Partial<Config> = {}, browserArgs: string[] = []): Promise<E2E> {
  const server = await createTestApp({ clientDir: TEST_CLIENT_DIR, ...overrides });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...browserArgs,
    ],
  });
  return {
    server,
    baseUrl: `http://127.0.0.1:${port}`,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** A fresh browser context (own storage) whose navigator reports the given languages and time zone. */
export async function openPage(e2e: E2E, options: { languages?: string[]; timeZone?: string; width?: number } = {}): Promise<Page> {
  const context = await e2e.browser.createBrowserContext();
  const page = await context.newPage();
  const languages = options.languages ?? ['en-US', 'en'];
  await page.setViewport({ width: options.width ?? 1280, height: 900 });
  await page.evaluateOnNewDocument((langs: string[]) => {
    Object.defineProperty(navigator, 'languages', { get: () => langs });
    Object.defineProperty(navigator, 'language', { get: () => langs[0] });
  }, languages);
  // As a browser does: the server picks the prerendered landing page's language from this header.
  await page.setExtraHTTPHeaders({ 'Accept-Language': languages.join(',') });
  if (options.timeZone) await page.emulateTimezone(options.timeZone);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().includes('404')) errors.push(msg.text());
  });
  (page as Page & { errors: string[] }).errors = errors;
  opened.push(page);
  return page;
}

/** Every page a test opened, so tests/e2e/setup.ts can check what none of them may log. */
const opened: Page[] = [];

/** The hydration failures logged by the pages opened since the last call (client/main.tsx logs them). */
export function takeHydrationErrors(): string[] {
  const errors = opened.flatMap((page) => pageErrors(page).filter((error) => error.includes('Hydration failed')));
  opened.length = 0;
  return errors;
}

export function pageErrors(page: Page): string[] {
  return (page as Page & { errors?: string[] }).errors ?? [];
}

/** Finds an element by ARIA role and accessible name, as a person using a screen reader would. */
export function byRole(page: Page, role: string, name: string) {
  return page.locator(`::-p-aria([name="${name}"][role="${role}"])`);
}

export async function textOf(page: Page, selector: string): Promise<string> {
  return page.$eval(selector, (el) => (el as HTMLElement).innerText);
}

export async function waitForPath(page: Page, pathname: string): Promise<void> {
  // 30 s: a group payment (a charge, four orders, receipts queued) took over 10 s on a loaded CI machine.
  await page.waitForFunction((p: string) => window.location.pathname === p, { timeout: 30_000 }, pathname);
}

/** The traveller a group form moved to: a `traveller` parameter that is none of `known`. Read as a parameter, since
 * 'add-traveller=1' also holds the text 'traveller='. */
export async function waitForNewTraveller(page: Page, known: string[]): Promise<string> {
  const handle = await page.waitForFunction(
    (ids: string[]) => {
      const id = new URLSearchParams(window.location.search).get('traveller');
      return id !== null && !ids.includes(id) && id;
    },
    { timeout: 10_000 },
    known,
  );
  return (await handle.jsonValue()) as string;
}

/** Until React has taken the page over (client/main.tsx): a prerendered page is on screen before it answers keys. */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', { timeout: 10_000 });
}

/** Signs up on /login's sign-up tab as a new applicant would, and waits for the dashboard it opens. */
export async function signUpInPage(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/login?tab=signup`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('[data-testid="signup-email"]');
  await page.type('[data-testid="signup-email"]', email);
  await page.type('[data-testid="signup-password"]', 'a long passphrase');
  await page.type('[data-testid="signup-confirm"]', 'a long passphrase');
  await page.click('[data-testid="signup-submit"]');
  await waitForPath(page, '/dashboard');
}
