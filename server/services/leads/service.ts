import { transact } from '../../../db/groupCommit';
import type { Dialect, Executor } from '../../../db/index';
import {
  addHistory,
  findLeadByCaptureKey,
  findLeadRow,
  findOwnedLead,
  insertLead,
  insertLeadOnce,
  listHistory,
  lockLeadRow,
  newLeadRow,
  toLead,
  writeLead,
  type Lead,
  type LeadWrite,
  type NewLeadValues,
  type Owner,
} from '../../../db/queries/leads';
import { attachPhoto, findPhotoMeta } from '../../../db/queries/photos';
import type { CompletionStatus, LeadRow } from '../../../db/schema';
import type { CaptureFields } from '../../../machines/domain/questions';
import { isValidEmail } from '../../../machines/domain/validators';
import type { CheckoutOffer } from '../../../openapi/schemas/checkout';
import type { PriceDto } from '../../../openapi/schemas/orders';
import type { LeadCaptured, LeadCreate, LeadDto, LeadImmediate, LeadUpdate, LeadUpdated, SaveLead } from '../../../openapi/schemas/leads';
import { badRequest } from '../../lib/problems';
import { findMembership } from '../../../db/queries/groups';
import { paidOrdersOfLead } from '../../../db/queries/orders';
import { creditFor, paidOf } from '../orders/quote';
import { priceOf } from '../orders/products';
import { applicantOf, applicantOfLead } from '../fees/applicant';
import { checkoutOffer } from '../pricing/checkout';
import type { SiteService } from '../site/service';
import { canAccessLead, refusal, type Access } from '../access';
import { catalogAnswers, catalogForSource, checkAnswers } from './answers';
import { DS160_FORM_SOURCE, ds160FormProblem } from './ds160FormRules';
import { fromLeadCreate, fromLeadUpdate, parseFormData, planOf } from './legacy';
import { keepPaidAnswers } from './paidAnswers';
import { shapeProblem, sizeProblem, type CollectedSource } from './shape';

const RANK: Record<CompletionStatus, number> = { incomplete: 0, abandoned: 0, unpaid: 1, completed: 1, paid: 2 };

/**
 * A DS-160 form names its photo by id (photo-submission.photoId): only a photo kept for this lead, or kept by its
 * owner before the lead existed (which then joins it), may be named. Checked when the id is among the changes.
 */
async function keepPhoto(db: Executor, changes: Record<string, unknown>, lead: Pick<LeadRow, 'id' | 'owner_token' | 'user_id'>): Promise<void> {
  const section = changes['photo-submission'];
  const photoId = section && typeof section === 'object' ? (section as Record<string, unknown>).photoId : undefined;
  if (typeof photoId !== 'string' || photoId === '') return;
  const photo = await findPhotoMeta(db, photoId);
  const owners = photo && (photo.owner_token === lead.owner_token || (lead.user_id !== null && photo.user_id === lead.user_id));
  if (!photo || !(photo.lead_id === lead.id || (photo.lead_id === null && owners))) {
    throw badRequest('formData.photo-submission.photoId', 'is not a photo kept for this application; choose the photo again');
  }
  if (photo.lead_id === null) await attachPhoto(db, photo.id, lead.id);
}

/** Statuses only move forward: a stale tab cannot turn a completed or paid lead back into a draft. */
export function nextStatus(current: CompletionStatus, requested: CompletionStatus | undefined): CompletionStatus {
  if (!requested) return current;
  return RANK[requested] >= RANK[current] ? requested : current;
}

export interface LeadChanges {
  /** Merged field by field into the stored answers, so one tab cannot erase what another saved. */
  formData?: Record<string, unknown>;
  phone?: string | undefined;
  nationality?: string | undefined;
  travelPurpose?: string | undefined;
  completionStatus?: CompletionStatus | undefined;
  subscriptionPlan?: LeadRow['subscription_plan'] | undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Answers merged field by field, and a section of the ten-section form field by field within it. */
export function mergeAnswers(stored: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  // Own entries only, read and written: a key named like an inherited property ('__proto__', 'constructor') is an
  // answer's name, never the merged object's prototype nor a function to merge into.
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(changes)) {
    const before = Object.hasOwn(merged, key) ? merged[key] : undefined;
    Object.defineProperty(merged, key, { value: isPlainObject(before) && isPlainObject(value) ? { ...before, ...value } : value, enumerable: true, writable: true, configurable: true });
  }
  return merged;
}

