#!/bin/sh
# The PHP implementation (implementations/php/): its adapter runs in the kit's implementations test,
# the cross-language ledger test, and its PHPUnit tests (`npm run test:php`); PDO's SQLite and
# PostgreSQL drivers (php-sqlite3, php-pgsql) back its durable ledger stores, which the ledger suite
# runs (`npm run test:ledger-languages`).
set -eu
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq php-cli php-mbstring php-sqlite3 php-pgsql phpunit
