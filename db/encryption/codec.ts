import { createCipheriv, createDecipheriv, createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';

/**
 * AES-256-GCM for the values kept encrypted at rest (README, "Data at rest"): the one codec of the product.
 * A sealed text is `enc:v1:<kid>:<iv>:<tag>:<ciphertext>` (base64url parts); sealed bytes are the same header
 * `enc:v1:<kid>:` followed by the iv, the tag and the ciphertext as bytes. The key id travels with every value, so
 * keys rotate: the first key of the ring seals, every key of the ring opens. A value that was altered, or sealed
 * under a key the ring does not hold, is an error that says so, never a silent null or a garbled answer.
 */
export const SEALED_PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const KID = /^[A-Za-z0-9_-]{1,32}$/;

export interface DataKey {
  kid: string;
  /** 32 bytes. */
  key: Buffer;
}

export class DataCodecError extends Error {
  override name = 'DataCodecError';
}

export class DataCodec {
  private readonly keys = new Map<string, KeyObject>();
  /** The key id new values are sealed under. */
  readonly currentKid: string;

  constructor(ring: readonly DataKey[]) {
    if (ring.length === 0) throw new DataCodecError('The data key ring is empty: at least one key is needed.');
    for (const { kid, key } of ring) {
      if (!KID.test(kid)) throw new DataCodecError(`Data key id "${kid}" must be 1-32 letters, digits, "-" or "_".`);
      if (key.length !== KEY_BYTES) throw new DataCodecError(`Data key "${kid}" must be ${KEY_BYTES} bytes (it is ${key.length}).`);
      if (this.keys.has(kid)) throw new DataCodecError(`Data key id "${kid}" appears twice.`);
      // Made once here, not per value: nothing is derived on a request's path.
      this.keys.set(kid, createSecretKey(key));
    }
    this.currentKid = ring[0]!.kid;
  }

  get kids(): string[] {
    return [...this.keys.keys()];
  }

  /** Each key's fingerprint (an HMAC of a fixed text under it): which key a kid names, without showing the key. */
  fingerprints(): Map<string, string> {
    return new Map([...this.keys].map(([kid, key]) => [kid, createHmac('sha256', key).update('rumbo data key fingerprint').digest('base64url').slice(0, 22)]));
  }

  seal(plain: string): string {
    const { iv, tag, body } = this.encrypt(Buffer.from(plain, 'utf8'));
    return `${SEALED_PREFIX}${this.currentKid}:${iv.toString('base64url')}:${tag.toString('base64url')}:${body.toString('base64url')}`;
  }

  open(sealed: string): string {
    if (!sealed.startsWith(SEALED_PREFIX)) throw new DataCodecError('Not a sealed value (no "enc:v1:" prefix).');
    const parts = sealed.slice(SEALED_PREFIX.length).split(':');
    if (parts.length !== 4) throw new DataCodecError('A sealed value has four parts after "enc:v1:" (kid, iv, tag, ciphertext).');
    const [kid, iv, tag, body] = parts as [string, string, string, string];
    return this.decrypt(kid, Buffer.from(iv, 'base64url'), Buffer.from(tag, 'base64url'), Buffer.from(body, 'base64url')).toString('utf8');
  }

  sealBytes(plain: Buffer): Buffer {
    const { iv, tag, body } = this.encrypt(plain);
    return Buffer.concat([Buffer.from(`${SEALED_PREFIX}${this.currentKid}:`, 'ascii'), iv, tag, body]);
  }

  openBytes(sealed: Buffer): Buffer {
    const kid = kidOfBytes(sealed);
    if (kid === null) throw new DataCodecError('Not sealed bytes (no "enc:v1:<kid>:" header).');
    const start = SEALED_PREFIX.length + kid.length + 1;
    return this.decrypt(kid, sealed.subarray(start, start + IV_BYTES), sealed.subarray(start + IV_BYTES, start + IV_BYTES + TAG_BYTES), sealed.subarray(start + IV_BYTES + TAG_BYTES));
  }

  private encrypt(plain: Buffer): { iv: Buffer; tag: Buffer; body: Buffer } {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentKid)!, iv);
    // The key id is authenticated too: a value cannot be relabelled to another key.
    cipher.setAAD(Buffer.from(this.currentKid, 'utf8'));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return { iv, tag: cipher.getAuthTag(), body };
  }

  private decrypt(kid: string, iv: Buffer, tag: Buffer, body: Buffer): Buffer {
    const key = this.keys.get(kid);
    if (!key) throw new DataCodecError(`A value is sealed under data key "${kid}", which is not in the key ring (${this.kids.join(', ')}): add it to DATA_KEYS.`);
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new DataCodecError(`A value sealed under "${kid}" is truncated (iv or tag of the wrong length).`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(kid, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]);
    } catch {
      throw new DataCodecError(`A value sealed under data key "${kid}" failed authentication: it was altered, or the key is not the one it was sealed with.`);
    }
  }
}

/** The key id of a sealed text, or null for a plain one. */
export function kidOf(value: string): string | null {
  if (!value.startsWith(SEALED_PREFIX)) return null;
  const end = value.indexOf(':', SEALED_PREFIX.length);
  return end > SEALED_PREFIX.length ? value.slice(SEALED_PREFIX.length, end) : null;
}

const PREFIX_BYTES = Buffer.from(SEALED_PREFIX, 'ascii');

/** The key id of sealed bytes, or null for plain ones. */
export function kidOfBytes(value: Buffer): string | null {
  if (value.length < PREFIX_BYTES.length || !value.subarray(0, PREFIX_BYTES.length).equals(PREFIX_BYTES)) return null;
  const end = value.indexOf(0x3a, PREFIX_BYTES.length, 'binary');
  if (end <= PREFIX_BYTES.length || end > PREFIX_BYTES.length + 32) return null;
  return value.subarray(PREFIX_BYTES.length, end).toString('ascii');
}

/**
 * `DATA_KEYS`: `kid=base64` pairs separated by commas, spaces or new lines, the first sealing new values
 * (`k2=…,k1=…` while k1's values are re-sealed under k2).
 */
export function parseDataKeys(text: string): DataKey[] {
  const pairs = text.split(/[\s,]+/).filter(Boolean);
  if (pairs.length === 0) throw new DataCodecError('DATA_KEYS is empty: give at least one kid=base64 pair.');
  return pairs.map((pair) => {
    const at = pair.indexOf('=');
    if (at <= 0) throw new DataCodecError(`DATA_KEYS: "${pair.slice(0, 12)}…" is not a kid=base64 pair.`);
    const kid = pair.slice(0, at);
    const key = Buffer.from(pair.slice(at + 1), pair.slice(at + 1).match(/[-_]/) ? 'base64url' : 'base64');
    if (key.length !== KEY_BYTES) throw new DataCodecError(`DATA_KEYS: key "${kid}" must decode to ${KEY_BYTES} bytes (it decodes to ${key.length}).`);
    return { kid, key };
  });
}

export const formatDataKeys = (ring: readonly DataKey[]) => ring.map(({ kid, key }) => `${kid}=${key.toString('base64')}`).join('\n');

export const newDataKey = (kid: string): DataKey => ({ kid, key: randomBytes(KEY_BYTES) });
