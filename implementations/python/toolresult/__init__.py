"""ToolResult Protocol, Python implementation (standard library only).

``bound`` turns any tool result into a BoundedResult: coerced to well-formed Unicode, content capped
in octets, run-only channels measured by RFC 8785 length and failed closed (spec/03-bounding.md).
"""

__version__ = "1.0.0-draft.1"

from .bounder import bound, omission_marker
from .coercion import coerce_text
from .json_measure import Measurement, measure
from .options import BoundOptions, OptionsError
from .result import ABSENT, BoundedResult, ToolResult

__all__ = [
    "ABSENT",
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
