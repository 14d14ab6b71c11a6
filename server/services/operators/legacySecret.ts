import { createDecipheriv, hkdfSync } from 'node:crypto';

/** How a TOTP secret sealed before the data keys (issue 44 item 5) begins: `s1.<iv>.<tag>.<body>`, base64url. */
export const LEGACY_TOTP_PREFIX = 's1.';

/**
 * Opens a TOTP secret sealed by the box the data codec replaced: AES-256-GCM under a key derived from the session
 * secret (HKDF-SHA256, salt 'rumbo', info 'operators totp secrets v1'). Kept only so operators enrolled before the
 * change can still sign in: the caller reseals what it opens under the data keys, so each value is read this way
 * once. Null when the value was sealed under another session secret or altered (a recovery code then signs in).
 */
export function openLegacyTotpSecret(sealed: string, sessionSecret: string): string | null {
  const [keyId, iv, tag, body] = sealed.split('.');
  if (keyId !== 's1' || !iv || !tag || body === undefined) return null;
  try {
    const key = Buffer.from(hkdfSync('sha256', sessionSecret, 'rumbo', 'operators totp secrets v1', 32));
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
