import type { Executor } from '../../../db/index';
import { appendAudit, auditPage, type AuditRow } from '../../../db/queries/audit';
import type { AuditAction, AuditEntryDto, AuditPageDto, AuditQuery } from '../../../openapi/schemas/operators';

/** Who did it: the signed-in operator, and the address the request came from. */
export interface Actor {
  id: string;
  username: string;
  client: string;
}

export type AuditDetail = Record<string, string | number | boolean | null>;

export const AUDIT_PAGE_SIZE = 50;

const DAY_MS = 86_400_000;

function toEntry(row: AuditRow): AuditEntryDto {
  return {
    id: Number(row.id),
    at: row.at,
    actor: row.actor,
    action: row.action as AuditAction,
    target: row.target,
    detail: JSON.parse(row.detail) as AuditDetail,
    client: row.client,
  };
}

/**
 * The audit log (issue 44 item 6): appended to in the transaction of what it records where there is one (an
 * operator changed), else just before the answer leaves (a lead's details, an export), so nothing is shown that
 * was not logged. The table refuses UPDATE and DELETE itself (db/migrations/0038_audit_log.ts).
 */
export class AuditLog {
  constructor(
    private readonly db: Executor,
    private readonly now: () => number = Date.now,
  ) {}

  /** Appends an entry, in `db` when it is the transaction of the change it records. */
  async record(actor: Actor, action: AuditAction, target: string, detail: AuditDetail = {}, db: Executor = this.db): Promise<void> {
    await appendAudit(db, {
      at: new Date(this.now()).toISOString(),
      actor_id: actor.id,
      actor: actor.username,
      action,
      target,
      detail: JSON.stringify(detail),
      client: actor.client,
    });
  }

  /** GET /api/admin/audit: filtered by action, operator, target and days (UTC, both included), newest first. */
  async list(query: AuditQuery): Promise<AuditPageDto> {
    const page = query.page ?? 1;
    const { rows, total } = await auditPage(
      this.db,
      {
        action: query.action,
        actor: query.actor?.trim(),
        target: query.target?.trim(),
        since: query.from ? new Date(`${query.from}T00:00:00.000Z`).toISOString() : undefined,
        before: query.to ? new Date(Date.parse(`${query.to}T00:00:00.000Z`) + DAY_MS).toISOString() : undefined,
      },
      (page - 1) * AUDIT_PAGE_SIZE,
      AUDIT_PAGE_SIZE,
    );
    return { entries: rows.map(toEntry), total, page, pageSize: AUDIT_PAGE_SIZE };
  }
}
