import { SqliteDatabase } from './sqlite-driver.js';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.js';

describe('SQLite statement cache', () => {
  it('prepares each SQL text once, keeps at most the bound, and still runs every query', () => {
    const raw = new SqliteDatabase(':memory:');
    let prepared = 0;
    const counting = new Proxy(raw, {
      get: (target, key) => (key === 'prepare' ? (sql: string) => (prepared++, target.prepare(sql)) : Reflect.get(target, key, target)),
    });
    const db = withStatementCache(counting, 2);
    db.prepare('create table t (x integer)').run([]);
    for (let i = 0; i < 5; i++) db.prepare('insert into t (x) values (?)').run([i]);
    expect(prepared).toBe(2);
    expect(db.prepare('select count(*) as n from t').all([])).toEqual([{ n: 5 }]);
    // Three texts through a cache of two: the oldest was dropped and is prepared again.
    db.prepare('create table t2 (x integer)');
    expect(prepared).toBe(4);
    db.close();
    expect(raw.open).toBe(false);
  });

  it('gives a fresh statement while the cached one is still being iterated', () => {
    const db = withStatementCache(new SqliteDatabase(':memory:'));
    db.prepare('create table t (x integer)').run([]);
    for (let i = 0; i < 3; i++) db.prepare('insert into t (x) values (?)').run([i]);
    const sql = 'select x from t order by x';
    const outer: unknown[] = [];
    for (const row of db.prepare(sql).iterate([])) {
      outer.push(row);
      expect(db.prepare(sql).all([])).toHaveLength(3);
    }
    expect(outer).toHaveLength(3);
    db.close();
  });
});
