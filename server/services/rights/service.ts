import { randomUUID } from 'node:crypto';
import { forgetErased, type Executor } from '../../../db/index';
import { transact } from '../../../db/groupCommit';
import { findGroup, findMembership } from '../../../db/queries/groups';
import { findLeadRow } from '../../../db/queries/leads';
import { findUser } from '../../../db/queries/users';
import { ordersOfLeads } from '../../../db/queries/orders';
import {
  anonymiseLeads,
  anonymiseOrders,
  deleteConversations,
  deleteLeads,
  deleteOwnedRest,
  deleteUser,
  hasConsent,
  insertConsent,
  leadsWithKeptOrders,
  type Mine,
} from '../../../db/queries/rights';
import type { LeadRow } from '../../../db/schema';
import type { ConsentBody, Erased, MyData, Privacy } from '../../../openapi/schemas/rights';
import { canAccessLead, refusal, type Access } from '../access';
import { collect, leadsOf, ordersOf } from './collect';
import { myDataPdf } from './pdf';

// An applicant's rights (issue 44; GDPR 15, 17, 20). Only the session, account or resumed session that owns a
// record sees or erases it: an admin's role opens nothing here (erasure on an applicant's behalf is theirs to ask).

/** The owner token an anonymised record keeps: no session's token is ever this (they are random base64url). */
export const ERASED_OWNER = 'erased';

/** What one erasure removed, for hooks that hold personal data elsewhere (the mail queue: issue 44, "mail"). */
export interface ErasureEvent {
  ownerToken: string | undefined;
  userId: string | undefined;
  leadIds: readonly string[];
  /**
   * The addresses (lower-cased) the erased applications, their orders and an erased account gave and nothing the
   * person keeps still gives, so messages to them can be dropped or anonymised.
   */
  emails: readonly string[];
}
export type ErasureHook = (trx: Executor, erased: ErasureEvent) => Promise<void>;

export interface RightsSettings {
  aiEngine: MyData['aiEngine'];
  /** Whether an outside service reads this chat's or feature's words (the voice: OpenAI speech or a transcription service). */
  outside?: (chat: string | undefined) => boolean;
  retention: Privacy['retention'];
}

const mineOf = (access: Access): Mine => ({ ownerToken: access.ownerToken, userId: access.userId });
const asOwner = (access: Access): Access => ({ ...access, role: undefined });

export class RightsService {
  private readonly hooks: ErasureHook[] = [];

  constructor(
    private readonly db: Executor,
    private readonly settings: RightsSettings,
    private readonly brandName: () => Promise<string>,
  ) {}

  /** Other services that keep personal data (queued e-mails) erase theirs in the same transaction. */
  onErase(hook: ErasureHook): void {
    this.hooks.push(hook);
  }

  async data(access: Access): Promise<MyData> {
    return collect(this.db, mineOf(access), access.resumedLeads ?? [], this.settings.aiEngine);
  }

  async pdf(access: Access): Promise<{ fileName: string; bytes: Buffer }> {
    const data = await this.data(access);
    return { fileName: `my-data-${data.generatedAt.slice(0, 10)}.pdf`, bytes: await myDataPdf(data, await this.brandName()) };
  }

  /** With a chat (or feature), whether that one's notice was accepted; else whether any was, for this engine. */
  async privacy(access: Access, chat?: string): Promise<Privacy> {
    const thirdParty = this.settings.outside?.(chat) ?? this.settings.aiEngine !== 'builtin';
    return {
      aiEngine: this.settings.aiEngine,
      consentNeeded: thirdParty,
      consented: thirdParty ? await hasConsent(this.db, mineOf(access), this.settings.aiEngine, chat) : false,
      retention: this.settings.retention,
    };
  }

  /** Whether this asker accepted one feature's notice for the configured engine (consent.ts consentRequired). */
  async consented(access: Access, feature: string): Promise<boolean> {
    return hasConsent(this.db, mineOf(access), this.settings.aiEngine, feature);
  }

  async consent(access: Access & { ownerToken: string }, body: ConsentBody): Promise<void> {
    await insertConsent(this.db, {
      id: randomUUID(),
      owner_token: access.ownerToken,
      user_id: access.userId ?? null,
      chat: body.chat,
      engine: this.settings.aiEngine,
      created_at: new Date().toISOString(),
    });
  }

  /** DELETE /api/me/applications/{leadId}. */
  async eraseApplication(access: Access, leadId: string): Promise<Erased> {
    return this.forgotten(transact(this.db, async (trx) => {
      const lead = await findLeadRow(trx, leadId);
      if (!lead || !canAccessLead(asOwner(access), lead)) throw refusal(Boolean(lead));
      return this.erase(trx, access, [lead]);
    }));
  }