/** The row after applying changes to the stored one (read under lock, so nothing concurrent is lost). */
export function mergeLead(row: LeadRow, changes: LeadChanges, at: string): LeadWrite {
  const stored = JSON.parse(row.form_data) as Record<string, unknown>;
  return {
    name: row.name,
    email: row.email,
    phone: changes.phone || row.phone,
    nationality: changes.nationality || row.nationality,
    travel_purpose: changes.travelPurpose || row.travel_purpose,
    form_data: JSON.stringify(mergeAnswers(stored, changes.formData ?? {})),
    completion_status: nextStatus(row.completion_status, changes.completionStatus),
    payment_status: row.payment_status,
    // Once paid, the plan is the one paid for: only an order changes it.
    subscription_plan: row.payment_status === 'paid' ? row.subscription_plan : (changes.subscriptionPlan ?? row.subscription_plan),
    updated_at: at,
  };
}

function refuse(problem: { field: string; message: string } | null): void {
  if (problem) throw badRequest(problem.field, problem.message);
}

function validEmail(email: string): string {
  const normalised = email.trim().toLowerCase();
  if (!isValidEmail(normalised)) throw badRequest('email', 'Please enter a valid email address');
  return normalised;
}

export interface InterviewLead {
  source: string;
  /** Which answers are the e-mail, the names, the phone and the nationality. */
  fields: CaptureFields;
  answers: Record<string, string>;
  purpose?: string;
  /**
   * The questions the interview asks: answering them all finishes it. The ESTA wizard asks the official form's
   * follow-ups beyond them (issue 45 item 21), which the interview does not ask yet.
   */
  asked: readonly string[];
}

const captureKey = (owner: Owner, formType: string, email: string) => `${owner.ownerToken}:${formType}:${email}`;

/** Leads: the rules of creating, capturing, updating and reading them. Routes only translate HTTP. */
export class LeadService {
  constructor(
    private readonly db: Executor,
    private readonly dialect: Dialect,
    /** The current prices, from the site's memory (dropped when the admin changes them), not a read per lead. */
    private readonly prices: Pick<SiteService, 'priceTable'>,
  ) {}

  async checkoutFor(lead: Pick<Lead, 'id' | 'formType' | 'source' | 'subscriptionPlan' | 'travelPurpose' | 'formData'>): Promise<CheckoutOffer> {
    const [table, paid, membership] = await Promise.all([this.prices.priceTable(), paidOrdersOfLead(this.db, lead.id), findMembership(this.db, lead.id)]);
    const offer = checkoutOffer({ ...lead, applicant: applicantOf(lead) }, table, paidOf(paid));
    // A traveller of a group is paid for with the group, by its leader, in one checkout (issue 36).
    return membership ? { ...offer, url: `/checkout?group=${membership.group_id}` } : offer;
  }

  /**
   * What each product sold for this application costs it (issue 44): the ESTA, or the three packages with the
   * government fees of its visa class and what it already paid credited. Null for an unknown lead.
   */
  async pricesOf(leadId: string): Promise<Partial<Record<'basic' | 'pro' | 'premium' | 'esta', PriceDto>> | null> {
    const row = await findLeadRow(this.db, leadId);
    if (!row) return null;
    const [table, paid] = await Promise.all([this.prices.priceTable(), paidOrdersOfLead(this.db, leadId)]);
    const products = row.form_type === 'ESTA' ? (['esta'] as const) : (['basic', 'pro', 'premium'] as const);
    const applicant = applicantOfLead(row);
    return Object.fromEntries(products.map((product) => [product, priceOf(product, table, creditFor(product, paidOf(paid)), applicant)]));
  }

