import type { FastifyBaseLogger } from 'fastify';
import type { Db, Dialect } from '../../../db/index';
import { completionOfLeads, findLeadRow, newestOwnedLead, type Owner } from '../../../db/queries/leads';
import { findAttemptByKey, findOrder, findOrderByNumber, ownedOrders, paidOrdersOfLead } from '../../../db/queries/orders';
import { listGovernmentFees } from '../../../db/queries/governmentFees';
import { listPlans } from '../../../db/queries/plans';
import { getSetting } from '../../../db/queries/settings';
import { findUser } from '../../../db/queries/users';
import type { LeadRow, OrderRow, PaymentAttemptRow } from '../../../db/schema';
import { dayOf } from '../../../machines/domain/governmentFees';
import { cardDigits, parseExpiry, validatePaymentDetails } from '../../../machines/domain/payment';
import { isValidEmail, toIsoDate } from '../../../machines/domain/validators';
import type { OrderDto, ProcessPayment, QuoteDto, QuoteQuery } from '../../../openapi/schemas/orders';
import { englishMessage } from '../../lib/messages';
import { badRequest, conflict, notFound, orderConflict, paymentRefused } from '../../lib/problems';
import { canAccess, canAccessLead, refusal, type Access } from '../access';
import type { PaymentGateway } from '../payments/gateway';
import { toOrderDto } from './dto';
import { isPackage, productFromWord, type PriceTable } from './products';
import { OFFICIAL_SITES, optionFor, preselect, productsFor, quotedLead, type QuotedLead } from './quote';
import type { Reconciler } from './reconcile';
import { reserve, type Reservation } from './reserve';
import { settleCharge, type OnPaid } from './settle';

/** How long a repeated request waits for the first one with its key to finish before answering 409. */
const REPLAY_WAIT_MS = 5_000;
/** How long a purchase waits for another one of the same application to finish before answering 409. */
const PURCHASE_WAIT_MS = 10_000;
const POLL_MS = 50;

/** A group's payment is read as a group payment (its lines are the orders, each with its own number and form). */
const groupPaymentRefusal = () => notFound("This number is a group's payment: each traveller's order has its own number.");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Packages, quotes and orders. Every amount comes from the pricing map. A purchase is reserved first: one
 * transaction that locks the application and writes a pending order, which the application may have only one of
 * (a unique index), so whatever arrives together is charged one at a time and priced against what was paid
 * before it. The card is charged through the gateway outside any transaction (a real gateway is a network call),
 * then the outcome is settled with its lead, history and access code in one transaction. An order whose
 * settlement never happened is settled by reconciliation from the gateway's record. Card numbers and CVVs are
 * read, sent to the gateway and forgotten: only the brand, the last four digits and the gateway's reference stay.
 */
