import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app';
import { validForm } from '../helpers/ds160Form';

// The ten-section form's lead: the server checks the same rules as the page (machines/domain/ds160Sections).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 100_000 });
});
afterAll(async () => t.close());

async function capture() {
  const res = await t.app.inject({ method: 'POST', url: '/api/leads/immediate', payload: { email: 'maria@example.com', firstName: 'Maria', formType: 'DS-160' } });
  return { leadId: res.json().leadId as string, cookie: sessionCookie(res) as string };
}

const patch = (leadId: string, cookie: string, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/leads/${leadId}/update`, payload, headers: { cookie } });

describe('the ten-section form on the server', () => {
  it('keeps a draft with only what is filled in, and refuses a wrong answer in it, naming it', async () => {
    const { leadId, cookie } = await capture();
    expect((await patch(leadId, cookie, { formData: { 'personal-info': { firstName: 'Maria' } } })).statusCode).toBe(200);
    const wrong = await patch(leadId, cookie, { formData: { 'passport-info': { passportNumber: 'A1' } } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^body\.formData\.passport-info\.passportNumber: /);
  });

  it('completes only a whole, valid form, and then names the checkout from the pricing map', async () => {
    const { leadId, cookie } = await capture();
    const form = validForm();
    const { 'family-info': _missing, ...withoutFamily } = form;
    const refused = await patch(leadId, cookie, { formData: withoutFamily, completionStatus: 'completed', subscriptionPlan: 'basic' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^body\.formData\.family-info\.fatherFirstName: /);
    const done = await patch(leadId, cookie, { formData: form, completionStatus: 'completed', subscriptionPlan: 'basic' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ completionStatus: 'completed', checkout: { formType: 'DS-160', amount: 50, plan: 'basic' } });
  });

  it('makes a whole lead in one call when none was captured', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: { name: 'Maria Lopez', email: 'maria@example.com', formType: 'DS-160', formData: validForm(), completionStatus: 'completed', paymentStatus: 'unpaid', source: 'ds160-wizard' },
    });
    expect(res.statusCode).toBe(201);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: { name: 'Maria Lopez', email: 'maria@example.com', formType: 'DS-160', formData: validForm({ 'personal-info': { birthDate: '1800-01-01' } }), completionStatus: 'completed', paymentStatus: 'unpaid', source: 'ds160-wizard' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^body\.formData\.personal-info\.birthDate: /);
  });
});
