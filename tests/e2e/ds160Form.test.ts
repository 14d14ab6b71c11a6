import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DS160_FORM_SECTIONS, type Ds160FormSection } from '../../machines/domain/ds160Form';
import { visibleFields, type Ds160Field } from '../../machines/domain/ds160Sections';
import { fromToday } from '../helpers/answers';
import { validForm } from '../helpers/ds160Form';
import { portrait } from '../helpers/photos';
import { formatViolations, seriousViolations } from './axe';
import { openPage, pageErrors, startE2E, textOf, waitForPath, type E2E } from './browser';
import { typePersonalInfo } from './ds160Driver';

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

/** Answers one field the way a person does: typing, choosing, ticking; a list gets its rows through Add. */
async function answer(page: Page, field: Pick<Ds160Field, 'id' | 'kind' | 'row'>, value: unknown, path = field.id): Promise<void> {
  const id = `#f-${path.replace(/\./g, '-')}`;
  switch (field.kind) {
    case 'yesno':
      await page.click(`${id}-${value}`);
      return;
    case 'checkbox':
      if (value === true) await page.click(id);
      return;
    case 'select':
    case 'country':
      await page.select(id, String(value));
      return;
    case 'date': {
      const [y, m, d] = String(value).split('-');
      await page.type(id, `${m}${d}${y}`);
      return;
    }
    case 'list': {
      for (const [index, row] of (value as Array<Record<string, unknown>>).entries()) {
        await page.click(`${id}-add`);
        await page.waitForSelector(`#f-${field.id}-${index}-${field.row![0]!.id}`);
        for (const rowField of field.row ?? []) if (row[rowField.id] !== undefined) await answer(page, rowField, row[rowField.id], `${field.id}.${index}.${rowField.id}`);
      }
      return;
    }
    default:
      await page.type(id, String(value));
  }
}

