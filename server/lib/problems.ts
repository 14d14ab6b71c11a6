import http from 'node:http';
import type { ErrorCode } from '../../machines/domain/errorCodes';

// Failures a service raises; the error handler turns each into the one error shape with its status.

/** The one error shape every failure is answered with: { statusCode, error, message, code?, orderId? }. */
export function shape(statusCode: number, message: string, code?: string, orderId?: string) {
  return { statusCode, error: httpError(statusCode), message, ...(code ? { code } : {}), ...(orderId ? { orderId } : {}) };
}

export function httpError(statusCode: number): string {
  return http.STATUS_CODES[statusCode] ?? 'Error';
}

export class Problem extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers the answer carries (Retry-After on a 429). */
    readonly headers: Record<string, string> = {},
    /** A stable reason a client can translate, beside the English message (machines/domain/errorCodes.ts). */
    readonly code?: string,
    /** The order a refusal is about (a package this application already has, a payment still in flight). */
    readonly orderId?: string,
  ) {
    super(message);
  }
}

/** 400 naming the field, as `body.<field>: <what is wrong>`. */
export function badRequest(field: string, message: string, part: 'body' | 'querystring' | 'params' = 'body', code?: ErrorCode): Problem {
  return new Problem(400, `${part}.${field}: ${message}`, {}, code);
}

export function forbidden(message: string, code?: ErrorCode): Problem {
  return new Problem(403, message, {}, code);
}

export function notFound(message: string, code?: ErrorCode): Problem {
  return new Problem(404, message, {}, code);
}

/** 410: it existed and is spent or expired (an invitation). */
export function gone(message: string, code?: ErrorCode): Problem {
  return new Problem(410, message, {}, code);
}

export function conflict(message: string, code?: ErrorCode): Problem {
  return new Problem(409, message, {}, code);
}

/** The card was refused: the message is the gateway's, which a person can act on. */
export function paymentRefused(message: string, code: string): Problem {
  return new Problem(402, message, {}, code);
}

/**
 * 409 about an order: `already_purchased` (the application has this package or a higher one: the order that
 * has it), `purchase_in_progress` (another payment for it is being charged) or `payment_pending` (this key's).
 */
export function orderConflict(code: 'already_purchased' | 'purchase_in_progress' | 'payment_pending', message: string, orderId: string): Problem {
  return new Problem(409, message, {}, code, orderId);
}

export function unauthorized(message: string, code?: ErrorCode): Problem {
  return new Problem(401, message, {}, code);
}

/** Too many wrong tries: the page says so in its language (`too_many_attempts`), Retry-After says when. */
export function tooManyRequests(message: string, retryAfterSeconds: number): Problem {
  return new Problem(429, message, { 'retry-after': String(retryAfterSeconds) }, 'too_many_attempts');
}
