#!/usr/bin/env bash
# `npm run test:python-integrations`: the Python stack integrations (implementations/python/
# toolresult/integrations) against the pinned stacks, in their own venv. The venv is made when
# missing (HELPERS convention: <cache>/toolresult-protocol/venvs/pyintegrations-<12 hex of the
# requirements' sha256>), filled with `pip install --require-hashes`, under a lock (the package test
# uses it too). `--ensure` only makes it; `--print` makes it and prints its path.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
req="$here/implementations/python/requirements/integrations.txt"
hash="$(sha256sum "$req" | cut -c1-12)"
venv="${XDG_CACHE_HOME:-$HOME/.cache}/toolresult-protocol/venvs/pyintegrations-$hash"
mkdir -p "$(dirname "$venv")"
(
  flock 9
  if [ ! -f "$venv/.complete" ]; then
    echo "python integrations: creating $venv (pinned, hashed)" >&2
    rm -rf "$venv"
    # Debian's interpreter, as the package test's venv (scripts/prerequisites.ts checks it has venv).
    "${TOOLRESULT_SYSTEM_PYTHON:-/usr/bin/python3}" -m venv "$venv"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --require-hashes --no-deps -r "$req"
    touch "$venv/.complete"
  fi
) 9> "$venv.lock"
case "${1:-}" in
  --ensure) exit 0 ;;
  --print) echo "$venv"; exit 0 ;;
esac
cd "$here/implementations/python"
exec "$venv/bin/python" -m unittest discover -s integration_tests -t . -p 'test_*.py'
