#!/usr/bin/env bash
# The Python rows of the compliance matrix (stacks/, `npm run compliance` and its drift check in
# npm test): one venv per stack folder with a requirements.txt, filled from PyPI with pip
# --require-hashes (stacks/python/venv.py; the kit creates a missing one too, this only does it
# ahead of the tests). It needs python3 with venv (20-python-package.sh installs python3-venv). The
# venvs live in the user's cache folder, so they are made as the user who ran .ci/setup through sudo.
set -euo pipefail
if [ -n "${SUDO_USER:-}" ] && [ "${SUDO_USER}" != root ]; then
  sudo -u "${SUDO_USER}" -H python3 stacks/python/venv.py ensure --all > /dev/null
else
  python3 stacks/python/venv.py ensure --all > /dev/null
fi
