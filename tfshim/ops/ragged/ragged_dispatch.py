"""Elementwise ops on RaggedTensors, and RaggedTensor's Python operators
(TF: ragged_dispatch.py, ragged_operators.py, the broadcasting of dynamic_ragged_shape.py).

A unary elementwise op maps `flat_values`. A binary one broadcasts its operands to a common
ragged shape first: a dense operand is gathered to the ragged operand's values (its dims
against ragged dims must be 1 or match every row's length), two ragged operands must have
the same row partitions. Mismatches raise TF's `assert_equal` texts on the row splits.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops import array_ops, math_ops
from tfshim.ops.ragged import ragged_check
from tfshim.ops.ragged.ragged_conversion_ops import flat_coordinates, take_rows
from tfshim.ops.ragged.ragged_tensor import RaggedTensor, match_row_splits_dtypes
from tfshim.util import dispatch


@dispatch.dispatch_for_unary_elementwise_apis
def ragged_unary_elementwise_op(api: Any, x: Any, *args: Any, **kwargs: Any) -> Any:
    """Applies a unary elementwise op to the flat values of a ragged tensor."""
    if not isinstance(x, RaggedTensor):
        return NotImplemented
    return x.with_flat_values(api(x.flat_values, *args, **kwargs))


def _convert_other(value: Any, like: RaggedTensor) -> Any:
    if isinstance(value, RaggedTensor):
        return value
    from tfshim.framework.variables import Variable

    if isinstance(value, Variable):
        return value.value()
    if isinstance(value, Tensor):
        return value
    try:
        return convert_to_tensor(value, dtype_hint=like.dtype)
    except (TypeError, ValueError):
        return convert_to_tensor(value)


def _splits_mismatch(source: np.ndarray, target: np.ndarray) -> None:
    """TF's broadcast check: the row splits of the two shapes must be equal."""
    if source.shape != target.shape:
        _nrows_mismatch()
    ragged_check.assert_equal(source, target)


def _nrows_mismatch() -> None:
    """TF's text when the operands' row counts differ (its check compares two 1-element bool tensors)."""
    ragged_check.binary_assert("==", np.zeros(1, bool), np.array(False), np.array([True]))


def _broadcast_dense_to_values(rt: RaggedTensor, y: Tensor) -> Tensor:
    """`y` (dense) gathered for every row of rt.flat_values, broadcastable against them."""
    rank = rt.shape.rank
    r = rt.ragged_rank
    yshape = y._value.shape
    if len(yshape) > rank:
        raise ValueError("Unable to broadcast: a dense operand of rank %d against a RaggedTensor of rank %d"
                         % (len(yshape), rank))
    full = (1,) * (rank - len(yshape)) + yshape
    outer, inner = full[:r + 1], full[r + 1:]
    if all(d == 1 for d in outer):
        return array_ops.reshape(y, (1,) + inner)
    partitions = rt._nested_row_partitions
    nrows = rt.nrows_static()
    if outer[0] not in (1, nrows):
        _nrows_mismatch()
    for level, d in enumerate(outer[1:]):
        if d == 1:
            continue
        splits = partitions[level]._splits()
        uniform = np.arange(len(splits), dtype=splits.dtype) * d
        _splits_mismatch(uniform, splits)
    coords = flat_coordinates(rt)
    coords = [c if d != 1 else np.zeros_like(c) for c, d in zip(coords, outer)]
    index = np.ravel_multi_index(coords, outer) if coords[0].size else np.zeros(0, np.int64)
    y_rows = array_ops.reshape(y, (int(np.prod(outer)),) + inner)
    return take_rows(y_rows, index)


def _broadcast_ragged_pair(x: RaggedTensor, y: RaggedTensor) -> tuple:
    match_row_splits_dtypes(x, y)
    if x.shape.rank != y.shape.rank:
        # TF aligns the lower-rank operand's dims to the right; tfshim supports equal ranks only.
        raise errors.InvalidArgumentError(
            None, None, "Condition x == y did not hold.\ntfshim broadcasts RaggedTensors of equal rank only "
            "(got ranks %d and %d)" % (x.shape.rank, y.shape.rank))
    xp, yp = x._nested_row_partitions, y._nested_row_partitions
    if len(xp) != len(yp):
        # Ragged ranks differ: the lower-ranked operand's uniform inner dims act as ragged rows.
        lo, hi = (x, y) if len(xp) < len(yp) else (y, x)
        lo_dense = lo.flat_values
        extra = len(hi._nested_row_partitions) - len(lo._nested_row_partitions)
        for a, b in zip(lo._nested_row_partitions, hi._nested_row_partitions):
            _splits_mismatch(a._splits(), b._splits())
        hi_flat = hi.flat_values
        coords = flat_coordinates(hi)
        # Each flat value of `hi` reads the `lo` value at its coordinates; lo's uniform dims
        # below its ragged ones stand against hi's extra ragged dims (size 1 broadcasts).
        depth = len(lo._nested_row_partitions)
        parent = _ancestor_rows(hi, depth)
        inner_shape = lo_dense._value.shape[1:]
        needed = inner_shape[:extra]
        idx = parent
        for k, d in enumerate(needed):
            c = coords[depth + 1 + k]
            idx = idx * d + (c if d != 1 else 0)
        lo_rows = array_ops.reshape(lo_dense, (-1,) + inner_shape[extra:])
        gathered = take_rows(lo_rows, idx)
        if lo is x:
            return gathered, hi_flat, hi
        return hi_flat, gathered, hi
    for a, b in zip(xp, yp):
        _splits_mismatch(a._splits(), b._splits())
    return x.flat_values, y.flat_values, x


