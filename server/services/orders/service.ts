import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { transact } from '../../../db/groupCommit';
import type { Dialect, Executor } from '../../../db/index';
import { addHistory, findLeadRow, lockLeadRow, markLeadPaid, newestOwnedLead, type Owner } from '../../../db/queries/leads';
import {
  addOrderHistory,
  findAttemptByKey,
  findOrder,
  findOrderByNumber,
  finishAttempt,
  insertAttemptOnce,
  lockPaymentKey,
  insertOrder,
  paidOrdersOfLead,
  settleOrder,
} from '../../../db/queries/orders';
import { listPlans } from '../../../db/queries/plans';
import { getSetting } from '../../../db/queries/settings';
import type { LeadRow, OrderRow, PaymentAttemptRow } from '../../../db/schema';
import { cardDigits, parseExpiry, validatePaymentDetails } from '../../../machines/domain/payment';
import { toIsoDate } from '../../../machines/domain/validators';
import type { OrderDto, ProcessPayment, QuoteDto, QuoteQuery } from '../../../openapi/schemas/orders';
import { englishMessage } from '../../lib/messages';
import { badRequest, conflict, paymentRefused } from '../../lib/problems';
import { canAccess, canAccessLead, refusal, type Access } from '../access';
import type { ChargeResult, PaymentGateway } from '../payments/gateway';
import { accessCode, orderNumber } from './codes';
import { toOrderDto } from './dto';
import { isPackage, productFromWord, type PriceTable, type Product } from './products';
import { OFFICIAL_SITES, optionFor, preselect, productsFor, type QuotedLead } from './quote';

const PACKAGE_RANK: Record<string, number> = { none: 0, basic: 1, pro: 2, premium: 3 };
/** How long a repeated request waits for the first one with its key to finish before answering 409. */
const REPLAY_WAIT_MS = 5_000;

/** A second request with a key already taken: its transaction is rolled back and the first one's result answered. */
class KeyTaken extends Error {}

/**
 * Packages, quotes and orders. Every amount comes from the pricing map; an order is created pending, charged
 * through the payment gateway outside any transaction (a real gateway is a network call), then settled with its
 * lead, history and access code in one transaction. Card numbers and CVVs are read, sent to the gateway and
 * forgotten: only the brand, the last four digits and the gateway's reference are kept.
 */
export class OrderService {
  constructor(
    private readonly db: Executor,
    private readonly dialect: Dialect,
    private readonly gateway: PaymentGateway,
    private readonly log: FastifyBaseLogger,
  ) {}

  async priceTable(): Promise<PriceTable> {
    const [pricing, fees, packages] = await Promise.all([getSetting(this.db, 'pricing'), getSetting(this.db, 'fees'), listPlans(this.db)]);
    return { pricing, fees, packages };
  }

  /** POST /api/packages/purchase: the checkout link for a package (DECISIONS.md). */
  purchase(planId: string): { checkoutUrl: string } {
    const product = productFromWord(planId);
    if (!product || !isPackage(product)) throw badRequest('planId', 'is not a plan (basic, pro or premium)');
    return { checkoutUrl: `/checkout?plan=${product}` };
  }

  /** GET /api/checkout/quote: what this checkout link offers, at the server's prices, for which application. */
  async quote(access: Access, query: QuoteQuery): Promise<QuoteDto> {
    const table = await this.priceTable();
    const lead = await this.leadFor(access, query);
    const quoted = lead && (await this.quoted(lead));
    const { service, products } = productsFor(query, quoted);
    const options = products.map((product) => optionFor(product, service, quoted, table));
    return {
      service,
      options,
      selected: preselect(query, options),
      lead: lead ? { id: lead.id, formType: lead.form_type, name: lead.name } : null,
      officialSite: OFFICIAL_SITES[service],
    };
  }

