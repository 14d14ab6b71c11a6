import { Readable } from 'node:stream';
import type { Executor } from '../../../db/index';
import { countLeads, leadsAfter, listLeads, type LeadFilter, type LeadListRow } from '../../../db/queries/adminLeads';
import { findLeadRow, listHistory } from '../../../db/queries/leads';
import { attemptsOfOrders, historyOfOrders } from '../../../db/queries/orders';
import type { AdminLeadDetailDto, AdminLeadRow, AdminLeadsDto } from '../../../openapi/schemas/admin';
import { notFound } from '../../lib/problems';
import { progressOf, purposeOf } from '../applications/progress';
import { adminAnswers } from './answers';
import { BOM, csvRow } from './csv';
import { findMembership, membersWithLeads, membershipsOf } from '../../../db/queries/groups';
import { travellerName } from '../groups/service';
import { leadName, leadPhone } from '../../../machines/domain/leadIdentity';
import { cardBrandName } from '../../../machines/domain/payment';

export const PAGE_SIZE = 50;
const EXPORT_BATCH = 1000;

type Membership = { number: string | null; relationship: string } | undefined;

function toRow(row: LeadListRow, group?: Membership): AdminLeadRow {
  return {
    id: row.id,
    name: leadName(row),
    email: row.email,
    country: row.nationality,
    formType: row.form_type,
    completionStatus: row.completion_status,
    paymentStatus: row.payment_status,
    plan: row.subscription_plan,
    progress: progressOf(row),
    source: row.source,
    createdAt: row.created_at,
    lastActive: row.updated_at,
    groupNumber: group?.number ?? null,
    groupRole: group?.relationship ?? null,
  };
}

/** How many messages a chat's stored conversation holds. */
function countOf(messages: string): number {
  const parsed = JSON.parse(messages) as unknown;
  return Array.isArray(parsed) ? parsed.length : 0;
}

// 'Group' and 'Group Role' (issue 36): the family or group a lead travels with, so its travellers sort together.
const CSV_HEADER = ['Id', 'Name', 'Email', 'Phone', 'Country', 'Visa Type', 'Purpose', 'Status', 'Payment', 'Plan', 'Progress', 'Source', 'Created', 'Last Active', 'Group', 'Group Role'];

/** The admin's view of leads (spec 1-core §2.10): the filtered table, one lead's details, the CSV export. */
export class AdminLeadService {
  constructor(private readonly db: Executor) {}

  async list(filter: LeadFilter, page: number): Promise<AdminLeadsDto> {
    const [rows, total] = await Promise.all([listLeads(this.db, filter, (page - 1) * PAGE_SIZE, PAGE_SIZE), countLeads(this.db, filter)]);
    const groups = await membershipsOf(this.db, rows.map((r) => r.id));
    return { leads: rows.map((row) => toRow(row, groups.get(row.id))), total, page, pageSize: PAGE_SIZE };
  }

  async detail(id: string): Promise<AdminLeadDetailDto> {
    const row = await findLeadRow(this.db, id);
    if (!row) throw notFound('No lead with this id.');
    const [history, orders, chats, photo, membership] = await Promise.all([
      listHistory(this.db, id),
      this.db
        .selectFrom('orders')
        .select(['id', 'number', 'plan', 'status', 'total_cents', 'created_at', 'paid_at', 'settled_by'])
        .where('lead_id', '=', id)
        .orderBy('created_at')
        .execute(),
      this.db.selectFrom('chat_sessions').select(['chat', 'messages', 'updated_at']).where('lead_id', '=', id).orderBy('updated_at').execute(),
      this.db.selectFrom('photos').select('id').where('lead_id', '=', id).orderBy('created_at', 'desc').executeTakeFirst(),
      findMembership(this.db, id),
    ]);
    const members = membership ? await membersWithLeads(this.db, membership.group_id) : [];
    const orderIds = orders.map((o) => o.id);
    const [attempts, orderHistory] = await Promise.all([attemptsOfOrders(this.db, orderIds), historyOfOrders(this.db, orderIds)]);
    const formData = JSON.parse(row.form_data) as Record<string, unknown>;
    // The table's row, once mapped (toRow), with what only the details show.
    const { country, ...listed } = toRow(row);
    return {
      ...listed,
      phone: leadPhone(row),
      nationality: country,
      travelPurpose: purposeOf(row),
      answers: adminAnswers(row.source, formData),
      applicationHistory: history,
      orders: orders.map((o) => ({
        number: o.number,
        plan: o.plan,
        status: o.status,
        total: o.total_cents / 100,
        createdAt: o.created_at,
        paidAt: o.paid_at,
        settledBy: o.settled_by,
        attempts: attempts
          .filter((a) => a.order_id === o.id)
          .map((a) => ({
            status: a.status,
            reason: a.decline_code,
            card: a.card_brand && a.card_last4 ? `${cardBrandName(a.card_brand)} ${a.card_last4}` : null,
            reference: a.gateway_ref,
            createdAt: a.created_at,
          })),
        history: orderHistory.filter((h) => h.order_id === o.id).map((h) => ({ status: h.status, note: h.note, date: h.created_at })),
      })),
      chats: chats.map((c) => ({ chat: c.chat, messages: countOf(c.messages), updatedAt: c.updated_at })),
      photoId: photo?.id ?? null,
      group: membership
        ? {
            id: membership.group_id,
            travellers: members.map((m) => ({
              leadId: m.lead_id,
              name: travellerName(m),
              relationship: m.relationship,
              form: m.form_type,
              completionStatus: m.completion_status,
              paymentStatus: m.payment_status,
            })),
          }
        : null,
    };
  }

  /** The filtered leads as CSV, read a thousand at a time in the table's order, so 100,000 leads never sit in memory. */
  exportCsv(filter: LeadFilter): Readable {
    const db = this.db;
    async function* lines() {
      yield BOM + csvRow(CSV_HEADER);
      let after: { updatedAt: string; id: string } | null = null;
      for (;;) {
        const rows = await leadsAfter(db, filter, after, EXPORT_BATCH);
        if (rows.length === 0) return;
        const groups = await membershipsOf(db, rows.map((r) => r.id));
        yield rows
          .map((r) => {
            const group = groups.get(r.id);
            const lead = toRow(r, group);
            return csvRow([lead.id, lead.name, lead.email, leadPhone(r), lead.country, lead.formType, purposeOf(r), lead.completionStatus, lead.paymentStatus, lead.plan, lead.progress, lead.source, lead.createdAt, lead.lastActive, group?.group_id, group?.relationship]);
          })
          .join('');
        const last = rows[rows.length - 1] as LeadListRow;
        after = { updatedAt: last.updated_at, id: last.id };
        if (rows.length < EXPORT_BATCH) return;
      }
    }
    return Readable.from(lines());
  }
}