  /** What was erased leaves no copy in the database's files once the transaction is done. */
  private async forgotten(erasure: Promise<Erased>): Promise<Erased> {
    const erased = await erasure;
    await forgetErased(this.db);
    return erased;
  }

  /** DELETE /api/me/groups/{groupId}/travellers/{leadId}: the leader's session erases a traveller it added. */
  async eraseTraveller(access: Access, groupId: string, leadId: string): Promise<Erased> {
    return this.forgotten(transact(this.db, async (trx) => {
      const group = await findGroup(trx, groupId);
      const leader = group ? await findLeadRow(trx, group.leader_lead_id) : undefined;
      if (!group || !leader || !canAccessLead(asOwner(access), leader)) throw refusal(Boolean(group), 'group');
      const membership = await findMembership(trx, leadId);
      const lead = membership?.group_id === group.id ? await findLeadRow(trx, leadId) : undefined;
      if (!lead) throw refusal(false, 'traveller');
      return this.erase(trx, access, [lead]);
    }));
  }

  /** DELETE /api/me: everything this session or account holds; orders stay for the accounts without who paid. */
  async eraseAll(access: Access): Promise<Erased> {
    return this.forgotten(transact(this.db, async (trx) => {
      const mine = mineOf(access);
      const leads = await leadsOf(trx, mine, access.resumedLeads ?? []);
      // Orders that name no application (a group's payment, a purchase before its form) lose their buyer too.
      const orders = await ordersOf(trx, mine, []);
      const account = access.userId && access.role !== 'admin' ? await findUser(trx, access.userId) : undefined;
      const erased = await this.erase(trx, access, leads, [...orders.map((o) => o.receipt_email), account?.email], true);
      await anonymiseOrders(trx, orders.map((o) => o.id), ERASED_OWNER, new Date().toISOString());
      await deleteOwnedRest(trx, mine);
      if (access.userId && access.role !== 'admin') await deleteUser(trx, access.userId);
      const kept = new Set([...erased.ordersKept, ...orders.map((o) => o.number)]);
      return { ...erased, ordersKept: [...kept], accountDeleted: Boolean(access.userId && access.role !== 'admin') };
    }));
  }

  /**
   * An application a paid, pending or refunded order names is kept, anonymised, for that order (the faults rule:
   * such an application is never silently deleted); any other goes with its history, photos and conversations.
   */
  private async erase(trx: Executor, access: Access, leads: readonly LeadRow[], moreAddresses: ReadonlyArray<string | null | undefined> = [], everything = false): Promise<Erased> {
    const at = new Date().toISOString();
    const ids = leads.map((l) => l.id);
    const kept = await leadsWithKeptOrders(trx, ids);
    const orders = await ordersOfLeads(trx, ids);
    const emails = await this.addressesGone(trx, access, ids, [...leads.map((l) => l.email), ...orders.map((o) => o.receipt_email), ...moreAddresses], everything);
    for (const hook of this.hooks) {
      await hook(trx, { ownerToken: access.ownerToken, userId: access.userId, leadIds: ids, emails });
    }
    await deleteConversations(trx, ids, orders.map((o) => o.id));
    await anonymiseOrders(trx, orders.map((o) => o.id), ERASED_OWNER, at);
    await anonymiseLeads(trx, [...kept], ERASED_OWNER, at);
    const deleted = await deleteLeads(trx, ids.filter((id) => !kept.has(id)));
    return { deleted, anonymised: kept.size, ordersKept: orders.map((o) => o.number), accountDeleted: false };
  }

  /**
   * The addresses this erasure takes away: those of the erased applications and their orders (and, erasing
   * everything, of the account), less any the person's remaining applications, orders or account still give, so
   * erasing one application leaves the messages about another one alone.
   */
  private async addressesGone(trx: Executor, access: Access, erasedIds: readonly string[], addresses: ReadonlyArray<string | null | undefined>, everything: boolean): Promise<string[]> {
    const norm = (a: string | null | undefined) => (a ?? '').trim().toLowerCase();
    const gone = new Set(addresses.map(norm).filter(Boolean));
    if (everything || gone.size === 0) return [...gone];
    const mine = mineOf(access);
    const remaining = (await leadsOf(trx, mine, access.resumedLeads ?? [])).filter((l) => !erasedIds.includes(l.id));
    const remainingOrders = (await ordersOf(trx, mine, remaining.map((l) => l.id))).filter((o) => !o.lead_id || !erasedIds.includes(o.lead_id));
    const account = access.userId ? await findUser(trx, access.userId) : undefined;
    for (const held of [...remaining.map((l) => l.email), ...remainingOrders.map((o) => o.receipt_email), account?.email]) gone.delete(norm(held));
    return [...gone];
  }
}
