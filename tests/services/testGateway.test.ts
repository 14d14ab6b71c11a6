import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type Db } from '../../db/index';
import {
  GATEWAY_MESSAGES,
  TEST_CARDS,
  createTestGateway,
  newChargeReference,
  type ChargeRequest,
  type ChargeResult,
  type PaymentGateway,
} from '../../server/services/payments/index';
import { luhnValid } from '../../machines/domain/payment';

const TODAY = '2026-06-15';
const REFERENCE = /^test_ch_[0-9A-Za-z]{24}$/;

let keys = 0;
function request(card: Partial<ChargeRequest['card']> = {}, extra: Partial<ChargeRequest> = {}): ChargeRequest {
  keys += 1;
  return {
    amountCents: 10_299,
    currency: 'USD',
    card: { number: TEST_CARDS.success, expMonth: 12, expYear: 2028, cvv: '123', name: 'Ana Pérez', ...card },
    billing: { address: 'Calle Mayor 1', city: 'Madrid', zipCode: '28013', country: 'Spain' },
    idempotencyKey: `attempt-${keys}-0123456789abcdef`,
    description: 'RUMBO-000123',
    ...extra,
  };
}

// The gateway keeps its charges in its own table: a real SQLite file, as the server's.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-gateway-'));
let db: Db;
beforeAll(async () => {
  db = createDb({ dataDir });
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const gateway = (): PaymentGateway => createTestGateway({ db, today: () => TODAY });

describe('the test cards', () => {
  it('are valid numbers, except the one meant to fail the checksum', () => {
    for (const [name, number] of Object.entries(TEST_CARDS)) {
      expect(luhnValid(number), name).toBe(name !== 'incorrectNumber');
    }
  });

  it.each<[keyof typeof TEST_CARDS, string, Partial<ChargeResult>]>([
    ['success', '123', { status: 'succeeded', brand: 'visa', last4: '4242' }],
    ['mastercard', '123', { status: 'succeeded', brand: 'mastercard', last4: '4444' }],
    ['amex', '1234', { status: 'succeeded', brand: 'amex', last4: '0005' }],
    ['discover', '123', { status: 'succeeded', brand: 'discover', last4: '1117' }],
    ['declined', '123', { status: 'declined', code: 'card_declined', message: 'Your card was declined.', last4: '0002' }],
    ['insufficientFunds', '123', { status: 'declined', code: 'insufficient_funds', message: 'Your card has insufficient funds.', last4: '9995' }],
    [
      'processingError',
      '123',
      { status: 'error', code: 'processing_error', message: 'The card could not be processed. Please try again in a moment.', last4: '0119' },
    ],
    ['incorrectNumber', '123', { status: 'declined', code: 'incorrect_number', message: 'The card number is incorrect.' }],
  ])('%s answers as documented', async (name, cvv, expected) => {
    const result = await gateway().charge(request({ number: TEST_CARDS[name], cvv }));
    expect(result).toMatchObject(expected);
    expect(result.reference).toMatch(REFERENCE);
  });

  it('any other valid card succeeds, grouped as typed', async () => {
    const result = await gateway().charge(request({ number: '4111 1111-1111 1111' }));
    expect(result).toEqual({ status: 'succeeded', brand: 'visa', last4: '1111', reference: expect.stringMatching(REFERENCE) });
  });
});

describe('the checks a real gateway makes', () => {
  it('a number failing the Luhn checksum is incorrect_number', async () => {
    const result = await gateway().charge(request({ number: '4242 4242 4242 4241' }));
    expect(result).toMatchObject({ status: 'declined', code: 'incorrect_number', brand: 'visa', last4: '4241' });
  });

  it('a number of the wrong length for its brand is incorrect_number', async () => {
    expect(await gateway().charge(request({ number: '378282246310005'.slice(0, 14) }))).toMatchObject({ code: 'incorrect_number' });
  });

  it('a scripted number that fails an earlier check gets that check first', async () => {
    const result = await gateway().charge(request({ number: TEST_CARDS.declined, expMonth: 5, expYear: 2026 }));
    expect(result).toMatchObject({ status: 'declined', code: 'expired_card' });
  });

  it('a card is good through its expiry month; last month is expired_card', async () => {
    expect(await gateway().charge(request({ expMonth: 6, expYear: 2026 }))).toMatchObject({ status: 'succeeded' });
    expect(await gateway().charge(request({ expMonth: 5, expYear: 2026 }))).toMatchObject({
      status: 'declined',
      code: 'expired_card',
      message: 'Your card has expired.',
    });
  });

  it('reads today from the clock it is given', async () => {
    const later = createTestGateway({ db, today: () => '2026-07-01' });
    expect(await later.charge(request({ expMonth: 6, expYear: 2026 }))).toMatchObject({ code: 'expired_card' });
  });

  it('a 3-digit CVV on an Amex is incorrect_cvc, and a 4-digit one on a Visa', async () => {
    expect(await gateway().charge(request({ number: TEST_CARDS.amex, cvv: '123' }))).toMatchObject({
      status: 'declined',
      code: 'incorrect_cvc',
      message: 'The security code is incorrect.',
      brand: 'amex',
    });
    expect(await gateway().charge(request({ cvv: '1234' }))).toMatchObject({ code: 'incorrect_cvc' });
    expect(await gateway().charge(request({ cvv: '12a' }))).toMatchObject({ code: 'incorrect_cvc' });
  });

  it('has an English sentence for every code', () => {
    for (const message of Object.values(GATEWAY_MESSAGES)) expect(message).toMatch(/^[A-Z].*\.$/);
  });
});

describe('programming errors throw a TypeError', () => {
  it.each([0, -100, 10.5, Number.NaN, Number.POSITIVE_INFINITY, '100' as unknown as number])('amountCents %j', async (amountCents) => {
    await expect(gateway().charge(request({}, { amountCents }))).rejects.toThrow(TypeError);
  });

  it('a two-digit year, a month 13, an empty idempotency key', async () => {
    await expect(gateway().charge(request({ expYear: 28 }))).rejects.toThrow(TypeError);
    await expect(gateway().charge(request({ expMonth: 13 }))).rejects.toThrow(TypeError);
    await expect(gateway().charge(request({}, { idempotencyKey: ' ' }))).rejects.toThrow(TypeError);
  });

  it('the error message never quotes the card', async () => {
    const error = await gateway()
      .charge(request({ number: 4242424242424242 as unknown as string, cvv: '987' }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(String(error)).not.toContain('4242');
    expect(String(error)).not.toContain('987');
  });
});

describe('idempotency', () => {
  it('the same key answers the identical result again', async () => {
    const g = gateway();
    const first = request();
    const a = await g.charge(first);
    const b = await g.charge({ ...first });
    expect(b).toEqual(a);
    expect(b.reference).toBe(a.reference);
  });

  it('replays a decline too, even if the card is now fixed', async () => {
    const g = gateway();
    const first = request({ number: TEST_CARDS.declined });
    const declined = await g.charge(first);
    expect(await g.charge({ ...first, card: { ...first.card, number: TEST_CARDS.success } })).toEqual(declined);
  });

  it('two concurrent calls with one key get one result, and one record', async () => {
    const g = gateway();
    const first = request();
    const [a, b] = await Promise.all([g.charge(first), g.charge({ ...first })]);
    expect(b).toEqual(a);
    const rows = await db.selectFrom('gateway_charges').selectAll().where('idempotency_key', '=', first.idempotencyKey).execute();
    expect(rows).toHaveLength(1);
  });

  it('a key reused for another amount is refused, and the first result still stands', async () => {
    const g = gateway();
    const first = request();
    const a = await g.charge(first);
    const reused = await g.charge({ ...first, amountCents: first.amountCents + 100 });
    expect(reused).toMatchObject({ status: 'error', code: 'processing_error', brand: 'visa', last4: '4242' });
    expect(reused.status === 'error' && reused.message).toMatch(/idempotency key was reused/);
    expect(reused.reference).not.toBe(a.reference);
    expect(await g.charge(first)).toEqual(a);
  });

  it('different keys are different charges', async () => {
    const g = gateway();
    const a = await g.charge(request());
    const b = await g.charge(request());
    expect(b.reference).not.toBe(a.reference);
  });

  it('results are frozen, so a replay cannot be altered by an earlier caller', async () => {
    const g = gateway();
    const first = request();
    expect(Object.isFrozen(await g.charge(first))).toBe(true);
    expect(Object.isFrozen(await g.charge(first))).toBe(true);
  });
});

describe('durability and lookup, as a provider keeps its charges', () => {
  it('a gateway made again on the same database (a restart) answers the first result and looks the key up', async () => {
    const first = request();
    const charged = await gateway().charge(first);
    const restarted = gateway();
    expect(await restarted.charge(first)).toEqual(charged);
    expect(await restarted.lookup(first.idempotencyKey)).toEqual({
      ...charged,
      idempotencyKey: first.idempotencyKey,
      amountCents: first.amountCents,
      createdAt: expect.any(String),
    });
  });

  it('the record is on disk before the charge answers', async () => {
    const first = request({ number: TEST_CARDS.insufficientFunds });
    await gateway().charge(first);
    const row = await db.selectFrom('gateway_charges').selectAll().where('idempotency_key', '=', first.idempotencyKey).executeTakeFirst();
    expect(row).toMatchObject({ status: 'declined', code: 'insufficient_funds', amount_cents: first.amountCents, brand: 'visa', last4: '9995' });
  });

  it('looks up a key it never saw as null', async () => {
    expect(await gateway().lookup('never-seen-0123456789abcdef')).toBeNull();
  });

  it('cancel closes a key it never saw: a charge arriving later is answered canceled and moves nothing', async () => {
    const g = gateway();
    const late = request();
    const cancelled = await g.cancel(late.idempotencyKey);
    expect(cancelled).toMatchObject({ status: 'canceled', code: 'canceled', idempotencyKey: late.idempotencyKey, amountCents: 0 });
    expect(await g.charge(late)).toMatchObject({ status: 'canceled', message: GATEWAY_MESSAGES.canceled });
    expect((await g.lookup(late.idempotencyKey))?.status).toBe('canceled');
  });

  it('cancel after a charge answers the charge: the first result stands', async () => {
    const g = gateway();
    const first = request();
    const charged = await g.charge(first);
    expect(await g.cancel(first.idempotencyKey)).toMatchObject({ status: 'succeeded', reference: charged.reference });
  });
});

describe('card data never leaves the gateway', () => {
  const cases: [string, Partial<ChargeRequest['card']>][] = [
    ['success', { number: '4242 4242 4242 4242', cvv: '314' }],
    ['declined', { number: TEST_CARDS.declined, cvv: '314' }],
    ['processing error', { number: TEST_CARDS.processingError, cvv: '314' }],
    ['incorrect number', { number: '4242424242424241', cvv: '314' }],
    ['expired', { number: TEST_CARDS.mastercard, cvv: '314', expYear: 2020 }],
    ['incorrect cvc', { number: TEST_CARDS.amex, cvv: '314' }],
  ];

  it.each(cases)('%s: the result holds neither the number nor the CVV', async (_, card) => {
    const result = await gateway().charge(request(card));
    // The reference is random base62: three digits turn up in it by chance now and then, never the CVV.
    expect(result.reference).toMatch(REFERENCE);
    const json = JSON.stringify({ ...result, reference: '' });
    const digits = (card.number as string).replace(/\D/g, '');
    expect(json).not.toContain(digits);
    expect(json).not.toContain(card.number as string);
    expect(json).not.toContain(digits.slice(0, 6));
    expect(json).not.toContain('314');
    expect(Object.keys(result).sort()).toEqual(
      result.status === 'succeeded' ? ['brand', 'last4', 'reference', 'status'] : ['brand', 'code', 'last4', 'message', 'reference', 'status'],
    );
    // The stored record neither (its time and random reference aside, where three digits can turn up by chance).
    const [stored] = await db.selectFrom('gateway_charges').selectAll().where('reference', '=', result.reference).execute();
    const kept = JSON.stringify({ ...stored, created_at: '', reference: '' });
    expect(kept).not.toContain(digits);
    expect(kept).not.toContain('314');
  });
});

describe('references', () => {
  it("look like 'test_ch_' and 24 base62 characters, and do not repeat", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i += 1) {
      const reference = newChargeReference();
      expect(reference).toMatch(REFERENCE);
      seen.add(reference);
    }
    expect(seen.size).toBe(1000);
  });
});
