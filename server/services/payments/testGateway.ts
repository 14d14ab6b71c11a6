// The embedded payment gateway (DESIGN "Services behind interfaces"): no network and no key, yet it does the
// checks a real gateway does before any money moves: the Luhn checksum and length of the number, an expiry
// month that is not over, a CVV of the brand's length. A few well-known test numbers (Stripe's, which
// developers already know) answer scripted declines; any other valid card succeeds.
//
// It never logs, and never returns or keeps the card number or CVV: results hold only brand and last four.
// Idempotency works as at a real gateway, and durably: every result is written to its own table (on disk) before
// it is answered, keyed by the idempotency key, so the same key answers the first result again after a restart
// too and never charges twice; a key reused for another amount is refused. `lookup` reads that record, as a
// provider's API does, and `cancel` closes a key it never saw, which is how reconciliation settles an order
// whose charge never arrived.

import { randomBytes } from 'node:crypto';
import { transact } from '../../../db/groupCommit';
import type { Db } from '../../../db/index';
import { findGatewayCharge, insertGatewayChargeOnce } from '../../../db/queries/gatewayCharges';
import type { GatewayChargeRow } from '../../../db/schema';
import {
  cardBrand,
  cardDigits,
  cvvLength,
  isExpired,
  isValidCardNumber,
  lastFour,
} from '../../../machines/domain/payment';
import { toIsoDate } from '../../../machines/domain/validators';
import type { ChargeRecord, ChargeRequest, ChargeResult, DeclineCode, PaymentGateway } from './gateway';

export const TEST_GATEWAY_NAME = 'test';

export interface TestGatewayOptions {
  /** Where the gateway keeps its charges (its own table, `gateway_charges`). */
  db: Db;
  /** The gateway's calendar day, 'YYYY-MM-DD', for the expiry check (default: the server's local day). */
  today?: () => string;
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
  canceled: 'This payment was cancelled before it reached the card. Nothing was charged.',
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

function toRow(key: string, amountCents: number, result: ChargeResult): GatewayChargeRow {
  const { code, message } = result.status === 'succeeded' ? { code: null, message: null } : result;
  return {
    idempotency_key: key,
    amount_cents: amountCents,
    status: result.status,
    code,
    message,
    reference: result.reference,
    brand: result.brand,
    last4: result.last4,
    created_at: new Date().toISOString(),
  };
}

/** A stored row as the result it was: frozen, so no caller can change what a replay answers. */
function toRecord(row: GatewayChargeRow): ChargeRecord {
  const base = { idempotencyKey: row.idempotency_key, amountCents: Number(row.amount_cents), createdAt: row.created_at, reference: row.reference };
  const card = { brand: row.brand ?? 'unknown', last4: row.last4 ?? '' };
  switch (row.status) {
    case 'succeeded':
      return Object.freeze({ ...base, status: 'succeeded', ...card });
    case 'declined':
      return Object.freeze({ ...base, status: 'declined', code: row.code as DeclineCode, message: row.message ?? '', ...card });
    case 'error':
      return Object.freeze({ ...base, status: 'error', code: 'processing_error', message: row.message ?? '', ...card });
    case 'canceled':
      return Object.freeze({ ...base, status: 'canceled', code: 'canceled', message: row.message ?? GATEWAY_MESSAGES.canceled, brand: row.brand, last4: row.last4 });
  }
}

/** What a charge answers: the record without the gateway's bookkeeping. */
function resultOf(record: ChargeRecord): ChargeResult {
  const { idempotencyKey: _key, amountCents: _amount, createdAt: _at, ...result } = record;
  return Object.freeze(result) as ChargeResult;
}

export function createTestGateway(options: TestGatewayOptions): PaymentGateway {
  const { db } = options;
  const today = options.today ?? (() => toIsoDate(new Date()));

  function decide(request: ChargeRequest): ChargeResult {
    const digits = cardDigits(request.card.number.trim());
    const card = { reference: newChargeReference(), brand: cardBrand(digits), last4: lastFour(digits) };
    const decline = (code: DeclineCode): ChargeResult => ({ status: 'declined', code, message: GATEWAY_MESSAGES[code], ...card });

    if (!isValidCardNumber(digits)) return decline('incorrect_number');
    if (isExpired({ month: request.card.expMonth, year: request.card.expYear }, today())) return decline('expired_card');
    const cvv = request.card.cvv.trim();
    if (!/^\d+$/.test(cvv) || cvv.length !== cvvLength(card.brand)) return decline('incorrect_cvc');

    const scripted = SCRIPTED_BY_NUMBER.get(digits);
    if (scripted?.status === 'declined') return decline(scripted.code);
    if (scripted?.status === 'error') return { status: 'error', code: 'processing_error', message: GATEWAY_MESSAGES.processing_error, ...card };
    return { status: 'succeeded', ...card };
  }

  async function lookup(key: string): Promise<ChargeRecord | null> {
    const row = await findGatewayCharge(db, key);
    return row ? toRecord(row) : null;
  }

  /** The first result for the key stands: written on disk before anyone hears it, and read back when another call won. */
  async function record(key: string, amountCents: number, result: ChargeResult): Promise<ChargeRecord> {
    await transact(db, (trx) => insertGatewayChargeOnce(trx, toRow(key, amountCents, result)));
    return (await lookup(key)) as ChargeRecord;
  }

  /** The same key for another amount is a mistake of the caller's: refused, and the first result still stands. */
  function reusedKey(request: ChargeRequest): ChargeResult {
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

  return {
    name: TEST_GATEWAY_NAME,
    async charge(request) {
      assertWellFormed(request);
      const stored = (await lookup(request.idempotencyKey)) ?? (await record(request.idempotencyKey, request.amountCents, decide(request)));
      // A cancelled key answers that it was cancelled, whatever amount comes with it.
      return stored.status === 'canceled' || stored.amountCents === request.amountCents ? resultOf(stored) : reusedKey(request);
    },
    lookup,
    async cancel(key) {
      return record(key, 0, { status: 'canceled', code: 'canceled', message: GATEWAY_MESSAGES.canceled, reference: newChargeReference(), brand: null, last4: null });
    },
  };
}
