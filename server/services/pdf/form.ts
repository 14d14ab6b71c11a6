// The completed form (spec 1-core §7 POST /api/generate-form-pdf): the lead's saved answers, never what the page
// sent, in the official form's page order, each non-ASCII answer with the A–Z copy the official site accepts.
import { answerForm, answerGroups, type AnswerForm } from './answers';
import { asciiSafe, isPlainAscii } from './ascii';
import { footer, header, heading, notice, row, SMALL, type Row } from './blocks';
import { governmentFeeRows } from './charge';
import type { FormInput } from './inputs';
import { COLORS, loadPdfKit, PdfWriter, type Style } from './writer';

const FORM_TITLES: Record<AnswerForm, string> = {
  'DS-160': 'DS-160 Online Nonimmigrant Visa Application',
  ESTA: 'ESTA (Electronic System for Travel Authorization)',
  'PRE-ASSESSMENT': 'Visa pre-assessment questionnaire',
  CHAT: 'Answers given in the chat assistant',
};

const COPY_STYLE: Style = { size: 8.5, color: COLORS.accent };
const NO_COPY_STYLE: Style = { size: 8.5, color: COLORS.alertText };

export const NO_ANSWERS = 'No answers have been saved for this order yet.';

/** The value beside its A–Z copy, or the instruction to type it from the passport when no copy can be made. */
export function answerRow(label: string, value: string): Row {
  if (isPlainAscii(value)) return { label, value };
  const copy = asciiSafe(value);
  return copy === null
    ? {
        label,
        value,
        note: {
          text: "No A–Z spelling can be made of this. Type it in Latin letters; for a name, exactly as your passport's machine-readable line (the lines of capitals at the foot of the photo page) spells it.",
          style: NO_COPY_STYLE,
        },
      }
    : { label, value, note: { text: `Type on the official site: ${copy}`, style: COPY_STYLE } };
}

export async function formPdf(input: FormInput): Promise<Buffer> {
  await loadPdfKit();
  const { order, brandName, lead } = input;
  const groups = lead ? answerGroups(lead) : [];
  const form: AnswerForm = lead ? answerForm(lead.source) : order.service;
  const w = new PdfWriter({ title: `Completed form answers ${order.number}`, author: brandName, subject: FORM_TITLES[form] });
  header(w, brandName, 'Completed form answers', `${FORM_TITLES[form]} · Confirmation number ${order.number}`);
  if (lead?.name.trim()) row(w, { label: 'Applicant', value: lead.name.trim() });
  if (lead?.email.trim()) row(w, { label: 'E-mail', value: lead.email.trim() });
  if (lead?.guardian) row(w, { label: 'Parent or guardian', value: lead.guardian });
  w.space(4);

  if (groups.length === 0) {
    notice(w, `${NO_ANSWERS} Once you complete the form, download this document again to see your answers here.`, 'note');
    return w.finish(footer(brandName, order.number));
  }

  const copying =
    form === 'DS-160' || form === 'ESTA'
      ? `Copy these answers into the official ${form} site, page by page, in the order shown.`
      : 'These are the answers you gave, in the order they were asked.';
  notice(
    w,
    `${copying} The official sites accept only the letters A to Z: where an answer has other letters, the line under it gives a plain copy to type. Check every name against your passport before you submit.`,
    'note',
    { size: 9 },
  );
  for (const group of groups) {
    heading(w, group.title);
    for (const answer of group.answers) row(w, answerRow(answer.label, answer.value), 0.42);
  }
  if (order.price.governmentFees.length) {
    heading(w, 'What you pay the U.S. government');
    w.paragraph('You pay these fees yourself, to the U.S. government, as each line says; they are not part of our charge.', SMALL);
    w.space(4);
    governmentFeeRows(w, order.price.governmentFees);
  }
  w.space(8);
  w.paragraph(
    `${brandName} is a private company, not the U.S. government. The official form is submitted by you, on the government's own site, where you also pay the government's fees.`,
    SMALL,
  );
  return w.finish(footer(brandName, order.number));
}
