// The ledger suite against the memory, SQLite and PostgreSQL ledgers of the reference (and, in
// python-ledger.test.ts, the Python SQLite ledger). PostgreSQL is a real server in a temporary
// directory, started here and stopped at the end. CI runs the 10,000-call race scaled to
// LEDGER_CI_CALLS calls; TOOLRESULT_LEDGER_FULL=1 runs the full 10,000 from 8 processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryBackend, postgresBackend, sqliteBackend, tsWorker, type SuiteBackend } from './backends.ts';
import { ledgerCalls, ledgerSuite } from './cases.ts';
import { startPostgresCluster, type PostgresCluster } from '../test/support/postgres-cluster.ts';

const calls = ledgerCalls();
const figures: string[] = [];

function suiteFor(name: string, make: () => SuiteBackend, setup?: { before: () => void; after: () => void }) {
  describe(`ledger suite: ${name}`, () => {
    let backend: SuiteBackend;
    beforeAll(() => {
      setup?.before();
      backend = make();
    }, 120_000);
    afterAll(async () => {
      await backend?.dispose();
      setup?.after();
    });
    for (const c of ledgerSuite(calls)) {
      it(`${c.name} (${c.requirements.join(', ')})`, async (ctx) => {
        const why = c.notApplicable(backend);
        if (why !== undefined) {
          // Said out loud, in the report and the log: never a quiet skip.
          figures.push(`${name} ${c.name}: not applicable (${why})`);
          ctx.skip(`not applicable to ${name}: ${why}`);
        }
        const f = await c.run(backend);
        figures.push(`${name} ${c.name}: ${JSON.stringify(f)}`);
        expect(f).toBeDefined();
      }, 120_000);
    }
  });
}

suiteFor('memory', memoryBackend);
suiteFor('sqlite', () => sqliteBackend('sqlite', tsWorker));
let cluster: PostgresCluster | undefined;
suiteFor('postgres', () => postgresBackend(cluster!), {
  before: () => (cluster = startPostgresCluster({ fast: true })),
  after: () => cluster?.stop(),
});

afterAll(() => {
  console.log(`ledger suite figures (${calls} calls in the race):\n  ${figures.join('\n  ')}`);
});
