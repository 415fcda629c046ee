// What opening a SQLite ledger may do to the file it is given (spec/07-replay.md §7.8, TR-REPLAY-37):
// read it first, and write (the WAL switch, the tables) only to a ledger, a new file, or an empty
// database the caller may turn into one. Another application's database, a table that only shares a
// ledger table's name and a truncated ledger file are refused before any write, each with its code.
import { randomUUID } from 'node:crypto';
import { linkSync, statSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { SQLITE_LAYOUT, SQLITE_MIGRATION_1_TO_2 } from './sqlite-layout.ts';
import { LedgerStoreError } from './store-error.ts';
import { LAYOUT_VERSION, LEDGER_COLUMNS, LEDGER_COLUMNS_BY_LAYOUT, sameColumns } from './store.ts';

/**
 * What this module needs of a SQLite connection. The driver itself (better-sqlite3, an optional peer)
 * is loaded only by sqlite.ts, the store's own subpath module, which passes its constructor in.
 */
export interface SqliteConnection {
  prepare(sql: string): { all(...params: unknown[]): unknown[]; get(...params: unknown[]): unknown };
  exec(sql: string): unknown;
  transaction<T>(fn: () => T): { immediate(): T; deferred(): T };
  close(): unknown;
}
export type OpenConnection = (path: string) => SqliteConnection;

/**
 * `true`: a missing file, an empty (0-byte) file or an empty database becomes a ledger.
 * `undefined` (the default): a missing file is created; an empty file is refused (a ledger may have been truncated).
 * `false`: only an existing ledger opens.
 */
export type CreateChoice = boolean | undefined;

/**
 * Makes the ledger file whole under another name and links it into place, so that no process ever
 * sees a new ledger as an empty file (which would be refused as a truncated one); when another
 * process linked its file first, that one is the ledger.
 */
function createWhole(path: string, open: OpenConnection): void {
  const tmp = `${path}.${process.pid}.${randomUUID()}.new`;
  try {
    const db = open(tmp);
    try {
      db.transaction(() => db.exec(SQLITE_LAYOUT)).immediate();
    } finally {
      db.close();
    }
    try {
      linkSync(tmp, path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      // never made, or already gone
    }
  }
}

/** Before the driver opens the path: a file that is not there, or is empty, and what the caller allows. */
export function checkFileBeforeOpen(path: string, create: CreateChoice, open: OpenConnection): void {
  if (path === ':memory:' || path === '') return;
  let size: number | undefined;
  try {
    size = statSync(path).size;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') return; // the driver reports what it finds (permissions, a folder, …)
    try {
      if (!statSync(dirname(path)).isDirectory()) throw new Error('not a folder');
    } catch {
      throw new LedgerStoreError('ledger.store_failed', `SQLite ledger ${path}: cannot open the ledger: its folder does not exist (ENOENT)`, 'ENOENT');
    }
    if (create === false)
      throw new LedgerStoreError('ledger.store_missing', `SQLite ledger ${path}: cannot open the ledger: the file does not exist, and create is false`);
    createWhole(path, open);
    return;
  }
  if (size === 0 && create !== true) {
    throw new LedgerStoreError(
      'ledger.store_empty_file',
      `SQLite ledger ${path}: cannot open the ledger: the file is empty (0 bytes); a ledger that held entries may have been truncated. Pass { create: true } to start a new ledger in it`,
    );
  }
}

/** What the open database holds, read without writing: nothing, a ledger, or a ledger of layout 1 to migrate. */
export type Found = { kind: 'empty' } | { kind: 'ledger' } | { kind: 'layout1' };

/**
 * Reads the schema and decides; throws the refusal's LedgerStoreError. Writes nothing. Its reads are
 * one read transaction: another process's migration (§7.7) is seen whole or not at all, never its
 * layout row without its columns.
 */
export function inspectDatabase(db: SqliteConnection, path: string, create: CreateChoice): Found {
  return db.transaction(() => inspectSchema(db, path, create)).deferred();
}

function inspectSchema(db: SqliteConnection, path: string, create: CreateChoice): Found {
  const objects = db.prepare("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'").all() as { type: string; name: string }[];
  const tables = new Set(objects.filter((o) => o.type === 'table').map((o) => o.name));
  if (objects.length === 0) {
    if (create === false)
      throw new LedgerStoreError('ledger.store_missing', `SQLite ledger ${path}: cannot open the ledger: the database is empty, and create is false`);
    return { kind: 'empty' };
  }
  const ours = Object.keys(LEDGER_COLUMNS).filter((t) => tables.has(t));
  if (ours.length === 0) {
    throw new LedgerStoreError(
      'ledger.store_foreign',
      `SQLite ledger ${path}: cannot open the ledger: the database holds ${tables.size} other table(s) and none of the ledger's; it is left unchanged`,
    );
  }
  for (const table of Object.keys(LEDGER_COLUMNS)) {
    if (!tables.has(table)) {
      throw new LedgerStoreError(
        'ledger.store_conflict',
        `SQLite ledger ${path}: cannot open the ledger: it has ${ours.join(', ')} but no ${table}; it is left unchanged`,
      );
    }
  }
  const columnsOf = (table: string): string[] => (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[]).map((c) => c.name);
  const conflict = (table: string): LedgerStoreError =>
    new LedgerStoreError(
      'ledger.store_conflict',
      `SQLite ledger ${path}: cannot open the ledger: its table ${table} has other columns than a ledger's; it is left unchanged`,
    );
  // The layout row first (§7.7): it says which columns the tables must have.
  if (!sameColumns(columnsOf('toolresult_meta'), LEDGER_COLUMNS.toolresult_meta!)) throw conflict('toolresult_meta');
  const layout = db.prepare("SELECT value FROM toolresult_meta WHERE key = 'layout'").get() as { value: unknown } | undefined;
  const value = typeof layout?.value === 'string' ? layout.value : undefined;
  const known = value !== undefined && Object.hasOwn(LEDGER_COLUMNS_BY_LAYOUT, value) ? LEDGER_COLUMNS_BY_LAYOUT[value]! : undefined;
  if (layout !== undefined && known === undefined) {
    throw new LedgerStoreError(
      'ledger.store_layout',
      `SQLite ledger ${path}: its tables have layout ${String(layout.value).slice(0, 20)}, this implementation knows layouts 1 (migrated when opened) and ${LAYOUT_VERSION}`,
    );
  }
  if (known !== undefined) {
    for (const [table, columns] of Object.entries(known)) if (!sameColumns(columnsOf(table), columns)) throw conflict(table);
  } else {
    // Without a layout row: tables of a layout this store knows lack only the row; others are a conflict.
    const layoutOf = Object.values(LEDGER_COLUMNS_BY_LAYOUT).find((set) => Object.entries(set).every(([t, c]) => sameColumns(columnsOf(t), c)));
    if (layoutOf === undefined) throw conflict(Object.keys(LEDGER_COLUMNS).find((t) => !sameColumns(columnsOf(t), LEDGER_COLUMNS[t]!))!);
  }
  if (layout === undefined) {
    throw new LedgerStoreError(
      'ledger.store_no_layout',
      `SQLite ledger ${path}: cannot open the ledger: toolresult_meta has no layout row; it is left unchanged`,
    );
  }
  return value === '1' ? { kind: 'layout1' } : { kind: 'ledger' };
}

/**
 * Migrates a ledger of layout 1 to layout 2 (§7.7) in one `BEGIN IMMEDIATE` transaction: the layout
 * row is read again under the write lock, so of two processes that open the file at once the first
 * migrates and the second finds layout 2 and changes nothing. A failure rolls the whole of it back.
 */
export function migrateLayout1(db: SqliteConnection): void {
  db.transaction(() => {
    const layout = db.prepare("SELECT value FROM toolresult_meta WHERE key = 'layout'").get() as { value: unknown } | undefined;
    if (layout?.value === '1') db.exec(SQLITE_MIGRATION_1_TO_2);
  }).immediate();
}
