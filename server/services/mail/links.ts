import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { Executor } from '../../../db/index';
import { findEmailLink, insertEmailLink } from '../../../db/queries/emailLinks';
import type { EmailLinkPurpose, EmailLinkRow } from '../../../db/schema';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** How long each kind of link opens what it opens. A reset is an hour (issue 43); the others a working week or a month. */
export const LINK_TTL_MS: Record<EmailLinkPurpose, number> = {
  reset: HOUR_MS,
  signin: HOUR_MS,
  verify: 7 * DAY_MS,
  invite: 14 * DAY_MS,
  group: 30 * DAY_MS,
};

/** Where each link lands in the app. */
export const LINK_PATHS: Record<EmailLinkPurpose, string> = {
  reset: '/reset-password',
  signin: '/sign-in-link',
  verify: '/sign-in-link',
  invite: '/invitation',
  group: '/invitation',
};

/** A token as it arrives: 43 base64url characters (32 bytes). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type LinkProblem = 'unknown' | 'expired' | 'used';

/**
 * Links sent by e-mail (issue 43). A link's token is an HMAC of its id under a key derived from the server's
 * secret, so the message can be drawn when it is sent (the outbox keeps only the link's id) while the database
 * keeps only a hash of the token: neither the database nor the outbox alone opens anything.
 */
export class EmailLinks {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('email-links').digest();
  }

  tokenOf(linkId: string): string {
    return createHmac('sha256', this.key).update(linkId).digest('base64url');
  }

  hashOf(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }

  /** The link's address in the app, relative to the public address. */
  pathOf(link: Pick<EmailLinkRow, 'id' | 'purpose'>): string {
    return `${LINK_PATHS[link.purpose]}?token=${this.tokenOf(link.id)}`;
  }

  /** A new link, written in the caller's transaction (with the message that carries it). */
  async issue(
    trx: Executor,
    link: { purpose: EmailLinkPurpose; email: string; userId?: string | null; leadId?: string | null; groupId?: string | null },
    now = new Date(),
  ): Promise<EmailLinkRow> {
    const id = randomUUID();
    const row: EmailLinkRow = {
      id,
      purpose: link.purpose,
      token_hash: this.hashOf(this.tokenOf(id)),
      email: link.email.trim().toLowerCase(),
      user_id: link.userId ?? null,
      lead_id: link.leadId ?? null,
      group_id: link.groupId ?? null,
      expires_at: new Date(now.getTime() + LINK_TTL_MS[link.purpose]).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    };
    await insertEmailLink(trx, row);
    return row;
  }

  /**
   * The link a token opens for one of these purposes, or why it opens nothing. A group's link may be followed
   * again until it expires; every other link once.
   */
  async find(db: Executor, token: string, purposes: readonly EmailLinkPurpose[], now = new Date()): Promise<{ link: EmailLinkRow } | { problem: LinkProblem }> {
    if (!TOKEN_PATTERN.test(token)) return { problem: 'unknown' };
    const link = await findEmailLink(db, this.hashOf(token));
    if (!link || !purposes.includes(link.purpose)) return { problem: 'unknown' };
    if (link.used_at && link.purpose !== 'group') return { problem: 'used' };
    if (link.expires_at <= now.toISOString()) return { problem: 'expired' };
    return { link };
  }
}