/** A wide PNG with the face off-centre: the check refuses it, the fix makes it compliant, and the fixed one is kept. */
async function addFixedPhoto(page: Page): Promise<void> {
  await page.click('#f-hasPhoto-Yes');
  const picker = (await page.waitForSelector('#f-photoId')) as ElementHandle<HTMLInputElement>;
  await picker.uploadFile(await photoFile());
  await toastsGone(page);
  await page.click('[data-testid="ds160-photo-check"]');
  await page.waitForSelector('[data-testid="ds160-photo-report"]', { timeout: 20_000 }).catch(async (err) => {
    const state = await page.$eval('[data-testid="ds160-photo"]', (el) => `${el.getAttribute('data-state')} ${el.textContent}`);
    throw new Error(`${err}: ${state}`);
  });
  const before = Number((await textOf(page, '[data-testid="ds160-photo-report"] [data-testid="ds160-photo-score"]')).match(/\d+/)?.[0]);
  expect(before).toBeLessThan(80);
  expect(await seriousViolations(page)).toEqual([]);
  await page.click('[data-testid="ds160-photo-fix"]');
  await page.waitForSelector('[data-testid="ds160-photo-compare"]', { timeout: 20_000 });
  const scores = await page.$$eval('[data-testid="ds160-photo-compare"] [data-testid="ds160-photo-score"]', (els) => els.map((el) => Number(el.textContent?.match(/\d+/)?.[0])));
  expect(scores[1]).toBeGreaterThanOrEqual(80);
  expect(await seriousViolations(page)).toEqual([]);
  await page.click('[data-testid="ds160-photo-use-fixed"]');
  await page.waitForSelector('[data-testid="ds160-photo-kept"]', { timeout: 10_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await page.click('#f-agreeToRequirements');
}

/**
 * A toast sits bottom right for five seconds, over the Next button; a person waits or closes it. These walks go
 * faster than that, so they wait too ('Application Started' or 'Application Restored').
 */
async function toastsGone(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[data-variant]'), { timeout: 8000 });
}

let drawn: string | undefined;
async function photoFile(): Promise<string> {
  if (drawn) return drawn;
  drawn = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-photo-')), 'holiday.png');
  await portrait(700, { cx: 0.35 }, 1000).png().toFile(drawn);
  return drawn;
}

/** Fills the section on screen from `values`, field by field in order, as the fields appear. */
async function fillSection(page: Page, section: Ds160FormSection, values: Record<string, unknown>): Promise<void> {
  const given: Record<string, unknown> = {};
  const done = new Set<string>();
  for (;;) {
    const next = visibleFields(section, given, {}).find((f) => !done.has(f.id) && values[f.id] !== undefined && values[f.id] !== '');
    if (!next) return;
    done.add(next.id);
    given[next.id] = values[next.id];
    // Ticked by default: the mailing address is hidden until 'same as home' is unticked.
    if (next.kind === 'checkbox' && (await page.$eval(`#f-${next.id}`, (el) => (el as HTMLInputElement).checked)) === values[next.id]) continue;
    await answer(page, next, values[next.id]);
  }
}

describe('/ds160-wizard', () => {
  it.each([
    ['English', ['en-US', 'en'], 'maria.walk@example.com', 'Complete DS-160 Form'],
    ['Spanish', ['es-ES', 'es'], 'maria.paseo@example.com', 'Completar formulario DS-160'],
  ])('is completed section by section in %s, with a companion, an earlier U.S. visit and a fixed photo, and lands on checkout', async (_, languages, email, complete) => {
    const page = await openPage(e2e, { languages });
    const form = validForm({
      'address-phone': { emailAddress: email },
      'travel-companions': { travelingWithOthers: 'Yes', companions: [{ firstName: 'Ana', lastName: 'Lopez', relationship: 'Sibling', nationality: 'Mexico' }] },
      'previous-travel': { hasVisitedUS: 'Yes', usVisits: [{ arrivalDate: fromToday(-3), departureDate: fromToday(-3, 1), lengthOfStay: '2 weeks', purpose: 'Tourism' }] },
    });
    await page.goto(`${e2e.baseUrl}/ds160-wizard`, { waitUntil: 'networkidle0' });
    for (const [i, section] of DS160_FORM_SECTIONS.entries()) {
      await page.waitForSelector(`section[data-section="${section}"]`);
      if (section === 'photo-submission') {
        expect(await textOf(page, '[data-testid="ds160-next"]')).toBe(complete);
        await addFixedPhoto(page);
      } else {
        await fillSection(page, section, form[section]);
      }
      await page.click('[data-testid="ds160-next"]');
      if (i < DS160_FORM_SECTIONS.length - 1) {
        await page.waitForSelector(`section[data-section="${DS160_FORM_SECTIONS[i + 1]}"]`, { timeout: 5000 }).catch(async () => {
          const errors = await page.$$eval('[id$="-error"]', (els) => els.map((el) => `${el.id}: ${el.textContent}`));
          throw new Error(`${section} was not accepted: ${errors.join('; ')}`);
        });
      }
    }
    await waitForPath(page, '/checkout');
    const lead = await e2e.server.app.db.selectFrom('leads').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ completion_status: 'completed', source: 'ds160-wizard' });
    const stored = JSON.parse(lead.form_data);
    expect(stored['travel-companions'].companions).toEqual([{ firstName: 'Ana', lastName: 'Lopez', relationship: 'Sibling', nationality: 'Mexico' }]);
    expect(stored['previous-travel'].usVisits).toHaveLength(1);
    // The fixed photo is the one kept with the lead: a square JPEG the DS-160 upload takes.
    const photo = await e2e.server.app.db.selectFrom('photos').selectAll().where('id', '=', stored['photo-submission'].photoId).executeTakeFirstOrThrow();
    expect(photo).toMatchObject({ lead_id: lead.id, content_type: 'image/jpeg' });
    expect(photo.width).toBe(photo.height);
    expect(photo.size_bytes).toBeLessThanOrEqual(240 * 1024);
    expect(pageErrors(page)).toEqual([]);
  });

  // Issue 45: a DS-160 paid alone (no group) came back editable in the browser that paid for it, where every save was
  // refused (409 application_paid). The form's machine asks whether it is paid and opens it read-only under the notice.
  it.each([
    ['Spanish', ['es-ES', 'es'], 'es'],
    ['French', ['fr-FR', 'fr'], 'fr'],
  ])('opens a DS-160 paid alone read-only, with the paid notice, on a phone in %s', async (_, languages, lng) => {
    const texts = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../locales/${lng}/ds160form.json`), 'utf8')) as { page: { paid: { title: string } } };
    const page = await openPage(e2e, { languages, width: 375 });
    await page.goto(`${e2e.baseUrl}/`, { waitUntil: 'networkidle0' });
    const email = `maria.paid.${lng}@example.com`;
    const form = validForm({ 'address-phone': { emailAddress: email } });
    // Finished and paid in this browser's session, through the real routes, as the checkout would.
    const leadId = await page.evaluate(async (values, mail) => {
      const lead = await fetch('/api/leads', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Maria Lopez', email: mail, formType: 'DS-160', formData: values, completionStatus: 'completed', paymentStatus: 'unpaid', source: 'ds160-wizard' }),
      });
      const { id } = (await lead.json()) as { id: string };
      const paymentDetails = { cardNumber: '4242 4242 4242 4242', expiryDate: '12/39', cvv: '123', cardName: 'Maria Lopez', billingAddress: 'Calle Mayor 12', city: 'Madrid', zipCode: '28013', country: 'Spain' };
      await fetch('/api/checkout/process', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 'basic', leadId: id, email: mail, idempotencyKey: `paid-alone-${id}`, paymentDetails }),
      });
      return id;
    }, form, email);
    const row = await e2e.server.app.db.selectFrom('leads').select(['payment_status']).where('id', '=', leadId).executeTakeFirstOrThrow();
    expect(row.payment_status).toBe('paid');
    // The browser kept the finished form, as it does after Proceed to Payment.
    await resume(page, { values: form, current: DS160_FORM_SECTIONS.length - 1, completed: DS160_FORM_SECTIONS, leadId, synced: form });
    const notice = await page.waitForSelector('[data-testid="ds160-paid"]');
    const noticeText = (await notice?.evaluate((el) => (el as HTMLElement).innerText)) ?? '';
    expect(noticeText).toContain(texts.page.paid.title);
    expect(noticeText).toContain('Maria Lopez');
    // Every section can be looked through, nothing typed, completed or paid again.
    expect(await page.$$('#ds160-form :is(input, textarea, select, button):not([disabled])')).toHaveLength(0);
    expect(await page.$$('[data-testid="ds160-next"], [data-testid="ds160-completion"], [data-main-action]')).toHaveLength(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
    // A new application for someone else opens an empty, editable form.
    await page.click('[data-testid="ds160-new-application"] button');
    await page.waitForSelector('[data-testid="ds160-paid"]', { hidden: true });
    await page.waitForSelector('#f-firstName:not([disabled])');
    expect(pageErrors(page)).toEqual([]);
  });

  it('checks a section as it is typed, keeps it through a reload, in Spanish', async () => {
    const page = await openPage(e2e, { languages: ['es-ES', 'es'] });
    await page.goto(`${e2e.baseUrl}/ds160-wizard`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('#f-firstName');
    await page.click('[data-testid="ds160-next"]');
    await page.waitForSelector('#f-firstName-error');
    // Focus moves to the field in the frame after its message is drawn (focusFirstError), not in the same task.
    await page.waitForFunction(() => document.activeElement?.id === 'f-firstName', { timeout: 5000 });
    const reports = [await seriousViolations(page)].filter((v) => v.length).map((v) => formatViolations('/ds160-wizard with errors (es)', v));

    await typePersonalInfo(page, { countries: true });
    await page.click('[data-testid="ds160-next"]');
    await page.waitForSelector('section[data-section="travel-info"]');
    expect(await textOf(page, '[data-testid="ds160-completed-count"]')).toContain('1/10');

    // A reload opens the same section, with every answer kept.
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('#f-tripPurpose');
    const kept = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}'), STORAGE_KEY);
    expect(kept.values['personal-info']).toMatchObject({ firstName: 'Maria', birthDate: '1990-05-20', nationality: 'Mexico' });
    expect(reports).toEqual([]);
    expect(pageErrors(page), pageErrors(page).join('\n')).toEqual([]);
  });

  it('draws the next section while this one is read, out of sight, focus and screen readers, and shows that one on Next', async () => {
    const page = await openPage(e2e);
    await resume(page, { values: validForm(), current: 1, completed: ['personal-info'] });
    const ahead = await page.waitForSelector('section[data-section="travel-info"] form:not(#ds160-form) #f-homeAddress');
    expect(await ahead!.evaluate((el) => el.checkVisibility())).toBe(false);
    expect(await ahead!.evaluate((el) => ((el as HTMLElement).focus(), document.activeElement === el))).toBe(false);
    const label = await textOf(page, 'form:not(#ds160-form) label[for="f-homeAddress"]');
    const names: string[] = [];
    const collect = (node: { name?: string; children?: unknown[] } | null) => {
      if (node?.name) names.push(node.name);
      for (const child of node?.children ?? []) collect(child as typeof node);
    };
    collect(await page.accessibility.snapshot());
    expect(names).not.toContain(label);
    // Tab from the section's last field goes to its buttons, not into the section drawn ahead.
    await page.$$eval('#ds160-form input, #ds160-form select, #ds160-form textarea', (els) => (els.at(-1) as HTMLElement).focus());
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Previous');
    expect(await seriousViolations(page)).toEqual([]);

    await page.$eval('section[data-section] form:not(#ds160-form)', (form) => form.setAttribute('data-drawn', 'ahead'));
    await page.click('[data-testid="ds160-next"]');
    await page.waitForSelector('section[data-section="address-phone"]');
    expect(await page.$eval('#ds160-form', (form) => form.getAttribute('data-drawn'))).toBe('ahead');
    expect(await page.$eval('#ds160-form #f-homeAddress', (el) => el.checkVisibility())).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('ds160-section-title');
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
    // Kept, complete and saved: coming back shows the completion card (issue 34). The page writes its progress 300 ms
    // after the last change (client/app/storage.ts), so the write may land just after the checkout opens.
    await page.waitForFunction(
      (key, count) => (JSON.parse(localStorage.getItem(key) ?? 'null')?.completed?.length ?? 0) === count,
      { timeout: 5000 },
      STORAGE_KEY,
      DS160_FORM_SECTIONS.length,
    );
    const kept = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), STORAGE_KEY);
    expect(kept).toMatchObject({ leadId: lead.id, completed: expect.arrayContaining([...DS160_FORM_SECTIONS]) });
    expect(pageErrors(page)).toEqual([]);
  });

  it('is saved for later on one browser and finished on another with the code and the e-mail', async () => {
    const email = 'maria.twobrowsers@example.com';
    const form = validForm({ 'address-phone': { emailAddress: email } });
    const done = DS160_FORM_SECTIONS.slice(0, 8);
    const first = await openPage(e2e);
    await resume(first, { values: Object.fromEntries(done.map((s) => [s, form[s]])), current: 8, completed: done });
    // The lead is captured and the eight sections saved; then the code.
    const stored = async () => {
      const row = await e2e.server.app.db.selectFrom('leads').select(['id', 'form_data']).where('email', '=', email).executeTakeFirst();
      return row && Object.keys(JSON.parse(row.form_data)).length >= done.length ? row.id : undefined;
    };
    for (let i = 0; i < 100 && !(await stored()); i += 1) await new Promise((r) => setTimeout(r, 100));
    const leadId = await stored();
    expect(leadId).toBeDefined();
    await first.waitForSelector('[data-testid="ds160-save-later"]');
    await first.click('[data-testid="ds160-save-later"]');
    await first.waitForSelector('[data-testid="ds160-resume-code"]');
    const link = await first.$eval('[data-testid="ds160-resume-code"] a', (a) => (a as HTMLAnchorElement).href);
    expect(await seriousViolations(first)).toEqual([]);

    // Another browser, in Spanish: the link fills the code in; the e-mail is asked for.
    const second = await openPage(e2e, { languages: ['es-ES', 'es'] });
    await second.goto(link, { waitUntil: 'networkidle0' });
    await second.waitForSelector('#resume-email');
    expect(await second.$eval('#resume-code', (el) => (el as HTMLInputElement).value)).toBe(new URL(link).searchParams.get('resume')?.replace('-', ''));
    await second.type('#resume-email', 'someone.else@example.com');
    await second.click('[data-testid="ds160-resume-entry"] button[type="submit"]');
    await second.waitForSelector('[data-testid="ds160-resume-failure"]');
    expect(await textOf(second, '[data-testid="ds160-resume-failure"]')).toBe('El código o el correo electrónico no son correctos, o el código ha caducado.');
    expect(await seriousViolations(second)).toEqual([]);
    await second.$eval('#resume-email', (el) => ((el as HTMLInputElement).value = ''));
    await second.click('#resume-email', { count: 3 });
    await second.keyboard.press('Backspace');
    await second.type('#resume-email', email.toUpperCase());
    await second.click('[data-testid="ds160-resume-entry"] button[type="submit"]');
    await second.waitForSelector('section[data-section="security-background"]');
    expect(await textOf(second, '[data-testid="ds160-completed-count"]')).toContain('8/10');
    // The entry form is gone; focus is on the section the applicant continues with.
    await second.waitForFunction(() => document.activeElement?.id === 'ds160-section-title');
    await toastsGone(second);
    for (const section of ['security-background', 'photo-submission'] as const) {
      await second.waitForSelector(`section[data-section="${section}"]`, { timeout: 5000 }).catch(async () => {
        const errors = await second.$$eval('[id$="-error"]', (els) => els.map((el) => `${el.id}: ${el.textContent}`));
        throw new Error(`not on ${section}: ${errors.join('; ')}`);
      });
      await fillSection(second, section, form[section]);
      await second.click('[data-testid="ds160-next"]');
    }
    await waitForPath(second, '/checkout');
    const lead = await e2e.server.app.db.selectFrom('leads').selectAll().where('id', '=', leadId as string).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ completion_status: 'completed', subscription_plan: 'basic' });
    expect(new URL(second.url()).searchParams.get('lead')).toBe(leadId);
    expect(pageErrors(first)).toEqual([]);
    expect(pageErrors(second)).toEqual([]);
  });
});
