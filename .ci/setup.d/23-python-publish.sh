#!/usr/bin/env bash
# The publish test (test/publish.test.ts, `npm run test:publish`) builds the wheel and the sdist with
# PyPA's build and checks them with twine: both pinned with hashes from PyPI
# (implementations/python/requirements/publish.txt) in a venv made here on a fresh machine, so that
# npm test does not spend its time installing.
set -euo pipefail
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-venv > /dev/null  # as 20-python-package.sh
"$(dirname "$0")/../../scripts/python-publish-tools.sh" > /dev/null
