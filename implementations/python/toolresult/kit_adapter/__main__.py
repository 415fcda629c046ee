"""``python -m toolresult.kit_adapter``: the same program as the ``toolresult-python-adapter`` script."""

import sys

from .cli import main

sys.exit(main())
