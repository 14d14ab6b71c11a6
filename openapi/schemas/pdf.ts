import { Type, type Static } from 'typebox';
import { Strict } from './common';

const Loose = Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Number()]));

/**
 * Spec 1-core §7: the page sends what it shows; the server finds the order by its confirmation number (owner
 * only) and prints its own records, so the other fields are accepted and ignored.
 */
export const ReceiptPdfSchema = Strict({
  confirmationNumber: Type.String({ minLength: 1, maxLength: 40, description: "An order's confirmation number, or a group payment's (issue 36)" }),
  service: Loose,
  plan: Loose,
  amount: Loose,
  date: Loose,
  formData: Type.Optional(Type.Unknown({ description: 'Ignored: the stored answers are printed' })),
});
export type ReceiptPdfBody = Static<typeof ReceiptPdfSchema>;

export const FormPdfSchema = Strict({
  confirmationNumber: Type.String({ minLength: 1, maxLength: 40 }),
  service: Loose,
  plan: Loose,
  formData: Type.Optional(Type.Unknown({ description: 'Ignored: the stored answers are printed' })),
});
export type FormPdfBody = Static<typeof FormPdfSchema>;

export const PdfFileSchema = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', description: 'application/pdf' });
