#!/usr/bin/env bash
# Toolchains that compile and run the generated types in npm test (test/types/): Go, PHP, and serde
# for Rust from Debian's packages (crates.io is not reachable; the tests point cargo at
# /usr/share/cargo/registry). cargo and python3 come from Debian too when the machine has none (a
# rustup or pyenv one already on the PATH is kept).
set -euo pipefail
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq golang-go php-cli librust-serde-json-dev librust-serde-derive-dev
if ! command -v cargo > /dev/null; then DEBIAN_FRONTEND=noninteractive apt-get install -y -qq cargo; fi
if ! command -v python3 > /dev/null; then DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3; fi
