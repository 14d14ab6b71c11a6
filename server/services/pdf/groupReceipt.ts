// The receipt of a group's one payment (issue 36): the charge as the single receipt tells it (charge.ts), then one
// line per traveller with their service, package, own order number and amount; the lines add up to the charge.
import type { OrderDto } from '../../../openapi/schemas/orders';
import { footer, heading, row, SMALL, STRONG } from './blocks';
import { closingSection, feeNote, opening, paymentSection, portalSection } from './charge';
import { money } from './format';
import type { GroupReceiptInput } from './inputs';
import { PRODUCT_NAMES, SERVICE_NAMES } from './wording';
import { loadPdfKit, PdfWriter } from './writer';

const SERVICES: ReadonlyArray<OrderDto['service']> = ['ESTA', 'DS-160'];

export async function groupReceiptPdf(input: GroupReceiptInput): Promise<Buffer> {
  await loadPdfKit();
  const { payment, brandName } = input;
  const w = new PdfWriter({ title: `Payment Receipt ${payment.number}`, author: brandName, subject: `Group payment for ${payment.lines.length} travellers` });
  const name = (traveller: string, i: number) => traveller.trim() || `Traveller ${i + 1}`;
  opening(w, brandName, payment);
  if (payment.receiptEmail?.trim()) row(w, { label: 'Receipt for', value: payment.receiptEmail.trim() });

  heading(w, 'Travellers');
  payment.lines.forEach(({ traveller, order }, i) => {
    row(w, {
      label: name(traveller, i),
      value: money(order.price.total),
      valueStyle: STRONG,
      // Each traveller's own government fee: one per traveller, paid by each on the official site.
      note: { text: `Order ${order.number} · ${SERVICE_NAMES[order.service]}, ${PRODUCT_NAMES[order.product]} · government fee ${money(order.price.governmentFee)}, paid separately`, style: SMALL },
    });
  });

  // A family may need an ESTA and a visa: each government's fee is told with its own site.
  const notes = SERVICES.flatMap((service) => {
    const lines = payment.lines.filter((l) => l.order.service === service);
    return lines.length ? [feeNote(service, lines.reduce((n, l) => n + l.order.price.governmentFee, 0), input.officialSites[service], lines.length)] : [];
  });
  paymentSection(w, payment, notes, brandName);

  portalSection(
    w,
    payment.lines.flatMap(({ traveller, order }, i) => (order.product === 'premium' && order.accessCode ? [{ label: `Access code, ${name(traveller, i)}`, code: order.accessCode }] : [])),
  );
  closingSection(w, { paid: payment.status === 'paid', email: payment.receiptEmail, brandName, supportEmail: input.supportEmail, number: payment.number, group: true, signedIn: input.signedIn ?? false });

  return w.finish(footer(brandName, payment.number));
}
