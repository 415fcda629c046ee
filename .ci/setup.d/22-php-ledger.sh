#!/bin/sh
# The PHP durable ledger stores (implementations/php/src/Ledger/SqliteLedgerStore.php and
# PostgresLedgerStore.php) use PDO's SQLite and PostgreSQL drivers from Debian's packages; the
# ledger suite runs them (conformance/ledger-suite/php-ledger.test.ts, `npm run test:ledger`).
set -eu
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq php-sqlite3 php-pgsql > /dev/null
php -r 'exit(extension_loaded("pdo_sqlite") && extension_loaded("pdo_pgsql") ? 0 : 1);'
