import { randomUUID } from 'node:crypto';
import { transact } from '../../../db/groupCommit';
import type { Db, Dialect, Executor } from '../../../db/index';
import { findGroup, lockGroup, membersWithLeads, type MemberWithLead } from '../../../db/queries/groups';
import { completionOfLeads, lockLeadRow, type Owner } from '../../../db/queries/leads';
import {
  addOrderHistory,
  findAttemptByKey,
  findOrder,
  insertAttemptOnce,
  insertOrder,
  linesOf,
  lockPaymentKey,
  ownedGroupPayments,
  paidOrdersOfLead,
  pendingOrderOfLead,
} from '../../../db/queries/orders';
import type { OrderRow, OrderService as Service, PaymentAttemptRow } from '../../../db/schema';
import { validatePaymentDetails } from '../../../machines/domain/payment';
import { isValidEmail, toIsoDate } from '../../../machines/domain/validators';
import type { GroupCheckoutBody, GroupPaymentDto, GroupPaymentSummaryDto, GroupQuoteDto, GroupQuoteQuery } from '../../../openapi/schemas/groups';
import type { PriceDto, QuoteOption } from '../../../openapi/schemas/orders';
import { englishMessage } from '../../lib/messages';
import { badRequest, conflict, orderConflict, paymentRefused, Problem } from '../../lib/problems';
import { canAccess, refusal, type Access } from '../access';
import { groupFor, guardianMissing, travellerName } from '../groups/service';
import { orderNumber } from './codes';
import { governmentFeeColumns, priceOfRow, toOrderDto } from './dto';
import { productFromWord, type PriceTable, type Product } from './products';
import { optionFor, productsFor, quotedLead } from './quote';
import type { OrderService } from './service';

/** How long a group checkout waits for a purchase of one of its travellers already being charged. */
const PURCHASE_WAIT_MS = 10_000;
const REPLAY_WAIT_MS = 5_000;

/** One traveller's line as priced now: what they buy, at what price, and what they could buy instead. */
interface Line {
  member: MemberWithLead;
  service: Service;
  product: Product;
  price: PriceDto;
  options: QuoteOption[];
  /** A minor with no parent or guardian on record: nothing is charged until one is. */
  needsGuardian: boolean;
}

type Choices = ReadonlyMap<string, Product>;

/**
 * What each traveller of the group buys, priced by the same rules as one application's checkout (upgrades credited,
 * a product the traveller has is not sold twice). A traveller with nothing left to buy is `settled`. The card is
 * charged once, so the processing fee is on the first line only; the lines' totals add up to the charge.
 */
async function priceLines(db: Executor, members: readonly MemberWithLead[], table: PriceTable, choices: Choices) {
  const today = toIsoDate(new Date());
  const lines: Line[] = [];
  const settled: MemberWithLead[] = [];
  for (const member of members) {
    const quoted = quotedLead({ ...member, id: member.lead_id }, await paidOrdersOfLead(db, member.lead_id));
    const { service, products } = productsFor({}, quoted);
    const chosen = choices.get(member.lead_id) ?? defaultProduct(products, member.subscription_plan);
    if (!products.includes(chosen)) throw badRequest('plans', `${chosen} is not sold for ${member.name || 'this traveller'} (${service})`);
    const options = products.map((p) => optionFor(p, service, quoted, table));
    const option = options.find((o) => o.product === chosen) as QuoteOption;
    if (!option.available) settled.push(member);
    else lines.push({ member, service, product: chosen, price: option.price, options, needsGuardian: guardianMissing(member, members, today) });
  }
  lines.forEach((line, i) => {
    if (i === 0) return;
    const { processingFee } = line.price;
    line.price = { ...line.price, processingFee: 0, total: line.price.total - processingFee, outOfPocket: line.price.outOfPocket - processingFee };
  });
  return { lines, settled };
}

/** A DS-160 traveller's package: the one their application chose, else Basic; an ESTA traveller's is the ESTA service. */
function defaultProduct(products: readonly Product[], plan: string): Product {
  return products.includes(plan as Product) ? (plan as Product) : (products[0] as Product);
}

