import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listGovernmentFees } from '../../db/queries/governmentFees';
import { estaCatalog } from '../../machines/domain/catalogs/index';
import { dayOf, feesInForce, totalOf } from '../../machines/domain/governmentFees';
import { answersFor } from '../helpers/answers';
import { formatViolations, seriousViolations } from './axe';
import { openPage, pageErrors, startE2E, waitForPath, type E2E } from './browser';

// Issue 45 items 16 and 23 as a Spanish family pays on a phone, in one page load of the confirmation: the "payment
// successful" toast never sits over a traveller's "Download form PDF", wherever the parent scrolls while it shows;
// and the page says, for each traveller, which official site to open and which government fee (today's, from the
// fee schedule) is paid there, in the words of the "what happens next" e-mail. The parent is a guest (no account):
// item 20's "Back to your panel" takes her to the group's panel on her own form, not to /login, and that form, paid,
// opens read-only under a "paid" notice, with no question to edit.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e.close());

const CARD = { cardNumber: '4242 4242 4242 4242', expiryDate: '12/39', cvv: '737', cardName: 'Ana Garcia', billingAddress: 'Calle Mayor 5', city: 'Madrid', zipCode: '28013' };

/** A family of three, every ESTA finished, made through the API in this browser's session as the pages would. */
async function familyOfThree(page: Page, email: string): Promise<string> {
  const form = (first: string) => answersFor(estaCatalog, { email, 'first-name': first, 'last-name': 'Garcia' });
  const forms = { Ana: form('Ana'), Luis: form('Luis'), Lucia: form('Lucia') };
  return page.evaluate(async (mail, answers) => {
    const send = async (url: string, payload?: unknown, method = 'POST') => {
      const response = await fetch(url, { method, headers: payload ? { 'content-type': 'application/json' } : {}, body: payload ? JSON.stringify(payload) : undefined });
      return response.json();
    };
    const lead = await send('/api/leads', { email: mail, formType: 'ESTA', source: 'esta-wizard', formData: answers.Ana, completionStatus: 'completed' });
    const group = await send(`/api/leads/${lead.id}/group`);
    for (const [firstName, relationship] of [['Luis', 'spouse'], ['Lucia', 'child']] as const) {
      const added = await send(`/api/groups/${group.id}/travellers`, { firstName, lastName: 'Garcia', relationship, nationality: 'España' });
      await send(`/api/leads/${added.leadId}/update`, { formData: answers[firstName], completionStatus: 'completed' }, 'PATCH');
    }
    return group.id as string;
  }, email, forms);
}

/** Where the toast overlaps a download button, for each share of the page scrolled; empty when it never does. */
async function toastOverDownloads(page: Page): Promise<string[]> {
  const found: string[] = [];
  const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  for (let y = 0; y <= height; y += 60) {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    // The toast follows the scroll in the next frame.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const over = await page.evaluate(() => {
      const toast = document.querySelector('[data-variant]')?.getBoundingClientRect();
      if (!toast) return 'gone';
      return [...document.querySelectorAll('[data-testid="group-line-form"]')]
        .map((el) => el.getBoundingClientRect())
        .filter((b) => b.bottom > 0 && b.top < window.innerHeight && toast.left < b.right && b.left < toast.right && toast.top < b.bottom && b.top < toast.bottom)
        .map((b) => `toast ${Math.round(toast.top)}-${Math.round(toast.bottom)} over ${Math.round(b.top)}-${Math.round(b.bottom)}`)
        .join(', ');
    });
    if (over === 'gone') break;
    if (over) found.push(`at ${y}px: ${over}`);
  }
  return found;
}

