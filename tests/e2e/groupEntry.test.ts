import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from './axe';
import { byRole, openPage, pageErrors, signUpInPage, startE2E, textOf, waitForApp, waitForNewTraveller, waitForPath, type E2E } from './browser';

// Where a family starts (issue 36): 'Apply for my family or group' on /apply/summary opens the applicant's form with
// the group panel waiting to add travellers, and the dashboard's 'Add a traveller' reopens the leader's form there.
// The family's own walk through the forms and the payment is tests/e2e/groups.test.ts.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e.close());

const read = (language: string, ns: string) => JSON.parse(fs.readFileSync(`locales/${language}/${ns}.json`, 'utf8'));
const group = read('en', 'group');
const account = read('en', 'account');
const start = read('en', 'start');

const search = (page: Awaited<ReturnType<typeof openPage>>) => page.evaluate(() => Object.fromEntries(new URLSearchParams(location.search)));

async function chooseOnApply(page: Awaited<ReturnType<typeof openPage>>, country: string, purpose: string) {
  await page.goto(`${e2e.baseUrl}/apply`, { waitUntil: 'domcontentloaded' });
  await waitForApp(page);
  await page.type('[role="combobox"]', country.toLowerCase().slice(0, 4));
  await byRole(page, 'option', country).click();
  await byRole(page, 'radio', purpose).click();
  await byRole(page, 'button', start.apply.continue).click();
  await waitForPath(page, '/apply/summary');
  await page.waitForSelector('[data-testid="apply-group"]');
}

