import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { afterCommit, transact, useGroupCommit } from '../../db/groupCommit';
import type { Database } from '../../db/schema';

// A table of its own, outside the app's schema: the commit's behaviour, not the app's tables, is under test.
type Db = Kysely<Database>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-group-commit-'));
const file = path.join(dir, 'group.sqlite');
const sqlite = new SQLite(file);
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('foreign_keys = ON');
sqlite.exec('create table parent (id integer primary key)');
sqlite.exec('create table note (id text primary key, parent_id integer references parent (id) deferrable initially deferred)');
sqlite.exec('insert into parent values (1)');
/** Another connection, as another process would read the file: it sees only what is committed. */
const reader = new SQLite(file, { readonly: true });
const saved = (id: string) => reader.prepare('select count(*) as n from note where id = ?').get(id) as { n: number };

let commits = 0;
const db = useGroupCommit(
  new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => void (event.level === 'query' && /^commit/i.test(event.query.sql) && (commits += 1)),
  }),
) as unknown as Db;

const insert = (id: string, parent = 1) => (trx: Db) => sql`insert into note (id, parent_id) values (${id}, ${parent})`.execute(trx).then(() => id);

beforeEach(() => {
  sqlite.exec('delete from note');
  commits = 0;
});
afterAll(async () => {
  await db.destroy();
  reader.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('group commit', () => {
  it('commits work that arrives together in one commit, and each caller hears its own result', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `n${i}`);
    expect(await Promise.all(ids.map((id) => transact(db, insert(id))))).toEqual(ids);
    // All twenty arrived before the commit began (it waits for the event loop to take in what has arrived).
    expect(commits).toBe(1);
    for (const id of ids) expect(saved(id).n).toBe(1);
  });

  it('commits a lone piece of work alone, and work arriving once a commit has begun in a later one', async () => {
    expect(await transact(db, insert('alone'))).toBe('alone');
    expect(commits).toBe(1);
    const first = transact(db, insert('during-1'));
    // Queued after the event loop turn in which the first commit began.
    await new Promise((resolve) => setImmediate(resolve));
    const later = [transact(db, insert('during-2')), transact(db, insert('during-3'))];
    await Promise.all([first, ...later]);
    expect(commits).toBe(3);
  });

  it('acknowledges nothing before it is committed', async () => {
    const seenOnResolve = await Promise.all(['a', 'b', 'c'].map((id) => transact(db, insert(id)).then(() => saved(id).n)));
    expect(seenOnResolve).toEqual([1, 1, 1]);
  });

  it('rolls back a piece of work that fails, alone: the others in its commit are saved', async () => {
    const results = await Promise.allSettled([
      transact(db, insert('first')),
      transact(db, async (trx) => {
        await insert('half-done')(trx);
        throw new Error('refused halfway');
      }),
      transact(db, insert('third')),
      transact(db, insert('third')), // the same key: a constraint failure, rolled back alone
      transact(db, insert('fifth')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('refused halfway');
    expect(String((results[3] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(saved('half-done').n).toBe(0);
    for (const id of ['first', 'third', 'fifth']) expect(saved(id).n).toBe(1);
  });

  it('rejects every piece of work of a commit that fails, and saves none of it', async () => {
    await transact(db, insert('before'));
    // A reference checked only at the commit (deferred): the shared commit fails for all three.
    const batch = [transact(db, insert('x')), transact(db, insert('orphan', 99)), transact(db, insert('y'))];
    const results = await Promise.allSettled(batch);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const id of ['x', 'orphan', 'y']) expect(saved(id).n).toBe(0);
    // The database is usable after it.
    expect(await transact(db, insert('after'))).toBe('after');
    expect(saved('before').n).toBe(1);
    expect(saved('after').n).toBe(1);
  });

  it('runs what waits for the commit once the work is on disk, and never for work rolled back or a commit that failed', async () => {
    const ran: Array<{ id: string; saved: number }> = [];
    const noting = (id: string, parent = 1, fail = false) => async (trx: Db) => {
      await insert(id, parent)(trx);
      afterCommit(() => ran.push({ id, saved: saved(id).n }));
      if (fail) throw new Error('refused');
    };
    await Promise.allSettled([transact(db, noting('kept')), transact(db, noting('refused', 1, true)), transact(db, noting('kept too'))]);
    expect(ran).toEqual([{ id: 'kept', saved: 1 }, { id: 'kept too', saved: 1 }]);
    ran.length = 0;
    // The whole commit fails (a deferred reference): nothing waits on it runs.
    await Promise.allSettled([transact(db, noting('x')), transact(db, noting('orphan', 99))]);
    expect(ran).toEqual([]);
    // Outside a transaction, what is written is committed already: it runs at once.
    afterCommit(() => ran.push({ id: 'outside', saved: 0 }));
    expect(ran).toEqual([{ id: 'outside', saved: 0 }]);
  });
});
