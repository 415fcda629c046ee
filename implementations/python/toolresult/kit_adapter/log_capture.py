"""Collects what the implementation logs through ``logging`` while one request is handled (TR-CONF-2)."""

from __future__ import annotations

import logging
from contextlib import contextmanager
from typing import Iterator


class _ListHandler(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.DEBUG)
        self.lines: list[str] = []
        self.setFormatter(logging.Formatter("%(levelname)s %(name)s %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.lines.append(self.format(record))
        except Exception:  # a broken log call must not break the answer
            self.lines.append(f"{record.levelname} {record.name} <unformattable log record>")


@contextmanager
def captured_logs(logger_name: str = "toolresult") -> Iterator[list[str]]:
    """Every line logged below ``logger_name`` inside the block, in order."""
    logger = logging.getLogger(logger_name)
    handler = _ListHandler()
    previous_level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        yield handler.lines
    finally:
        logger.removeHandler(handler)
        logger.setLevel(previous_level)
