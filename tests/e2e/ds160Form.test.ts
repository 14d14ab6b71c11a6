import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DS160_FORM_SECTIONS } from '../../machines/domain/ds160Form';
import { validForm } from '../helpers/ds160Form';
import { formatViolations, seriousViolations } from './axe';
import { openPage, pageErrors, startE2E, textOf, waitForPath, type E2E } from './browser';

// The ten-section form (/ds160-wizard) as an applicant uses it: typing a section, a reload, the waiver panel,
// and the final submit landing on checkout with the lead completed.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e.close());

const STORAGE_KEY = 'rumbo-ds160-form';

/** Opens the form as a returning browser would, with this progress kept from an earlier visit. */
async function resume(page: Page, progress: object): Promise<void> {
  await page.goto(`${e2e.baseUrl}/`, { waitUntil: 'networkidle0' });
  await page.evaluate((key, value) => localStorage.setItem(key, value), STORAGE_KEY, JSON.stringify(progress));
  await page.goto(`${e2e.baseUrl}/ds160-wizard`, { waitUntil: 'networkidle0' });
}

describe('/ds160-wizard', () => {
  it('checks a section as it is typed, keeps it through a reload, in Spanish', async () => {
    const page = await openPage(e2e, { languages: ['es-ES', 'es'] });
    await page.goto(`${e2e.baseUrl}/ds160-wizard`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('#f-firstName');
    await page.click('[data-testid="ds160-next"]');
    await page.waitForSelector('#f-firstName-error');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-firstName');
    const reports = [await seriousViolations(page)].filter((v) => v.length).map((v) => formatViolations('/ds160-wizard with errors (es)', v));

    const personal = validForm()['personal-info'];
    await page.type('#f-firstName', String(personal.firstName));
    await page.type('#f-lastName', String(personal.lastName));
    await page.select('#f-gender', String(personal.gender));
    await page.select('#f-maritalStatus', String(personal.maritalStatus));
    await page.type('#f-birthDate', '05201990');
    await page.type('#f-birthCity', String(personal.birthCity));
    await page.select('#f-birthCountry', 'Mexico');
    await page.select('#f-nationality', 'Mexico');
    await page.click('[data-testid="ds160-next"]');
    await page.waitForSelector('#f-tripPurpose');
    expect(await textOf(page, '[data-testid="ds160-completed-count"]')).toContain('1/10');

    // A reload opens the same section, with every answer kept.
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('#f-tripPurpose');
    const kept = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}'), STORAGE_KEY);
    expect(kept.values['personal-info']).toMatchObject({ firstName: 'Maria', birthDate: '1990-05-20', nationality: 'Mexico' });
    expect(reports).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });

  it('offers the ESTA to a Spanish national and opens it with the shared answers', async () => {
    const page = await openPage(e2e);
    await resume(page, { values: { 'personal-info': { ...validForm()['personal-info'], nationality: 'Spain', birthCountry: 'Spain' } }, current: 0, completed: [] });
    await page.waitForSelector('#f-firstName');
    await page.click('[data-testid="ds160-next"]');
    await page.waitForSelector('[data-testid="ds160-waiver"]');
    expect(await seriousViolations(page)).toEqual([]);
    await page.click('[data-testid="ds160-waiver"] button');
    await waitForPath(page, '/apply/esta-wizard');
    const handed = await page.evaluate(() => JSON.parse(localStorage.getItem('rumbo-wizard-esta') ?? '{}'));
    expect(handed.answers).toMatchObject({ 'first-name': 'Maria', 'last-name': 'Lopez' });
  });

  it('submits from the photo section and lands on checkout with the lead completed', async () => {
    const page = await openPage(e2e);
    const form = validForm({ 'address-phone': { emailAddress: 'maria.ds160@example.com' }, 'photo-submission': { hasPhoto: '', agreeToRequirements: false } });
    await resume(page, { values: form, current: DS160_FORM_SECTIONS.length - 1, completed: DS160_FORM_SECTIONS.slice(0, -1) });
    await page.waitForSelector('#f-hasPhoto-No');
    expect(await textOf(page, '[data-testid="ds160-completed-count"]')).toContain('9/10');
    await page.click('#f-hasPhoto-No');
    await page.waitForSelector('[data-testid="ds160-no-photo-warning"]');
    expect(await textOf(page, '[data-testid="ds160-next"]')).toBe('Complete DS-160 Form');
    await page.click('[data-testid="ds160-next"]');
    await waitForPath(page, '/checkout');
    const lead = await e2e.server.app.db.selectFrom('leads').selectAll().where('email', '=', 'maria.ds160@example.com').executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ completion_status: 'completed', source: 'ds160-wizard', subscription_plan: 'basic', form_type: 'DS-160' });
    expect(new URL(page.url()).search).toBe(`?formType=DS-160&amount=50&plan=basic&lead=${lead.id}`);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
    expect(pageErrors(page)).toEqual([]);
  });
});
