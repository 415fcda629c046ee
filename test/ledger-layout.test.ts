// One ledger layout in every language (spec/07-replay.md §7.7): each store creates its tables from
// statements of its own, so that every language opens every other's ledger they must stay the
// TypeScript store's statements, word for word. The Python and PHP stores' statements are read as
// the running code holds them; Go's from its source (its constants are unexported). A store that
// gains, loses or changes one statement fails here by name, before any cross-language test does.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { POSTGRES_LAYOUT, SQLITE_LAYOUT, SQLITE_MIGRATION_1_TO_2 } from '../reference-impl/internal.ts';
import { pythonPostgres } from '../ledger-kit/python-postgres-venv.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The statements of a layout text or list, each with its whitespace collapsed and no trailing `;`. */
function statements(layout: string | readonly string[]): string[] {
  const all = (typeof layout === 'string' ? [layout] : [...layout]).flatMap((text) => text.split(/;\s*(?:\n|$)/));
  return all
    .map((s) =>
      s
        .replace(/\s+/g, ' ')
        .replace(/\s*;\s*$/, '')
        .replace(/\( /g, '(')
        .replace(/ \)/g, ')')
        .trim(),
    )
    .filter((s) => s !== '');
}

const goLayout = (file: string): string => {
  const m = /const layout = `([^`]*)`/.exec(readFileSync(join(ROOT, file), 'utf8'));
  if (m === null) throw new Error(`${file} has no const layout`);
  return m[1]!;
};

/** A layout constant of the Python package, read by `interpreter` (the PostgreSQL store's module imports psycopg: its venv's). */
const python = (module: string, name: string, interpreter = 'python3'): string[] =>
  JSON.parse(
    execFileSync(interpreter, ['-c', `import json, ${module} as m; print(json.dumps(m.${name}))`], {
      cwd: join(ROOT, 'implementations', 'python'),
      encoding: 'utf8',
      timeout: 60_000,
    }),
  ) as string[];

const php = (constant: string): string[] =>
  JSON.parse(
    execFileSync('php', ['-r', `require 'src/autoload.php'; $l = ${constant}; echo json_encode(is_array($l) ? $l : [$l]);`], {
      cwd: join(ROOT, 'implementations', 'php'),
      encoding: 'utf8',
      timeout: 60_000,
    }),
  ) as string[];

describe('TR-REPLAY-27: one ledger layout in every language', () => {
  const sqlite = statements(SQLITE_LAYOUT);
  const postgres = statements(POSTGRES_LAYOUT);

  it('the layouts hold every table and index of §7.7', () => {
    expect(sqlite.filter((s) => s.startsWith('CREATE TABLE')).length).toBe(3);
    expect(postgres.filter((s) => s.startsWith('CREATE INDEX')).length).toBe(2);
  });

  it('SQLite: Python, PHP and Go create exactly the TypeScript store\u2019s statements', () => {
    expect(statements(python('toolresult.ledger_store', 'SQLITE_LAYOUT')), 'implementations/python/toolresult/ledger_store.py').toEqual(sqlite);
    expect(statements(php('\\ToolResult\\Ledger\\SqliteLedgerStore::LAYOUT')), 'implementations/php/src/Ledger/SqliteLedgerStore.php').toEqual(sqlite);
    expect(statements(goLayout('implementations/go/ledger/sqliteledger/layout.go')), 'implementations/go/ledger/sqliteledger/layout.go').toEqual(sqlite);
  });

  it('PostgreSQL: Python, PHP and Go create exactly the TypeScript store\u2019s statements', () => {
    expect(
      statements(python('toolresult.postgres_ledger', 'POSTGRES_LAYOUT', pythonPostgres())),
      'implementations/python/toolresult/postgres_ledger.py',
    ).toEqual(postgres);
    expect(statements(php('\\ToolResult\\Ledger\\PostgresLedgerStore::LAYOUT')), 'implementations/php/src/Ledger/PostgresLedgerStore.php').toEqual(postgres);
    expect(statements(goLayout('implementations/go/ledger/pgledger/layout.go')), 'implementations/go/ledger/pgledger/layout.go').toEqual(postgres);
  });

  it('the comparison would catch a drift: one changed word fails it', () => {
    expect(statements(SQLITE_LAYOUT.replace('lease_until INTEGER', 'lease_until REAL'))).not.toEqual(sqlite);
    expect(
      statements(POSTGRES_LAYOUT.replace(';\nCREATE INDEX IF NOT EXISTS toolresult_audit_call ON toolresult_audit (scope, call_id, fingerprint, seq);', ';')),
    ).not.toEqual(postgres);
  });

  it('TR-REPLAY-41: the SQLite migration rebuilds the tables and indexes of layout 2 exactly, under their final names', () => {
    const rebuilt = statements(SQLITE_MIGRATION_1_TO_2)
      .filter((s) => s.startsWith('CREATE'))
      .map((s) => s.replace(/^CREATE (TABLE|INDEX) /, 'CREATE $1 IF NOT EXISTS ').replace(/_v2 \(/, ' ('));
    expect(rebuilt).toEqual(sqlite.filter((s) => s.startsWith('CREATE') && !s.includes('toolresult_meta')));
  });
});
