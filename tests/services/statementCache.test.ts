import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from '../../db/statementCache';

describe('the SQLite statement cache', () => {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table t (n integer)');
  sqlite.exec('insert into t values (1), (2), (3)');
  afterEach(() => sqlite.exec('delete from t where n > 3'));

  it('reuses the statement of a query text it has seen', () => {
    const db = withStatementCache(sqlite);
    const first = db.prepare('select n from t where n > ?');
    expect(db.prepare('select n from t where n > ?')).toBe(first);
    expect(first.all([1])).toEqual([{ n: 2 }, { n: 3 }]);
    expect(db.prepare('select n from t where n < ?')).not.toBe(first);
  });

  it('gives a statement of its own while the cached one is still being iterated', () => {
    const db = withStatementCache(sqlite);
    const sql = 'select n from t order by n';
    const streaming = db.prepare(sql).iterate([]);
    expect(streaming.next().value).toEqual({ n: 1 });
    // The same text meanwhile (a second export, a read during it) must not fail as "busy".
    expect(db.prepare(sql).all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect([...streaming]).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it('keeps at most its size, dropping the least recently used', () => {
    const db = withStatementCache(sqlite, 2);
    const a = db.prepare('select 1');
    db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(a);
    db.prepare('select 3');
    // 'select 2' was the least recently used and went; 'select 1' stayed.
    expect(db.prepare('select 1')).toBe(a);
    const b = db.prepare('select 2');
    expect(db.prepare('select 2')).toBe(b);
    expect(db.prepare('select 1')).toBe(a);
  });

  it('writes through a reused statement', () => {
    const db = withStatementCache(sqlite);
    db.prepare('insert into t values (?)').run([7]);
    expect(db.prepare('insert into t values (?)').run([8]).changes).toBe(1);
    expect(db.prepare('select count(*) as c from t').all([])).toEqual([{ c: 5 }]);
  });
});
