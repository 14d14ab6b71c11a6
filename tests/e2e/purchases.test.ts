import { randomUUID } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAtGate } from './adminSignIn';
import { formatViolations, seriousViolations } from './axe';
import { byRole, openPage, pageErrors, signUpInPage, startE2E, textOf, waitForPath, type E2E } from './browser';

// Issue 30 as a buyer meets it in Chromium: Back after paying shows the paid order, a Premium bought from
// /pricing is found again on the dashboard after signing up, and the ESTA costs the same on every screen that
// shows its price, before and after the admin changes it.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e.close());

const CARD = { cardNumber: '4242 4242 4242 4242', expiryDate: '12/39', cvv: '123', cardName: 'Maria Lopez', billingAddress: 'Calle Mayor 12', city: 'Madrid', zipCode: '28013' };

async function audit(page: Page, where: string): Promise<string> {
  const violations = await seriousViolations(page);
  return violations.length ? formatViolations(where, violations) : '';
}

/** Fills the checkout (the receipt's address when it is not prefilled) and pays; the confirmation number. */
async function payOnCheckout(page: Page, email: string): Promise<string> {
  await page.waitForSelector('[data-testid="pay-button"]');
  if (!(await page.$eval('#payment-email', (el) => (el as HTMLInputElement).value))) await page.type('#payment-email', email);
  for (const [field, value] of Object.entries(CARD)) await page.type(`#payment-${field}`, value);
  await page.select('#payment-country', 'Spain');
  await page.click('[data-testid="pay-button"]');
  await waitForPath(page, '/payment-confirmation');
  await page.waitForSelector('[data-testid="confirmation-number"]');
  return (await textOf(page, '[data-testid="confirmation-number"]')).trim();
}

/** Every ESTA total the page shows (the price story's `data-price-total="esta"`), once one is there. */
async function estaTotals(page: Page): Promise<string[]> {
  await page.waitForSelector('[data-price-total="esta"]');
  return page.$$eval('[data-price-total="esta"]', (els) => els.map((el) => (el as HTMLElement).innerText.trim()));
}

