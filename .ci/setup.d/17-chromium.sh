#!/usr/bin/env bash
# The site's browser tests (site/site.browser.test.ts) open the pages in Debian's Chromium, driven by
# playwright-core; no test tool downloads a browser.
set -euo pipefail
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium > /dev/null
chromium --version
