#!/usr/bin/env bash
# The Python packaging tools (implementations/python/requirements/publish.txt: build, setuptools,
# wheel, twine, hashed) in a venv of their own, made when missing under a lock: HELPERS convention,
# <cache>/toolresult-protocol/venvs/pypublish-<12 hex of the requirements' sha256>, so a changed pin
# is a new venv. test/publish.test.ts builds and checks the wheel and the sdist with them; a
# maintainer publishes with them (README, "Publishing"). Prints the venv's path.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
req="$here/implementations/python/requirements/publish.txt"
hash="$(sha256sum "$req" | cut -c1-12)"
venv="${XDG_CACHE_HOME:-$HOME/.cache}/toolresult-protocol/venvs/pypublish-$hash"
mkdir -p "$(dirname "$venv")"
(
  flock 9
  if [ ! -f "$venv/.complete" ]; then
    echo "python publish tools: creating $venv (pinned, hashed)" >&2
    rm -rf "$venv"
    # Debian's interpreter, as the other venvs of the tests (scripts/python-integrations.sh).
    "${TOOLRESULT_SYSTEM_PYTHON:-/usr/bin/python3}" -m venv "$venv"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --require-hashes --no-deps -r "$req"
    touch "$venv/.complete"
  fi
) 9> "$venv.lock"
echo "$venv"
