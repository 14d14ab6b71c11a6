// The payment receipt (spec 1-core §2.6, §7 POST /api/generate-pdf): the order as the server recorded it, never
// what the confirmation page sent. An unpaid order's receipt says so first, so it cannot pass for proof of payment.
import { bullets, footer, heading, row } from './blocks';
import { closingSection, feeNote, opening, paymentSection, portalSection } from './charge';
import type { ReceiptInput } from './inputs';
import { includedFeatures, PRODUCT_NAMES, SERVICE_NAMES } from './wording';
import { loadPdfKit, PdfWriter } from './writer';

export async function receiptPdf(input: ReceiptInput): Promise<Buffer> {
  await loadPdfKit();
  const { order, brandName, lead } = input;
  const w = new PdfWriter({
    title: `Payment Receipt ${order.number}`,
    author: brandName,
    subject: `${SERVICE_NAMES[order.service]}: ${PRODUCT_NAMES[order.product]}`,
  });
  opening(w, brandName, order);
  row(w, { label: 'Service', value: SERVICE_NAMES[order.service] });
  row(w, { label: 'Package', value: PRODUCT_NAMES[order.product] });
  if (lead?.name.trim()) row(w, { label: 'Applicant', value: lead.name.trim() });
  const email = order.receiptEmail?.trim() || lead?.email.trim();
  if (email) row(w, { label: 'Receipt for', value: email });

  paymentSection(w, order, [feeNote(order.service, order.price.governmentFee, input.officialSite)], brandName);

  const features = includedFeatures(order);
  if (features.length) {
    heading(w, 'What your package includes');
    bullets(w, features);
  }
  if (order.product === 'premium' && order.accessCode) portalSection(w, [{ label: 'Access code', code: order.accessCode }]);

  closingSection(w, { paid: order.status === 'paid', email, brandName, supportEmail: input.supportEmail, number: order.number, signedIn: input.signedIn ?? false });

  return w.finish(footer(brandName, order.number));
}
