import type { Page } from 'puppeteer-core';
import { validForm } from '../helpers/ds160Form';

/**
 * Types the ten-section form's personal section as a person does (validForm's answers); the two countries only
 * when asked, since the start flow may have answered them already.
 */
export async function typePersonalInfo(page: Page, { countries }: { countries: boolean }): Promise<void> {
  const personal = validForm()['personal-info'];
  await page.type('#f-firstName', String(personal.firstName));
  await page.type('#f-lastName', String(personal.lastName));
  await page.select('#f-gender', String(personal.gender));
  await page.select('#f-maritalStatus', String(personal.maritalStatus));
  await page.type('#f-birthDate', '05201990');
  await page.type('#f-birthCity', String(personal.birthCity));
  if (!countries) return;
  await page.select('#f-birthCountry', String(personal.birthCountry));
  await page.select('#f-nationality', String(personal.nationality));
}
