#!/bin/sh
# The PHP implementation (implementations/php/): its adapter runs in the kit's implementations test,
# the cross-language ledger test, and its PHPUnit tests (`npm run test:php`).
set -eu
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq php-cli php-mbstring phpunit
