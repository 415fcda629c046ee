// The Python PostgreSQL ledger's own unit tests (implementations/python/tests_postgres: the call key
// in every statement, layout 2, the migration of a layout-1 database), run by the interpreter of the
// venv that holds psycopg 3. They start their own throwaway cluster, as this suite's files do.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { pythonPostgres } from './python-postgres-venv.ts';

const PYTHON = fileURLToPath(new URL('../implementations/python', import.meta.url));

it('the Python PostgreSQL store keys every statement by the call and migrates layout 1 once (unittest tests_postgres)', () => {
  const run = spawnSync(pythonPostgres(), ['-m', 'unittest', 'discover', '-s', join(PYTHON, 'tests_postgres'), '-t', PYTHON], {
    cwd: PYTHON,
    encoding: 'utf8',
    timeout: 300_000,
  });
  // unittest reports on stderr: the count of tests run, then OK or what failed.
  expect(run.stderr, run.stderr).toMatch(/\nRan [1-9]\d* tests? in [^\n]*\n\nOK\s*$/);
  expect(run.status).toBe(0);
}, 320_000);
