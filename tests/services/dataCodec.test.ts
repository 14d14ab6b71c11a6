import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import fc from 'fast-check';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { DataCodec, DataCodecError, kidOf, kidOfBytes, newDataKey, parseDataKeys } from '../../db/encryption/codec';
import { addKeyToFile, keyFileOf, loadDataKeys } from '../../db/encryption/keyRing';
import { EncryptionPlugin } from '../../db/encryption/plugin';

// The codec of the data kept encrypted at rest (issue 44 item 5): whatever goes in comes out, and a value that was
// altered or sealed under a key the ring lacks is a loud error, never a quiet null.

const k1 = newDataKey('k1');
const k2 = newDataKey('k2');
const codec = new DataCodec([k1]);

/** One character of a base64url part changed to another valid one. */
function altered(sealed: string, part: number): string {
  const parts = sealed.split(':');
  const chars = [...parts[part]!];
  const at = Math.floor(chars.length / 2);
  chars[at] = chars[at] === 'A' ? 'B' : 'A';
  parts[part] = chars.join('');
  return parts.join(':');
}

describe('sealing text', () => {
  it('gives back any string, under the current key id, never showing it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (plain) => {
        const sealed = codec.seal(plain);
        expect(kidOf(sealed)).toBe('k1');
        expect(sealed).toMatch(/^enc:v1:k1:[\w-]{16}:[\w-]{22}:[\w-]*$/);
        // Long enough that base64url cannot spell it by chance.
        if (plain.length >= 12) expect(sealed).not.toContain(plain);
        expect(codec.open(sealed)).toBe(plain);
      }),
      { numRuns: 200 },
    );
  });

  it('seals the same value differently each time (a fresh iv)', () => {
    expect(codec.seal('XK4471932')).not.toBe(codec.seal('XK4471932'));
  });

  it('refuses an altered iv, tag or ciphertext loudly', () => {
    const sealed = codec.seal('Arrested in 2014 for a fishing permit');
    for (const part of [3, 4, 5]) expect(() => codec.open(altered(sealed, part))).toThrow(/k1.*failed authentication/);
    expect(() => codec.open(sealed.slice(0, -2))).toThrow(DataCodecError);
  });

  it('names a key id the ring does not hold, and refuses a value relabelled to another key', () => {
    const other = new DataCodec([k2]).seal('secret');
    expect(() => codec.open(other)).toThrow(/data key "k2", which is not in the key ring \(k1\)/);
    const both = new DataCodec([k1, k2]);
    expect(both.open(other)).toBe('secret');
    // The same bytes under k1's label: the key id is authenticated, so this is not k1's value.
    const k2AsK1 = new DataCodec([{ kid: 'k1', key: k2.key }]).seal('secret').replace('enc:v1:k1:', 'enc:v1:k2:');
    expect(() => both.open(k2AsK1)).toThrow(/failed authentication/);
  });

  it('refuses what is not sealed at all', () => {
    expect(() => codec.open('{"passport-number":"X"}')).toThrow(/not a sealed value/i);
    expect(() => codec.open('enc:v1:k1:abc')).toThrow(/four parts/);
  });
});

