#!/usr/bin/env bash
# The ledger tests (reference-impl/ledger/stores.test.ts, ledger-kit/) start their own
# PostgreSQL cluster in a temporary directory (Unix socket only) and stop it at the end: they need the
# server binaries (initdb, pg_ctl, postgres), not a running service.
set -euo pipefail
if ! ls /usr/lib/postgresql/*/bin/initdb > /dev/null 2>&1; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql > /dev/null
fi
# Debian's package starts its own cluster on install; the tests do not use it.
if command -v pg_lsclusters > /dev/null; then
  pg_lsclusters --no-header 2>/dev/null | while read -r version name _; do
    pg_ctlcluster "$version" "$name" stop 2>/dev/null || true
  done
fi
