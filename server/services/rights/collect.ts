import type { Executor } from '../../../db/index';
import { findLeadRow, ownedLeads } from '../../../db/queries/leads';
import { ownedGroupPayments, ownedOrders, ordersOfLeads } from '../../../db/queries/orders';
import { assistantSessionsOf, chatSessionsOf, consentsOf, groupsLedBy, historyOfLeads, interviewsOfOrders, membershipRows, photosOf, type Mine } from '../../../db/queries/rights';
import { findUser } from '../../../db/queries/users';
import type { LeadRow, OrderRow } from '../../../db/schema';
import type { MyData } from '../../../openapi/schemas/rights';

// GDPR articles 15 and 20: everything held for a session or account, gathered from every table that names it.

function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The leads this session or account owns, and those it brought back with a resume code. */
export async function leadsOf(db: Executor, mine: Mine, resumed: readonly string[] = []): Promise<LeadRow[]> {
  const own = await ownedLeads(db, mine);
  const extra = await Promise.all(resumed.filter((id) => !own.some((l) => l.id === id)).map((id) => findLeadRow(db, id)));
  return [...own, ...extra.filter((l): l is LeadRow => Boolean(l))];
}

/** Orders bought by this session or account, and those naming its applications, each once. */
export async function ordersOf(db: Executor, mine: Mine, leadIds: readonly string[]): Promise<OrderRow[]> {
  const m = { ownerToken: mine.ownerToken, userId: mine.userId };
  const lists = await Promise.all([ownedOrders(db, m), ownedGroupPayments(db, m), ordersOfLeads(db, leadIds)]);
  const byId = new Map<string, OrderRow>();
  for (const o of lists.flat()) byId.set(o.id, o);
  return [...byId.values()].sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export async function collect(db: Executor, mine: Mine, resumed: readonly string[], aiEngine: MyData['aiEngine']): Promise<MyData> {
  const leads = await leadsOf(db, mine, resumed);
  const ids = leads.map((l) => l.id);
  const [user, orders, photos, chats, assistants, groups, members, consents, history] = await Promise.all([
    mine.userId ? findUser(db, mine.userId) : undefined,
    ordersOf(db, mine, ids),
    photosOf(db, mine, ids),
    chatSessionsOf(db, mine, ids),
    assistantSessionsOf(db, mine, ids),
    groupsLedBy(db, ids),
    membershipRows(db, ids),
    consentsOf(db, mine),
    historyOfLeads(db, ids),
  ]);
  const interviews = await interviewsOfOrders(db, orders.map((o) => o.id));
  const numberOf = new Map(orders.map((o) => [o.id, o.number]));
  return {
    generatedAt: new Date().toISOString(),
    aiEngine,
    account: user
      ? { id: user.id, username: user.username, email: user.email, guestEmail: user.guest_email, role: user.role, createdAt: user.created_at }
      : null,
    applications: leads.map((l) => ({
      id: l.id,
      formType: l.form_type,
      source: l.source,
      name: l.name,
      email: l.email,
      phone: l.phone,
      nationality: l.nationality,
      travelPurpose: l.travel_purpose,
      answers: parsed(l.form_data),
      completionStatus: l.completion_status,
      paymentStatus: l.payment_status,
      plan: l.subscription_plan,
      createdAt: l.created_at,
      updatedAt: l.updated_at,
      history: history.filter((h) => h.lead_id === l.id).map((h) => ({ status: h.status, action: h.action, date: h.created_at })),
    })),
    groups: groups.map((g) => ({
      id: g.id,
      leaderApplicationId: g.leader_lead_id,
      purpose: g.purpose,
      createdAt: g.created_at,
      travellers: members
        .filter((m) => m.group_id === g.id)
        .map((m) => ({ applicationId: m.lead_id, relationship: m.relationship, position: m.position, guardian: parsed(m.guardian) })),
    })),
    orders: orders.map((o) => ({
      number: o.number,
      applicationId: o.lead_id,
      service: o.service,
      plan: o.plan,
      status: o.status,
      serviceFeeCents: o.service_fee_cents,
      creditCents: o.credit_cents,
      processingFeeCents: o.processing_fee_cents,
      totalCents: o.total_cents,
      governmentFeeCents: o.government_fee_cents,
      receiptEmail: o.receipt_email,
      cardBrand: o.card_brand,
      cardLast4: o.card_last4,
      createdAt: o.created_at,
      paidAt: o.paid_at,
    })),
    photos: photos.map((p) => ({ id: p.id, applicationId: p.lead_id, contentType: p.content_type, width: p.width, height: p.height, sizeBytes: p.size_bytes, createdAt: p.created_at })),
    conversations: [
      ...chats.map((c) => ({ id: c.id, chat: c.chat, language: c.language, applicationId: c.lead_id, collected: parsed(c.collected), messages: parsed(c.messages), createdAt: c.created_at, updatedAt: c.updated_at })),
      ...assistants.map((a) => ({ id: a.id, chat: `assistant-${a.type}`, language: a.language, applicationId: a.lead_id, collected: parsed(a.answers), messages: parsed(a.messages), createdAt: a.created_at, updatedAt: a.updated_at })),
    ],
    interviews: interviews.map((i) => ({ id: i.id, orderNumber: numberOf.get(i.order_id) ?? null, language: i.language, questions: parsed(i.questions), answers: parsed(i.answers), createdAt: i.created_at, finishedAt: i.finished_at })),
    consents: consents.map((c) => ({ chat: c.chat, engine: c.engine, date: c.created_at })),
  };
}
