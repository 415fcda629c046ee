// A PostgreSQL ledger, read only: one connection whose session default is a READ ONLY transaction,
// so the server itself refuses any write this module might send; a connect gives up after 10 s and
// a statement after 30 s (a locked or unreachable server answers the page with an error, not a
// hang). Warnings are read from the end of each entry: an entry is canonical JSON (RFC 8785), so
// `"warnings":[…]` is the result's last member and the entry ends `]},"version":1}`; the codes
// inside hold no `]`. A pattern anchored at the end
// therefore finds the result's own warnings, never a look-alike inside `structured`, and needs no
// UTF-8 decoding of the entry (a hand-edited entry that is not UTF-8 cannot break a query).
import pg from 'pg';
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

const TAIL = `encode(substring(l.entry from greatest(1, length(l.entry) - 2047)), 'escape')`;
const WARNINGS = `substring(${TAIL} from '"warnings":\\[([^\\]]*)\\]\\},"version":1\\}$')`;
/** The statements' parts for a ledger of layout 2 (keyed: the whole key) or of layout 1 (the call ID). */
function statements(keyed: boolean) {
  const audit = keyed ? 'a.call_id = l.call_id AND a.scope = l.scope AND a.fingerprint = l.fingerprint' : 'a.call_id = l.call_id';
  const levels = `(SELECT coalesce(json_agg(a.level ORDER BY a.seq), '[]'::json) FROM toolresult_audit a WHERE ${audit})`;
  const key = keyed ? 'l.scope, l.fingerprint' : "'' AS scope, '' AS fingerprint";
  return {
    columns: `l.call_id, ${key}, l.state, l.interrupted, (extract(epoch from l.claimed_at) * 1000)::float8 AS claimed_at, (extract(epoch from l.finished_at) * 1000)::float8 AS finished_at, ${WARNINGS} AS warnings, ${levels} AS levels`,
    one: keyed ? 'l.call_id = $1 AND l.scope = $2 AND l.fingerprint = $3' : "l.call_id = $1 AND $2::text = '' AND $3::text = ''",
    audits: keyed ? 'call_id = $1 AND scope = $2 AND fingerprint = $3' : "call_id = $1 AND $2::text = '' AND $3::text = ''",
    order: keyed ? 'l.call_id, l.scope, l.fingerprint' : 'l.call_id',
  };
}

type Raw = {
  call_id: string;
  scope: string;
  fingerprint: string;
  state: string;
  interrupted: boolean;
  claimed_at: number;
  finished_at: number | null;
  warnings: string | null;
  levels: unknown;
};

