import type { Executor } from '../../../db/index';
import { ownedLeads } from '../../../db/queries/leads';
import { ordersOfLeads } from '../../../db/queries/orders';
import { membershipsOf } from '../../../db/queries/groups';
import { nameOf } from '../../../machines/domain/sharedAnswers';
import { formOf } from '../groups/service';
import type { LeadRow, OrderRow } from '../../../db/schema';
import type { ApplicationDto } from '../../../openapi/schemas/applications';
import { unauthorized } from '../../lib/problems';
import type { Access } from '../access';
import { progressOf, purposeOf, statusOf } from './progress';
import { ownEntry } from '../../../machines/domain/ownEntry';

/** The question wizard that continues a lead of this source (the ten-section form and the chats have none yet). */
// The AI assistant's interviews ask the wizards' own questions, so their wizard continues them (issue 45 item 5).
const WIZARD_BY_SOURCE: Record<string, ApplicationDto['wizard']> = {
  'apply-wizard': 'ds160',
  'esta-wizard': 'esta',
  wizard: 'preassessment',
  'ds160-wizard': 'form',
  'airassistant-ds160': 'ds160',
  'airassistant-esta': 'esta',
};

type Membership = ApplicationDto['group'];

function toApplication(row: LeadRow, orders: readonly OrderRow[], group: Membership): ApplicationDto {
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
    wizard: ownEntry(WIZARD_BY_SOURCE, row.source) ?? null,
    orders: orders.filter((o) => o.lead_id === row.id).map((o) => ({ id: o.id, number: o.number, status: o.status, product: o.plan })),
    group,
  };
}

/** The applicant dashboard's list: signed-in users and guests only. */
export class ApplicationService {
  constructor(private readonly db: Executor) {}

  async list(access: Access): Promise<ApplicationDto[]> {
    if (!access.userId) throw unauthorized('Sign in to see your applications.');
    const leads = await ownedLeads(this.db, access);
    const ids = leads.map((l) => l.id);
    const [orders, memberships] = await Promise.all([ordersOfLeads(this.db, ids), membershipsOf(this.db, ids)]);
    return leads.map((lead) => {
      const member = memberships.get(lead.id);
      const traveller = lead.name.trim() || nameOf({ form: formOf(lead) ?? 'ESTA', answers: JSON.parse(lead.form_data) as Record<string, unknown> });
      return toApplication(lead, orders, member ? { id: member.group_id, relationship: member.relationship, traveller } : null);
    });
  }
}
