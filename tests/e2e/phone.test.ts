import { randomUUID } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DS160_FORM_SECTIONS } from '../../machines/domain/ds160Form';
import { LANGUAGES } from '../../machines/domain/language';
import { ESTA_ALIAS, ROUTES } from '../../machines/domain/routes';
import { validForm } from '../helpers/ds160Form';
import { openPage, startE2E, waitForApp, type E2E } from './browser';

// Issue 34, items 1 and 2, as a newcomer meets them on a phone (375 px wide): after each Next of the ten-section
// form the new section's title is on screen below the header, and no page, signed in or not, in any language,
// scrolls sideways (the account's e-mail in the header widened every page); a tap still lands where it is aimed.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e.close());

const PHONE = { width: 375, height: 667 };

/** Where the section's title is, and what of the window the header covers (nothing once it has scrolled away). */
const titlePlace = (page: Page) =>
  page.evaluate(() => {
    const title = document.getElementById('ds160-section-title')?.getBoundingClientRect();
    const header = document.getElementById('site-header')?.getBoundingClientRect();
    return { top: title?.top ?? -1, bottom: title?.bottom ?? -1, covered: Math.max(0, header?.bottom ?? 0), height: window.innerHeight };
  });

describe('the ten-section form on a phone and on a laptop', () => {
  it.each([
    ['a phone', PHONE],
    ['a laptop', { width: 1366, height: 900 }],
  ])('shows each new section’s number and title below the header after Next, on %s', async (_, size) => {
    const page = await openPage(e2e, { width: size.width });
    await page.setViewport(size);
    await page.goto(`${e2e.baseUrl}/`, { waitUntil: 'networkidle0' });
    // Every answer given already: Next only moves on, as for an applicant who filled each section in.
    const form = validForm({ 'address-phone': { emailAddress: `phone.${randomUUID().slice(0, 8)}@example.com` } });
    await page.evaluate((value) => localStorage.setItem('rumbo-ds160-form', value), JSON.stringify({ values: form, current: 0, completed: [] }));
    await page.goto(`${e2e.baseUrl}/ds160-wizard`, { waitUntil: 'networkidle0' });
    const moves: string[] = [];
    for (const next of DS160_FORM_SECTIONS.slice(1)) {
      // The applicant scrolls down to the section's end, where Next is, and presses it.
      await page.$eval('[data-testid="ds160-next"]', (button) => button.scrollIntoView({ block: 'end' }));
      await page.click('[data-testid="ds160-next"]');
      await page.waitForSelector(`section[data-section="${next}"]`);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const place = await titlePlace(page);
      if (place.top < place.covered || place.bottom > place.height) moves.push(`${next}: title at ${Math.round(place.top)}-${Math.round(place.bottom)} px, header covers 0-${Math.round(place.covered)} px`);
    }
    expect(moves).toEqual([]);
  });
});

/** The routes as a newcomer reaches them, with the query a link gives where a page needs one. */
const ROUTES_TO_WALK = [
  ...Object.values(ROUTES).filter((route) => route !== ROUTES.checkout),
  `${ROUTES.checkout}?formType=DS-160&amount=50&plan=basic`,
  ESTA_ALIAS,
  '/no-such-page',
];

/** Signs this browser up, with an e-mail longer than the header has room for, and gives it an application. */
async function signUp(page: Page): Promise<void> {
  const email = `maria.fernanda.gonzalez.${randomUUID().slice(0, 6)}@example-company.com`;
  const status = await page.evaluate(async (address) => {
    const post = (url: string, body: object) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const signup = await post('/api/auth/signup', { email: address, password: 'a long passphrase' });
    await post('/api/leads/immediate', { email: address, firstName: 'María', lastName: 'González', formType: 'ESTA', nationality: 'Spain' });
    return signup.status;
  }, email);
  expect(status).toBe(201);
}

/** The routes whose page is wider than the window, and what sticks out. */
async function sideways(page: Page, routes: readonly string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const route of routes) {
    await page.goto(`${e2e.baseUrl}${route}`, { waitUntil: 'networkidle0' });
    await waitForApp(page);
    const found = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth <= width) return null;
      const out = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > width + 1).slice(0, 3);
      return `${document.documentElement.scrollWidth} px (${out.map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}`).join(', ')})`;
    });
    if (found) wide.push(`${route}: ${found}`);
  }
  return wide;
}

describe('every page on a phone', () => {
  // The four languages walk side by side, each in its own browser context: most of a walk is waiting for the network
  // to settle after each page, and one after the other the four took four of CI's minutes.
  it('fits the width of the screen in every language, signed out and signed in', async () => {
    const walk = async (language: string) => {
      const page = await openPage(e2e, { width: PHONE.width, languages: [language] });
      await page.setViewport(PHONE);
      const wide = (await sideways(page, ROUTES_TO_WALK)).map((w) => `${language} signed out ${w}`);
      await signUp(page);
      wide.push(...(await sideways(page, ROUTES_TO_WALK)).map((w) => `${language} signed in ${w}`));
      return wide;
    };
    expect((await Promise.all(LANGUAGES.map(walk))).flat()).toEqual([]);
  }, 240_000);

  it('takes a tap on the dashboard’s View, on a touch screen, signed in', async () => {
    const page = await openPage(e2e, { width: PHONE.width, languages: ['es'] });
    await page.emulate({ viewport: { ...PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true }, userAgent: await e2e.browser.userAgent() });
    await page.goto(`${e2e.baseUrl}/`, { waitUntil: 'networkidle0' });
    await signUp(page);
    await page.goto(`${e2e.baseUrl}${ROUTES.dashboard}`, { waitUntil: 'networkidle0' });
    const view = await page.waitForSelector('[data-testid^="view-"]');
    await view!.tap();
    await page.waitForSelector('dialog[open]', { timeout: 5000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  });
});
