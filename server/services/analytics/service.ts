import { randomUUID } from 'node:crypto';
import { transact } from '../../../db/groupCommit';
import type { Db } from '../../../db/index';
import { recordViews } from '../../../db/queries/analytics';
import { SPA_PATHS } from '../../../machines/domain/routes';
import { visitorCountry } from '../../../machines/domain/visitorCountry';
import type { PageViewBatch } from '../../../openapi/schemas/analytics';

/** A language tag as browsers send them ('es', 'es-419', 'pt-BR'); anything else is kept as 'und' (undetermined). */
const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;

const VISITOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A path as stored: a route of the app, or '(other)' for anything else, so a mistyped URL never keeps what was typed. */
export function storedPath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '/';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return SPA_PATHS.includes(trimmed) ? trimmed : '(other)';
}

/**
 * First-party page views (docs/DECISIONS.md, issue 14): a random visitor id from a cookie, the app's route, and the
 * country the browser's language and time zone suggest. No address, no query string, no lead or account id.
 */
export class AnalyticsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A visitor id the cookie may carry, or a new one. */
  visitorId(cookie: string | undefined): { id: string; isNew: boolean } {
    return cookie && VISITOR_ID.test(cookie) ? { id: cookie, isNew: false } : { id: randomUUID(), isNew: true };
  }

  async record(visitorId: string, batch: PageViewBatch): Promise<void> {
    const at = this.now().toISOString();
    const visitor = { id: visitorId, country: visitorCountry(batch.language, batch.timeZone), language: LANGUAGE_TAG.test(batch.language) ? batch.language.slice(0, 8) : 'und' };
    await transact(this.db, (trx) => recordViews(trx, visitor, batch.views.map((v) => storedPath(v.path)), at));
  }
}
