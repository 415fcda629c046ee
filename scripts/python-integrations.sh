#!/usr/bin/env bash
# `npm run test:python-integrations`: the Python stack integrations (implementations/python/
# toolresult/integrations) against the pinned stacks, in their own venv. The venv is made when
# missing (HELPERS convention: <cache>/toolresult-protocol/venvs/pyintegrations-<12 hex of the
# requirements' sha256>), filled with `pip install --require-hashes`; `--ensure` only makes it.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
req="$here/implementations/python/requirements/integrations.txt"
hash="$(sha256sum "$req" | cut -c1-12)"
venv="${XDG_CACHE_HOME:-$HOME/.cache}/toolresult-protocol/venvs/pyintegrations-$hash"
if [ ! -f "$venv/.complete" ]; then
  echo "python integrations: creating $venv (pinned, hashed)" >&2
  rm -rf "$venv"
  # Debian's interpreter, as the package test's venv (scripts/prerequisites.ts checks it has venv).
  "${TOOLRESULT_SYSTEM_PYTHON:-/usr/bin/python3}" -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check --require-hashes --no-deps -r "$req"
  touch "$venv/.complete"
fi
[ "${1:-}" = "--ensure" ] && exit 0
cd "$here/implementations/python"
exec "$venv/bin/python" -m unittest discover -s integration_tests -t . -p 'test_*.py'
