"""The eager texts of TF's check_ops asserts that ragged validation raises (TF: ops/check_ops.py).

TF validates row partitions (`validate=True`) and ragged broadcasting with `assert_equal`,
`assert_non_negative`, ... whose eager InvalidArgumentError lists the first differing values.
Row partitions are concrete in eager mode, so these checks work on NumPy arrays.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import errors

_SUMMARIZE = 3


def _pretty(item: Any) -> str:
    return str(item)


def binary_assert(sym: str, ok: np.ndarray, x: np.ndarray, y: np.ndarray, message: str | None = None) -> None:
    """Raises TF's eager `assert_*` error when `ok` (x `sym` y elementwise) is not all True."""
    if np.all(ok):
        return
    data: list = ["Condition x %s y did not hold." % sym]
    if x.shape == y.shape and x.shape:
        mask = ~np.asarray(ok)
        indices = np.argwhere(mask)
        num = min(_SUMMARIZE, indices.shape[0])
        data += ["Indices of first %d different values:" % num, indices[:num],
                 "Corresponding x values:", x[mask].reshape(-1)[:num],
                 "Corresponding y values:", y[mask].reshape(-1)[:num]]
    xf, yf = x.reshape(-1), y.reshape(-1)
    data += ["First %d elements of x:" % min(xf.size, _SUMMARIZE), xf[:_SUMMARIZE],
             "First %d elements of y:" % min(yf.size, _SUMMARIZE), yf[:_SUMMARIZE]]
    if message is not None:
        data = [message] + data
    raise errors.InvalidArgumentError(None, None, "\n".join(_pretty(d) for d in data))


def assert_equal(x: Any, y: Any, message: str | None = None) -> None:
    x, y = np.asarray(x), np.asarray(y)
    binary_assert("==", np.equal(x, y), x, y, message)


def assert_less_equal(x: Any, y: Any, message: str | None = None) -> None:
    x, y = np.asarray(x), np.asarray(y)
    binary_assert("<=", np.less_equal(x, y), x, y, message)


def assert_less(x: Any, y: Any, message: str | None = None) -> None:
    x, y = np.asarray(x), np.asarray(y)
    binary_assert("<", np.less(x, y), x, y, message)


def _tensor_text(x: np.ndarray) -> str:
    """TF: check_ops._pretty_print of a tensor: its first elements as a list of strings."""
    flat = x.reshape(-1)
    items = [str(v) for v in flat[:_SUMMARIZE]]
    if len(items) < flat.size:
        items.append("...")
    return str(items)


def assert_non_negative(x: Any, message: str | None = None) -> None:
    """TF: assert_non_negative, whose eager text names the shape and dtype of `x`."""
    from tfshim.framework import dtypes

    x = np.asarray(x)
    if np.all(x >= 0):
        return
    prefix = "%s.  " % message if message else ""
    name = "shape=%s dtype=%s" % (str(x.shape).replace(",)", ",)"), dtypes.from_numpy(x.dtype).name)
    text = "\n".join([prefix, "Condition x >= 0 did not hold element-wise:", "x (%s) = " % name, _tensor_text(x)])
    raise errors.InvalidArgumentError(None, None, text)
