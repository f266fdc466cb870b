import type BetterSqlite3 from 'better-sqlite3';

/**
 * A value that differs after any change to an SQLite database's rows: by this connection
 * (`total_changes()`, every row an INSERT, UPDATE or DELETE touched since it opened, triggers'
 * included, committed or not) or by any other connection to the same file, in this process or
 * another (`PRAGMA data_version`, which moves when another connection commits). Equal stamps mean
 * the rows are as they were: what was read then is still what a query would read now.
 *
 * Read by a statement on the raw connection (about a microsecond), outside Kysely's connection
 * lock: inside a transaction another request holds open, it counts that transaction's changes
 * too, so they only make the stamp differ sooner. null when the connection cannot run it now.
 */
export function sqliteChangeStamp(database: BetterSqlite3.Database): () => string | null {
  const statement = database.prepare('select total_changes(), data_version from pragma_data_version').raw();
  return () => {
    try {
      const [changes, version] = statement.get() as [number, number];
      return `${changes}:${version}`;
    } catch {
      return null;
    }
  };
}