describe('a purchase a buyer can trust', () => {
  it('pays for Pro, presses Back, and sees the paid order and the upgrade instead of a second form', async () => {
    const page = await openPage(e2e);
    const reports: string[] = [];
    await page.goto(`${e2e.baseUrl}/pricing`, { waitUntil: 'networkidle0' });
    await page.click('[data-testid="purchase-pro"]');
    await waitForPath(page, '/checkout');
    const number = await payOnCheckout(page, `back.${randomUUID().slice(0, 8)}@example.com`);

    await page.goBack();
    await waitForPath(page, '/checkout');
    await page.waitForSelector('[data-testid="checkout-owned"]');
    expect(await textOf(page, '[data-testid="owned-order-number"]')).toBe(number);
    expect(await page.$('[data-testid="pay-button"]')).toBeNull();
    // What else can be bought: Premium for the difference ($150 − $100 + $2.99).
    expect(await textOf(page, '[data-testid="upgrade-premium"]')).toContain('$52.99');
    reports.push(await audit(page, '/checkout of a package already paid'));

    // The order it names is the one paid, and only one was.
    await page.click('[data-testid="owned-order-link"]');
    await waitForPath(page, '/payment-confirmation');
    await page.waitForSelector('[data-testid="confirmation-number"]');
    expect((await textOf(page, '[data-testid="confirmation-number"]')).trim()).toBe(number);
    const order = await e2e.server.app.db.selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirstOrThrow();
    const paid = await e2e.server.app.db.selectFrom('orders').select('id').where('lead_id', '=', order.lead_id).where('status', '=', 'paid').execute();
    expect(paid).toHaveLength(1);
    // The page tells where the order can be found again, and claims no e-mail.
    expect(await textOf(page, '[data-testid="find-again"]')).toContain(order.receipt_email as string);
    expect(await textOf(page, 'body')).not.toMatch(/e-?mail (has been|was) sent/i);
    expect(reports.filter(Boolean)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });

  it('buys Premium from /pricing, signs up with the receipt address, and finds the order and its code on the dashboard', async () => {
    const page = await openPage(e2e);
    const email = `premium.${randomUUID().slice(0, 8)}@example.com`;
    await page.goto(`${e2e.baseUrl}/pricing`, { waitUntil: 'networkidle0' });
    await page.click('[data-testid="purchase-premium"]');
    await waitForPath(page, '/checkout');
    const number = await payOnCheckout(page, email);
    const code = (await textOf(page, '[data-testid="access-code"]')).trim();
    expect(code).toMatch(/^PREMIUM-\d{8}-[A-Z]{2}$/);
    // Bought before any form: the confirmation offers to fill it in rather than a form PDF.
    expect(await page.$('[data-testid="download-form"]')).toBeNull();
    await page.waitForSelector('[data-testid="fill-form"]');

    await signUpInPage(page, e2e.baseUrl, email);
    await page.waitForSelector('[data-testid="dashboard-orders"] li');
    const orders = await textOf(page, '[data-testid="dashboard-orders"]');
    expect(orders).toContain(number);
    expect(orders).toContain('Paid');
    const order = await e2e.server.app.db.selectFrom('orders').select(['id', 'lead_id']).where('number', '=', number).executeTakeFirstOrThrow();
    expect(await textOf(page, `[data-testid="order-code-${order.id}"]`)).toBe(code);
    await page.waitForSelector(`[data-testid="order-receipt-${order.id}"]`);
    expect(await audit(page, '/dashboard with an order')).toBe('');

    // The paid package waits for its form: the purchase made an application, and Continue starts the form.
    expect(await textOf(page, '[data-testid="applications-count"]')).toBe('1');
    await page.click(`[data-testid="continue-${order.lead_id}"]`);
    await waitForPath(page, '/apply/wizard');
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('one price story', () => {
  /** Every screen that shows the ESTA's price, visited as an applicant would; each screen's ESTA totals. */
  async function everyScreen(page: Page): Promise<Record<string, string[]>> {
    const seen: Record<string, string[]> = {};
    await page.goto(`${e2e.baseUrl}/`, { waitUntil: 'networkidle0' });
    seen.landing = await estaTotals(page);

    await page.goto(`${e2e.baseUrl}/visa-wizard`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[role="combobox"]');
    await page.type('[role="combobox"]', 'SPA');
    await byRole(page, 'option', 'Spain').click();
    await byRole(page, 'radio', 'Tourism').click();
    await byRole(page, 'button', 'Continue to visa recommendation').click();
    seen.visaWizard = await estaTotals(page);

    // A fresh choice: the visa wizard left its own in session storage, which /apply would start from.
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`${e2e.baseUrl}/apply`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[role="combobox"]');
    await page.type('[role="combobox"]', 'spain');
    await page.keyboard.press('Enter');
    await byRole(page, 'radio', 'TOURISM').click();
    await byRole(page, 'button', 'CONTINUE').click();
    await waitForPath(page, '/apply/summary');
    seen.summary = await estaTotals(page);

    await page.goto(`${e2e.baseUrl}/pricing`, { waitUntil: 'networkidle0' });
    seen.pricing = await estaTotals(page);

    // The advanced chat's offer, once an ESTA traveller has said enough to reach the paywall.
    await page.goto(`${e2e.baseUrl}/aivisa`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('#aivisa-message');
    const email = `story.${randomUUID().slice(0, 8)}@example.com`;
    for (const message of [`Hi, I'm French and I'm going to New York for business. My email is ${email}`, 'Luc', 'Martin', 'born 1985-06-02', 'passport 15AB12345', 'it expires on 2031-05-01']) {
      // As tests/e2e/aivisa.test.ts sends one: Ctrl+Enter, then the whole reply.
      const replies = await page.$$eval('[data-testid="aivisa-log"] li[data-role="assistant"]', (els) => els.length);
      await page.click('#aivisa-message');
      await page.type('#aivisa-message', message);
      await page.keyboard.down('Control');
      await page.keyboard.press('Enter');
      await page.keyboard.up('Control');
      await page.waitForFunction((n: number) => document.querySelectorAll('[data-testid="aivisa-log"] li[data-role="assistant"]').length > n, { timeout: 10_000 }, replies);
    }
    await page.waitForSelector('[data-testid="aivisa-paywall"][open]');
    seen.chatOffer = await estaTotals(page);

    await page.goto(`${e2e.baseUrl}/checkout?formType=ESTA`, { waitUntil: 'networkidle0' });
    seen.checkout = await estaTotals(page);
    await payOnCheckout(page, email);
    seen.confirmation = await estaTotals(page);
    return seen;
  }

  it('shows the same ESTA total on every screen, and the new one everywhere after the admin changes the price', async () => {
    const page = await openPage(e2e);
    const before = await everyScreen(page);
    // $77 in the map, our service fee: $77 + $2.99 processing + the $40 government fee.
    for (const [screen, totals] of Object.entries(before)) expect(totals, screen).toEqual(totals.map(() => '$119.99'));

    const admin = await openPage(e2e);
    await admin.goto(`${e2e.baseUrl}/teamomora`, { waitUntil: 'networkidle0' });
    await signInAtGate(admin, e2e.server.app);
    await admin.click('[data-testid="admin-tab-pricing"]');
    await admin.waitForSelector('[data-testid="price-ESTA"]');
    await admin.click('[data-testid="price-ESTA"]', { count: 3 });
    await admin.type('[data-testid="price-ESTA"]', '110');
    await admin.click('[data-testid="pricing-save"]');
    await admin.waitForFunction(() => document.body.innerText.includes('Pricing updated successfully!'));

    try {
      const after = await everyScreen(await openPage(e2e));
      // $110: our $110 + $2.99 + $40.
      for (const [screen, totals] of Object.entries(after)) expect(totals, screen).toEqual(totals.map(() => '$152.99'));
      expect(Object.keys(after)).toEqual(['landing', 'visaWizard', 'summary', 'pricing', 'chatOffer', 'checkout', 'confirmation']);
    } finally {
      await e2e.server.app.site.setPricing({ ESTA: 77, DS160_BASIC: 50, DS160_PRO: 100, DS160_PREMIUM: 150 });
    }
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);
});
