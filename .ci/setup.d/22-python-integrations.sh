#!/usr/bin/env bash
# The Python stack integrations' tests (`npm run test:python-integrations`) run in a venv of the
# pinned stacks (implementations/python/requirements/integrations.txt, hashed): made here on a fresh
# machine, from PyPI, so that npm test does not spend its time installing.
set -euo pipefail
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-venv > /dev/null  # as 20-python-package.sh
"$(dirname "$0")/../../scripts/python-integrations.sh" --ensure