describe('a family paid for on a phone, in Spanish', () => {
  it("keeps the payment toast off every traveller's form download", async () => {
    const page = await openPage(e2e, { languages: ['es-ES', 'es'], width: 375 });
    await page.setViewport({ width: 375, height: 667 });
    const email = `familia.${randomUUID().slice(0, 8)}@example.com`;
    // A guest: the session cookie is her only key to the family's applications.
    await page.goto(`${e2e.baseUrl}/apply`, { waitUntil: 'domcontentloaded' });
    const groupId = await familyOfThree(page, email);

    await page.goto(`${e2e.baseUrl}/checkout?group=${groupId}`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid="pay-button"]');
    if (!(await page.$eval('#payment-email', (el) => (el as HTMLInputElement).value))) await page.type('#payment-email', email);
    for (const [field, value] of Object.entries(CARD)) await page.type(`#payment-${field}`, value);
    await page.select('#payment-country', 'Spain');
    await page.click('[data-testid="pay-button"]');
    await waitForPath(page, '/payment-confirmation');
    await page.waitForSelector('[data-testid="group-line-form"]');
    // The toast is still showing as the parent starts to scroll.
    expect(await page.$('[data-variant]')).not.toBeNull();
    expect(await page.$$('[data-testid="group-line-form"]')).toHaveLength(3);
    expect(await toastOverDownloads(page)).toEqual([]);

    // What next, for each of the three: the ESTA's official site and today's ESTA fee, as the e-mail words them.
    const mail = JSON.parse(fs.readFileSync('locales/es/mail.json', 'utf8')).nextSteps;
    const fee = totalOf(feesInForce(await listGovernmentFees(e2e.server.app.db), dayOf(Date.now()), 'ESTA'));
    expect(fee).toBeGreaterThan(0);
    const steps = await page.$$eval('[data-testid="next-step"]', (els) =>
      els.map((el) => ({
        text: (el as HTMLElement).innerText,
        site: el.querySelector('a')?.getAttribute('href'),
        fee: (el.querySelector('[data-testid="next-step-fee"]') as HTMLElement | null)?.innerText ?? '',
      })),
    );
    expect(steps.map((step) => step.site)).toEqual(['https://esta.cbp.dhs.gov/', 'https://esta.cbp.dhs.gov/', 'https://esta.cbp.dhs.gov/']);
    for (const [i, name] of ['Ana Garcia', 'Luis Garcia', 'Lucia Garcia'].entries()) {
      expect(steps[i]!.text).toContain(name);
      expect(steps[i]!.text).toContain(mail.estaWhen);
      expect(steps[i]!.fee.replace(/\s/g, ' ')).toContain((fee / 100).toFixed(2).replace('.', ','));
    }

    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const violations = await seriousViolations(page);
    expect(violations.length ? formatViolations('the family confirmation', violations) : '').toBe('');

    // "Volver a tu panel": the guest's way back is her group's panel on her own form, which opens read-only, paid.
    const wizard = JSON.parse(fs.readFileSync('locales/es/wizard.json', 'utf8'));
    const back = await page.$eval('[data-testid="group-back"]', (el) => el.getAttribute('href') ?? '');
    expect(back).toMatch(/^\/apply\/esta-wizard\?traveller=/);
    await page.click('[data-testid="group-back"]');
    await page.waitForSelector('[data-testid="esta-paid"]');
    expect(new URL(page.url()).pathname).toBe('/apply/esta-wizard');
    const paid = await page.$eval('[data-testid="esta-paid"] [role="status"]', (el) => (el as HTMLElement).innerText);
    expect(paid).toContain(wizard.esta.paid.title);
    expect(paid).toContain('Ana Garcia');
    // Her answers as sent, and nothing to type into or edit: no question, no Edit, no submit.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="esta-paid"] dd').length > 10);
    expect(await page.$$eval('[data-testid="esta-paid"] dd', (els) => els.map((el) => (el as HTMLElement).innerText))).toContain('Ana');
    expect(await page.$$('[data-testid="esta-paid"] :is(input, textarea, select, button), [data-main-action], [role="progressbar"]')).toHaveLength(0);
    // The group's panel is there, to add someone else.
    await page.waitForFunction(() => document.body.innerText.includes('Luis Garcia'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const paidViolations = await seriousViolations(page);
    expect(paidViolations.length ? formatViolations('a paid ESTA, read-only', paidViolations) : '').toBe('');
    expect(pageErrors(page)).toEqual([]);
  });
});
