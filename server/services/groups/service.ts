import { randomInt, randomUUID } from 'node:crypto';
import { transact } from '../../../db/groupCommit';
import type { Dialect, Executor } from '../../../db/index';
import {
  countMembers,
  deleteMemberLead,
  findGroup,
  findGroupLedBy,
  findMembership,
  insertGroupOnce,
  insertMember,
  lockGroup,
  membersWithLeads,
  nextPosition,
  ordersHeld,
  setGuardian,
  touchGroup,
  type MemberWithLead,
} from '../../../db/queries/groups';
import { addHistory, findLeadRow, insertLead, lockLeadRow } from '../../../db/queries/leads';
import type { LeadRow, TravellerGroupRow } from '../../../db/schema';
import { findCountry } from '../../../machines/domain/countries';
import { asFormData, ownAnswers, prefill, read, same, type TravellerAnswers } from '../../../machines/domain/sharedAnswers';
import {
  BIRTH_DATE_PATH,
  FORM_SOURCES,
  formOfSource,
  GROUP_LIMITS,
  guardianErrors,
  isMinor,
  needsGuardian,
  limitProblem,
  heldPayment,
  mayRemoveTraveller,
  newTravellerErrors,
  rulePurpose,
  travellerForm,
  type Guardian,
  type Role,
  type TravellerForm,
} from '../../../machines/domain/travellerGroup';
import { toIsoDate } from '../../../machines/domain/validators';
import { leadName } from '../../../machines/domain/leadIdentity';
import type { GroupDto, GuardianBody, NewTravellerBody, TravellerAdded, TravellerDto } from '../../../openapi/schemas/groups';
import { englishMessage } from '../../lib/messages';
import { badRequest, Problem } from '../../lib/problems';
import { canAccessLead, refusal, type Access } from '../access';
import { mergeAnswers } from '../leads/service';
import { sizeProblem } from '../leads/shape';
import { paidApplication } from '../leads/paidAnswers';

const LIMIT_MESSAGES = {
  travellers: `This group has ${GROUP_LIMITS.travellers} travellers, the most one group takes. Start another group for the others.`,
  ds160: `This group has ${GROUP_LIMITS.ds160} travellers who need a visa (DS-160), the most one group takes. Start another group for the others.`,
} as const;

/** 409 with a reason the page translates: the group is full (`group_full`, `group_ds160_full`) or the lead is taken. */
const groupConflict = (code: string, message: string) => new Problem(409, message, {}, code);

// No 0/O, 1/I/L: a leader reads the number aloud to support or types it from the e-mail.
const READABLE = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const fourOf = () => Array.from({ length: 4 }, () => READABLE[randomInt(READABLE.length)]).join('');

/** A group's number, as the official ESTA site gives a group an ID (`G-7K3Q-XM9P`, 31^8 values; unique in the database). */
export const groupNumber = () => `G-${fourOf()}-${fourOf()}`;

const parse = (json: string) => JSON.parse(json) as Record<string, unknown>;

/** The form a lead fills, by where it came from (a group is made of ESTA and ten-section DS-160 applications). */
export const formOf = (lead: Pick<LeadRow, 'source'>): TravellerForm | null => formOfSource(lead.source);

/** The trip's purpose the visa rule reads for a new traveller: the leader's answer now, else the one the group began with. */
function purposeOf(leader: Pick<LeadRow, 'source' | 'form_data' | 'travel_purpose'>, fallback = 'tourism') {
  const form = formOf(leader);
  const answers = { form: form ?? 'ESTA', answers: parse(leader.form_data) } as const;
  const answer = read(answers, form === 'DS-160' ? 'travel-info.tripPurpose' : 'purpose');
  const text = typeof answer === 'string' && answer.trim() ? answer : leader.travel_purpose || fallback;
  return rulePurpose(text);
}

/** A traveller's name: their lead's, else as their form holds it (a lead made by a wizard may not have one yet). */
export const travellerName = (member: MemberWithLead) => leadName(member);

function travellerOf(member: MemberWithLead): TravellerAnswers {
  return { leadId: member.lead_id, role: member.relationship as Role, form: formOf(member) ?? 'ESTA', answers: parse(member.form_data) };
}

/** What the group filled in that the traveller still holds as filled in: what the form marks. */
function stillPrefilled(member: MemberWithLead): string[] {
  const traveller = travellerOf(member);
  return Object.entries(parse(member.prefilled))
    .filter(([path, value]) => same(read(traveller, path), value))
    .map(([path]) => path);
}

