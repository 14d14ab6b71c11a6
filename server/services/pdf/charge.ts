// What every receipt says of a charge, the one application's and a group's alike (spec 1-core §2.6, §7): the fees,
// the total charged, the card by brand and last four digits only, the government fee beside it, and the closing
// lines (where the order is found again, the legal warning in the receipt's language, the support address).
import type { OrderDto, PriceDto } from '../../../openapi/schemas/orders';
import { cardBrandName } from '../../../machines/domain/payment';
import { ROUTES } from '../../../machines/domain/routes';
import { header, heading, notice, row, SMALL, STRONG, TEXT } from './blocks';
import { longDate, money } from './format';
import { feeLineLabel, governmentFeeNote, legalWarning, privateCompanyNote, STATUS_WORDS, UNPAID_NOTICE } from './wording';
import type { PdfWriter } from './writer';

export interface Charge {
  status: OrderDto['status'];
  price: PriceDto;
  card: { brand: string; last4: string } | null;
}

/**
 * The title, a first warning when nothing was charged (so an unpaid receipt cannot pass for proof of payment), and
 * the number, date and status rows. The number is the first row, not the heading's line too.
 */
export function opening(w: PdfWriter, brandName: string, charge: Charge & { number: string; paidAt: string | null; createdAt: string }): void {
  header(w, brandName, 'Payment Receipt');
  if (charge.status !== 'paid') notice(w, UNPAID_NOTICE[charge.status], 'alert');
  row(w, { label: 'Confirmation number', value: charge.number, valueStyle: STRONG });
  row(w, { label: 'Date', value: longDate(charge.paidAt ?? charge.createdAt) });
  row(w, { label: 'Status', value: STATUS_WORDS[charge.status], valueStyle: STRONG });
}

/** The 'Payment' section. `notes` are the government fee notes, one per service the charge paid for. */
export function paymentSection(w: PdfWriter, charge: Charge, notes: readonly string[], brandName: string): void {
  heading(w, 'Payment');
  const { price } = charge;
  row(w, { label: 'Service fee', value: money(price.serviceFee) });
  if (price.credit > 0) row(w, { label: 'Upgrade credit (already paid)', value: `-${money(price.credit)}` });
  row(w, { label: 'Processing fee', value: money(price.processingFee) });
  const charged = charge.status === 'paid' || charge.status === 'refunded';
  row(w, { label: charged ? 'Total charged' : 'Total (not charged)', value: money(price.total), valueStyle: STRONG });
  if (charge.status === 'refunded') row(w, { label: 'Refunded', value: money(price.total) });
  if (charge.card) row(w, { label: 'Card', value: `${cardBrandName(charge.card.brand)} ending in ${charge.card.last4}` });
  // The one price story (docs/DECISIONS.md): what the government is paid, and what the applicant pays in all.
  row(w, { label: 'Government fee (paid separately)', value: money(price.governmentFee) });
  governmentFeeRows(w, price.governmentFees);
  row(w, { label: 'Total with the government fee', value: money(price.outOfPocket) });
  w.space(4);
  notice(w, `${notes.join(' ')} ${privateCompanyNote(brandName)}`, 'note');
}

/**
 * Each government fee under the total (issue 44): what it is, its amount, when it is paid, since when it is in
 * force and the official text that sets it. A group's same fees are told once, with how many travellers owe it.
 */
export function governmentFeeRows(w: PdfWriter, lines: PriceDto['governmentFees']): void {
  const same = new Map<string, { line: PriceDto['governmentFees'][number]; count: number }>();
  for (const line of lines) {
    const key = JSON.stringify([line.code, line.subject, line.amountCents, line.effectiveFrom, line.sourceUrl]);
    const held = same.get(key);
    same.set(key, { line, count: (held?.count ?? 0) + 1 });
  }
  for (const { line, count } of same.values()) {
    const since = line.effectiveFrom ? ` In force since ${longDate(`${line.effectiveFrom}T00:00:00Z`)}.` : '';
    row(w, {
      label: `${feeLineLabel(line)}${count > 1 ? ` × ${count}` : ''}`,
      value: money(line.amountCents * count),
      note: { text: `${line.note ? `${line.note}` : ''}${since} Source: ${line.sourceUrl}`.trim(), style: SMALL },
    });
  }
}

/** The government fee note of a service, for the fee the charge leaves to be paid to that government. */
export const feeNote = (service: OrderDto['service'], fee: number, officialSite: string, travellers = 1) => governmentFeeNote(service, money(fee), officialSite, travellers);

/** The Premium portal and its access codes: one for an application, one per Premium traveller of a group. */
export function portalSection(w: PdfWriter, codes: ReadonlyArray<{ label: string; code: string }>): void {
  if (!codes.length) return;
  heading(w, 'Interview practice portal');
  row(w, { label: 'Portal', value: ROUTES.premiumText });
  for (const { label, code } of codes) row(w, { label, value: code, valueStyle: STRONG });
  w.paragraph(`Open the portal on our site and enter ${codes.length > 1 ? "a traveller's code" : 'this code'} to start ${codes.length > 1 ? 'their' : 'your'} interview simulation.`, SMALL);
}

/** 'Good to know': how to find the order again, the legal warning, and whom to write quoting the number. */
export function closingSection(
  w: PdfWriter,
  o: { paid: boolean; email: string | null | undefined; brandName: string; supportEmail: string; number: string; group?: boolean; signedIn?: boolean },
): void {
  heading(w, 'Good to know');
  if (o.paid) {
    // No e-mail is sent yet (README): the receipt says where the order can be found again instead. A buyer who
    // paid signed in already has it in their account: telling them to sign in read as a mistake (issue 45 item 17).
    const kept = o.group ? "this payment and each traveller's order stay on your dashboard, with its receipt" : 'this order stays on your dashboard, where its receipt can be downloaded again';
    const account = o.email ? `Sign in or create an account with ${o.email}` : 'Sign in or create an account';
    w.paragraph(o.signedIn ? `Keep this receipt: ${kept}.` : `Keep this receipt. ${account} in the browser you paid from, and ${kept}.`, TEXT);
    w.space(6);
  }
  w.paragraph(legalWarning(o.brandName), { ...TEXT, size: 9 });
  w.space(6);
  w.paragraph(`Questions about this order? Write to ${o.supportEmail} and quote your confirmation number ${o.number}.`, TEXT);
}
