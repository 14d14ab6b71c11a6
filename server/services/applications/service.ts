import type { Executor } from '../../../db/index';
import { ownedLeads } from '../../../db/queries/leads';
import { ordersOfLeads } from '../../../db/queries/orders';
import type { LeadRow, OrderRow } from '../../../db/schema';
import type { ApplicationDto } from '../../../openapi/schemas/applications';
import { unauthorized } from '../../lib/problems';
import type { Access } from '../access';
import { progressOf, purposeOf, statusOf } from './progress';

/** The question wizard that continues a lead of this source (the ten-section form and the chats have none yet). */
const WIZARD_BY_SOURCE: Record<string, ApplicationDto['wizard']> = { 'apply-wizard': 'ds160', 'esta-wizard': 'esta', wizard: 'preassessment' };

function toApplication(row: LeadRow, orders: readonly OrderRow[]): ApplicationDto {
  const progress = progressOf(row);
  return {
    id: row.id,
    type: row.source === 'wizard' ? 'PRE-ASSESSMENT' : row.form_type,
    country: row.nationality,
    purpose: purposeOf(row),
    status: statusOf(row, progress),
    createdAt: row.created_at,
    lastModified: row.updated_at,
    progress,
    paymentStatus: row.payment_status,
    plan: row.subscription_plan,
    source: row.source,
    wizard: WIZARD_BY_SOURCE[row.source] ?? null,
    orders: orders.filter((o) => o.lead_id === row.id).map((o) => ({ id: o.id, number: o.number, status: o.status, product: o.plan })),
  };
}

/** The applicant dashboard's list: signed-in users and guests only. */
export class ApplicationService {
  constructor(private readonly db: Executor) {}

  async list(access: Access): Promise<ApplicationDto[]> {
    if (!access.userId) throw unauthorized('Sign in to see your applications.');
    const leads = await ownedLeads(this.db, access);
    const orders = await ordersOfLeads(this.db, leads.map((l) => l.id));
    return leads.map((lead) => toApplication(lead, orders));
  }
}
