import { defineRoute } from '../contract';
import { errorResponses } from '../schemas/common';
import { FormPdfSchema, PdfFileSchema, ReceiptPdfSchema } from '../schemas/pdf';

export const receiptPdf = defineRoute({
  method: 'POST',
  url: '/api/generate-pdf',
  tags: ['pdf'],
  summary: "The payment receipt of an order as a PDF, from the stored order (owner only); a group payment's number gives the one charge with a line per traveller",
  body: ReceiptPdfSchema,
  responses: { 200: PdfFileSchema, ...errorResponses(403, 404) },
});

export const formPdf = defineRoute({
  method: 'POST',
  url: '/api/generate-form-pdf',
  tags: ['pdf'],
  summary: "The order's application answers in the official form's page order, in English with ASCII-safe copies (owner only)",
  body: FormPdfSchema,
  responses: { 200: PdfFileSchema, ...errorResponses(403, 404) },
});
