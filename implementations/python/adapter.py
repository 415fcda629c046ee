#!/usr/bin/env python3
"""The adapter program run from a checkout (an installed package has ``toolresult-python-adapter``):
    npm run conformance -- -- python3 implementations/python/adapter.py

Python puts this file's directory first on sys.path, so ``toolresult`` is the package beside it.
"""

import sys

from toolresult.kit_adapter.cli import main

if __name__ == "__main__":
    sys.exit(main())