def _ancestor_rows(rt: RaggedTensor, depth: int) -> np.ndarray:
    """For each flat value of rt, the index of its row among rt's values at nesting `depth`."""
    partitions = rt._nested_row_partitions
    nflat = partitions[-1]._splits()[-1]
    parent = np.arange(nflat)
    for p in reversed(partitions[depth:]):
        s = p._splits()
        parent = np.repeat(np.arange(len(s) - 1), s[1:] - s[:-1])[parent] if len(parent) else parent
    return parent


@dispatch.dispatch_for_binary_elementwise_apis
def ragged_binary_elementwise_op(api: Any, x: Any, y: Any, *args: Any, **kwargs: Any) -> Any:
    """Applies a binary elementwise op to ragged operands after broadcasting them."""
    x_ragged, y_ragged = isinstance(x, RaggedTensor), isinstance(y, RaggedTensor)
    if not (x_ragged or y_ragged):
        return NotImplemented
    if x_ragged and y_ragged:
        xv, yv, shape_of = _broadcast_ragged_pair(x, y)
    elif x_ragged:
        y = _convert_other(y, x)
        xv, yv, shape_of = x.flat_values, _broadcast_dense_to_values(x, y), x
    else:
        x = _convert_other(x, y)
        xv, yv, shape_of = _broadcast_dense_to_values(y, x), y.flat_values, y
    return shape_of.with_flat_values(api(xv, yv, *args, **kwargs))


# --- Python operators (TF: ragged_operators.py) ---------------------------------------------------


def _right(op: Any) -> Any:
    def reflected(y: Any, x: Any) -> Any:
        return op(x, y)

    return reflected


def _ragged_eq(self: RaggedTensor, other: Any) -> Any:
    """TF: elementwise `==`, or False when the operands are not broadcast-compatible."""
    if other is None:
        return False
    try:
        return math_ops.equal(self, other)
    except (errors.InvalidArgumentError, ValueError):
        return False


def _ragged_ne(self: RaggedTensor, other: Any) -> Any:
    if other is None:
        return True
    try:
        return math_ops.not_equal(self, other)
    except (errors.InvalidArgumentError, ValueError):
        return True


def _ragged_abs(self: RaggedTensor, name: Any = None) -> Any:
    return math_ops.abs(self)


def _ragged_and(self: Any, y: Any, name: Any = None) -> Any:
    return math_ops.logical_and(self, y)


def _ragged_hash(self: RaggedTensor) -> int:
    raise TypeError("RaggedTensor is unhashable.")


_OPERATORS = {
    "__eq__": _ragged_eq, "__ne__": _ragged_ne, "__hash__": _ragged_hash,
    "__ge__": math_ops.greater_equal, "__gt__": math_ops.greater,
    "__le__": math_ops.less_equal, "__lt__": math_ops.less,
    "__and__": _ragged_and, "__rand__": _right(_ragged_and),
    "__invert__": math_ops.logical_not,
    "__or__": math_ops.logical_or, "__ror__": _right(math_ops.logical_or),
    "__xor__": math_ops.logical_xor, "__rxor__": _right(math_ops.logical_xor),
    "__abs__": _ragged_abs, "__neg__": math_ops.negative,
    "__add__": math_ops.add, "__radd__": _right(math_ops.add),
    "__floordiv__": math_ops.floordiv, "__rfloordiv__": _right(math_ops.floordiv),
    "__mod__": math_ops.floormod, "__rmod__": _right(math_ops.floormod),
    "__mul__": math_ops.multiply, "__rmul__": _right(math_ops.multiply),
    "__pow__": math_ops.pow, "__rpow__": _right(math_ops.pow),
    "__sub__": math_ops.subtract, "__rsub__": _right(math_ops.subtract),
    "__truediv__": math_ops.truediv, "__rtruediv__": _right(math_ops.truediv),
}
for _name, _fn in _OPERATORS.items():
    setattr(RaggedTensor, _name, _fn)
