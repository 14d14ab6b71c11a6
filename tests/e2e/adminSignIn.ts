import type { Page } from 'puppeteer-core';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { codeAt, nextCode, rememberEnrolment, stepOf } from '../helpers/admin';
import { TEST_ADMIN } from '../helpers/app';

// An operator signing in at /teamomora as a person does (issue 44): the password, then whatever the gate asks next
// (setting up two-factor sign-in with the key the page shows, or the app's code), until the dashboard shows.

export async function signInAtGate(page: Page, app: FastifyInstance, account: { username: string; password: string } = TEST_ADMIN): Promise<'enrolled' | 'code' | 'none'> {
  await page.waitForSelector('#admin-username');
  await page.type('#admin-username', account.username);
  await page.type('#admin-password', account.password);
  await page.click('[data-testid="admin-submit"]');
  const next = await page.waitForSelector('[data-testid="totp-secret"], #admin-code, [data-testid="card-visitors"]');
  const what = await next?.evaluate((el) => el.id || el.getAttribute('data-testid'));
  if (what === 'totp-secret') {
    const secret = (await next?.evaluate((el) => el.textContent)) as string;
    const step = stepOf(Date.now());
    await page.type('#admin-enrol-code', await codeAt(secret, step));
    await page.click('[data-testid="admin-enrol-submit"]');
    await page.waitForSelector('[data-testid="recovery-codes"]');
    const codes = await page.$$eval('[data-testid="recovery-codes"] code', (els) => els.map((e) => e.textContent ?? ''));
    expect(codes).toHaveLength(10);
    await rememberEnrolment(app, account.username, secret, codes, step);
    await page.click('[data-testid="recovery-continue"]');
    await page.waitForSelector('[data-testid="card-visitors"]');
    return 'enrolled';
  }
  if (what === 'admin-code') {
    await page.type('#admin-code', await nextCode(app, account.username));
    await page.click('[data-testid="admin-code-submit"]');
    await page.waitForSelector('[data-testid="card-visitors"]');
    return 'code';
  }
  return 'none';
}
