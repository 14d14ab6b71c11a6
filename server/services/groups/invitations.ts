import { transact } from '../../../db/groupCommit';
import type { Dialect, Executor } from '../../../db/index';
import { expireLinks, useEmailLink } from '../../../db/queries/emailLinks';
import { findGroup, findMembership, lockGroup, membersWithLeads } from '../../../db/queries/groups';
import { findLeadRow } from '../../../db/queries/leads';
import type { LeadRow, TravellerGroupRow } from '../../../db/schema';
import { isValidEmail } from '../../../machines/domain/validators';
import { ROUTES } from '../../../machines/domain/routes';
import type { MailNoticeDto, OpenedDto } from '../../../openapi/schemas/mail';
import { badRequest, Problem } from '../../lib/problems';
import { refusal, type Access } from '../access';
import { waitProblem, type AttemptCounters } from '../guard/counters';
import type { LinkProblem } from '../mail/links';
import type { Outbox } from '../mail/outbox';
import { formOf, groupFor } from './service';

/** Invitations to one address, and from one client, in an hour: a family's worth, not a mailing list. */
const INVITES_PER_ADDRESS_HOUR = 3;
const INVITES_PER_CLIENT_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;

const tooMany = (wait: number) => waitProblem((minutes) => `Too many invitations. Try again in ${minutes}.`, wait);

/** 410 with why a link opens nothing; the page says it in the reader's language from the code. */
export function linkProblem(problem: LinkProblem): Problem {
  const messages: Record<LinkProblem, string> = {
    unknown: 'This link is not valid. Ask for a new one.',
    expired: 'This link has expired. Ask for a new one.',
    used: 'This link has been used already. Ask for a new one.',
  };
  return new Problem(problem === 'unknown' ? 404 : 410, messages[problem], {}, `link_${problem}`);
}

/** The page a traveller's own form opens at, with their answers as the server holds them. */
export function formPathOf(lead: Pick<LeadRow, 'id' | 'source'>): string {
  const form = formOf(lead);
  const page = form === 'ESTA' ? ROUTES.applyEstaWizard : ROUTES.ds160Wizard;
  return `${page}?traveller=${encodeURIComponent(lead.id)}`;
}

/**
 * A group's links by e-mail (issue 43). The leader gets the group's number and a link back to it when the group is
 * made (the official ESTA site gives a group an ID for the same reason); the leader may invite a traveller to fill
 * their own form on their own device, through a single-use link that opens that traveller's application only.
 * What a followed link opens is given to the browser session that followed it, as a resume code's application is.
 */
export class GroupLinks {
  constructor(
    private readonly db: Executor,
    private readonly dialect: Dialect,
    private readonly outbox: Outbox,
    private readonly counters: AttemptCounters,
  ) {}

  /** In the transaction that made the group: the link back, to the leader's address (when the form has one). */
  async queueGroupLink(trx: Executor, group: TravellerGroupRow, leader: LeadRow, language: string): Promise<void> {
    const to = leader.email.trim().toLowerCase();
    if (!isValidEmail(to)) return;
    const link = await this.outbox.links.issue(trx, { purpose: 'group', email: to, leadId: leader.id, groupId: group.id });
    await this.outbox.enqueue(trx, { key: `group-link:${group.id}`, kind: 'groupLink', to, language, data: { linkId: link.id } });
  }

  /**
   * POST /api/groups/{groupId}/travellers/{leadId}/invitation: the leader (whoever may use the leader's lead)
   * invites a traveller of the group. A new invitation ends the traveller's earlier ones. Counted per address and
   * per client before anything is written.
   */
  async invite(access: Access, groupId: string, leadId: string, email: string, client: string, language: string, notice: (to: string) => MailNoticeDto): Promise<MailNoticeDto> {
    const to = email.trim().toLowerCase();
    if (!isValidEmail(to)) throw badRequest('email', 'is not an e-mail address');
    const { group } = await groupFor(this.db, access, await findGroup(this.db, groupId));
    const membership = await findMembership(this.db, leadId);
    if (!membership || membership.group_id !== group.id) throw refusal(false, 'traveller');
    if (membership.relationship === 'leader') throw new Problem(409, "The group leader fills their own form; invite another traveller.", {}, 'group_leader');
    const waits = await Promise.all([
      this.counters.hit(`mail:invite:to:${to}`, INVITES_PER_ADDRESS_HOUR, HOUR_MS),
      this.counters.hit(`mail:invite:client:${client}`, INVITES_PER_CLIENT_HOUR, HOUR_MS),
    ]);
    const wait = Math.max(...waits);
    if (wait > 0) throw tooMany(wait);
    await transact(this.db, async (trx) => {
      // Under the group's lock: a traveller removed meanwhile is not invited.
      const locked = await lockGroup(trx, this.dialect, group.id);
      const still = locked && (await findMembership(trx, leadId));
      if (!still || still.group_id !== group.id) throw refusal(false, 'traveller');
      const at = new Date().toISOString();
      await expireLinks(trx, 'invite', { leadId }, at);
      const link = await this.outbox.links.issue(trx, { purpose: 'invite', email: to, leadId, groupId: group.id });
      await this.outbox.enqueue(trx, { key: `invite:${link.id}`, kind: 'invitation', to, language, data: { linkId: link.id } });
    });
    return notice(to);
  }

  /**
   * POST /api/invitations/open: what an invitation or a group's link opens. An invitation is used once (a second
   * click finds it used) and opens the traveller's application; a group's link opens every application of the
   * group until it expires. The caller grants them to the browser session.
   */
  async open(token: string): Promise<OpenedDto & { leads: string[] }> {
    const found = await this.outbox.links.find(this.db, token, ['invite', 'group']);
    if ('problem' in found) throw linkProblem(found.problem);
    const { link } = found;
    const group = link.group_id ? await findGroup(this.db, link.group_id) : undefined;
    const lead = link.lead_id ? await findLeadRow(this.db, link.lead_id) : undefined;
    const membership = lead ? await findMembership(this.db, lead.id) : undefined;
    // The traveller was removed from the group, or the group deleted, since the link was sent.
    if (!group || !lead || !membership || membership.group_id !== group.id) throw linkProblem('unknown');
    if (link.purpose === 'invite') {
      const used = await transact(this.db, (trx) => useEmailLink(trx, link.id, new Date().toISOString()));
      if (!used) throw linkProblem('used');
      return { to: formPathOf(lead), leadId: lead.id, groupId: group.id, leads: [lead.id] };
    }
    const members = await membersWithLeads(this.db, group.id);
    return { to: formPathOf(lead), leadId: lead.id, groupId: group.id, leads: members.map((m) => m.lead_id) };
  }
}
