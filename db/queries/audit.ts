import type { Executor } from '../index';
import type { AuditLogTable } from '../schema';
import type { Insertable, Selectable } from 'kysely';

export type AuditRow = Selectable<AuditLogTable>;

export async function appendAudit(db: Executor, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export interface AuditFilter {
  action?: string | undefined;
  actor?: string | undefined;
  target?: string | undefined;
  /** ISO times: `at` from (included) and before (excluded). */
  since?: string | undefined;
  before?: string | undefined;
}

function filtered(db: Executor, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.actor) query = query.where('actor', '=', filter.actor);
  if (filter.target) query = query.where('target', '=', filter.target);
  if (filter.since) query = query.where('at', '>=', filter.since);
  if (filter.before) query = query.where('at', '<', filter.before);
  return query;
}

/** A page of entries, newest first (by the order they were written), and how many match in all. */
export async function auditPage(db: Executor, filter: AuditFilter, offset: number, limit: number): Promise<{ rows: AuditRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter).selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
