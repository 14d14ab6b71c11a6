import type { Executor } from '../index';
import type { ResumeCodeRow } from '../schema';

// Queries take the database or a transaction and never open one: the resume service decides what is atomic.

/** The lead's earlier codes go: only the newest one opens it. */
export async function replaceResumeCode(db: Executor, row: ResumeCodeRow): Promise<void> {
  await db.deleteFrom('resume_codes').where('lead_id', '=', row.lead_id).execute();
  await db.insertInto('resume_codes').values(row).execute();
}

export async function findResumeCode(db: Executor, codeHash: string): Promise<ResumeCodeRow | undefined> {
  return db.selectFrom('resume_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

export async function findResumeCodeById(db: Executor, id: string): Promise<ResumeCodeRow | undefined> {
  return db.selectFrom('resume_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteResumeCode(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('resume_codes').where('id', '=', id).execute();
}