describe('sealing bytes', () => {
  it('gives back any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        const sealed = codec.sealBytes(Buffer.from(bytes));
        expect(kidOfBytes(sealed)).toBe('k1');
        expect(codec.openBytes(sealed).equals(Buffer.from(bytes))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses altered bytes and names an unknown key', () => {
    const sealed = codec.sealBytes(Buffer.from('a JPEG, say'));
    const flipped = Buffer.from(sealed);
    flipped[flipped.length - 1]! ^= 1;
    expect(() => codec.openBytes(flipped)).toThrow(/failed authentication/);
    expect(() => codec.openBytes(new DataCodec([k2]).sealBytes(Buffer.from('x')))).toThrow(/"k2"/);
    expect(kidOfBytes(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull();
  });
});

describe('the key ring', () => {
  it('reads DATA_KEYS pairs, the first sealing, and names what is wrong with a bad one', () => {
    const ring = parseDataKeys(`k2=${k2.key.toString('base64')}, k1=${k1.key.toString('base64url')}`);
    expect(ring.map((k) => k.kid)).toEqual(['k2', 'k1']);
    expect(new DataCodec(ring).currentKid).toBe('k2');
    expect(() => parseDataKeys('k1=c2hvcnQ=')).toThrow(/"k1" must decode to 32 bytes \(it decodes to 5\)/);
    expect(() => parseDataKeys('nokey')).toThrow(/not a kid=base64 pair/);
    expect(() => new DataCodec([k1, k1])).toThrow(/appears twice/);
    expect(() => new DataCodec([])).toThrow(/empty/);
  });

  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('makes a key file on the first start (owner only), keeps it, and puts a new key in front', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-keys-'));
    dirs.push(dir);
    const first = loadDataKeys(dir, undefined);
    expect(first.map((k) => k.kid)).toEqual(['k1']);
    expect(fs.statSync(keyFileOf(dir)).mode & 0o777).toBe(0o600);
    expect(loadDataKeys(dir, undefined)[0]!.key.equals(first[0]!.key)).toBe(true);
    expect(addKeyToFile(dir).kid).toBe('k2');
    expect(loadDataKeys(dir, undefined).map((k) => k.kid)).toEqual(['k2', 'k1']);
    // DATA_KEYS, when set, is the ring: the file is not read.
    expect(loadDataKeys(dir, `env=${k1.key.toString('base64')}`).map((k) => k.kid)).toEqual(['env']);
  });
});

describe('the database plugin', () => {
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }), plugins: [new EncryptionPlugin(new DataCodec([k1]))] });
  afterAll(() => db.destroy());

  it('seals inserts, updates and upserts of encrypted columns, opens them on read, and leaves the others plain', async () => {
    await sql`create table leads (id text primary key, name text, form_data text)`.execute(db);
    await sql`create table photos (id text primary key, data blob)`.execute(db);
    await db.insertInto('leads').values([{ id: 'a', name: 'Ana', form_data: '{"passport":"P1"}' }, { id: 'b', name: 'Bo', form_data: '{}' }]).execute();
    await db.updateTable('leads').set({ form_data: '{"passport":"P2"}' }).where('id', '=', 'a').execute();
    await db
      .insertInto('leads')
      .values({ id: 'b', name: 'Bo', form_data: '{"passport":"P3"}' })
      .onConflict((oc) => oc.column('id').doUpdateSet({ form_data: '{"passport":"P4"}' }))
      .execute();
    await db.insertInto('photos').values({ id: 'p', data: Buffer.from('JPEGDATA') }).execute();

    const raw = await sql<{ id: string; name: string; sealed: string }>`select id, name, form_data as sealed from leads order by id`.execute(db);
    expect(raw.rows.map((r) => [r.name, kidOf(r.sealed)])).toEqual([['Ana', 'k1'], ['Bo', 'k1']]);
    // Sealed through and through: base64url segments only, which no part of the plain JSON fits (a search for
    // "P1".."P4" in the ciphertext once matched by chance, as random base64 does one run in a few hundred).
    for (const row of raw.rows) expect(row.sealed).toMatch(/^enc:v1:k1(:[A-Za-z0-9_-]+){3}$/);
    expect(await db.selectFrom('leads').select(['id', 'form_data']).orderBy('id').execute()).toEqual([
      { id: 'a', form_data: '{"passport":"P2"}' },
      { id: 'b', form_data: '{"passport":"P4"}' },
    ]);
    const photo = await db.selectFrom('photos').select('data').executeTakeFirstOrThrow();
    expect(Buffer.from(photo.data).toString()).toBe('JPEGDATA');
    const rawPhoto = await sql<{ sealed: Buffer }>`select data as sealed from photos`.execute(db);
    expect(kidOfBytes(rawPhoto.rows[0]!.sealed)).toBe('k1');
  });

  it('refuses to write an encrypted column from an expression it cannot seal', async () => {
    await expect(db.updateTable('leads').set({ form_data: sql`upper(name)` }).execute()).rejects.toThrow(/expression/);
  });
});
