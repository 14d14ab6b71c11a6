// The embedded payment gateway (DESIGN "Services behind interfaces"): no network and no key, yet it does the
// checks a real gateway does before any money moves: the Luhn checksum and length of the number, an expiry
// month that is not over, a CVV of the brand's length. A few well-known test numbers (Stripe's, which
// developers already know) answer scripted declines; any other valid card succeeds.
//
// It never logs, and never returns or keeps the card number or CVV: results hold only brand and last four.
// Idempotency works as at a real gateway: the same key answers the first result again (the same object) and
// never charges twice; a key reused for another amount is refused. Keys are remembered in memory, first in
// first out, for the last 10,000 charges: enough for a browser's retries, bounded for a long-running process.

import { randomBytes } from 'node:crypto';
import {
  cardBrand,
  cardDigits,
  cvvLength,
  isExpired,
  isValidCardNumber,
  lastFour,
} from '../../../machines/domain/payment';
import { toIsoDate } from '../../../machines/domain/validators';
import type { ChargeRequest, ChargeResult, DeclineCode, PaymentGateway } from './gateway';

export const TEST_GATEWAY_NAME = 'test';

/** How many idempotency keys the gateway remembers by default. */
export const IDEMPOTENCY_MEMORY = 10_000;

export interface TestGatewayOptions {
  /** The gateway's calendar day, 'YYYY-MM-DD', for the expiry check (default: the server's local day). */
  today?: () => string;
  /** How many idempotency keys to remember (default 10,000); the oldest is forgotten first. */
  idempotencyMemory?: number;
}

/** Sentences a cardholder can act on, as the payment page shows them. */
export const GATEWAY_MESSAGES = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: 'The security code is incorrect.',
  incorrect_number: 'The card number is incorrect.',
  processing_error: 'The card could not be processed. Please try again in a moment.',
  idempotency_key_reused:
    'This payment attempt was already made for a different amount (its idempotency key was reused). Please start the payment again.',
} as const;

type Scripted = { status: 'declined'; code: DeclineCode } | { status: 'error'; code: 'processing_error' };

/** Valid numbers (Luhn and length pass) whose outcome is scripted, by name; TEST_CARDS in index.ts lists them. */
export const SCRIPTED_TEST_CARDS = {
  declined: { number: '4000000000000002', outcome: { status: 'declined', code: 'card_declined' } },
  insufficientFunds: { number: '4000000000009995', outcome: { status: 'declined', code: 'insufficient_funds' } },
  processingError: { number: '4000000000000119', outcome: { status: 'error', code: 'processing_error' } },
} as const satisfies Record<string, { number: string; outcome: Scripted }>;

const SCRIPTED_BY_NUMBER: ReadonlyMap<string, Scripted> = new Map(
  Object.values(SCRIPTED_TEST_CARDS).map(({ number, outcome }) => [number, outcome]),
);

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 'test_ch_' and 24 random base62 characters, as unguessable as a real gateway's charge id. */
export function newChargeReference(): string {
  let id = '';
  while (id.length < 24) {
    for (const byte of randomBytes(32)) {
      // 248 = 4 × 62: dropping bytes above it keeps every character equally likely.
      if (byte < 248 && id.length < 24) id += BASE62[byte % 62];
    }
  }
  return `test_ch_${id}`;
}

/**
 * A malformed request is a bug in the caller, not a card problem, so it throws instead of declining. The
 * messages never quote the card number or CVV.
 */
function assertWellFormed(request: ChargeRequest): void {
  const { amountCents, currency, card, idempotencyKey } = request;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new TypeError(`amountCents must be a positive whole number of cents, got ${String(amountCents)}`);
  }
  if (currency !== 'USD') throw new TypeError(`currency must be 'USD', got ${String(currency)}`);
  if (typeof idempotencyKey !== 'string' || idempotencyKey.trim() === '') {
    throw new TypeError('idempotencyKey must be a non-empty string');
  }
  if (typeof card?.number !== 'string' || typeof card.cvv !== 'string') {
    throw new TypeError('card.number and card.cvv must be strings');
  }
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    throw new TypeError(`card.expMonth must be a whole number from 1 to 12, got ${String(card.expMonth)}`);
  }
  if (!Number.isInteger(card.expYear) || card.expYear < 1000 || card.expYear > 9999) {
    throw new TypeError(`card.expYear must have four digits (2027, not 27), got ${String(card.expYear)}`);
  }
}

interface Remembered {
  amountCents: number;
  result: ChargeResult;
}

export function createTestGateway(options: TestGatewayOptions = {}): PaymentGateway {
  const today = options.today ?? (() => toIsoDate(new Date()));
  const memory = options.idempotencyMemory ?? IDEMPOTENCY_MEMORY;
  const charges = new Map<string, Remembered>();

  function decide(request: ChargeRequest): ChargeResult {
    const digits = cardDigits(request.card.number.trim());
    const card = { reference: newChargeReference(), brand: cardBrand(digits), last4: lastFour(digits) };
    const decline = (code: DeclineCode): ChargeResult =>
      Object.freeze({ status: 'declined', code, message: GATEWAY_MESSAGES[code], ...card });

    if (!isValidCardNumber(digits)) return decline('incorrect_number');
    if (isExpired({ month: request.card.expMonth, year: request.card.expYear }, today())) return decline('expired_card');
    const cvv = request.card.cvv.trim();
    if (!/^\d+$/.test(cvv) || cvv.length !== cvvLength(card.brand)) return decline('incorrect_cvc');

    const scripted = SCRIPTED_BY_NUMBER.get(digits);
    if (scripted?.status === 'declined') return decline(scripted.code);
    if (scripted?.status === 'error') {
      return Object.freeze({ status: 'error', code: 'processing_error', message: GATEWAY_MESSAGES.processing_error, ...card });
    }
    return Object.freeze({ status: 'succeeded', ...card });
  }

  function remember(key: string, entry: Remembered): void {
    charges.set(key, entry);
    if (charges.size > memory) {
      const oldest = charges.keys().next().value;
      if (oldest !== undefined) charges.delete(oldest);
    }
  }

  return {
    name: TEST_GATEWAY_NAME,
    // No await before the result is remembered: two concurrent calls with one key cannot both charge.
    async charge(request) {
      assertWellFormed(request);
      const previous = charges.get(request.idempotencyKey);
      if (previous) {
        if (previous.amountCents === request.amountCents) return previous.result;
        const digits = cardDigits(request.card.number.trim());
        return Object.freeze({
          status: 'error',
          code: 'processing_error',
          message: GATEWAY_MESSAGES.idempotency_key_reused,
          reference: newChargeReference(),
          brand: cardBrand(digits),
          last4: lastFour(digits),
        });
      }
      const result = decide(request);
      remember(request.idempotencyKey, { amountCents: request.amountCents, result });
      return result;
    },
  };
}
