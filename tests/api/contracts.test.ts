import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../db/queries/settings';
import { loadConfig } from '../../server/config';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('request contracts', () => {
  it('answers 400 naming a misspelt field instead of dropping it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/leads/immediate', payload: { emial: 'a@example.com', email: 'a@example.com', formType: 'ESTA' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'body.emial: is not a known field' });
  });

  it('answers 400 naming an unknown query parameter', async () => {
    const res = await t.app.inject({ url: '/api/eligibility', query: { country: 'Spain', purpose: 'tourism', lang: 'es' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('querystring.lang: is not a known field');
  });

  it('accepts the spec legacy spellings but refuses two that disagree', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: { email: 'a@example.com', formType: 'DS-160', service: 'ESTA', source: 'api' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('body.service: must match formType when both are sent');
  });
});

describe('checkout offers come from the pricing map', () => {
  async function finishEsta(): Promise<{ url: string; amount: number }> {
    const captured = await t.app.inject({ method: 'POST', url: '/api/leads/immediate', payload: { email: 'offer@example.com', formType: 'ESTA' } });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/leads/${captured.json().leadId}/update`,
      payload: { formData: {} },
      headers: { cookie: sessionCookie(captured) as string },
    });
    expect(res.statusCode).toBe(200);
    return res.json().checkout;
  }

  it('ESTA: the ESTA price is our service fee, and it follows a price change', async () => {
    expect(await finishEsta()).toMatchObject({ amount: 77, url: expect.stringMatching(/^\/checkout\?formType=ESTA&amount=77&lead=[0-9a-f-]{36}$/) });
    await t.app.site.setPricing({ ...DEFAULT_SETTINGS.pricing, ESTA: 120 });
    expect(await finishEsta()).toMatchObject({ amount: 120, url: expect.stringMatching(/^\/checkout\?formType=ESTA&amount=120&lead=[0-9a-f-]{36}$/) });
    await t.app.site.setPricing(DEFAULT_SETTINGS.pricing);
  });
});

describe('configuration', () => {
  it('is checked at start-up, naming the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '-5' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(loadConfig({ PORT: '8080' }).port).toBe(8080);
  });
});
