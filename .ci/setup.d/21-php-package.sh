#!/usr/bin/env bash
# The PHP package test (test/php-package.test.ts, `npm run test:php-package`): Composer validates the
# package and installs it into a scratch project through a path repository (no network: Packagist is
# disabled there), and PHP_CodeSniffer checks it against PSR-12. The publish test (test/publish.test.ts)
# installs the package's `composer archive` from a Composer repository: Composer reads archives with
# PHP's zip extension (php-zip). The package requires mbstring and ctype
# (ctype comes with php8.2-common, a dependency of php-cli).
set -euo pipefail
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq php-cli php-mbstring composer php-codesniffer php-zip > /dev/null
php -r 'exit(extension_loaded("ctype") && extension_loaded("mbstring") && extension_loaded("zip") ? 0 : 1);'
composer --version
phpcs --version
