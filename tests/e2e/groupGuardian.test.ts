import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estaCatalog } from '../../machines/domain/catalogs/esta';
import { answersFor, validAnswer } from '../helpers/answers';
import { audit } from './axe';
import { byRole, openPage, pageErrors, startE2E, textOf, waitForApp, waitForPath, type E2E } from './browser';
import { currentQuestion, fillQuestion, wizardLabels } from './wizardDriver';

// A minor's parent or guardian before the group pays (issue 36): a mother leads her ten-year-old daughter, whose
// parent or guardian is not given yet. The group's checkout names the girl, links to her form and keeps Pay disabled
// with the reason; once her mother is given as her parent there, the family pays once.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e.close());

const group = JSON.parse(fs.readFileSync('locales/en/group.json', 'utf8'));
const CARD = { cardNumber: '4242 4242 4242 4242', expiryDate: '12/39', cvv: '737', cardName: 'Ana Garcia', billingAddress: 'Calle Mayor 5', city: 'Madrid', zipCode: '28013', country: 'Spain' };
type Page = Awaited<ReturnType<typeof openPage>>;

/** A request from the page's own session, as another of its tabs would make it; the answer's status and body. */
const request = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async (m, p, b) => {
      const response = await fetch(p, { method: m, headers: b === undefined ? {} : { 'content-type': 'application/json' }, body: b === undefined ? undefined : JSON.stringify(b) });
      return { status: response.status, body: (await response.json()) as Record<string, any> };
    },
    method,
    path,
    body as never,
  );

async function fillCard(page: Page) {
  for (const [field, value] of Object.entries(CARD)) {
    if (field === 'country') await page.select('#payment-country', value);
    else await page.type(`#payment-${field}`, value);
  }
}

describe("a minor's parent or guardian on the group's checkout", () => {
  it('keeps Pay disabled, naming the child, until her parent is given on her form; then the family pays once', async () => {
    const page = await openPage(e2e);
    await page.goto(`${e2e.baseUrl}/apply`, { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    const email = `ana.${Date.now()}@example.com`;
    const answers = answersFor(estaCatalog, { email, 'first-name': 'Ana', 'last-name': 'Garcia' });
    const leader = await request(page, 'POST', '/api/leads', { email, formType: 'ESTA', source: 'esta-wizard', formData: answers, completionStatus: 'completed' });
    expect(leader.status).toBe(201);
    const groupId = (await request(page, 'POST', `/api/leads/${leader.body.id}/group`)).body.id as string;
    const added = await request(page, 'POST', `/api/groups/${groupId}/travellers`, { firstName: 'Lucia', lastName: 'Garcia', relationship: 'child', nationality: 'Spain' });
    expect(added.status).toBe(201);
    const lucia = added.body.leadId as string;
    const named = { email: `lucia.${Date.now()}@example.com`, 'first-name': 'Lucia', 'last-name': 'Garcia' };
    expect((await request(page, 'PATCH', `/api/leads/${lucia}/update`, { formData: named })).status).toBe(200);

    // Issue 45 item 10: her birth date, typed in her own form, makes her a minor in the panel beside it once it is saved
    // (the form's machine hands it to the panel's), with no reload.
    await page.goto(`${e2e.baseUrl}/apply/esta-wizard?traveller=${lucia}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="group-traveller"]');
    const luciaStatus = () => page.$$eval('[data-testid="group-traveller"]', (rows) => (rows.find((r) => r.textContent?.includes('Lucia')) as HTMLElement | undefined)?.querySelector('strong + span')?.textContent ?? '');
    expect(await luciaStatus()).toBe(group.status.inProgress);
    const loaded = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    const labels = wizardLabels('en');
    // The wizard saves at the end of a section: her first one ends with her gender.
    for (let step = 0; step < 12; step += 1) {
      const question = await currentQuestion(page, estaCatalog);
      const value = question.id === 'birth-date' ? `${new Date().getUTCFullYear() - 10}-03-01` : (named[question.id as keyof typeof named] ?? validAnswer(question));
      await fillQuestion(page, question, value);
      await byRole(page, 'button', labels.next).click();
      await page.waitForFunction((id) => !document.getElementById(`q-${id}`), {}, question.id);
      if (question.id === 'gender') break;
    }
    await page.waitForFunction((done) => [...document.querySelectorAll('[data-testid="group-traveller"]')].some((r) => r.textContent?.includes('Lucia') && r.textContent.includes(done)), {}, group.status.guardianNeeded);
    expect(await luciaStatus()).toBe(group.status.guardianNeeded);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loaded);

    // The checkout says what is missing, for whom, before any card is typed; Pay is disabled and names the reason.
    await page.goto(`${e2e.baseUrl}/checkout?group=${groupId}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="group-guardian-missing"]');
    expect(await textOf(page, '[data-testid="group-guardian-missing"] p')).toBe(group.checkout.guardian.missing.replace('{{names}}', 'Lucia Garcia'));
    await fillCard(page);
    const pay = await page.$eval('[data-testid="pay-button"]', (el) => ({ disabled: (el as HTMLButtonElement).disabled, describedBy: el.getAttribute('aria-describedby') }));
    expect(pay).toEqual({ disabled: true, describedBy: 'group-guardian-missing' });
    expect(await audit(page, 'the group checkout waiting for a guardian')).toBe('');
    expect(await e2e.server.app.db.selectFrom('orders').select('id').where('group_id', '=', groupId).execute()).toEqual([]);

    // Its link opens Lucia's own form with her group panel's parent-or-guardian form already open and focused
    // (issue 45 item 10: it opened her question 1), whose button says what it saves; it takes her mother.
    const link = await byRole(page, 'link', group.checkout.guardian.add.replace('{{name}}', 'Lucia Garcia'));
    await link.click();
    await waitForPath(page, '/apply/esta-wizard');
    expect(await page.evaluate(() => new URLSearchParams(location.search).get('traveller'))).toBe(lucia);
    await page.waitForSelector('[data-testid="guardian-form"]');
    await page.waitForFunction(() => document.activeElement?.id === 'guardian-who');
    expect(await textOf(page, '[data-testid="guardian-form"] button[type="submit"]')).toBe(group.guardian.save.replace('{{name}}', 'Lucia Garcia'));
    await page.select('#guardian-who', '0');
    await page.select('#guardian-role', 'parent');
    await page.click('[data-testid="guardian-form"] button[type="submit"]');
    await page.waitForSelector('[data-testid="traveller-guardian"]');

    // Back on the checkout nothing waits: the family pays once, and both are paid.
    await page.goto(`${e2e.baseUrl}/checkout?group=${groupId}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="group-checkout-line"]');
    expect(await page.$('[data-testid="group-guardian-missing"]')).toBeNull();
    await fillCard(page);
    expect(await page.$eval('[data-testid="pay-button"]', (el) => [(el as HTMLButtonElement).disabled, el.getAttribute('aria-describedby')])).toEqual([false, null]);
    await page.click('[data-testid="pay-button"]');
    await waitForPath(page, '/payment-confirmation');
    await page.waitForSelector('[data-testid="group-confirmation-line"]');
    const paid = await e2e.server.app.db.selectFrom('leads').select('payment_status').where('id', 'in', [leader.body.id, lucia]).execute();
    expect(paid.map((l) => l.payment_status)).toEqual(['paid', 'paid']);
    expect(pageErrors(page)).toEqual([]);
  });
});