  /**
   * POST /api/leads: a finished wizard's lead, its answers checked with that wizard's rules. `alsoWrite` joins the
   * lead's transaction: the route writes the session that owns the lead there (one commit).
   */
  async create(owner: Owner, body: LeadCreate, alsoWrite?: (trx: Executor) => Promise<void>): Promise<{ id: string; checkout: CheckoutOffer }> {
    const input = fromLeadCreate(body);
    const email = validEmail(input.email);
    const formData = parseFormData(input.formData);
    refuse(shapeProblem(input.source, formData));
    const catalog = catalogForSource(input.source);
    let answers: Record<string, unknown> = formData;
    if (catalog) {
      const flat = catalogAnswers(catalog, formData);
      const problem = checkAnswers(catalog, flat, input.completionStatus === 'completed' || input.source === 'wizard');
      if (problem) throw badRequest(`formData.${problem.field}`, problem.message);
      answers = flat;
    }
    if (input.source === DS160_FORM_SOURCE) refuse(ds160FormProblem(formData, Object.keys(formData), input.completionStatus === 'completed'));
    const formType = input.formType ?? (answers['form-type'] === 'DS-160' || answers['form-type'] === 'ESTA' ? answers['form-type'] : undefined);
    if (!formType) throw badRequest('formType', 'is required (DS-160 or ESTA)');
    // A DS-160 or ESTA wizard's answers were checked against that form's questions; they cannot be filed as the other.
    if (catalog && catalog.formType !== 'PRE-ASSESSMENT' && catalog.formType !== formType) {
      throw badRequest('formType', `must be ${catalog.formType} for source ${input.source}`);
    }
    const at = new Date().toISOString();
    const row = newLeadRow({ ...input, email, formType, formData: answers }, owner, at);
    refuse(sizeProblem(row.form_data));
    await transact(this.db, async (trx) => {
      await insertLead(trx, row);
      if (input.source === DS160_FORM_SOURCE) await keepPhoto(trx, formData, row);
      await addHistory(trx, row.id, row.completion_status, 'created', at);
      await alsoWrite?.(trx);
    });
    return { id: row.id, checkout: await this.checkoutFor(toLead(row)) };
  }

  /** POST /api/leads/immediate: find-or-create by the unique capture key, so racing captures make one lead. */
  async capture(owner: Owner, body: LeadImmediate): Promise<LeadCaptured> {
    const email = validEmail(body.email);
    const source = body.formType === 'ESTA' ? 'esta-wizard' : 'ds160-wizard';
    // The answers the capture carries are answers too: a wizard continued elsewhere (the dashboard) finds them.
    const fields = catalogForSource(source)?.capture;
    const captured = fields
      ? Object.fromEntries(
          [
            [fields.email, email],
            [fields.firstName, body.firstName?.trim()],
            [fields.lastName, body.lastName?.trim()],
          ].filter((entry): entry is [string, string] => Boolean(entry[1])),
        )
      : {};
    const { lead, existing } = await this.findOrCreate(owner, {
      name: [body.firstName, body.lastName].filter(Boolean).join(' ').trim(),
      email,
      phone: '',
      formType: body.formType,
      nationality: body.nationality?.trim() ?? '',
      travelPurpose: '',
      formData: captured,
      completionStatus: 'incomplete',
      paymentStatus: 'unpaid',
      source,
      subscriptionPlan: 'none',
    });
    return { leadId: lead.id, existing };
  }

