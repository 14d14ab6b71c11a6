import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for the operators' TOTP secrets, under a key derived from the session secret (HKDF-SHA256), so every
 * process that shares the session secret reads them and nothing new has to be configured. A value carries its key
 * id (`s1`: derived from the session secret), so a key ring can take over later without guessing. Changing the
 * session secret makes the stored secrets unreadable: operators then sign in with a recovery code and set up
 * their app again (README, Operators).
 */
export class SecretBox {
  private readonly key: Buffer;
  static readonly KEY_ID = 's1';

  constructor(sessionSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', sessionSecret, 'rumbo', 'operators totp secrets v1', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [SecretBox.KEY_ID, iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  /** The plain value, or null when it was sealed under another key (or altered). */
  open(sealed: string): string | null {
    const [keyId, iv, tag, body] = sealed.split('.');
    if (keyId !== SecretBox.KEY_ID || !iv || !tag || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