/** A group's price: its lines added up; the government fees are each traveller's, for their own class. */
const sum = (prices: readonly PriceDto[]): PriceDto => {
  const total = (key: 'serviceFee' | 'credit' | 'processingFee' | 'total' | 'governmentFee' | 'outOfPocket') => prices.reduce((n, p) => n + p[key], 0);
  return {
    serviceFee: total('serviceFee'),
    credit: total('credit'),
    processingFee: total('processingFee'),
    total: total('total'),
    governmentFee: total('governmentFee'),
    outOfPocket: total('outOfPocket'),
    visaClass: null,
    governmentFees: prices.flatMap((p) => p.governmentFees),
  };
};

/** The plans the quote's query names, as 'leadId:product' pairs. */
function choicesOfQuery(plans: string | undefined): Choices {
  const choices = new Map<string, Product>();
  for (const pair of plans ? plans.split(',') : []) {
    const [leadId, word] = pair.split(':') as [string, string];
    const product = productFromWord(word);
    if (!product) throw badRequest('plans', `${word} is not a product (basic, pro, premium or esta)`, 'querystring');
    choices.set(leadId.toLowerCase(), product);
  }
  return choices;
}

function checkChoices(choices: Choices, members: readonly MemberWithLead[], part: 'body' | 'querystring'): void {
  const ids = new Set(members.map((m) => m.lead_id));
  for (const leadId of choices.keys()) if (!ids.has(leadId)) throw badRequest('plans', `${leadId} is not a traveller of this group`, part);
}

type Reservation = { kind: 'reserved'; order: OrderRow } | { kind: 'keyTaken' } | { kind: 'busy'; order: OrderRow };

/**
 * One checkout for a group (issue 36): one payment (an order of plan 'group') whose lines are each traveller's own
 * order, charged once through the same gateway and settled in one transaction with every line and application
 * (settle.ts). Reserved under the group's lock and every traveller's lead's, so it is serialised with the group's
 * other checkouts and with any traveller's own purchase, and never sells a traveller what they already have.
 */
