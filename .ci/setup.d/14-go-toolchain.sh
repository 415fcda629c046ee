#!/usr/bin/env bash
# Go 1.26 for implementations/go (its go.mod says go 1.26.0: the ledger stores' drivers,
# modernc.org/sqlite and github.com/jackc/pgx/v5, need it) when the Go on the PATH is older, as
# Debian's golang-go (1.19, 13-toolchains.sh) is. Fetched the way `go` fetches a toolchain itself:
# the golang.org/toolchain module from the Go module proxy, its zip checked against a pinned
# sha256, unpacked under /usr/local/lib and linked into /usr/local/bin (before /usr/bin on the PATH).
set -euo pipefail
VERSION=1.26.8
declare -A SHA256=(
  [amd64]=30c2b1bf7dcc88d3eb0a1364e47ddd9128edb3110a30e8a0ef61cd5856b31de7
)
have=$(go env GOVERSION 2> /dev/null || true)
if [[ "$have" =~ ^go1\.([0-9]+) ]] && (( BASH_REMATCH[1] >= 26 )); then
  echo "go-toolchain: $have is on the PATH already"
  exit 0
fi
arch=$(dpkg --print-architecture)
if [ -z "${SHA256[$arch]:-}" ]; then
  echo "go-toolchain: no pinned Go $VERSION for $arch: install Go 1.26 or later by hand" >&2
  exit 1
fi
command -v curl > /dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq curl
command -v unzip > /dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq unzip
root=${GO_TOOLCHAIN_ROOT:-/usr/local}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
module="v0.0.1-go$VERSION.linux-$arch"
# The proxy the installed Go uses (GOPROXY, or its built-in default), the first of its list.
proxy=$(go env GOPROXY 2> /dev/null | cut -d, -f1 | cut -d'|' -f1)
case "$proxy" in
  http://* | https://*) ;;
  *) echo "go-toolchain: no Go module proxy to fetch Go $VERSION from (GOPROXY is '${proxy}'): install Go 1.26 or later by hand" >&2; exit 1 ;;
esac
curl -fsSL -o "$tmp/go.zip" "$proxy/golang.org/toolchain/@v/$module.zip"
echo "${SHA256[$arch]}  $tmp/go.zip" | sha256sum -c --quiet -
unzip -q "$tmp/go.zip" -d "$tmp/unpacked"
dest="$root/lib/go$VERSION"
rm -rf "$dest"
mkdir -p "$root/lib" "$root/bin"
mv "$tmp/unpacked/golang.org/toolchain@$module" "$dest"
# A module zip keeps no file modes: the binaries are made executable as `go` does for a toolchain.
chmod +x "$dest"/bin/* "$dest"/pkg/tool/*/*
ln -sf "$dest/bin/go" "$root/bin/go"
ln -sf "$dest/bin/gofmt" "$root/bin/gofmt"
echo "go-toolchain: $("$root/bin/go" version)"
