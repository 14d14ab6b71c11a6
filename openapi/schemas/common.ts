import { Type, type Static, type TProperties } from 'typebox';

/** Every failure has this shape; the message says what to do. */
export const ErrorSchema = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  code: Type.Optional(Type.String({ description: 'A stable reason a client can translate (card_declined, insufficient_funds …)' })),
  orderId: Type.Optional(Type.String({ description: 'The order a conflict is about (already_purchased, purchase_in_progress, payment_pending)' })),
});
export type ApiError = Static<typeof ErrorSchema>;

/** The error responses of a route, by status code, all of the one shape. */
export function errorResponses<const C extends number>(...codes: C[]): { [K in C]: typeof ErrorSchema } {
  return Object.fromEntries(codes.map((code) => [code, ErrorSchema])) as { [K in C]: typeof ErrorSchema };
}

/** A request object that refuses unknown fields: a misspelt field is a 400 naming it, never silently dropped. */
export function Strict<const P extends TProperties>(properties: P, options: { description?: string } = {}) {
  return Type.Object(properties, { ...options, additionalProperties: false });
}
