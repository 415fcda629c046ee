#!/usr/bin/env bash
# Toolchains that compile and run the generated types in npm test (test/types/) and the Go
# implementation: Go, PHP, and serde for Rust from Debian's packages (the tests point cargo at
# /usr/share/cargo/registry). Each is taken from the machine when it already has a new enough one
# (a Go from go.dev or the image first on the PATH, a rustup cargo, a pyenv python3): Debian's is
# installed only where the machine has none, or, for Go, one older than the newest `go` line of the
# repository's go.mod files (Debian 12's golang-go is 1.19).
set -euo pipefail
cd "$(dirname "$0")/../.."
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq php-cli librust-serde-json-dev librust-serde-derive-dev

go_needed=$(find . -name go.mod -not -path './node_modules/*' -exec sed -n 's/^go \([0-9.]*\).*/\1/p' {} + | sort -V | tail -n 1)
go_have() { command -v go > /dev/null && go env GOVERSION 2> /dev/null | sed 's/^go//'; }
new_enough() { [ -n "$1" ] && [ "$(printf '%s\n%s\n' "$go_needed" "$1" | sort -V | head -n 1)" = "$go_needed" ]; }
if ! new_enough "$(go_have || true)"; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq golang-go
  hash -r
fi
have=$(go_have || true)
if ! new_enough "$have"; then
  echo "setup: the Go code needs Go $go_needed or newer; this machine has ${have:-none} (Debian's golang-go is older): install Go $go_needed+ from its release archive and put it first on the PATH" >&2
  exit 1
fi
echo "setup: go $have (go.mod needs $go_needed) at $(command -v go)"

if ! command -v cargo > /dev/null; then DEBIAN_FRONTEND=noninteractive apt-get install -y -qq cargo; fi
if ! command -v python3 > /dev/null; then DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3; fi
