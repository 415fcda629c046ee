"""ToolResult Protocol, Python implementation (standard library only).

``bound`` turns any tool result into a BoundedResult: coerced to well-formed Unicode, content capped
in octets, run-only channels measured by RFC 8785 length and failed closed (spec/03-bounding.md).

The durable ledger (``SqliteLedger``, also ``toolresult.ledger_store.SqliteLedger``; standard library
``sqlite3``) raises ``LedgerStoreError``; a program
tells its cases apart by ``err.code``, one of ``LEDGER_STORE_ERROR_CODES`` (each code with its
meaning, spec/07-replay.md §7.8). ``INTERRUPTED_ENTRY`` is the entry a call gets when its claimant's
lease ran out (``INTERRUPTED_TEXT`` its content). ``call_fingerprint(tool, arguments)`` is the
fingerprint that keys a call in the ledger with its scope and call ID (spec/07-replay.md §7.2).
These names load no database driver beyond ``sqlite3``; the PostgreSQL ledger is
``toolresult.postgres_ledger.PostgresLedger`` (psycopg, the ``postgres`` extra).
"""

import logging

__version__ = "1.0.0-alpha.3"

# A library writes nothing unless the runtime attaches a handler (TR-LOG-5).
logging.getLogger("toolresult").addHandler(logging.NullHandler())

from .bounder import bound, omission_marker
from .call_key import call_fingerprint
from .egress import wire_message
from .exposure import ExposurePolicyError, expose
from .hooks import transform_tool_result, with_content, without_structured
from .ledger import INTERRUPTED_ENTRY, INTERRUPTED_TEXT, LedgerError, persist, restore
from .store_error import LEDGER_STORE_ERROR_CODES, LedgerStoreError, LedgerStoreErrorCode
from .ledger_store import SqliteLedger
from .privacy import audit_record, live_event, suspend_state
from .result import is_bounded
from .coercion import coerce_text
from .json_measure import Measurement, measure
from .options import BoundOptions, OptionsError
from .result import ABSENT, BoundedResult, ToolResult

__all__ = [
    "ABSENT",
    "ExposurePolicyError",
    "expose",
    "INTERRUPTED_ENTRY",
    "INTERRUPTED_TEXT",
    "LEDGER_STORE_ERROR_CODES",
    "LedgerError",
    "LedgerStoreError",
    "LedgerStoreErrorCode",
    "audit_record",
    "call_fingerprint",
    "is_bounded",
    "live_event",
    "persist",
    "restore",
    "suspend_state",
    "transform_tool_result",
    "wire_message",
    "with_content",
    "without_structured",
    "BoundOptions",
    "BoundedResult",
    "Measurement",
    "OptionsError",
    "ToolResult",
    "bound",
    "coerce_text",
    "measure",
    "omission_marker",
    "SqliteLedger",
]