  /** PATCH /api/leads/{id}/update: under a row lock, so concurrent updates of different fields all land. */
  async update(access: Access, leadId: string, body: LeadUpdate): Promise<LeadUpdated> {
    const input = fromLeadUpdate(body);
    const formData = parseFormData(input.formData);
    const lead = await transact(this.db, async (trx) => {
      const row = await lockLeadRow(trx, this.dialect, leadId);
      if (!row || !canAccessLead(access, row)) throw refusal(Boolean(row));
      // The shape first: answers nested thousands deep are refused (400) before anything walks them.
      refuse(shapeProblem(row.source, formData));
      const catalog = catalogForSource(row.source);
      const changes: Record<string, unknown> = catalog ? catalogAnswers(catalog, formData) : formData;
      // A paid application is refused for what it is (409), before its answers are judged field by field.
      keepPaidAnswers(row, mergeLead(row, { ...input, formData: changes }, row.updated_at));
      if (catalog) {
        const merged = { ...catalogAnswers(catalog, JSON.parse(row.form_data) as Record<string, unknown>), ...(changes as Record<string, string>) };
        const completesNow = input.completionStatus === 'completed' && !['completed', 'paid'].includes(row.completion_status);
        const requireComplete = completesNow || ['completed', 'paid'].includes(row.completion_status);
        const problem = checkAnswers(catalog, merged, requireComplete, completesNow ? {} : { changed: new Set(Object.keys(changes)) });
        if (problem) throw badRequest(`formData.${problem.field}`, problem.message);
      }
      if (row.source === DS160_FORM_SOURCE) {
        const merged = mergeAnswers(JSON.parse(row.form_data) as Record<string, unknown>, formData);
        const complete = input.completionStatus === 'completed' || ['completed', 'paid'].includes(row.completion_status);
        refuse(ds160FormProblem(merged, Object.keys(formData), complete));
        await keepPhoto(trx, formData, row);
      }
      const at = new Date().toISOString();
      const next = mergeLead(row, { ...input, formData: changes }, at);
      refuse(sizeProblem(next.form_data));
      await writeLead(trx, row.id, next);
      if (next.completion_status !== row.completion_status) {
        await addHistory(trx, row.id, next.completion_status, next.completion_status === 'completed' ? 'submitted' : 'updated', at);
      }
      return toLead({ ...row, ...next });
    });
    return {
      id: lead.id,
      completionStatus: lead.completionStatus,
      paymentStatus: lead.paymentStatus,
      updatedAt: lead.updatedAt,
      checkout: await this.checkoutFor(lead),
    };
  }

  /** Refuses (403, or 404 for an unknown id) a caller who may not use this lead, before its request is read. */
  async authorize(access: Access, leadId: string): Promise<void> {
    const row = await findLeadRow(this.db, leadId);
    if (!row || !canAccessLead(access, row)) throw refusal(Boolean(row));
  }

  /** GET /api/leads/{id}. */
  async get(access: Access, leadId: string): Promise<LeadDto> {
    const row = await findLeadRow(this.db, leadId);
    if (!row || !canAccessLead(access, row)) throw refusal(Boolean(row));
    return { ...toLead(row), applicationHistory: await listHistory(this.db, row.id) };
  }

  /** POST /api/save-lead: the advanced chat's collected state, one lead per session, e-mail and form type. */
  async saveChatLead(owner: Owner, body: SaveLead): Promise<LeadCaptured> {
    const email = validEmail(body.email);
    const plan = planOf(body.selected_plan);
    const formType = /esta/i.test(body.product_recommendation ?? '') ? 'ESTA' : 'DS-160';
    const state = { ...body, email };
    const { lead, existing } = await this.findOrCreate(owner, {
      name: '',
      email,
      phone: '',
      formType,
      nationality: body.citizenship_country?.trim() ?? '',
      travelPurpose: body.trip_purpose?.trim() ?? '',
      formData: state,
      completionStatus: 'incomplete',
      paymentStatus: 'unpaid',
      source: 'aivisa',
      subscriptionPlan: plan ?? 'none',
    });
    if (existing) {
      await transact(this.db, async (trx) => {
        const row = await lockLeadRow(trx, this.dialect, lead.id);
        if (!row) return;
        const changes = { formData: state, nationality: body.citizenship_country, travelPurpose: body.trip_purpose, subscriptionPlan: plan };
        const next = mergeLead(row, changes, new Date().toISOString());
        keepPaidAnswers(row, next);
        await writeLead(trx, row.id, next);
      });
    }
    return { leadId: lead.id, existing };
  }