function where(q: CallQuery): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (q.callId) {
    params.push(q.callId);
    parts.push(`strpos(l.call_id, $${params.length}) > 0`);
  }
  if (q.state === 'pending') parts.push(`l.state = 'claimed'`);
  if (q.state === 'finished') parts.push(`l.state = 'stored' AND NOT l.interrupted`);
  if (q.state === 'interrupted') parts.push(`l.state = 'stored' AND l.interrupted`);
  if (q.warning) {
    params.push(`{"code":"${q.warning}"}`);
    parts.push(`strpos(coalesce(${WARNINGS}, ''), $${params.length}) > 0`);
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** The codes of a warnings array's inside (`{"code":"a"},{"code":"b"}`). */
function codes(inside: string | null): string[] {
  if (!inside) return [];
  return [...inside.matchAll(/\{"code":"([a-z_.]+)"\}/g)].map((m) => m[1]!);
}

function toRow(r: Raw): CallRow {
  return {
    callId: r.call_id,
    scope: r.scope,
    fingerprint: r.fingerprint,
    state: stateOf(r.state, r.interrupted),
    claimedAt: Number(r.claimed_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    warnings: r.state === 'stored' ? codes(r.warnings) : [],
    auditLevels: Array.isArray(r.levels) ? r.levels.filter((x): x is string => typeof x === 'string') : [],
  };
}

/** The connection string without its password, for the page header and messages. */
export function safeLabel(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres (connection string not shown)';
  }
}

export async function openPostgresSource(url: string): Promise<LedgerSource> {
  const label = safeLabel(url);
  const client = new pg.Client({
    connectionString: url,
    options: '-c default_transaction_read_only=on -c statement_timeout=30000',
    application_name: 'toolresult inspect',
    connectionTimeoutMillis: 10_000,
  });
  client.on('error', () => {
    /* a lost connection fails the next query, which says so */
  });
  try {
    await client.connect();
  } catch (e) {
    throw new SourceError(`${label}: cannot connect: ${e instanceof Error ? e.message.slice(0, 200) : String(e)}`);
  }
  const found = new Map<string, Set<string>>();
  try {
    for (const [table, columns] of Object.entries(LEDGER_COLUMNS_LAYOUT_1)) {
      const have = new Set(
        (
          await client.query<{ column_name: string }>(
            `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema()`,
            [table],
          )
        ).rows.map((r) => r.column_name),
      );
      if (have.size === 0) throw new SourceError(`${label}: not a ToolResult ledger (no table ${table})`);
      const lacking = columns.filter((c) => !have.has(c));
      if (lacking.length) throw new SourceError(`${label}: table ${table} lacks ${lacking.join(', ')}: not this ledger layout`);
      found.set(table, have);
    }
  } catch (e) {
    await client.end().catch(() => undefined);
    if (e instanceof SourceError) throw e;
    throw new SourceError(`${label}: cannot read it: ${e instanceof Error ? e.message.slice(0, 200) : String(e)}`);
  }
  const sql = statements(keyedLayout((t) => found.get(t) ?? new Set()));
  const COLUMNS = sql.columns;
  const decoder = new TextDecoder('utf-8', { fatal: false });
  return {
    label,
    async page(q: CallQuery): Promise<CallPage> {
      const w = where(q);
      const total = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM toolresult_ledger l ${w.sql}`, w.params)).rows[0]!.n);
      const limit = Math.min(Math.max(1, q.limit), MAX_PAGE);
      const rows = (
        await client.query<Raw>(
          `SELECT ${COLUMNS} FROM toolresult_ledger l ${w.sql} ORDER BY coalesce(l.finished_at, l.claimed_at) DESC, l.claimed_at DESC, ${sql.order} LIMIT ${limit} OFFSET ${Math.max(0, Math.floor(q.offset))}`,
          w.params,
        )
      ).rows;
      return { total, calls: rows.map(toRow) };
    },
    async call(callId, at = {}): Promise<CallRecord | undefined> {
      const key = [callId, at.scope ?? '', at.fingerprint ?? ''];
      const r = (await client.query<Raw & { entry: Buffer | null }>(`SELECT ${COLUMNS}, l.entry FROM toolresult_ledger l WHERE ${sql.one}`, key)).rows[0];
      if (r === undefined) return undefined;
      const audits = (await client.query<{ level: string; record: Buffer }>(`SELECT level, record FROM toolresult_audit WHERE ${sql.audits} ORDER BY seq`, key))
        .rows;
      return {
        row: toRow(r),
        entry: r.state === 'stored' && r.entry !== null ? decoder.decode(r.entry) : null,
        audits: audits.map((a) => ({ level: a.level, record: decoder.decode(a.record) })),
      };
    },
    async mark(): Promise<LedgerMark> {
      const m = (
        await client.query<{ calls: string; last: number | null }>(
          `SELECT count(*) AS calls, (extract(epoch from max(coalesce(finished_at, claimed_at))) * 1000)::float8 AS last FROM toolresult_ledger`,
        )
      ).rows[0]!;
      return { calls: Number(m.calls), lastChange: Number(m.last ?? 0) };
    },
    async close(): Promise<void> {
      await client.end().catch(() => undefined);
    },
  };
}
