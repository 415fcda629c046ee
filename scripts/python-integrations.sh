#!/usr/bin/env bash
# `npm run test:python-integrations`: the Python stack integrations (implementations/python/
# toolresult/integrations) against the pinned stacks, in their own venv. The venv is made when
# missing (HELPERS convention: <cache>/toolresult-protocol/venvs/pyintegrations-<12 hex of the
# requirements' sha256>), filled with `pip install --require-hashes`, under a lock (the package test
# uses it too). `--ensure` only makes it; `--print` makes it and prints its path.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
venv="$(bash "$here/scripts/python-hashed-venv.sh" pyintegrations "$here/implementations/python/requirements/integrations.txt")"
case "${1:-}" in
  --ensure) exit 0 ;;
  --print) echo "$venv"; exit 0 ;;
esac
cd "$here/implementations/python"
exec "$venv/bin/python" -m unittest discover -s integration_tests -t . -p 'test_*.py'
