import { randomUUID } from 'node:crypto';
import { ds160Catalog } from '../../machines/domain/catalogs';
import type { PaymentField } from '../../machines/domain/payment';
import type { OrderPlan, OrderStatus } from '../../db/schema';
import { answersFor } from '../helpers/answers';
import type { World } from './model';

// What the commerce paths set up in the path's own session, through the real routes.

export const CARDS = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', invalid: '4242 4242 4242 4241' } as const;

export const FILLED: Record<PaymentField, string> = {
  cardNumber: CARDS.success,
  expiryDate: '12/39',
  cvv: '123',
  cardName: 'Maria Lopez',
  billingAddress: 'Calle Mayor 12',
  city: 'Madrid',
  zipCode: '28013',
  country: 'Spain',
};

/** A completed DS-160 application, as the wizard leaves it before checkout; its lead id. */
export async function application(world: World, email = `maria.${randomUUID().slice(0, 8)}@example.com`): Promise<string> {
  const res = await world.http({
    method: 'POST',
    path: '/api/leads',
    body: {
      name: 'Maria Lopez',
      email,
      phone: '+34 612 345 678',
      formType: 'DS-160',
      nationality: 'Spain',
      travelPurpose: 'Tourism/Vacation',
      formData: answersFor(ds160Catalog),
      completionStatus: 'completed',
      paymentStatus: 'pending',
      source: 'apply-wizard',
    },
  });
  return (JSON.parse(res.text) as { id: string }).id;
}

/** Pays for a package of the lead; the order's id, paid or failed. */
export async function pay(world: World, plan: string, leadId: string, cardNumber: string = CARDS.success): Promise<string> {
  await world.http({
    method: 'POST',
    path: '/api/checkout/process',
    body: { plan, leadId, email: 'buyer@example.com', idempotencyKey: `path_${randomUUID()}`, paymentDetails: { ...FILLED, cardNumber } },
  });
  const order = await world.app.db.selectFrom('orders').select('id').where('lead_id', '=', leadId).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  return order.id;
}

/**
 * An order of this session in a state no checkout leaves it in from the page (the gateway has not answered yet,
 * or an operator refunded it): a copy of a real paid order with another status.
 */
export async function orderWithStatus(world: World, status: OrderStatus): Promise<string> {
  const source = await world.app.db.selectFrom('orders').selectAll().where('id', '=', await pay(world, 'basic', await application(world))).executeTakeFirstOrThrow();
  const id = randomUUID();
  await world.app.db
    .insertInto('orders')
    .values({ ...source, id, number: `RB-${source.number.slice(3, 10)}${randomUUID().slice(0, 8).toUpperCase()}`, status, access_code: null, paid_at: status === 'pending' ? null : source.paid_at })
    .execute();
  return id;
}

/**
 * Another tab bought this package for the application and its server died before settling it: the order is
 * pending, past its grace period, and the gateway's record says charged. The next purchase touching the
 * application makes the server reconcile it first (it is then paid).
 */
export async function chargedInAnotherTab(world: World, leadId: string, bought: { service: 'DS-160' | 'ESTA'; plan: OrderPlan; serviceFee: number }): Promise<void> {
  const lead = await world.app.db.selectFrom('leads').select(['owner_token', 'user_id']).where('id', '=', leadId).executeTakeFirstOrThrow();
  const at = new Date(Date.now() - 2 * 3_600_000).toISOString();
  const id = randomUUID();
  const key = `other_tab_${randomUUID()}`;
  const total = bought.serviceFee + 299;
  await world.app.db
    .insertInto('orders')
    .values({
      id,
      number: `RB-TAB-${id.slice(0, 8).toUpperCase()}`,
      owner_token: lead.owner_token,
      user_id: lead.user_id,
      lead_id: leadId,
      service: bought.service,
      plan: bought.plan,
      service_fee_cents: bought.serviceFee,
      credit_cents: 0,
      processing_fee_cents: 299,
      total_cents: total,
      government_fee_cents: bought.service === 'ESTA' ? 2_200 : 18_500,
      status: 'pending',
      card_brand: null,
      card_last4: null,
      gateway_ref: null,
      failure: null,
      access_code: null,
      receipt_email: 'maria@example.com',
      settled_by: null,
      created_at: at,
      updated_at: at,
      paid_at: null,
    })
    .execute();
  await world.app.db.insertInto('payment_attempts').values({ id: randomUUID(), order_id: id, idempotency_key: key, status: 'pending', decline_code: null, card_brand: null, card_last4: null, gateway_ref: null, created_at: at }).execute();
  await world.app.db
    .insertInto('gateway_charges')
    .values({ idempotency_key: key, amount_cents: total, status: 'succeeded', code: null, message: null, reference: `test_ch_${randomUUID().slice(0, 24)}`, brand: 'visa', last4: '4242', created_at: at })
    .execute();
}

/** The decline codes the interface words itself (spec 1-core §8 with issue 34); any other failure says the default. */
const DECLINES = ['card_declined', 'insufficient_funds', 'processing_error', 'expired_card', 'incorrect_cvc', 'incorrect_number'];

/** 'Payment Failed' as the page must say it: the decline's reason in the interface language, or the spec's default. */
export function paymentFailedToast(code: string | undefined) {
  return {
    title: 'commerce:toast.paymentFailed.title',
    description: code && DECLINES.includes(code) ? `commerce:decline.${code}` : 'commerce:toast.paymentFailed.description',
    variant: 'destructive',
  };
}

export const PAID_TOAST = { title: 'commerce:toast.paid.title', description: 'commerce:toast.paid.description' };
export const MISSING_TOAST = { title: 'commerce:toast.missing.title', description: 'commerce:toast.missing.description', variant: 'destructive' };

/** The toasts a path's machine asked for so far, as the page would show them. */
export const toastsOf = (world: World) => world.effects.filter((e) => e.type === 'toast').map((e) => e.params.toast);
