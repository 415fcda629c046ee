// The PHP implementation's durable stores (PDO: SQLite and PostgreSQL, Debian's php-sqlite3 and
// php-pgsql) through the whole ledger suite, out of process, as the kit does for results. The
// PostgreSQL server is a throwaway cluster started here.
import { afterAll } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../test/support/postgres-cluster.ts';
import { phpWorker, postgresBackend, sqliteBackend } from './backends.ts';
import { ledgerCalls } from './cases.ts';
import { suiteFor } from './suite-for.ts';

const calls = ledgerCalls();
const figures: string[] = [];
let cluster: PostgresCluster | undefined;

suiteFor('php-sqlite', calls, figures, () => sqliteBackend('php-sqlite', phpWorker));
suiteFor('php-postgres', calls, figures, () => postgresBackend(cluster!, { name: 'php-postgres', command: phpWorker }), {
  before: () => void (cluster = startPostgresCluster({ fast: true })),
  after: () => cluster?.stop(),
});

afterAll(() => {
  console.log(`php ledger suite figures (${calls} calls in the race):\n  ${figures.join('\n  ')}`);
});
