"""TF's Python logger: a `logging` logger named "tensorflow" printing `WARNING:tensorflow:...`
to stderr, as absl does for TF (TF: python/platform/tf_logging.py).

`logging` is imported on first use: `import tfshim` need not pay for it (issue #19's import budget)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from tfshim.util.tf_export import tf_export

if TYPE_CHECKING:
    import logging

_counts: dict[Any, int] = {}
_handler_class: Any = None


def _stderr_handler_class() -> Any:
    """A logging.StreamHandler that writes to whatever sys.stderr is at the time of the record (pytest and notebooks
    swap it)."""
    global _handler_class
    if _handler_class is None:
        import logging

        class _StderrHandler(logging.StreamHandler):
            @property  # type: ignore[override]
            def stream(self) -> Any:
                return sys.stderr

            @stream.setter
            def stream(self, value: Any) -> None:
                pass

        _handler_class = _StderrHandler
    return _handler_class


@tf_export("get_logger")
def get_logger() -> logging.Logger:
    """The "tensorflow" logger, with TF's stderr format (checked on each use: logging is rare)."""
    import logging

    logger = logging.getLogger("tensorflow")
    handler_class = _stderr_handler_class()
    if not any(isinstance(h, handler_class) for h in logger.handlers):
        handler = handler_class()
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
        import logging

        get_logger().log(getattr(logging, level), msg, *args)
