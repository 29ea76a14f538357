"""TF's Python logger: a `logging` logger named "tensorflow" printing `WARNING:tensorflow:...`
to stderr, as absl does for TF (TF: python/platform/tf_logging.py)."""

from __future__ import annotations

import logging
import sys
from typing import Any

from tfshim.util.tf_export import tf_export

_counts: dict[Any, int] = {}


class _StderrHandler(logging.StreamHandler):
    """Writes to whatever sys.stderr is at the time of the record (pytest and notebooks swap it)."""

    @property  # type: ignore[override]
    def stream(self) -> Any:
        return sys.stderr

    @stream.setter
    def stream(self, value: Any) -> None:
        pass


@tf_export("get_logger")
def get_logger() -> logging.Logger:
    """The "tensorflow" logger, with TF's stderr format (checked on each use: logging is rare)."""
    logger = logging.getLogger("tensorflow")
    if not any(isinstance(h, _StderrHandler) for h in logger.handlers):
        handler = _StderrHandler()
        handler.setFormatter(logging.Formatter("%(levelname)s:%(name)s:%(message)s"))
        logger.addHandler(handler)
        logger.propagate = False
    return logger


def log_first_n(level: str, msg: str, n: int, *args: Any) -> None:
    """Logs `msg` at most `n` times per call site (TF: tf_logging.log_first_n)."""
    key = (msg, sys._getframe(1).f_code, sys._getframe(1).f_lineno)
    count = _counts.get(key, 0)
    if count < n:
        _counts[key] = count + 1
        get_logger().log(getattr(logging, level), msg, *args)
