#!/usr/bin/env bash
# What npm test would otherwise fetch and build on its first run on a fresh machine, done here so
# that its time is the suite's own: the Go module's pinned dependencies (go.sum: modernc.org/sqlite,
# pgx) downloaded and compiled into Go's build cache, and the venv of the Python PostgreSQL ledger's
# driver (implementations/python/requirements/postgres.txt, hashed) made where the tests look for it
# (test/support/python-venv.ts: ~/.cache/toolresult-protocol/venvs/<name>-<sha12>, marked .complete).
set -euo pipefail
cd "$(dirname "$0")/../.."
(cd implementations/go && go mod download && go build ./... && go vet ./... > /dev/null)
echo "setup: Go modules downloaded and built"

requirements=implementations/python/requirements/postgres.txt
digest=$(sha256sum "$requirements" | cut -c1-12)
dir="${XDG_CACHE_HOME:-$HOME/.cache}/toolresult-protocol/venvs/python-postgres-$digest"
if [ ! -f "$dir/.complete" ]; then
  tmp="$dir.$$.tmp"
  rm -rf "$tmp"
  python3 -m venv "$tmp"
  "$tmp/bin/python" -m pip install --quiet --disable-pip-version-check --require-hashes -r "$requirements"
  printf '%s\n' "$PWD/$requirements" > "$tmp/.complete"
  rm -rf "$dir"
  mv "$tmp" "$dir"
fi
echo "setup: the python-postgres venv at $dir"
