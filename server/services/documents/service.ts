import type { Executor } from '../../../db/index';
import { findOrderByNumber } from '../../../db/queries/orders';
import { getSetting } from '../../../db/queries/settings';
import { findLeadRow } from '../../../db/queries/leads';
import { findMembership } from '../../../db/queries/groups';
import { answeredEmail, leadName } from '../../../machines/domain/leadIdentity';
import type { LeadRow, OrderRow } from '../../../db/schema';
import type { GroupPaymentDto } from '../../../openapi/schemas/groups';
import type { Access } from '../access';
import type { GroupCheckout } from '../orders/groupCheckout';
import type { OrderService } from '../orders/service';
import { formReady, toOrderDto } from '../orders/dto';
import { OFFICIAL_SITES } from '../orders/quote';
import { formFileName, formPdf, groupReceiptFileName, groupReceiptPdf, receiptFileName, receiptPdf, type PdfLead } from '../pdf';

/** Where applicants write; the same address the site's footer gives. */
export const SUPPORT_EMAIL = 'support@rumbo.example';

export interface PdfFile {
  fileName: string;
  bytes: Buffer;
}

function pdfLead(row: LeadRow | null): PdfLead | null {
  if (!row) return null;
  let formData: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.form_data);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) formData = parsed as Record<string, unknown>;
  } catch {
    // A lead saved before its answers were valid JSON prints without them rather than not at all.
  }
  return {
    formType: row.form_type,
    source: row.source,
    name: leadName(row),
    email: answeredEmail(row) || row.email,
    phone: row.phone,
    nationality: row.nationality,
    travelPurpose: row.travel_purpose,
    formData,
  };
}

/**
 * A lead as its form's PDF prints it (issue 45 items 7 and 17): named from its answers when its column is empty; a
 * group's traveller with their own e-mail or none (their lead keeps the leader's address, which is not theirs); a
 * minor with the parent or guardian the group named.
 */
async function travellerLead(db: Executor, row: LeadRow | null | undefined): Promise<PdfLead | null> {
  const lead = pdfLead(row ?? null);
  if (!row || !lead) return lead;
  const membership = await findMembership(db, row.id);
  if (!membership) return lead;
  const email = membership.relationship === 'leader' ? lead.email : answeredEmail(row);
  let guardian: string | null = null;
  if (membership.guardian) {
    const stored = JSON.parse(membership.guardian) as { leadId: string | null; name: string; role: string };
    const adult = stored.leadId ? await findLeadRow(db, stored.leadId) : undefined;
    const name = adult ? leadName(adult) : stored.name.trim();
    if (name) guardian = stored.role ? `${name} (${stored.role.replace(/([A-Z])/g, " $1").toLowerCase()})` : name;
  }
  return { ...lead, email, guardian };
}

/**
 * The confirmation page's two PDFs (spec 1-core §7). The page names the order by its confirmation number; what is
 * printed is the order and the lead as stored, and only for the session that owns them. A group's payment (issue
 * 36) has a number too: its receipt is the one charge with a line per traveller; its travellers' forms are theirs.
 */
export class DocumentService {
  constructor(
    private readonly db: Executor,
    private readonly orders: OrderService,
    private readonly groupPayments: GroupCheckout,
  ) {}

  async receipt(access: Access, confirmationNumber: string): Promise<PdfFile> {
    const row = await findOrderByNumber(this.db, confirmationNumber.trim());
    // The same owner check as any order's (403 for another session, 404 for no such number), in the group's read.
    const signedIn = Boolean(row?.user_id);
    if (row?.plan === 'group') return this.groupReceipt(await this.groupPayments.get(access, row.id), signedIn);
    const { order, lead } = await this.orders.byNumber(access, confirmationNumber);
    const { brandName } = await getSetting(this.db, 'branding');
    const bytes = await receiptPdf({ order, brandName, lead: pdfLead(lead), supportEmail: SUPPORT_EMAIL, officialSite: OFFICIAL_SITES[order.service], signedIn });
    return { fileName: receiptFileName(order), bytes };
  }

  private async groupReceipt(payment: GroupPaymentDto, signedIn: boolean): Promise<PdfFile> {
    const { brandName } = await getSetting(this.db, 'branding');
    const bytes = await groupReceiptPdf({ payment, brandName, supportEmail: SUPPORT_EMAIL, officialSites: OFFICIAL_SITES, signedIn });
    return { fileName: groupReceiptFileName(payment), bytes };
  }

  /**
   * The same PDFs for a message about a paid order (issue 43): the outbox already decided who receives them (the
   * address the buyer gave), so there is no session to check here.
   */
  async receiptOf(order: OrderRow): Promise<PdfFile> {
    if (order.plan === 'group') return this.groupReceipt(await this.groupPayments.paymentOf(order), Boolean(order.user_id));
    const lead = order.lead_id ? ((await findLeadRow(this.db, order.lead_id)) ?? null) : null;
    const dto = toOrderDto(order, await this.orders.priceTable(), lead);
    const { brandName } = await getSetting(this.db, 'branding');
    const bytes = await receiptPdf({ order: dto, brandName, lead: pdfLead(lead), supportEmail: SUPPORT_EMAIL, officialSite: OFFICIAL_SITES[dto.service], signedIn: Boolean(order.user_id) });
    return { fileName: receiptFileName(dto), bytes };
  }

  /** The form's PDF of a paid order, once its application's form is complete; null before. */
  async formOf(order: OrderRow): Promise<PdfFile | null> {
    const lead = order.lead_id ? await findLeadRow(this.db, order.lead_id) : undefined;
    if (!lead || !formReady(lead)) return null;
    const dto = toOrderDto(order, await this.orders.priceTable(), lead);
    const { brandName } = await getSetting(this.db, 'branding');
    return { fileName: formFileName(dto), bytes: await formPdf({ order: dto, brandName, lead: await travellerLead(this.db, lead) }) };
  }

  async form(access: Access, confirmationNumber: string): Promise<PdfFile> {
    const { order, lead } = await this.orders.byNumber(access, confirmationNumber);
    const { brandName } = await getSetting(this.db, 'branding');
    const bytes = await formPdf({ order, brandName, lead: await travellerLead(this.db, lead) });
    return { fileName: formFileName(order), bytes };
  }
}
