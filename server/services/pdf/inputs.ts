// What the routes hand the PDF service: the order as the API shows it and, when the order names one, its lead.
import type { GroupPaymentDto } from '../../../openapi/schemas/groups';
import type { OrderDto } from '../../../openapi/schemas/orders';

export interface PdfLead {
  formType: string;
  /** Which form or chat saved the answers; it decides how `formData` is read (see answers.ts). */
  source: string;
  name: string;
  /** The traveller's own e-mail, or '' (a group's traveller is never shown the leader's as theirs). */
  email: string;
  phone: string;
  /** A minor's parent or guardian, as the form names them ('Ana Garcia (mother)'), or null. */
  guardian?: string | null;
  nationality: string;
  travelPurpose: string;
  formData: Record<string, unknown>;
}

export interface ReceiptInput {
  order: OrderDto;
  brandName: string;
  lead: PdfLead | null;
  supportEmail: string;
  /** The government's own site, where the government fee is paid. */
  officialSite: string;
  /** Bought while signed in to an account: the order is already there, so no sign-in line. */
  signedIn?: boolean;
}

export interface FormInput {
  order: OrderDto;
  brandName: string;
  lead: PdfLead | null;
}

export interface GroupReceiptInput {
  /** The group's one payment, with each traveller's own order as its lines. */
  payment: GroupPaymentDto;
  brandName: string;
  supportEmail: string;
  /** Each government's own site, where its fee is paid. */
  officialSites: Record<OrderDto['service'], string>;
  /** Bought while signed in to an account: the payment is already there, so no sign-in line. */
  signedIn?: boolean;
}
