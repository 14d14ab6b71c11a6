import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals a TOTP secret as the removed operators' box did (`s1.<iv>.<tag>.<body>`, AES-256-GCM under HKDF-SHA256 of
 * the session secret), written out here from that box's code so the tests plant what old databases really hold,
 * not what the reader expects.
 */
export function sealAsBefore(secret: string, sessionSecret: string): string {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, 'rumbo', 'operators totp secrets v1', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['s1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}
