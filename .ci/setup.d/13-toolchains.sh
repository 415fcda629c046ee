#!/usr/bin/env bash
# Toolchains that compile and run the generated types in npm test (test/types/): Go, PHP, and serde
# for Rust from Debian's packages (crates.io is not reachable; the tests point cargo at
# /usr/share/cargo/registry). rustc, cargo and python3 are on the machine already.
set -euo pipefail
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq golang-go php-cli librust-serde-json-dev librust-serde-derive-dev
