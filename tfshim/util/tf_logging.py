"""TF's Python logger: a `logging` logger named "tensorflow" printing `WARNING:tensorflow:...`
to stderr, as absl does for TF (TF: python/platform/tf_logging.py)."""

from __future__ import annotations

import logging
import sys
from typing import Any

_logger: logging.Logger | None = None
_counts: dict[Any, int] = {}


class _StderrHandler(logging.StreamHandler):
    """Writes to whatever sys.stderr is at the time of the record (pytest and notebooks swap it)."""

    @property  # type: ignore[override]
    def stream(self) -> Any:
        return sys.stderr

    @stream.setter
    def stream(self, value: Any) -> None:
        pass


def get_logger() -> logging.Logger:
    global _logger
    if _logger is None:
        _logger = logging.getLogger("tensorflow")
        if not _logger.handlers:
            handler = _StderrHandler()
            handler.setFormatter(logging.Formatter("%(levelname)s:%(name)s:%(message)s"))
            _logger.addHandler(handler)
            _logger.propagate = False
    return _logger


def log_first_n(level: str, msg: str, n: int, *args: Any) -> None:
    """Logs `msg` at most `n` times per call site (TF: tf_logging.log_first_n)."""
    key = (msg, sys._getframe(1).f_code, sys._getframe(1).f_lineno)
    count = _counts.get(key, 0)
    if count < n:
        _counts[key] = count + 1
        get_logger().log(getattr(logging, level), msg, *args)
