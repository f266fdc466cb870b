import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const nodeMajor = Number(process.versions.node.split('.')[0]);
/**
 * The SQLite driver for the Node that runs us. better-sqlite3 12 is built against V8 directly and
 * aborts the process on Node 24 (`Assertion failed: (env) != nullptr` when a statement is freed;
 * seen here in 24 of 67 test files, and reported in production by others); better-sqlite3 13 uses
 * Node-API, ships its binaries in the package (no compiler needed) and works on Node 22 and 24,
 * but segfaults on Node 20. Until Node 20 is gone from the machines a school has, both are
 * installed (13 under the alias `better-sqlite3-napi`) and the right one is loaded here; the
 * API is the same. Every SQLite open in the project goes through this.
 */
export const SqliteDatabase = nodeMajor >= 22 ? require('better-sqlite3-napi') : require('better-sqlite3');
/** Which driver was loaded, for the start-up log and the tests. */
export const sqliteDriverName = nodeMajor >= 22 ? 'better-sqlite3 13 (Node-API)' : 'better-sqlite3 12';
//# sourceMappingURL=sqlite-driver.js.map