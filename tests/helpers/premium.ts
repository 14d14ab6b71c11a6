import { randomUUID } from 'node:crypto';
import { ds160Catalog } from '../../machines/domain/catalogs/index';
import type { OrderStatus } from '../../db/schema';
import { completeAnswers } from './answers';
import { sessionCookie, type TestApp } from './app';
import { PAYING_CARD as CARD } from './card';

// Premium orders for the interview's tests (issue 15): a real one through the checkout, and rows in any state.


let client = 0;
const address = () => {
  client += 1;
  return `10.7.${(client >> 8) & 255}.${client & 255}`;
};

/** A lead (with `formData`, else complete question-wizard answers) paid for with Premium at the real checkout: its access code. */
export async function paidPremiumCode(t: TestApp, formData: Record<string, unknown> = completeAnswers(ds160Catalog)): Promise<string> {
  const lead = await t.app.inject({
    method: 'POST',
    url: '/api/leads',
    remoteAddress: address(),
    payload: {
      name: 'Maria Lopez',
      email: `maria.${randomUUID().slice(0, 8)}@example.com`,
      phone: '+34 612 345 678',
      formType: 'DS-160',
      nationality: 'Mexico',
      travelPurpose: 'Tourism/Vacation',
      formData,
      completionStatus: 'completed',
      paymentStatus: 'pending',
      source: 'personal-info' in formData ? 'ds160-wizard' : 'apply-wizard',
    },
  });
  if (lead.statusCode !== 201) throw new Error(`lead refused: ${lead.body}`);
  const cookie = sessionCookie(lead) as string;
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/process',
    remoteAddress: address(),
    headers: { cookie },
    payload: { plan: 'premium', leadId: lead.json().id, email: 'buyer@example.com', idempotencyKey: `k_${randomUUID().replace(/-/g, '')}`, paymentDetails: CARD },
  });
  const code = paid.json().accessCode;
  if (typeof code !== 'string') throw new Error(`no access code: ${paid.statusCode} ${paid.body}`);
  return code;
}

/** An order row in a given state holding `code`, for the states the checkout does not leave behind on demand. */
export async function premiumOrderRow(t: TestApp, status: OrderStatus, code: string, plan: 'premium' | 'pro' = 'premium'): Promise<void> {
  const now = new Date().toISOString();
  await t.app.db
    .insertInto('orders')
    .values({
      id: randomUUID(), number: `RB-000000-${randomUUID().slice(0, 8).toUpperCase()}`, owner_token: 'someone-else', user_id: null, lead_id: null,
      service: 'DS-160', plan, service_fee_cents: 15000, credit_cents: 0, processing_fee_cents: 299, total_cents: 15299,
      government_fee_cents: 18500, status, card_brand: null, card_last4: null, gateway_ref: null, failure: null,
      access_code: code, created_at: now, updated_at: now, paid_at: status === 'paid' ? now : null,
    })
    .execute();
}

type Send = (method: 'GET' | 'POST', url: string, payload?: unknown) => Promise<{ statusCode: number; json: () => any; body: string }>;

/**
 * The questions of an interview prepared from pasted text (issue 42): the preparation answers at once when it is done,
 * or says it is under way, and then the interview's state is followed until its questions are there.
 */
export async function preparedQuestions(send: Send, body: { formData?: string; useSaved?: boolean; language: string }): Promise<any[]> {
  const prep = await send('POST', '/api/premium/interview-prep', body);
  if (prep.statusCode === 200 && Array.isArray(prep.json().questions) && prep.json().questions.length) return prep.json().questions;
  if (prep.statusCode !== 200 && prep.statusCode !== 202) throw new Error(`interview-prep answered ${prep.statusCode}: ${prep.body}`);
  for (let i = 0; i < 600; i++) {
    const state = await send('GET', `/api/premium/interview?language=${body.language}&explicit=true`);
    const interview = state.json().interview;
    if (interview?.status === 'ready' && interview.questions.length) return interview.questions;
    if (interview?.status === 'failed') throw new Error('the preparation failed');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the preparation never finished');
}
