// The Python implementation's PostgreSQL ledger (psycopg 3, from a venv of hashed requirements)
// through the whole ledger suite, out of process. The server is a throwaway cluster started here.
import { afterAll } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../test/support/postgres-cluster.ts';
import { postgresBackend, pythonWorkerWith } from './backends.ts';
import { ledgerCalls } from './cases.ts';
import { pythonPostgres } from './python-postgres-venv.ts';
import { suiteFor } from './suite-for.ts';

const calls = ledgerCalls();
const figures: string[] = [];
let cluster: PostgresCluster | undefined;

suiteFor('python-postgres', calls, figures, () => postgresBackend(cluster!, { name: 'python-postgres', command: pythonWorkerWith(pythonPostgres()) }), {
  before: () => void (cluster = startPostgresCluster({ fast: true })),
  after: () => cluster?.stop(),
});

afterAll(() => {
  console.log(`python postgres ledger suite figures (${calls} calls in the race):\n  ${figures.join('\n  ')}`);
});
