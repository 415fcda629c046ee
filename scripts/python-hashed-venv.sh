#!/usr/bin/env bash
# python-hashed-venv.sh NAME REQUIREMENTS: the venv of one hashed requirements file, made when missing
# under a lock (HELPERS convention: <cache>/toolresult-protocol/venvs/NAME-<12 hex of the
# requirements' sha256>, so a changed pin is a new venv), on Debian's interpreter as every venv of
# the tests (scripts/prerequisites.ts checks it has venv). Prints the venv's path.
set -euo pipefail
name="$1"
req="$2"
hash="$(sha256sum "$req" | cut -c1-12)"
venv="${XDG_CACHE_HOME:-$HOME/.cache}/toolresult-protocol/venvs/$name-$hash"
mkdir -p "$(dirname "$venv")"
(
  flock 9
  if [ ! -f "$venv/.complete" ]; then
    echo "$name: creating $venv (pinned, hashed)" >&2
    rm -rf "$venv"
    "${TOOLRESULT_SYSTEM_PYTHON:-/usr/bin/python3}" -m venv "$venv"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --require-hashes --no-deps -r "$req"
    touch "$venv/.complete"
  fi
) 9> "$venv.lock"
echo "$venv"