  /** POST /api/checkout/process. */
  async process(owner: Owner, access: Access, body: ProcessPayment): Promise<OrderDto> {
    const details = body.paymentDetails;
    const [field, error] = Object.entries(validatePaymentDetails(details, toIsoDate(new Date())))[0] ?? [];
    if (field && error) throw badRequest(`paymentDetails.${field}`, englishMessage(error));

    const earlier = await findAttemptByKey(this.db, body.idempotencyKey);
    if (earlier) return this.replay(earlier, access, body);

    const table = await this.priceTable();
    const lead = body.leadId ? await this.ownedLead(access, body.leadId) : null;
    const quoted = lead && (await this.quoted(lead));
    const { service, products } = productsFor({ plan: body.plan }, quoted);
    if (!products.includes(body.plan)) throw badRequest('plan', lead ? 'is not sold for this application' : 'is not sold without an application');
    const option = optionFor(body.plan, service, quoted, table);
    if (!option.available) {
      // A double click: the first request with this key may have paid for the package since this one looked. It
      // answers what the first one got, not that the package is owned.
      const first = await findAttemptByKey(this.db, body.idempotencyKey);
      if (first) return this.replay(first, access, body);
      throw conflict('This application already has this package or a higher one.');
    }
    if (body.amount !== undefined && Math.round(body.amount * 100) !== option.price.total) {
      // A stale page or a tampered one: either way the server's price is charged, and the page shows it after.
      this.log.info({ plan: body.plan, sent: body.amount, charged: option.price.total }, 'checkout amount differs from the price');
    }

    const now = new Date();
    const at = now.toISOString();
    const order: OrderRow = {
      id: randomUUID(),
      number: orderNumber(now),
      owner_token: owner.ownerToken,
      user_id: owner.userId,
      lead_id: lead?.id ?? null,
      service,
      plan: body.plan,
      service_fee_cents: option.price.serviceFee,
      credit_cents: option.price.credit,
      processing_fee_cents: option.price.processingFee,
      total_cents: option.price.total,
      government_fee_cents: option.price.governmentFee,
      status: 'pending',
      card_brand: null,
      card_last4: null,
      gateway_ref: null,
      failure: null,
      access_code: null,
      created_at: at,
      updated_at: at,
      paid_at: null,
    };
    const attempt: PaymentAttemptRow = {
      id: randomUUID(),
      order_id: order.id,
      idempotency_key: body.idempotencyKey,
      status: 'pending',
      decline_code: null,
      card_brand: null,
      card_last4: null,
      gateway_ref: null,
      created_at: at,
    };
    try {
      await transact(this.db, async (trx) => {
        // Key first, then a look for an earlier attempt before the order is written: on PostgreSQL, a second
        // request that wrote its order (a share lock on the lead) and then waited on the first one's attempt
        // deadlocked with the first one paying (which locks the lead).
        await lockPaymentKey(trx, this.dialect, body.idempotencyKey);
        if (await findAttemptByKey(trx, body.idempotencyKey)) throw new KeyTaken();
        await insertOrder(trx, order);
        if (!(await insertAttemptOnce(trx, attempt))) throw new KeyTaken();
        await addOrderHistory(trx, order.id, 'pending', 'Order created', at);
      });
    } catch (err) {
      if (!(err instanceof KeyTaken)) throw err;
      return this.replay((await findAttemptByKey(this.db, body.idempotencyKey)) as PaymentAttemptRow, access, body);
    }

    const expiry = parseExpiry(details.expiryDate) as { month: number; year: number };
    const result = await this.gateway.charge({
      amountCents: order.total_cents,
      currency: 'USD',
      card: { number: cardDigits(details.cardNumber), expMonth: expiry.month, expYear: expiry.year, cvv: details.cvv.trim(), name: details.cardName.trim() },
      billing: { address: details.billingAddress.trim(), city: details.city.trim(), zipCode: details.zipCode.trim(), country: details.country.trim() },
      idempotencyKey: body.idempotencyKey,
      description: `${order.number} ${order.service} ${order.plan}`,
    });
    const settled = await this.settle(order, attempt, result);
    if (result.status !== 'succeeded') throw paymentRefused(result.message, result.code);
    return toOrderDto(settled, table);
  }

  /** GET /api/orders/{id}: the order as stored, for its owner only. */
  async get(access: Access, orderId: string): Promise<OrderDto> {
    const row = await findOrder(this.db, orderId);
    if (!row || !canAccess(access, row)) throw refusal(Boolean(row), 'order');
    return toOrderDto(row, await this.priceTable());
  }

  /** An order by its confirmation number, for its owner only (the PDFs), with its lead when it has one. */
  async byNumber(access: Access, number: string): Promise<{ order: OrderDto; lead: LeadRow | null }> {
    const row = await findOrderByNumber(this.db, number.trim());
    if (!row || !canAccess(access, row)) throw refusal(Boolean(row), 'order');
    const lead = row.lead_id ? ((await findLeadRow(this.db, row.lead_id)) ?? null) : null;
    return { order: toOrderDto(row, await this.priceTable()), lead };
  }

