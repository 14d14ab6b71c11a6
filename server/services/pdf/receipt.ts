// The payment receipt (spec 1-core §2.6, §7 POST /api/generate-pdf): the order as the server recorded it, never
// what the confirmation page sent. An unpaid order's receipt says so first, so it cannot pass for proof of payment.
import { ROUTES } from '../../../machines/domain/routes';
import { bullets, footer, header, heading, notice, row, SMALL, STRONG, TEXT } from './blocks';
import { longDate, money } from './format';
import type { ReceiptInput } from './inputs';
import {
  governmentFeeNote,
  includedFeatures,
  legalWarningEs,
  privateCompanyNote,
  PRODUCT_NAMES,
  SERVICE_NAMES,
  STATUS_WORDS,
  UNPAID_NOTICE,
} from './wording';
import { loadPdfKit, PdfWriter } from './writer';

export async function receiptPdf(input: ReceiptInput): Promise<Buffer> {
  await loadPdfKit();
  const { order, brandName, lead } = input;
  const w = new PdfWriter({
    title: `Payment Receipt ${order.number}`,
    author: brandName,
    subject: `${SERVICE_NAMES[order.service]}: ${PRODUCT_NAMES[order.product]}`,
  });
  // The number is the first row below, not the heading's line too.
  header(w, brandName, 'Payment Receipt');
  if (order.status !== 'paid') notice(w, UNPAID_NOTICE[order.status], 'alert');

  row(w, { label: 'Confirmation number', value: order.number, valueStyle: STRONG });
  row(w, { label: 'Date', value: longDate(order.paidAt ?? order.createdAt) });
  row(w, { label: 'Status', value: STATUS_WORDS[order.status], valueStyle: STRONG });
  row(w, { label: 'Service', value: SERVICE_NAMES[order.service] });
  row(w, { label: 'Package', value: PRODUCT_NAMES[order.product] });
  if (lead?.name.trim()) row(w, { label: 'Applicant', value: lead.name.trim() });
  const email = order.receiptEmail?.trim() || lead?.email.trim();
  if (email) row(w, { label: 'Receipt for', value: email });

  heading(w, 'Payment');
  const { price } = order;
  row(w, { label: 'Service fee', value: money(price.serviceFee) });
  if (price.credit > 0) row(w, { label: 'Upgrade credit (already paid)', value: `-${money(price.credit)}` });
  row(w, { label: 'Processing fee', value: money(price.processingFee) });
  const charged = order.status === 'paid' || order.status === 'refunded';
  row(w, { label: charged ? 'Total charged' : 'Total (not charged)', value: money(price.total), valueStyle: STRONG });
  if (order.status === 'refunded') row(w, { label: 'Refunded', value: money(price.total) });
  if (order.card) row(w, { label: 'Card', value: `${order.card.brand} ending in ${order.card.last4}` });
  // The one price story (DECISIONS.md): what the government is paid, and what the applicant pays in all.
  row(w, { label: 'Government fee (paid separately)', value: money(price.governmentFee) });
  row(w, { label: 'Total with the government fee', value: money(price.outOfPocket) });
  w.space(4);
  notice(w, `${governmentFeeNote(order.service, money(price.governmentFee), input.officialSite)} ${privateCompanyNote(brandName)}`, 'note');

  const features = includedFeatures(order);
  if (features.length) {
    heading(w, 'What your package includes');
    bullets(w, features);
  }
  if (order.product === 'premium' && order.accessCode) {
    heading(w, 'Interview practice portal');
    row(w, { label: 'Portal', value: ROUTES.premiumText });
    row(w, { label: 'Access code', value: order.accessCode, valueStyle: STRONG });
    w.paragraph('Open the portal on our site and enter this code to start your interview simulation.', SMALL);
  }

  heading(w, 'Good to know');
  if (order.status === 'paid') {
    // No e-mail is sent yet (README): the receipt says where the order can be found again instead.
    const account = email ? `Sign in or create an account with ${email}` : 'Sign in or create an account';
    w.paragraph(`Keep this receipt. ${account} in the browser you paid from, and this order stays on your dashboard, where its receipt can be downloaded again.`, TEXT);
    w.space(6);
  }
  w.paragraph(legalWarningEs(brandName), { ...TEXT, size: 9 });
  w.space(6);
  w.paragraph(`Questions about this order? Write to ${input.supportEmail} and quote your confirmation number ${order.number}.`, TEXT);

  return w.finish(footer(brandName, order.number));
}