export class GroupCheckout {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly orders: OrderService,
  ) {}

  /** GET /api/groups/{groupId}/quote. */
  async quote(access: Access, groupId: string, query: GroupQuoteQuery): Promise<GroupQuoteDto> {
    const { group, leader } = await groupFor(this.db, access, await findGroup(this.db, groupId));
    const members = await membersWithLeads(this.db, group.id);
    const choices = choicesOfQuery(query.plans);
    checkChoices(choices, members, 'querystring');
    const { lines, settled } = await priceLines(this.db, members, await this.orders.priceTable(), choices);
    return {
      groupId: group.id,
      lines: lines.map((l) => ({
        leadId: l.member.lead_id,
        name: travellerName(l.member),
        relationship: l.member.relationship as GroupQuoteDto['lines'][number]['relationship'],
        service: l.service,
        product: l.product,
        price: l.price,
        options: l.options,
        needsGuardian: l.needsGuardian,
      })),
      settled: settled.map((m) => ({ leadId: m.lead_id, name: travellerName(m) })),
      price: sum(lines.map((l) => l.price)),
      email: leader.email,
    };
  }

  /** POST /api/groups/{groupId}/checkout. */
  async process(owner: Owner, access: Access, groupId: string, body: GroupCheckoutBody, language?: string): Promise<GroupPaymentDto> {
    const [field, error] = Object.entries(validatePaymentDetails(body.paymentDetails, toIsoDate(new Date())))[0] ?? [];
    if (field && error) throw badRequest(`paymentDetails.${field}`, englishMessage(error));
    if (!isValidEmail(body.email.trim())) throw badRequest('email', 'is not an e-mail address');
    const choices = new Map((body.plans ?? []).map((p) => [p.leadId.toLowerCase(), p.product as Product]));

    const earlier = await findAttemptByKey(this.db, body.idempotencyKey);
    if (earlier) return this.replay(earlier, access, groupId);
    const table = await this.orders.priceTable();
    const deadline = Date.now() + PURCHASE_WAIT_MS;
    for (;;) {
      const reservation = await this.reserve(owner, access, groupId, body, choices, table, language ?? null);
      if (reservation.kind === 'keyTaken') return this.replay((await findAttemptByKey(this.db, body.idempotencyKey)) as PaymentAttemptRow, access, groupId);
      if (reservation.kind === 'reserved') {
        const order = reservation.order;
        const settled = await this.orders.charge(order, body.paymentDetails, body.idempotencyKey, `${order.number} group of ${groupId}`);
        return this.answer(settled, body.idempotencyKey);
      }
      const active = await this.orders.settledOrPending(reservation.order, Math.max(0, deadline - Date.now()));
      if (active.status === 'pending') {
        throw orderConflict('purchase_in_progress', `A payment for a traveller of this group is being processed (order ${active.number}). Check it before paying again.`, active.id);
      }
    }
  }

  /** GET /api/group-payments/{orderId}: the payment as stored, with every traveller's order. */
  async get(access: Access, orderId: string): Promise<GroupPaymentDto> {
    const row = await findOrder(this.db, orderId);
    if (!row || row.plan !== 'group' || !canAccess(access, row)) throw refusal(Boolean(row) && row?.plan === 'group', 'order');
    return this.dto(row);
  }

  /**
   * GET /api/group-payments: the dashboard's group cards show each group's charge and link to its confirmation
   * and receipt, so a leader who lost the confirmation's address finds them again. Only the session or account that
   * paid sees a payment, as with every order.
   */
  async list(access: Access): Promise<GroupPaymentSummaryDto[]> {
    const rows = await ownedGroupPayments(this.db, access);
    return rows.map(summaryOf);
  }

  private async reserve(owner: Owner, access: Access, groupId: string, body: GroupCheckoutBody, choices: Choices, table: PriceTable, language: string | null): Promise<Reservation> {
    const at = new Date().toISOString();
    try {
      return await transact(this.db, async (trx): Promise<Reservation> => {
        await lockPaymentKey(trx, this.dialect, body.idempotencyKey);
        if (await findAttemptByKey(trx, body.idempotencyKey)) return { kind: 'keyTaken' };
        const { group, leader } = await groupFor(trx, access, await lockGroup(trx, this.dialect, groupId));
        const members = await membersWithLeads(trx, group.id);
        checkChoices(choices, members, 'body');
        // Each traveller's application is held as one purchase of it would hold it, in the group's order.
        for (const member of members) {
          await lockLeadRow(trx, this.dialect, member.lead_id);
          const active = await pendingOrderOfLead(trx, member.lead_id);
          if (active) return { kind: 'busy', order: active.parent_order_id ? ((await findOrder(trx, active.parent_order_id)) as OrderRow) : active };
        }
        const { lines } = await priceLines(trx, members, table, choices);
        if (lines.length === 0) throw new Problem(409, 'Every traveller of this group has already paid for their service.', {}, 'nothing_to_pay');
        // Read under the group's lock: a guardian removed in another tab since the quote is seen here.
        const minors = lines.filter((l) => l.needsGuardian).map((l) => travellerName(l.member) || 'a traveller');
        if (minors.length > 0) {
          throw new Problem(409, `Add the parent or guardian of ${minors.join(', ')} before paying: a minor's application names who is responsible for them.`, {}, 'guardian_missing');
        }
        const total = sum(lines.map((l) => l.price));
        const base = { owner_token: owner.ownerToken, user_id: owner.userId, status: 'pending' as const, card_brand: null, card_last4: null, gateway_ref: null, failure: null, access_code: null, receipt_email: body.email.trim(), language, settled_by: null, created_at: at, updated_at: at, paid_at: null };
        const payment: OrderRow = {
          ...base,
          id: randomUUID(),
          number: orderNumber(new Date(at)),
          lead_id: null,
          service: (lines[0] as Line).service,
          plan: 'group',
          service_fee_cents: total.serviceFee,
          credit_cents: total.credit,
          processing_fee_cents: total.processingFee,
          total_cents: total.total,
          government_fee_cents: total.governmentFee,
          ...governmentFeeColumns(total),
          group_id: group.id,
          parent_order_id: null,
        };
        await insertOrder(trx, payment);
        for (const line of lines) {
          const order: OrderRow = {
            ...base,
            id: randomUUID(),
            number: orderNumber(new Date(at)),
            lead_id: line.member.lead_id,
            service: line.service,
            plan: line.product,
            service_fee_cents: line.price.serviceFee,
            credit_cents: line.price.credit,
            processing_fee_cents: line.price.processingFee,
            total_cents: line.price.total,
            government_fee_cents: line.price.governmentFee,
            ...governmentFeeColumns(line.price),
            group_id: group.id,
            parent_order_id: payment.id,
          };
          await insertOrder(trx, order);
          await addOrderHistory(trx, order.id, 'pending', `Order created in the group payment ${payment.number}`, at);
        }
        const attempt = { id: randomUUID(), order_id: payment.id, idempotency_key: body.idempotencyKey, status: 'pending' as const, decline_code: null, card_brand: null, card_last4: null, gateway_ref: null, created_at: at };
        if (!(await insertAttemptOnce(trx, attempt))) throw new KeyTakenLate();
        await addOrderHistory(trx, payment.id, 'pending', `Group payment created for ${lines.length} travellers of ${leader.name || leader.email}'s group`, at);
        return { kind: 'reserved', order: payment };
      });
    } catch (err) {
      if (err instanceof KeyTakenLate) return { kind: 'keyTaken' };
      throw err;
    }
  }

  private async replay(attempt: PaymentAttemptRow, access: Access, groupId: string): Promise<GroupPaymentDto> {
    const order = await findOrder(this.db, attempt.order_id);
    if (!order || !canAccess(access, order) || order.group_id !== groupId || order.plan !== 'group') {
      throw conflict('This idempotency key was already used for a different payment; make a new key for a new attempt.');
    }
    const settled = await this.orders.settledOrPending(order, REPLAY_WAIT_MS);
    if (settled.status === 'pending') throw orderConflict('payment_pending', 'This payment is still being processed. Check the order before paying again.', order.id);
    return this.answer(settled, attempt.idempotency_key);
  }

  private async answer(order: OrderRow, key: string): Promise<GroupPaymentDto> {
    if (order.status === 'paid') return this.dto(order);
    const attempt = await findAttemptByKey(this.db, key);
    throw paymentRefused(order.failure ?? 'The payment was not accepted.', attempt?.decline_code ?? 'card_declined');
  }

  /** A group payment as its page shows it, for whoever already may see it (the receipt's message, issue 43). */
  paymentOf(row: OrderRow): Promise<GroupPaymentDto> {
    return this.dto(row);
  }

  private async dto(row: OrderRow): Promise<GroupPaymentDto> {
    const [lines, table] = await Promise.all([linesOf(this.db, row.id), this.orders.priceTable()]);
    const leadIds = lines.flatMap((l) => (l.lead_id ? [l.lead_id] : []));
    const [leads, members] = await Promise.all([completionOfLeads(this.db, leadIds), row.group_id ? membersWithLeads(this.db, row.group_id) : []]);
    const byLead = new Map(members.map((m) => [m.lead_id, m]));
    return {
      ...summaryOf(row),
      card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
      receiptEmail: row.receipt_email,
      failure: row.failure,
      lines: lines.map((line) => {
        const member = line.lead_id ? byLead.get(line.lead_id) : undefined;
        return {
          traveller: member ? travellerName(member) : '',
          relationship: member?.relationship ?? '',
          order: toOrderDto(line, table, line.lead_id ? leads.get(line.lead_id) : null),
        };
      }),
    };
  }
}

const summaryOf = (row: OrderRow): GroupPaymentSummaryDto => ({
  id: row.id,
  number: row.number,
  groupId: row.group_id ?? '',
  status: row.status,
  price: priceOfRow(row),
  createdAt: row.created_at,
  paidAt: row.paid_at,
});

/** The key's attempt was written between the look and the insert (the unique key said so). */
class KeyTakenLate extends Error {}