  /**
   * The AI assistant's interview (issue 13): its answers are those of the wizard's catalog, kept as a lead of
   * the browser's once the e-mail is known. Another lead of this browser with the same e-mail and form is the
   * same application: its answers join it when it follows the same catalog.
   */
  async saveInterviewLead(owner: Owner, interview: InterviewLead): Promise<string> {
    const catalog = catalogForSource(interview.source);
    if (!catalog || catalog.formType === 'PRE-ASSESSMENT') throw new Error(`${interview.source} is not an interview's source`);
    const { fields } = interview;
    const answers = interview.answers;
    const email = validEmail(answers[fields.email] ?? '');
    const name = [answers[fields.firstName], answers[fields.lastName]].filter(Boolean).join(' ');
    const values = { phone: answers[fields.phone] ?? '', nationality: answers[fields.nationality] ?? '', travelPurpose: interview.purpose ?? '' };
    // An interview that answered every question its form requires is a finished application, as the wizard's
    // review makes one (issue 45 item 5: a finished ESTA interview read "97% in progress", with no Pay).
    const asked = new Set(interview.asked);
    const interviewed = { ...catalog, questions: catalog.questions.filter((q) => asked.has(q.id)) };
    const finished = checkAnswers(interviewed, catalogAnswers(catalog, answers), true) === null;
    const completionStatus: CompletionStatus = finished ? 'completed' : 'incomplete';
    const { lead, existing } = await this.findOrCreate(owner, {
      name,
      email,
      formType: catalog.formType,
      formData: answers,
      completionStatus,
      paymentStatus: 'unpaid',
      source: interview.source,
      subscriptionPlan: 'none',
      ...values,
    });
    if (existing) {
      await transact(this.db, async (trx) => {
        const row = await lockLeadRow(trx, this.dialect, lead.id);
        if (!row) return;
        const sameCatalog = catalogForSource(row.source)?.id === catalog.id;
        const next = { ...mergeLead(row, { ...values, ...(sameCatalog ? { formData: answers, completionStatus } : {}) }, new Date().toISOString()), name: name || row.name };
        keepPaidAnswers(row, next);
        await writeLead(trx, row.id, next);
      });
    }
    return lead.id;
  }

  /** The intelligent and the consular chats (issue 13): what they collected is a lead of this browser's once it has an e-mail. */
  async saveCollectedLead(owner: Owner, source: CollectedSource, formType: 'DS-160' | 'ESTA', data: Record<string, string>): Promise<string> {
    const email = validEmail(data.email ?? '');
    refuse(shapeProblem(source, data));
    const values = { name: [data.firstName, data.lastName].filter(Boolean).join(' '), phone: data.phone ?? '', nationality: data.nationality ?? '', travelPurpose: data.purpose ?? '' };
    const { lead, existing } = await this.findOrCreate(owner, {
      ...values,
      email,
      formType,
      formData: data,
      completionStatus: 'incomplete',
      paymentStatus: 'unpaid',
      source,
      subscriptionPlan: 'none',
    });
    if (existing) {
      await transact(this.db, async (trx) => {
        const row = await lockLeadRow(trx, this.dialect, lead.id);
        if (!row) return;
        const same = row.source === source;
        const next = { ...mergeLead(row, { ...values, ...(same ? { formData: data } : {}) }, new Date().toISOString()), name: values.name || row.name };
        keepPaidAnswers(row, next);
        await writeLead(trx, row.id, next);
      });
    }
    return lead.id;
  }

  private async findOrCreate(owner: Owner, values: NewLeadValues): Promise<{ lead: LeadRow; existing: boolean }> {
    const owned = await findOwnedLead(this.db, owner, values.email, values.formType);
    if (owned) return { lead: owned, existing: true };
    const at = new Date().toISOString();
    const key = captureKey(owner, values.formType, values.email);
    const row = newLeadRow(values, owner, at, key);
    const inserted = await transact(this.db, async (trx) => {
      const made = await insertLeadOnce(trx, row);
      if (made) await addHistory(trx, row.id, row.completion_status, 'started', at);
      return made;
    });
    if (inserted) return { lead: row, existing: false };
    const found = await findLeadByCaptureKey(this.db, key);
    if (!found) throw new Error('A lead with this capture key was reported but not found');
    return { lead: found, existing: true };
  }
}
