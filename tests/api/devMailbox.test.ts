import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { MailboxDto } from '../../openapi/schemas/mail';
import { createTestApp, type TestApp } from '../helpers/app';

// The development mailbox (issue 43): without SMTP_URL, outside production, the messages written as files are
// listed for the person at the server's own machine, so one running `npm start` opens their links. A deployment
// (NODE_ENV=production) or a server with SMTP has no mailbox at all, whoever asks.

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});
const noSmtp = { smtpUrl: undefined, from: undefined, dkim: undefined, retries: 2, retrySeconds: 1, leaseSeconds: 120 };
const routes = (id: string) => ['/api/dev/mailbox', `/api/dev/mailbox/${id}/html`, `/api/dev/mailbox/${id}/eml`];

async function withMessage(t: TestApp): Promise<string> {
  const email = `box.${randomUUID().slice(0, 8)}@example.com`;
  const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'mailbox-password-1' } });
  expect(signup.statusCode, signup.body).toBe(201);
  return email;
}

describe('the development mailbox', () => {
  it('lists the messages written as files, with their links, to the server’s own machine only', async () => {
    const t = await createTestApp({ production: false, mail: noSmtp });
    apps.push(t);
    const email = await withMessage(t);
    let box: MailboxDto = { messages: [] };
    for (let i = 0; i < 100 && !box.messages.some((m) => m.to === email); i += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '127.0.0.1' });
      expect(res.statusCode, res.body).toBe(200);
      box = res.json() as MailboxDto;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const message = box.messages.find((m) => m.to === email);
    expect(message?.text).toMatch(/https?:\/\/\S+\?token=/);
    const html = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox/${message?.id as string}/html`, remoteAddress: '127.0.0.1' });
    expect(html.statusCode).toBe(200);
    // A browser opening the address gets a page: the message with its link to follow, its HTML and its file.
    const page = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '127.0.0.1', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-language': 'es' } });
    expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page.body).toContain('Buzón de desarrollo');
    const link = /https?:\/\/\S+\?token=[^\s"<]+/.exec(message?.text ?? '')?.[0] as string;
    expect(page.body).toContain(`<a href="${link}">`);
    expect(page.body).toContain(`/api/dev/mailbox/${message?.id as string}/html`);
    expect(page.body).not.toMatch(/<script/i);
    // A program asking for JSON still gets the list.
    const json = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '127.0.0.1', headers: { accept: 'application/json' } });
    expect(json.json()).toHaveProperty('messages');
    // Another machine on the network has no mailbox.
    for (const url of routes(message?.id as string)) expect((await t.app.inject({ method: 'GET', url, remoteAddress: '10.9.8.7' })).statusCode, url).toBe(404);
  });

  it('does not exist in production, nor with an SMTP server, even to the server’s own machine', async () => {
    for (const overrides of [{ production: true, mail: noSmtp }, { production: false, mail: { ...noSmtp, smtpUrl: 'smtp://127.0.0.1:9' } }]) {
      const t = await createTestApp(overrides);
      apps.push(t);
      await withMessage(t);
      for (const url of routes('00000000')) {
        const res = await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { accept: 'text/html' } });
        expect(res.statusCode, `${url} (production ${overrides.production})`).toBe(404);
        expect(res.body).not.toContain('token=');
      }
    }
  });
});