/** Under 18 today by the birth date the traveller's form holds; null until it holds a date. */
function minorOf(member: MemberWithLead, today: string): boolean | null {
  const traveller = travellerOf(member);
  const birth = read(traveller, BIRTH_DATE_PATH[traveller.form]);
  return typeof birth === 'string' ? isMinor(birth, today) : null;
}

/** The minor's guardian as stored, a traveller of the group named as their application names them now. */
function guardianOf(member: MemberWithLead, members: readonly MemberWithLead[]): Guardian | null {
  if (!member.guardian) return null;
  const stored = JSON.parse(member.guardian) as Guardian;
  const traveller = stored.leadId ? members.find((m) => m.lead_id === stored.leadId) : undefined;
  if (stored.leadId && !traveller) return null;
  return { leadId: stored.leadId, name: traveller ? travellerName(traveller) : stored.name, role: stored.role };
}

/** The group panel's rule (needsGuardian) on the rows: the group's checkout takes no money for such a minor. */
export const guardianMissing = (member: MemberWithLead, members: readonly MemberWithLead[], today: string) =>
  needsGuardian({ minor: minorOf(member, today), guardian: guardianOf(member, members) });

function toDto(group: TravellerGroupRow, members: readonly MemberWithLead[], held: ReadonlyMap<string, 'paid' | 'pending'>): GroupDto {
  const today = toIsoDate(new Date());
  const travellers: TravellerDto[] = members.map((m) => ({
    leadId: m.lead_id,
    position: Number(m.position),
    relationship: m.relationship as TravellerDto['relationship'],
    form: formOf(m) ?? 'ESTA',
    name: travellerName(m),
    completionStatus: m.completion_status,
    // The removal's reading (heldPayment), so the panel offers "Remove" exactly when the server allows it.
    paymentStatus: heldPayment(m.payment_status, held.get(m.lead_id)),
    prefilled: stillPrefilled(m),
    updatedAt: m.updated_at,
    minor: minorOf(m, today),
    guardian: guardianOf(m, members),
  }));
  return {
    id: group.id,
    number: group.number,
    leaderLeadId: group.leader_lead_id,
    purpose: group.purpose as GroupDto['purpose'],
    limits: { ...GROUP_LIMITS },
    travellers,
    createdAt: group.created_at,
  };
}

/** The group and its leader's lead, refused (403, or 404 for an unknown id) to anyone who may not use the leader's lead. */
export async function groupFor(db: Executor, access: Access, group: TravellerGroupRow | undefined): Promise<{ group: TravellerGroupRow; leader: LeadRow }> {
  if (!group) throw refusal(false, 'group');
  const leader = await findLeadRow(db, group.leader_lead_id);
  if (!leader || !canAccessLead(access, leader)) throw refusal(Boolean(leader), 'group');
  return { group, leader };
}

/** What a new group causes beyond itself (its link back, e-mailed to the leader), in the group's transaction. */
export type OnGroupCreated = (trx: Executor, group: TravellerGroupRow, leader: LeadRow, language: string) => Promise<void>;

/**
 * Families and groups (issue 36). A group is its leader's: the session, account or resumed session that may use
 * the leader's lead may read and change the group and every traveller's lead (each made with the leader's owner),
 * nobody else. The limits are decided under the group's lock, so travellers added together cannot pass them.
 */
export class GroupService {
  constructor(
    private readonly db: Executor,
    private readonly dialect: Dialect,
    private readonly onCreated?: OnGroupCreated,
  ) {}

  private async dto(db: Executor, group: TravellerGroupRow): Promise<GroupDto> {
    const members = await membersWithLeads(db, group.id);
    return toDto(group, members, await ordersHeld(db, members.map((m) => m.lead_id)));
  }

