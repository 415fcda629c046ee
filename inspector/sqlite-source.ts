// A SQLite ledger, read only (better-sqlite3's readonly flag: the driver refuses every write, and
// the file must already exist). Paging and filters are SQL over the ledger's own index-free
// columns: a page reads its rows and nothing more, and a warning filter reads each entry's
// warnings with SQLite's JSON functions, so 100,000 calls never travel into this process at once.
import Database from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';
import { LEDGER_COLUMNS_LAYOUT_1 } from '../reference-impl/internal.ts';
import {
  keyedLayout,
  MAX_PAGE,
  SourceError,
  stateOf,
  type CallPage,
  type CallQuery,
  type CallRecord,
  type CallRow,
  type LedgerMark,
  type LedgerSource,
} from './source.ts';

type Raw = {
  call_id: string;
  scope: string;
  fingerprint: string;
  state: string;
  interrupted: number;
  claimed_at: number;
  finished_at: number | null;
  warnings: string | null;
  levels: string | null;
};

// The entry as text when it is JSON, else '[]'; a hand-edited or truncated entry never breaks a query.
const ENTRY_JSON = `CASE WHEN json_valid(CAST(l.entry AS TEXT)) THEN CAST(l.entry AS TEXT) ELSE '{}' END`;
const WARNINGS = `(SELECT json_group_array(json_extract(w.value, '$.code')) FROM json_each(${ENTRY_JSON}, '$.result.warnings') w)`;
/** The statements' parts for a ledger of layout 2 (keyed: the whole key) or of layout 1 (the call ID). */
function statements(keyed: boolean) {
  const audit = keyed ? 'call_id = l.call_id AND scope = l.scope AND fingerprint = l.fingerprint' : 'call_id = l.call_id';
  const levels = `(SELECT json_group_array(a.level) FROM (SELECT level FROM toolresult_audit WHERE ${audit} ORDER BY seq) a)`;
  const key = keyed ? 'l.scope, l.fingerprint' : "'' AS scope, '' AS fingerprint";
  return {
    columns: `l.call_id, ${key}, l.state, l.interrupted, l.claimed_at, l.finished_at, ${WARNINGS} AS warnings, ${levels} AS levels`,
    one: keyed ? 'l.call_id = ? AND l.scope = ? AND l.fingerprint = ?' : "l.call_id = ? AND '' = ? AND '' = ?",
    audits: keyed ? 'call_id = ? AND scope = ? AND fingerprint = ?' : "call_id = ? AND '' = ? AND '' = ?",
  };
}

function where(q: CallQuery): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (q.callId) {
    parts.push(`instr(l.call_id, ?) > 0`);
    params.push(q.callId);
  }
  if (q.state === 'pending') parts.push(`l.state = 'claimed'`);
  if (q.state === 'finished') parts.push(`l.state = 'stored' AND l.interrupted = 0`);
  if (q.state === 'interrupted') parts.push(`l.state = 'stored' AND l.interrupted <> 0`);
  if (q.warning) {
    parts.push(`EXISTS (SELECT 1 FROM json_each(${ENTRY_JSON}, '$.result.warnings') w WHERE json_extract(w.value, '$.code') = ?)`);
    params.push(q.warning);
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

const list = (json: string | null): string[] => {
  try {
    const v: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

function toRow(r: Raw): CallRow {
  return {
    callId: r.call_id,
    scope: r.scope,
    fingerprint: r.fingerprint,
    state: stateOf(r.state, r.interrupted !== 0),
    claimedAt: Number(r.claimed_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    warnings: r.state === 'stored' ? list(r.warnings) : [],
    auditLevels: list(r.levels),
  };
}

export function openSqliteSource(path: string): LedgerSource {
  if (!existsSync(path)) throw new SourceError(`${path}: no such file (the inspector never creates a ledger)`);
  if (!statSync(path).isFile()) throw new SourceError(`${path}: not a file`);
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (e) {
    throw new SourceError(`${path}: cannot open it read-only: ${e instanceof Error ? e.message : String(e)}`);
  }
  let keyed: boolean;
  try {
    const tables = new Set((db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[]).map((t) => t.name));
    const columnsOf = (table: string): Set<string> =>
      new Set((db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[]).map((c) => c.name));
    for (const [table, columns] of Object.entries(LEDGER_COLUMNS_LAYOUT_1)) {
      if (!tables.has(table)) throw new SourceError(`${path}: not a ToolResult ledger (no table ${table})`);
      const have = columnsOf(table);
      const lacking = columns.filter((c) => !have.has(c));
      if (lacking.length) throw new SourceError(`${path}: table ${table} lacks ${lacking.join(', ')}: not this ledger layout`);
    }
    keyed = keyedLayout(columnsOf);
  } catch (e) {
    db.close();
    if (e instanceof SourceError) throw e;
    throw new SourceError(`${path}: cannot read it: ${e instanceof Error ? e.message : String(e)}`);
  }
  const sql = statements(keyed);
  const COLUMNS = sql.columns;
  const one = db.prepare(`SELECT ${COLUMNS}, l.entry FROM toolresult_ledger l WHERE ${sql.one}`);
  const audits = db.prepare(`SELECT level, record FROM toolresult_audit WHERE ${sql.audits} ORDER BY seq`);
  const markStmt = db.prepare(`SELECT count(*) AS calls, max(coalesce(finished_at, claimed_at)) AS last FROM toolresult_ledger`);
  const decoder = new TextDecoder('utf-8', { fatal: false });
  const text = (b: unknown): string => (b instanceof Uint8Array ? decoder.decode(b) : typeof b === 'string' ? b : '');
  return {
    label: path,
    async page(q: CallQuery): Promise<CallPage> {
      const w = where(q);
      const total = (db.prepare(`SELECT count(*) AS n FROM toolresult_ledger l ${w.sql}`).get(...w.params) as { n: number }).n;
      const limit = Math.min(Math.max(1, q.limit), MAX_PAGE);
      const rows = db
        .prepare(
          `SELECT ${COLUMNS} FROM toolresult_ledger l ${w.sql} ORDER BY coalesce(l.finished_at, l.claimed_at) DESC, l.claimed_at DESC, l.call_id${keyed ? ', l.scope, l.fingerprint' : ''} LIMIT ? OFFSET ?`,
        )
        .all(...w.params, limit, Math.max(0, q.offset)) as Raw[];
      return { total, calls: rows.map(toRow) };
    },
    async call(callId, at = {}): Promise<CallRecord | undefined> {
      const key = [callId, at.scope ?? '', at.fingerprint ?? ''];
      const r = one.get(...key) as (Raw & { entry: unknown }) | undefined;
      if (r === undefined) return undefined;
      return {
        row: toRow(r),
        entry: r.state === 'stored' && r.entry !== null ? text(r.entry) : null,
        audits: (audits.all(...key) as { level: string; record: unknown }[]).map((a) => ({ level: a.level, record: text(a.record) })),
      };
    },
    async mark(): Promise<LedgerMark> {
      const m = markStmt.get() as { calls: number; last: number | null };
      return { calls: m.calls, lastChange: Number(m.last ?? 0) };
    },
    async close(): Promise<void> {
      db.close();
    },
  };
}
