import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { RECOVERY_ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_GROUP_LENGTH, RECOVERY_GROUPS, formatRecoveryCode } from '../../../machines/domain/operators';

// TOTP as authenticator apps do it (RFC 6238: SHA-1, six digits, 30-second steps), with otplib.

export const TOTP_PERIOD_S = 30;
/** A code of the step before or after the server's is taken too: phones' clocks drift, and people type slowly. */
const TOLERANCE_S = TOTP_PERIOD_S;

export const newTotpSecret = (): string => generateSecret();

export function totpUri(secret: string, issuer: string, username: string): string {
  return generateURI({ issuer, label: username, secret });
}

/** The URI as a QR code, drawn here: no image service, nothing leaves the server. */
export function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/**
 * The time step a code belongs to when it is right for `secret` at `nowMs` (within one step either side) and
 * newer than `afterStep`, the last one taken; null otherwise.
 */
export async function checkTotp(secret: string, code: string, nowMs: number, afterStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOLERANCE_S,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** New recovery codes as they are shown once (`ABCD-EFGH-JKMN-PQRS`). */
export function newRecoveryCodes(): string[] {
  const length = RECOVERY_GROUPS * RECOVERY_GROUP_LENGTH;
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    formatRecoveryCode(Array.from({ length }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('')),
  );
}

/**
 * What is kept of a recovery code (or an invitation token): its SHA-256. Both are random with 79 bits or more, so
 * a slow hash would add nothing; the hash keeps a copy of the database from being a list of working codes.
 */
export const digest = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A recovery code as typed, in the form it was hashed in. */
export const recoveryDigest = (code: string): string => digest(code.replace(/[\s-]/g, '').toUpperCase());