  /** POST /api/leads/{leadId}/group: the lead's group, made if it leads none; a traveller of another group cannot lead one. */
  async create(access: Access, leadId: string, language = 'en'): Promise<{ group: GroupDto; created: boolean }> {
    return transact(this.db, async (trx) => {
      const lead = await lockLeadRow(trx, this.dialect, leadId);
      if (!lead || !canAccessLead(access, lead)) throw refusal(Boolean(lead));
      if (!formOf(lead)) throw badRequest('leadId', 'is not an ESTA or DS-160 form application; a group is made from one', 'params');
      const membership = await findMembership(trx, lead.id);
      if (membership && membership.relationship !== 'leader') {
        throw groupConflict('group_member', 'This application is a traveller of another group; its group leader adds travellers.');
      }
      const at = new Date().toISOString();
      const row: TravellerGroupRow = { id: randomUUID(), number: groupNumber(), leader_lead_id: lead.id, purpose: purposeOf(lead), created_at: at, updated_at: at };
      const created = await insertGroupOnce(trx, row);
      if (created) {
        await insertMember(trx, { lead_id: lead.id, group_id: row.id, relationship: 'leader', position: 0, prefilled: '{}', guardian: null, created_at: at });
        await this.onCreated?.(trx, row, lead, language);
      }
      const group = created ? row : await findGroupLedBy(trx, lead.id);
      if (!group) throw new Error('A group led by this lead was reported but not found');
      return { group: await this.dto(trx, group), created };
    });
  }

  /**
   * GET /api/leads/{leadId}/group. A traveller who opened their own application from an invitation (issue 43) may
   * use it and nothing else of the group: to them it travels alone.
   */
  // An application that travels alone answers null (issue 45 item 14): every page that opens an application asks,
  // and a 404 there was a console error for most of them. A group this session may not see reads as none.
  async ofLead(access: Access, leadId: string): Promise<GroupDto | null> {
    const lead = await findLeadRow(this.db, leadId);
    if (!lead || !canAccessLead(access, lead)) throw refusal(Boolean(lead));
    const membership = await findMembership(this.db, lead.id);
    if (!membership) return null;
    const group = await findGroup(this.db, membership.group_id);
    const leader = group ? await findLeadRow(this.db, group.leader_lead_id) : undefined;
    if (group && leader && !canAccessLead(access, leader) && membership.relationship !== 'leader') return null;
    return this.dto(this.db, (await groupFor(this.db, access, group)).group);
  }

  /** GET /api/groups/{groupId}. */
  async get(access: Access, groupId: string): Promise<GroupDto> {
    const { group } = await groupFor(this.db, access, await findGroup(this.db, groupId));
    return this.dto(this.db, group);
  }

  /**
   * POST /api/groups/{groupId}/travellers: a new traveller with their own lead, owned as the leader's is. Their form
   * is the visa rule's for their passport and the trip's purpose; the group's shared answers are filled in from
   * the leader (sharedAnswers.ts decides which, and never a personal one), and kept as filled in so the form marks
   * them. Counted and written under the group's lock: travellers added together cannot pass the limits.
   */
  async addTraveller(access: Access, groupId: string, body: NewTravellerBody): Promise<TravellerAdded> {
    const country = findCountry(body.nationality.trim());
    const errors = newTravellerErrors(body, (name) => Boolean(findCountry(name.trim())));
    const [field, error] = Object.entries(errors)[0] ?? [];
    if (field && error) throw badRequest(field, englishMessage(error));
    const nationality = country?.name ?? body.nationality.trim();
    const today = toIsoDate(new Date());
    return transact(this.db, async (trx) => {
      const { group, leader } = await groupFor(trx, access, await lockGroup(trx, this.dialect, groupId));
      const form = travellerForm(nationality, purposeOf(leader, group.purpose));
      if (form === 'NONE') throw badRequest('nationality', 'A U.S. citizen needs no ESTA or visa to travel to the United States');
      const problem = limitProblem(await countMembers(trx, group.id), form);
      if (problem) throw groupConflict(problem === 'travellers' ? 'group_full' : 'group_ds160_full', LIMIT_MESSAGES[problem]);

      const members = await membersWithLeads(trx, group.id);
      const at = new Date().toISOString();
      const leadId = randomUUID();
      const own = ownAnswers(form, { ...body, nationality });
      const target: TravellerAnswers = { leadId, role: body.relationship, form, answers: own };
      const filled = prefill(target, members.map(travellerOf), {}, today);
      const formData = mergeAnswers(own, asFormData(form, filled.changes));
      const row: LeadRow = {
        id: leadId,
        name: `${body.firstName.trim()} ${body.lastName.trim()}`,
        // The leader's address: the group's notices go to the person who fills the forms and pays.
        email: leader.email,
        phone: '',
        form_type: form,
        nationality,
        travel_purpose: form === 'ESTA' ? String(formData.purpose ?? '') : String(read({ form, answers: formData }, 'travel-info.tripPurpose') ?? ''),
        form_data: JSON.stringify(formData),
        completion_status: 'incomplete',
        payment_status: 'unpaid',
        source: FORM_SOURCES[form],
        subscription_plan: 'none',
        owner_token: leader.owner_token,
        user_id: leader.user_id,
        capture_key: null,
        created_at: at,
        updated_at: at,
      };
      const tooBig = sizeProblem(row.form_data);
      if (tooBig) throw badRequest(tooBig.field, tooBig.message);
      await insertLead(trx, row);
      await addHistory(trx, row.id, row.completion_status, 'started', at);
      await insertMember(trx, {
        lead_id: row.id,
        group_id: group.id,
        relationship: body.relationship,
        position: await nextPosition(trx, group.id),
        prefilled: JSON.stringify(filled.prefilled),
        guardian: null,
        created_at: at,
      });
      await touchGroup(trx, group.id, at);
      return { leadId, group: await this.dto(trx, group) };
    });
  }

