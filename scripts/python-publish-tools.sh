#!/usr/bin/env bash
# The Python packaging tools (implementations/python/requirements/publish.txt: build, setuptools,
# wheel, twine, hashed) in a venv of their own, made when missing under a lock: HELPERS convention,
# <cache>/toolresult-protocol/venvs/pypublish-<12 hex of the requirements' sha256>, so a changed pin
# is a new venv. test/publish.test.ts builds and checks the wheel and the sdist with them; a
# maintainer publishes with them (README, "Publishing"). Prints the venv's path.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
exec bash "$here/scripts/python-hashed-venv.sh" pypublish "$here/implementations/python/requirements/publish.txt"
