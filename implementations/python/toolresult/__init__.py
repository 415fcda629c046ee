"""ToolResult Protocol, Python implementation (standard library only).

``bound`` turns any tool result into a BoundedResult: coerced to well-formed Unicode, content capped
in octets, run-only channels measured by RFC 8785 length and failed closed (spec/03-bounding.md).
"""

import logging

__version__ = "1.0.0-alpha.2"

# A library writes nothing unless the runtime attaches a handler (TR-LOG-5).
logging.getLogger("toolresult").addHandler(logging.NullHandler())

from .bounder import bound, omission_marker
from .egress import wire_message
from .exposure import ExposurePolicyError, expose
from .hooks import transform_tool_result, with_content, without_structured
from .ledger import LedgerError, persist, restore
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
    "LedgerError",
    "audit_record",
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
]