  /**
   * PUT /api/groups/{groupId}/travellers/{leadId}/guardian: a minor's parent or guardian, an adult traveller of the
   * same group or someone else by name. Refused for a traveller whose form says they are an adult.
   */
  async setGuardian(access: Access, groupId: string, leadId: string, body: GuardianBody): Promise<GroupDto> {
    const [field, error] = Object.entries(guardianErrors(body))[0] ?? [];
    if (field && error) throw badRequest(field, englishMessage(error));
    return transact(this.db, async (trx) => {
      const { group } = await groupFor(trx, access, await lockGroup(trx, this.dialect, groupId));
      const members = await membersWithLeads(trx, group.id);
      const minor = members.find((m) => m.lead_id === leadId);
      if (!minor) throw refusal(false, 'traveller');
      const today = toIsoDate(new Date());
      if (minorOf(minor, today) === false) throw groupConflict('not_a_minor', 'This traveller is 18 or older by the birth date in their form; only a minor needs a parent or guardian.');
      let guardian: Guardian;
      if (body.leadId) {
        const adult = members.find((m) => m.lead_id === body.leadId);
        if (!adult || adult.lead_id === leadId || minorOf(adult, today) === true) throw badRequest('leadId', 'must be another traveller of this group who is not a minor');
        guardian = { leadId: adult.lead_id, name: travellerName(adult), role: body.role };
      } else {
        guardian = { leadId: null, name: (body.name ?? '').trim().replace(/\s+/g, ' '), role: body.role };
      }
      // The guardian is part of what a minor's application was paid for (their PDF names them): kept once paid.
      if (minor.payment_status === 'paid' && JSON.stringify(guardian) !== minor.guardian) throw paidApplication();
      await setGuardian(trx, leadId, JSON.stringify(guardian));
      await touchGroup(trx, group.id, new Date().toISOString());
      return this.dto(trx, group);
    });
  }

  /**
   * DELETE /api/groups/{groupId}/travellers/{leadId}: the application made for the traveller goes with them. The
   * traveller's lead row is held as a purchase of it holds it (reserve.ts, groupCheckout.ts), so a checkout and a
   * removal sent together are one after the other (issue 41): the removal sees the checkout's pending order and
   * refuses, or the checkout finds no application. The database refuses the delete of a lead with a paid or
   * pending order all the same (migration 0020).
   */
  async removeTraveller(access: Access, groupId: string, leadId: string): Promise<GroupDto> {
    return transact(this.db, async (trx) => {
      const { group } = await groupFor(trx, access, await lockGroup(trx, this.dialect, groupId));
      const membership = await findMembership(trx, leadId);
      if (!membership || membership.group_id !== group.id) throw refusal(false, 'traveller');
      if (membership.relationship === 'leader') throw groupConflict('group_leader', 'The group leader cannot be removed from the group.');
      const lead = await lockLeadRow(trx, this.dialect, leadId);
      if (!lead) throw refusal(false, 'traveller');
      const paymentStatus = heldPayment(lead.payment_status, (await ordersHeld(trx, [leadId])).get(leadId));
      if (!mayRemoveTraveller({ relationship: membership.relationship as Role, paymentStatus })) {
        throw groupConflict('traveller_has_orders', 'This traveller has a payment on record, so their application is kept.');
      }
      await deleteMemberLead(trx, leadId);
      await touchGroup(trx, group.id, new Date().toISOString());
      return this.dto(trx, group);
    });
  }
}
