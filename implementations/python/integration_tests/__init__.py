import logging

# IsolatedAsyncioTestCase runs its loop in debug mode: its slow-callback lines (the stacks' imports
# on a loaded machine) are noise here, not findings.
logging.getLogger("asyncio").setLevel(logging.ERROR)