  /** The charge's outcome, with everything it changes, in one transaction. */
  private async settle(order: OrderRow, attempt: PaymentAttemptRow, result: ChargeResult): Promise<OrderRow> {
    const at = new Date().toISOString();
    const card = { card_brand: result.brand, card_last4: result.last4, gateway_ref: result.reference };
    return transact(this.db, async (trx) => {
      if (result.status !== 'succeeded') {
        const change = { status: 'failed' as const, ...card, failure: result.message, updated_at: at };
        await settleOrder(trx, order.id, 'pending', change);
        await addOrderHistory(trx, order.id, 'failed', `${result.code}: ${result.message}`, at);
        await finishAttempt(trx, attempt.id, { status: result.status, decline_code: result.code, ...card });
        return { ...order, ...change };
      }
      const code = order.plan === 'premium' ? await this.freeAccessCode(trx) : null;
      const change = { status: 'paid' as const, ...card, access_code: code, paid_at: at, updated_at: at };
      await settleOrder(trx, order.id, 'pending', change);
      await addOrderHistory(trx, order.id, 'paid', `Charged ${(order.total_cents / 100).toFixed(2)} USD to ${result.brand} ending in ${result.last4}`, at);
      await finishAttempt(trx, attempt.id, { status: 'succeeded', decline_code: null, ...card });
      if (order.lead_id) await this.markPaid(trx, order, at);
      return { ...order, ...change };
    });
  }

  private async markPaid(trx: Executor, order: OrderRow, at: string): Promise<void> {
    const lead = await lockLeadRow(trx, this.dialect, order.lead_id as string);
    if (!lead) return;
    const plan = isPackage(order.plan) && PACKAGE_RANK[order.plan]! > PACKAGE_RANK[lead.subscription_plan]! ? order.plan : lead.subscription_plan;
    await markLeadPaid(trx, lead.id, {
      completion_status: lead.completion_status === 'completed' ? 'paid' : lead.completion_status,
      subscription_plan: plan,
      updated_at: at,
    });
    await addHistory(trx, lead.id, 'paid', `paid: ${order.plan} (order ${order.number})`, at);
  }

  /** Collisions are all but impossible (2·10^10 codes); the loop makes "all but" into "never". */
  private async freeAccessCode(trx: Executor): Promise<string> {
    for (;;) {
      const code = accessCode();
      const taken = await trx.selectFrom('orders').select('id').where('access_code', '=', code).executeTakeFirst();
      if (!taken) return code;
    }
  }

  /**
   * A request whose key was used before answers what the first one got, once it has finished: the same order, or
   * the same refusal. The key must come from the same session and describe the same purchase.
   */
  private async replay(attempt: PaymentAttemptRow, access: Access, body: ProcessPayment): Promise<OrderDto> {
    let order = await findOrder(this.db, attempt.order_id);
    if (!order || !canAccess(access, order) || order.plan !== body.plan || order.lead_id !== (body.leadId ?? null)) {
      throw conflict('This idempotency key was already used for a different payment; make a new key for a new attempt.');
    }
    const deadline = Date.now() + REPLAY_WAIT_MS;
    while (order.status === 'pending' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      order = (await findOrder(this.db, attempt.order_id)) as OrderRow;
    }
    if (order.status === 'pending') throw conflict('This payment is still being processed. Check the order before paying again.');
    if (order.status !== 'paid') {
      const settled = (await findAttemptByKey(this.db, attempt.idempotency_key)) ?? attempt;
      throw paymentRefused(order.failure ?? 'The payment was not accepted.', settled.decline_code ?? 'card_declined');
    }
    return toOrderDto(order, await this.priceTable());
  }

  /** The lead a checkout is for: the one the link names (the asker's own), else their newest of that form. */
  private async leadFor(access: Access, query: QuoteQuery): Promise<LeadRow | null> {
    if (query.lead) return this.ownedLead(access, query.lead);
    const { service } = productsFor(query, null);
    return (await newestOwnedLead(this.db, access, service)) ?? null;
  }

  private async ownedLead(access: Access, id: string): Promise<LeadRow> {
    const row = await findLeadRow(this.db, id);
    if (!row || !canAccessLead(access, row)) throw refusal(Boolean(row));
    return row;
  }

  private async quoted(lead: LeadRow): Promise<QuotedLead> {
    const paid = await paidOrdersOfLead(this.db, lead.id);
    return {
      id: lead.id,
      formType: lead.form_type,
      source: lead.source,
      paid: paid.map((o) => ({ product: o.plan as Product, serviceFee: o.service_fee_cents })),
    };
  }
}