describe('a family starts its applications', () => {
  it('from /apply/summary: the ESTA wizard opens the add form once the leader’s e-mail is saved; the dashboard adds more later', async () => {
    const page = await openPage(e2e);
    const email = `family.${Date.now()}@example.com`;

    await chooseOnApply(page, 'Spain', 'TOURISM');
    await page.click('[data-testid="apply-group"]');
    await waitForPath(page, '/apply/esta-wizard');
    expect(await search(page)).toMatchObject({ 'add-traveller': '1' });
    // Before there is an application, the panel says what comes first.
    await page.waitForFunction((text) => document.querySelector('[data-testid="group-panel"]')?.textContent?.includes(text), {}, group.panel.addAfterStart);

    await page.waitForSelector('#q-email');
    await page.type('#q-email', email);
    await page.keyboard.press('Enter');
    // The e-mail saved makes the application; the add form opens by itself, the wizard still on its next question.
    await page.waitForSelector('#traveller-first-name', { visible: true });
    await page.waitForSelector('#q-first-name');
    expect(await audit(page, 'the ESTA wizard opened for a family')).toBe('');
    const [leader] = await e2e.server.app.db.selectFrom('leads').selectAll().where('email', '=', email).execute();
    expect(leader).toMatchObject({ source: 'esta-wizard', form_type: 'ESTA' });

    await page.type('#traveller-first-name', 'Luis');
    await page.type('#traveller-last-name', 'Garcia');
    await page.select('#traveller-relationship', 'spouse');
    await page.type('#traveller-nationality', 'Spain');
    await byRole(page, 'button', group.actions.save).click();
    const luis = await waitForNewTraveller(page, [leader!.id]);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="group-traveller"]').length === 2);

    // Signed up, the dashboard shows the family as one card; only the leader's application takes more travellers.
    await signUpInPage(page, e2e.baseUrl, email);
    await page.waitForSelector(`[data-testid="add-traveller-${leader!.id}"]`);
    expect(await page.$(`[data-testid="add-traveller-${luis}"]`)).toBeNull();
    expect(await textOf(page, `[data-testid="add-traveller-${leader!.id}"]`)).toBe(account.dashboard.item.addTraveller);
    // On a phone the add form opens below the wizard (issue 45 item 9): it comes into view and takes focus.
    await page.setViewport({ width: 375, height: 812 });
    await page.click(`[data-testid="add-traveller-${leader!.id}"]`);
    await waitForPath(page, '/apply/esta-wizard');
    expect(await search(page)).toMatchObject({ traveller: leader!.id, 'add-traveller': '1' });
    await page.waitForSelector('#traveller-first-name', { visible: true });
    await page.waitForFunction(() => {
      const field = document.querySelector('#traveller-first-name');
      const box = field?.getBoundingClientRect();
      return document.activeElement === field && box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
    }, { timeout: 5000 });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="group-traveller"]').length === 2);

    // Their daughter, ten years old by the birth date her form holds: the panel asks for her parent or guardian.
    await page.type('#traveller-first-name', 'Lucia');
    await page.type('#traveller-last-name', 'Garcia');
    await page.select('#traveller-relationship', 'child');
    await page.type('#traveller-nationality', 'Spain');
    await byRole(page, 'button', group.actions.save).click();
    const lucia = await waitForNewTraveller(page, [leader!.id, luis]);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="group-traveller"]').length === 3);
    const birth = `${new Date().getUTCFullYear() - 10}-03-01`;
    const patched = await page.evaluate(
      async (id, date) => (await fetch(`/api/leads/${id}/update`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ formData: { 'birth-date': date } }) })).status,
      lucia,
      birth,
    );
    expect(patched).toBe(200);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    const openGuardian = group.guardian.open.replace('{{name}}', 'Lucia Garcia');
    await byRole(page, 'button', openGuardian).click();
    await page.waitForSelector('[data-testid="guardian-form"]');
    expect(await textOf(page, '[data-testid="group-panel"]')).toContain(group.status.guardianNeeded);
    // Sent empty, it says what is missing; the leader chosen as her parent, it is kept.
    await page.click('[data-testid="guardian-form"] button[type="submit"]');
    await page.waitForSelector('#guardian-role-error');
    expect(await audit(page, 'the parent-or-guardian form with its errors')).toBe('');
    await page.select('#guardian-who', '0');
    await page.select('#guardian-role', 'parent');
    await page.click('[data-testid="guardian-form"] button[type="submit"]');
    await page.waitForSelector('[data-testid="traveller-guardian"]');
    // The leader's form holds no name yet (it is saved at the end of its first section): the panel names her by place.
    const leaderShown = group.panel.unnamed.replace('{{n}}', '1');
    expect(await textOf(page, '[data-testid="traveller-guardian"]')).toBe(group.guardian.given.replace('{{name}}', leaderShown).replace('{{role}}', group.guardian.roles.parent));
    const [member] = await e2e.server.app.db.selectFrom('group_members').select('guardian').where('lead_id', '=', lucia).execute();
    expect(JSON.parse(member!.guardian as string)).toEqual({ leadId: leader!.id, name: '', role: 'parent' });

    // Removing a traveller asks first (issue 45 item 4), naming him and saying his answers go; Keep keeps him, and
    // 'Remove' sits apart from 'Open … application' on the phone, never the next tap under it.
    const luisName = 'Luis Garcia';
    const openLuis = await (await byRole(page, 'button', group.actions.open.replace('{{name}}', luisName)).waitHandle()).boundingBox();
    const removeLuis = byRole(page, 'button', group.actions.remove.replace('{{name}}', luisName));
    const removeBox = await (await removeLuis.waitHandle()).boundingBox();
    expect(removeBox!.y - (openLuis!.y + openLuis!.height)).toBeGreaterThanOrEqual(24);
    await removeLuis.click();
    await page.waitForSelector('[data-testid="remove-confirm"]');
    const asked = await textOf(page, '[data-testid="remove-confirm"]');
    expect(asked).toContain(group.removal.title.replace('{{name}}', luisName));
    expect(asked).toContain(group.removal.body.replace('{{name}}', luisName));
    expect(await audit(page, 'the question before removing a traveller')).toBe('');
    await byRole(page, 'button', group.removal.keep.replace('{{name}}', luisName)).click();
    await page.waitForFunction(() => !document.querySelector('[data-testid="remove-confirm"]'));
    expect(await e2e.server.app.db.selectFrom('leads').select('id').where('id', '=', luis).execute()).toHaveLength(1);
    await byRole(page, 'button', group.actions.remove.replace('{{name}}', luisName)).click();
    await page.click('[data-testid="remove-confirm-yes"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="group-traveller"]').length === 2);
    expect(await e2e.server.app.db.selectFrom('leads').select('id').where('id', '=', luis).execute()).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });

  it('from /apply/summary for a DS-160: the ten-section form opens with the group panel waiting for the application', async () => {
    const page = await openPage(e2e);
    await chooseOnApply(page, 'Mexico', 'BUSINESS');
    await page.click('[data-testid="apply-group"]');
    await waitForPath(page, '/ds160-wizard');
    expect(await search(page)).toMatchObject({ 'add-traveller': '1' });
    await page.waitForFunction((text) => document.querySelector('[data-testid="group-panel"]')?.textContent?.includes(text), {}, group.panel.addAfterStart);
    // The choice made on /apply is carried: the form's nationality is Mexico.
    expect(await page.$eval('#f-nationality', (el) => (el as HTMLInputElement).value)).toBe('Mexico');
    expect(pageErrors(page)).toEqual([]);
  });
});
