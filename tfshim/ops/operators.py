"""Python operators on tensors and variables (TF: override_binary_operator.py, tensor_math_operator_overrides.py).

`x + y` calls the op with the other value converted as the op converts it; the
reflected `y + x` force-casts the Python value to the tensor's dtype (TF's
`maybe_promote_tensors(force_same_dtype=True)`), so `1.5 - tf.constant(1)` is a TypeError.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.constant_op import _scalar_fast_path, convert_to_tensor, match_inputs
from tfshim.framework.sparse_tensor import SparseTensor
from tfshim.framework.tensor import EagerTensor, Tensor
from tfshim.framework.variables import ResourceVariable, Variable
from tfshim.kernels import native
from tfshim.ops import math_ops

_FLOATS = frozenset({np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64)})  # (by NumPy dtype: C hashes)


def _binary_operator(name: str, func: Callable, op: Any = None) -> None:
    """`op`: the op `func` runs for two eager tensors of one dtype (or a float tensor and a Python float), called
    straight where its checks have passed for that dtype before (Op.checked), skipping the layers between (~1.5 us
    of an op's ~4)."""

    def forward(x: Any, y: Any) -> Any:
        # (x is a tensor: a variable's operators pass its value, as TF's; y may be a tf.Variable, a ResourceVariable,
        # read as TF's fast path reads it, only when the op runs: the slow path converts it itself)
        if op is not None and type(x) is EagerTensor:
            d = x._dtype
            ty = type(y)
            if ty is EagerTensor or ty is ResourceVariable:
                if y._dtype is d and (d._enum, d._enum) in op.checked:
                    return op(x, y if ty is EagerTensor else y.value())
            elif ty is float and d._np in _FLOATS and (d._enum, d._enum) in op.checked:
                c = _scalar_fast_path(y, d)  # TF converts the float to x's dtype (float16, float32: rounded)
                if c is not None:
                    return op(x, c)
        try:
            return func(x, y)
        except (TypeError, ValueError) as e:
            # TF asks the type, then the value: every class has `__ror__` (Python's `X | Y` of types), so `t | 1j`
            # is the instance's AttributeError, as in TF
            if not hasattr(type(y), "__r%s__" % name) or isinstance(y, (Tensor, Variable)):
                raise
            r_op = getattr(y, "__r%s__" % name)
            try:
                out = r_op(x)
            except (TypeError, ValueError):
                raise e from None
            if out is NotImplemented:
                raise
            return out

    def reflected(y: Any, x: Any) -> Any:
        if op is not None and type(x) is float and type(y) is EagerTensor:
            d = y._dtype
            if d._np in _FLOATS and (d._enum, d._enum) in op.checked:
                c = _scalar_fast_path(x, d)
                if c is not None:
                    return op(c, y)
        # TF: maybe_promote_tensors(y, x, force_same_dtype=True) converts x (a tensor too) to y's dtype as "x"
        x = convert_to_tensor(x, y._dtype, name="x")
        return func(x, y)

    forward.__name__ = "__%s__" % name
    reflected.__name__ = "__r%s__" % name
    if op is not None and native.eager is not None:  # the fast path above in C (tfshim/_eager.c binary_operator)
        forward, reflected = native.eager.binary_operator(op, forward, False), native.eager.binary_operator(
            op, reflected, True)
    for cls in (Tensor, Variable):
        cls._override_operator("__%s__" % name, forward)
        cls._override_operator("__r%s__" % name, reflected)


def _logical_or_bitwise(logical: Callable, bitwise_name: str) -> Callable:
    def f(x: Any, y: Any) -> Any:
        x, y = match_inputs((x, y))
        if x._dtype is dtypes.bool:
            return logical(x, y)
        from tfshim.ops import bitwise_ops

        return getattr(bitwise_ops, bitwise_name)(x, y)

    return f


def _mul_dispatch(x: Any, y: Any) -> Any:
    """TF: math_ops._mul_dispatch. `dense * sparse` scales the SparseTensor's values."""
    if isinstance(y, SparseTensor):
        from tfshim.ops.sparse_ops import dense_times_sparse

        return dense_times_sparse(x, y)
    return math_ops.multiply(x, y)


def _mul_operator(x: Any, y: Any) -> Any:
    """TF: tensor_math_operator_overrides._mul_dispatch_factory: `*` with a bool tensor multiplies as int32 and
    casts back (a logical and), where tf.multiply itself has no bool kernel."""
    if (isinstance(x, Tensor) and x._dtype is dtypes.bool) or (isinstance(y, Tensor) and y._dtype is dtypes.bool):
        return math_ops.cast(_mul_dispatch(math_ops.cast(x, dtypes.int32), math_ops.cast(y, dtypes.int32)),
                             dtypes.bool)
    return _mul_dispatch(x, y)


def _matmul(x: Any, y: Any) -> Any:
    from tfshim.ops.linalg_ops import matmul

    return matmul(x, y)


for _name, _func, _op in [("add", math_ops.add, math_ops.AddV2), ("sub", math_ops.subtract, math_ops.Sub),
                          ("mul", _mul_operator, math_ops.Mul)]:
    _binary_operator(_name, _func, _op)

for _name, _func in [
    ("truediv", math_ops.truediv), ("floordiv", math_ops.floordiv), ("mod", math_ops.floormod),
    ("pow", math_ops.pow), ("matmul", _matmul),
    ("and", _logical_or_bitwise(math_ops.logical_and, "bitwise_and")),
    ("or", _logical_or_bitwise(math_ops.logical_or, "bitwise_or")),
    ("xor", _logical_or_bitwise(lambda x, y: math_ops.logical_xor(x, y), "bitwise_xor")),
]:
    _binary_operator(_name, _func)


def _compare(func: Callable) -> Callable:
    def op(x: Any, y: Any) -> Any:
        return func(x, y)

    return op


def _equals(x: Any, y: Any) -> Any:
    """TF: tensor_equals. Elementwise; None gives False, incompatible shapes give False."""
    if y is None:
        return False
    return math_ops._equality(math_ops.Equal, x, y, False)


def _not_equals(x: Any, y: Any) -> Any:
    if y is None:
        return True
    return math_ops._equality(math_ops.NotEqual, x, y, False)


def _invert(x: Any) -> Any:
    if x._dtype is dtypes.bool:
        return math_ops.logical_not(x)
    from tfshim.ops import bitwise_ops

    return bitwise_ops.invert(x)


for _cls in (Tensor, Variable):
    _cls._override_operator("__lt__", _compare(math_ops.less))
    _cls._override_operator("__le__", _compare(math_ops.less_equal))
    _cls._override_operator("__gt__", _compare(math_ops.greater))
    _cls._override_operator("__ge__", _compare(math_ops.greater_equal))
    _cls._override_operator("__eq__", _equals)
    _cls._override_operator("__ne__", _not_equals)
    _cls._override_operator("__neg__", math_ops.negative)
    _cls._override_operator("__abs__", lambda x: math_ops.abs(x))
    _cls._override_operator("__invert__", _invert)