export class OrderService {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly gateway: PaymentGateway,
    private readonly reconciler: Reconciler,
    private readonly log: FastifyBaseLogger,
    /** What a paid order causes beyond itself (its messages), in the settlement's transaction. */
    private readonly onPaid?: OnPaid,
  ) {}

  /** Today's prices, read afresh (what is charged never comes from a copy): our map and fees, and the government's. */
  async priceTable(): Promise<PriceTable> {
    const [pricing, fees, packages, schedule] = await Promise.all([getSetting(this.db, 'pricing'), getSetting(this.db, 'fees'), listPlans(this.db), listGovernmentFees(this.db)]);
    return { pricing, fees, packages, schedule, day: dayOf(new Date()) };
  }

  /** POST /api/packages/purchase: the checkout link for a package (docs/DECISIONS.md). */
  purchase(planId: string): { checkoutUrl: string } {
    const product = productFromWord(planId);
    if (!product || !isPackage(product)) throw badRequest('planId', 'is not a plan (basic, pro or premium)');
    return { checkoutUrl: `/checkout?plan=${product}` };
  }

  /** GET /api/checkout/quote: what this checkout link offers, at the server's prices, for which application. */
  async quote(access: Access, query: QuoteQuery): Promise<QuoteDto> {
    const table = await this.priceTable();
    const lead = query.newApplication ? null : await this.leadFor(access, query);
    const quoted = lead && (await this.quoted(lead));
    const { service, products } = productsFor(query, quoted);
    const options = products.map((product) => optionFor(product, service, quoted, table));
    return {
      service,
      options,
      selected: preselect(query, options),
      lead: lead ? { id: lead.id, formType: lead.form_type, name: lead.name } : null,
      officialSite: OFFICIAL_SITES[service],
      owned: quoted?.paid.map(({ product, orderId, number }) => ({ product, orderId, number })) ?? [],
      email: (lead?.email.trim() || (await this.accountEmail(access))) ?? null,
      newApplication: query.newApplication === true,
    };
  }

  /** POST /api/checkout/process. */
  async process(owner: Owner, access: Access, body: ProcessPayment, language?: string): Promise<OrderDto> {
    const details = body.paymentDetails;
    const [field, error] = Object.entries(validatePaymentDetails(details, toIsoDate(new Date())))[0] ?? [];
    if (field && error) throw badRequest(`paymentDetails.${field}`, englishMessage(error));
    if (!isValidEmail(body.email.trim())) throw badRequest('email', 'is not an e-mail address');

    const earlier = await findAttemptByKey(this.db, body.idempotencyKey);
    if (earlier) return this.replay(earlier, access, body);

    const table = await this.priceTable();
    const order = await this.reserveInTurn(owner, access, body, table, language);
    // A double click: the other request with this key reserved first, and its result is this one's too.
    if (!order) return this.replay((await findAttemptByKey(this.db, body.idempotencyKey)) as PaymentAttemptRow, access, body);
    if (body.amount !== undefined && Math.round(body.amount * 100) !== order.total_cents) {
      // A stale page or a tampered one: either way the server's price is charged, and the page shows it after.
      this.log.info({ plan: body.plan, sent: body.amount, charged: order.total_cents }, 'checkout amount differs from the price');
    }
    const settled = await this.charge(order, details, body.idempotencyKey, `${order.number} ${order.service} ${order.plan}`);
    return this.answer(settled, body.idempotencyKey);
  }

  /**
   * Charges a reserved order's total and settles it (with its lead, or a group payment's lines) in one
   * transaction. When the gateway cannot be reached or the settlement fails, the order stays pending and
   * reconciliation settles it from the gateway's record once its grace period is over.
   */
  async charge(order: OrderRow, details: ProcessPayment['paymentDetails'], idempotencyKey: string, description: string): Promise<OrderRow> {
    const expiry = parseExpiry(details.expiryDate) as { month: number; year: number };
    try {
      const result = await this.gateway.charge({
        amountCents: order.total_cents,
        currency: 'USD',
        card: { number: cardDigits(details.cardNumber), expMonth: expiry.month, expYear: expiry.year, cvv: details.cvv.trim(), name: details.cardName.trim() },
        billing: { address: details.billingAddress.trim(), city: details.city.trim(), zipCode: details.zipCode.trim(), country: details.country.trim() },
        idempotencyKey,
        description,
      });
      return await settleCharge(this.db, this.dialect, order, result, 'checkout', this.onPaid);
    } catch (err) {
      this.reconciler.remind(order);
      throw err;
    }
  }

  /** The order once settled, waiting up to `waitMs`; one pending past its grace period is settled from the gateway's record here. */
  async settledOrPending(order: OrderRow, waitMs: number): Promise<OrderRow> {
    const deadline = Date.now() + waitMs;
    let current = order;
    while (current.status === 'pending' && Date.now() < deadline && !this.reconciler.overdue(current)) {
      await sleep(POLL_MS);
      current = (await findOrder(this.db, current.id)) as OrderRow;
    }
    return current.status === 'pending' && this.reconciler.overdue(current) ? this.reconciler.reconcile(current) : current;
  }

  /** GET /api/orders/{id}: the order as stored, for its owner only. */
  async get(access: Access, orderId: string): Promise<OrderDto> {
    const row = await findOrder(this.db, orderId);
    if (!row || !canAccess(access, row)) throw refusal(Boolean(row), 'order');
    if (row.plan === 'group') throw groupPaymentRefusal();
    return toOrderDto(row, await this.priceTable(), await this.leadOf(row));
  }

  /** GET /api/orders: what this browser session and its account bought or tried to, newest first. */
  async list(access: Access): Promise<OrderDto[]> {
    const rows = await ownedOrders(this.db, access);
    const table = await this.priceTable();
    const leads = await completionOfLeads(this.db, [...new Set(rows.flatMap((r) => (r.lead_id ? [r.lead_id] : [])))]);
    return rows.map((row) => toOrderDto(row, table, row.lead_id ? leads.get(row.lead_id) : null));
  }

  /** An order by its confirmation number, for its owner only (the PDFs), with its lead when it has one. */
  async byNumber(access: Access, number: string): Promise<{ order: OrderDto; lead: LeadRow | null }> {
    const row = await findOrderByNumber(this.db, number.trim());
    if (!row || !canAccess(access, row)) throw refusal(Boolean(row), 'order');
    if (row.plan === 'group') throw groupPaymentRefusal();
    const lead = (await this.leadOf(row)) ?? null;
    return { order: toOrderDto(row, await this.priceTable(), lead), lead };
  }

  /**
   * Reserves the purchase, waiting while another one for the same application is being charged and then pricing
   * against what that one bought. An order stuck past its grace period is reconciled here rather than waited for.
   */
  private async reserveInTurn(owner: Owner, access: Access, body: ProcessPayment, table: PriceTable, language: string | undefined): Promise<OrderRow | null> {
    const deadline = Date.now() + PURCHASE_WAIT_MS;
    for (;;) {
      const reservation: Reservation = await reserve(this.db, this.dialect, { owner, access, body, table, now: new Date(), language });
      if (reservation.kind === 'reserved') return reservation.order;
      if (reservation.kind === 'keyTaken') return null;
      if (reservation.kind === 'owned') {
        throw orderConflict('already_purchased', `This application already has the ${reservation.order.plan} package or a higher one (order ${reservation.order.number}).`, reservation.order.id);
      }
      const active = await this.settledOrPending(reservation.order, Math.max(0, deadline - Date.now()));
      if (active.status === 'pending') {
        throw orderConflict('purchase_in_progress', `Another payment for this application is being processed (order ${active.number}). Check it before paying again.`, active.id);
      }
    }
  }

  /** What a settled order answers: the order when paid, else the refusal the gateway gave. */
  private async answer(order: OrderRow, key: string): Promise<OrderDto> {
    if (order.status === 'paid') return toOrderDto(order, await this.priceTable(), await this.leadOf(order));
    const attempt = await findAttemptByKey(this.db, key);
    throw paymentRefused(order.failure ?? 'The payment was not accepted.', attempt?.decline_code ?? 'card_declined');
  }

  /**
   * A request whose key was used before answers what the first one got, once it has finished: the same order, or
   * the same refusal. A first request that never finished (its process died) is settled here from the gateway's
   * record once its grace period is over. The key must come from the same session and describe the same purchase.
   */
  private async replay(attempt: PaymentAttemptRow, access: Access, body: ProcessPayment): Promise<OrderDto> {
    let order = await findOrder(this.db, attempt.order_id);
    const sameLead = body.leadId === undefined || order?.lead_id === body.leadId;
    if (!order || !canAccess(access, order) || order.plan !== body.plan || !sameLead) {
      throw conflict('This idempotency key was already used for a different payment; make a new key for a new attempt.');
    }
    order = await this.settledOrPending(order, REPLAY_WAIT_MS);
    if (order.status === 'pending') throw orderConflict('payment_pending', 'This payment is still being processed. Check the order before paying again.', order.id);
    return this.answer(order, attempt.idempotency_key);
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

  private async leadOf(order: OrderRow): Promise<LeadRow | undefined> {
    return order.lead_id ? findLeadRow(this.db, order.lead_id) : undefined;
  }

  private async accountEmail(access: Access): Promise<string | null> {
    if (!access.userId) return null;
    const user = await findUser(this.db, access.userId);
    return user?.email ?? user?.guest_email ?? null;
  }

  private async quoted(lead: LeadRow): Promise<QuotedLead> {
    return quotedLead(lead, await paidOrdersOfLead(this.db, lead.id));
  }
}
