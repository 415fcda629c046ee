// The interpreter the Python PostgreSQL ledger runs under: a venv with psycopg 3 from the hashed
// implementations/python/requirements/postgres.txt (the wheel's `postgres` extra, pinned).
import { fileURLToPath } from 'node:url';
import { pythonVenv } from '../test/support/python-venv.ts';

export const POSTGRES_REQUIREMENTS = fileURLToPath(new URL('../implementations/python/requirements/postgres.txt', import.meta.url));

export const pythonPostgres = (): string => pythonVenv('python-postgres', POSTGRES_REQUIREMENTS);
