import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { confirmationMachine } from '../../machines/confirmation.machine';
import { confirmationView, receiptMailOf } from '../../machines/confirmation.view';

const ORDER_ID = '8f0c6a52-5d0e-4c1f-9a57-2b1f6c1f0a11';

/** The page's view after the server answered with an order of this status, product and application. */
async function viewOf(order: { status: string; product: string; leadId: string | null; groupPaymentId?: string | null }) {
  const actor = createActor(
    confirmationMachine.provide({ actors: { fetchOrder: fromPromise(async () => ({ id: ORDER_ID, number: 'RB-1', accessCode: null, formReady: true, service: 'ESTA', price: { governmentFee: 40 }, ...order })) } as never }),
    { input: { orderId: ORDER_ID } },
  ).start();
  return confirmationView(await waitFor(actor, (s) => !s.hasTag('busy')));
}

describe('confirmation view', () => {
  // The interview opens in the interface's language and follows the header's switch: a link that named the page's
  // language would lock it (`?lang=` is an explicit choice), and made the page hand its language to a rule.
  it('links a paid Premium order with its code to both interviews, naming no language; no other order', async () => {
    const premium = await viewOf({ status: 'paid', product: 'premium', leadId: null, accessCode: 'PREM-1234' } as never);
    expect(premium.premiumLinks).toEqual({ text: '/entrevista2095', voice: '/intervgpt' });
    expect((await viewOf({ status: 'paid', product: 'premium', leadId: null })).premiumLinks).toBeNull();
    expect((await viewOf({ status: 'paid', product: 'pro', leadId: null, accessCode: 'X' } as never)).premiumLinks).toBeNull();
  });

  it('says a receipt was e-mailed only when a mail server took it or it is on its way; otherwise nothing (download it)', async () => {
    for (const state of ['sent', 'queued'] as const) expect(receiptMailOf({ receiptMail: { to: 'a@example.com', state } })).toEqual({ state, to: 'a@example.com' });
    for (const state of ['failed', 'notSent'] as const) expect(receiptMailOf({ receiptMail: { to: 'a@example.com', state } })).toBeNull();
    expect(receiptMailOf({ receiptMail: null })).toBeNull();
    expect(receiptMailOf({})).toBeNull();
    expect(receiptMailOf(null)).toBeNull();
    const view = await viewOf({ status: 'paid', product: 'basic', leadId: null, receiptMail: { to: 'a@example.com', state: 'queued' } } as never);
    expect([view.receiptMail, view.receiptMailTo]).toEqual(['queued', 'a@example.com']);
  });

  // 'Try again' on a declined payment reopens the checkout of the same option, for the same application: stated
  // here as the addresses themselves (the paths' oracle no longer calls the rule it judges).
  it.each([
    [{ status: 'failed', product: 'premium', leadId: 'lead-7' }, '/checkout?plan=premium&lead=lead-7'],
    [{ status: 'failed', product: 'basic', leadId: null }, '/checkout?plan=basic'],
    [{ status: 'paid', product: 'premium', leadId: 'lead-7' }, null],
    [{ status: 'pending', product: 'basic', leadId: 'lead-7' }, null],
    [{ status: 'refunded', product: 'basic', leadId: 'lead-7' }, null],
  ])('an order %o retries to %s', async (order, retryTo) => {
    expect((await viewOf(order)).retryTo).toBe(retryTo);
  });

  // Issue 45 item 22: one application paid alone can still take the family (the form, with its add-traveller form
  // open); a group's line is one already, and an order not paid offers no add.
  it.each([
    [{ status: 'paid', product: 'basic', leadId: 'lead-7' }, '/apply/esta-wizard?traveller=lead-7&add-traveller=1'],
    [{ status: 'paid', product: 'basic', leadId: 'lead-7', groupPaymentId: 'gp-1' }, null],
    [{ status: 'paid', product: 'basic', leadId: null }, null],
    [{ status: 'failed', product: 'basic', leadId: 'lead-7' }, null],
  ])('an order %o adds the family at %s', async (order, addFamily) => {
    expect((await viewOf({ groupPaymentId: null, ...order })).family?.addFamily ?? null).toBe(addFamily);
  });
});
