#!/usr/bin/env bash
# The Python package test (test/python-package.test.ts, `npm run test:python-package`): Debian's
# interpreter type-checks the package strictly (python3-mypy), reads the version with
# python3-packaging, and the venv the wheel is installed into needs python3-venv. The wheel itself is
# built by the pinned packaging tools (setuptools 77 or later: 23-python-publish.sh); python3-build
# stays for `npm run prerequisites`' check of Debian's interpreter.
set -euo pipefail
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-venv python3-build python3-setuptools python3-wheel python3-packaging python3-mypy > /dev/null
/usr/bin/python3 -m build --version
/usr/bin/python3 -m mypy --version
