import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSmtp, linkIn, type Received } from '../helpers/smtp';
import { audit } from './axe';
import { openPage, pageErrors, startE2E, textOf, waitForApp, waitForPath, type E2E } from './browser';

// A forgotten password by e-mail alone (issue 43), as a person on a phone in Spanish meets it: "¿Olvidaste tu
// contraseña?" on the sign-in page, the address, the message read from a real SMTP server, the link, a new password
// twice, and the dashboard signed in. axe-core on the three screens.

const smtp = new TestSmtp();
let e2e: E2E;
beforeAll(async () => {
  await smtp.start();
  e2e = await startE2E({ mail: { smtpUrl: smtp.url, from: 'Rumbo <hola@rumbo.test>', dkim: undefined, retries: 6, retrySeconds: 1, leaseSeconds: 120 } });
});
afterAll(async () => {
  await e2e.close();
  await smtp.stop();
});

describe('a forgotten password, on a phone in Spanish', () => {
  it('asks the address, e-mails a link, takes a new password twice and signs in with it', async () => {
    const app = e2e.server.app;
    const email = `olvido.${randomUUID().slice(0, 8)}@example.com`;
    const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'the old passphrase' } });
    expect(signup.statusCode, signup.body).toBe(201);

    const page = await openPage(e2e, { languages: ['es-ES', 'es'], width: 375 });
    await page.goto(`${e2e.baseUrl}/login`, { waitUntil: 'networkidle0' });
    await waitForApp(page);
    expect(await textOf(page, '[data-testid="forgot-password"]')).toBe('¿Olvidaste tu contraseña?');
    await page.click('[data-testid="forgot-password"]');
    await waitForPath(page, '/forgot-password');
    await page.waitForSelector('[data-testid="link-email"]');
    expect(await textOf(page, '#mail-link-title')).toBe('¿Olvidaste tu contraseña?');
    expect(await audit(page, 'forgot password (es, 375 px)')).toBe('');

    // A wrong address is refused on the page, with focus on the field; then the real one.
    await page.type('[data-testid="link-email"]', 'no-es-un-correo');
    await page.click('[data-testid="link-request-submit"]');
    await page.waitForSelector('[data-testid="link-email"][aria-invalid="true"]');
    await page.waitForFunction(() => document.activeElement?.id === 'link-email');
    await page.click('[data-testid="link-email"]', { count: 3 });
    await page.keyboard.press('Backspace');
    await page.type('[data-testid="link-email"]', ` ${email} `);
    await page.click('[data-testid="link-request-submit"]');
    await page.waitForSelector('[data-testid="link-requested"]');
    const said = await textOf(page, '[data-testid="link-requested"]');
    expect(said).toContain(email);
    expect(said).toMatch(/va en camino/);
    expect(said).not.toMatch(/enviado/i);
    expect(await audit(page, 'reset link asked (es, 375 px)')).toBe('');

    // The message, in the language of the page that asked for it (the sign-up's own verification came before it).
    const isReset = (m: Received) => m.to === email && (m.mail.text ?? '').includes('/reset-password?token=');
    const message = (await smtp.until((r) => r.some(isReset))).find(isReset) as Received;
    expect(message.mail.headers.get('content-language')).toBe('es');
    const { token } = linkIn(message.mail, '/reset-password');

    // The link, as the mail client opens it (only the address's host is this test server's).
    await page.goto(`${e2e.baseUrl}/reset-password?token=${token}`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid="reset-password"]');
    expect(await textOf(page, '#mail-link-title')).toBe('Elige una nueva contraseña');
    expect(await audit(page, 'new password (es, 375 px)')).toBe('');
    await page.type('[data-testid="reset-password"]', 'una contraseña nueva');
    await page.type('[data-testid="reset-confirm"]', 'una contraseña nueva');
    await page.click('[data-testid="reset-submit"]');
    await waitForPath(page, '/dashboard');
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).json());
    expect(me.user?.email).toBe(email);
    // Nothing on the phone is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The new password is the one that works now, and the link does not work twice.
    const login = (password: string) => app.inject({ method: 'POST', url: '/api/auth/user-login', payload: { email, password } });
    expect((await login('una contraseña nueva')).statusCode).toBe(200);
    expect((await login('the old passphrase')).statusCode).toBe(401);
    const second = await openPage(e2e, { languages: ['es-ES', 'es'], width: 375 });
    await second.goto(`${e2e.baseUrl}/reset-password?token=${token}`, { waitUntil: 'networkidle0' });
    await second.waitForSelector('[data-testid="link-problem"]');
    expect(await textOf(second, '#mail-link-title')).toBe('Este enlace ya se usó');
    expect(pageErrors(page).filter((e) => !e.includes('401'))).toEqual([]);
  });
});
