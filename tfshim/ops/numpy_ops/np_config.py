"""tnp.experimental_enable_numpy_behavior (TF: ops/numpy_ops/np_config.py).

Enabling gives tf.Tensor NumPy's methods (`.T`, `.reshape`, `.astype`, ...), NumPy-style promotion in the
Python operators (`tf.constant(1) + 1.5` is a float64 tensor; tf.add & co. keep TF's rules) and NumPy
indexing (`x[:, (True, False, True)]`, `x[[0, 1]]`). As in TF it lasts for the rest of the process:
tensors have none of these before the call.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor, is_tensor_like
from tfshim.framework.tensor_shape import TensorShape
from tfshim.framework.variables import Variable
from tfshim.ops import array_ops, math_ops
from tfshim.ops.numpy_ops import np_dtypes, np_math_ops
from tfshim.util.tf_export import tf_export

_MODES = ("off", "legacy", "safe", "all")
_state = {"mode": "off", "methods": False}
_BINARY = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "and", "or", "xor")
_COMPARE = ("lt", "le", "gt", "ge", "eq", "ne")
_saved: dict = {}  # the default operators, restored when promotion is turned "off"


@tf_export("experimental.numpy.experimental_enable_numpy_behavior")
def enable_numpy_behavior(prefer_float32: bool = False, dtype_conversion_mode: str = "legacy") -> None:
    """TF: tnp.experimental_enable_numpy_behavior.

    `dtype_conversion_mode` "legacy" is NumPy's promotion (the default); "off" keeps TF's; "safe" and "all"
    (TF's WeakTensor semantics) are not implemented by tfshim.
    """
    if dtype_conversion_mode not in _MODES:
        raise ValueError(
            f"The provided promotion mode {dtype_conversion_mode} does not exist. Make sure the provided dtype "
            "conversion mode is one of the followings: 'off', 'legacy', 'safe' or 'all'.")
    if dtype_conversion_mode in ("safe", "all"):
        raise NotImplementedError(
            "tf.experimental.numpy.experimental_enable_numpy_behavior(dtype_conversion_mode="
            f"{dtype_conversion_mode!r}) (WeakTensor promotion) is not implemented by tfshim")
    _set_operator_promotion(dtype_conversion_mode == "legacy")
    _state["mode"] = dtype_conversion_mode
    if not _state["methods"]:
        for name, attr in np_math_ops.numpy_methods().items():
            setattr(Tensor, name, attr)
        _saved.setdefault("__getitem__", Tensor.__getitem__)
        Tensor._override_operator("__getitem__", _numpy_style_getitem)
        _state["methods"] = True
    np_dtypes.set_prefer_float32(prefer_float32)


def is_numpy_style_type_promotion() -> bool:
    return _state["mode"] == "legacy"


# ----- operators ---------------------------------------------------------------------------------


def _dtype_source(x: Any) -> Any:
    """TF: override_binary_operator._maybe_get_dtype."""
    if type(x) in (bool, int, float) or isinstance(x, (np.number, np.bool_)):
        return x
    if is_tensor_like(x):
        return x.dtype
    if isinstance(x, TensorShape):
        return np.int32
    if isinstance(x, (list, tuple)):
        raise ValueError(f"Cannot determine dtype.  Got sequence {x}.")
    return x


def maybe_promote_tensors(*values: Any) -> list:
    """TF: maybe_promote_tensors under NumPy promotion: all values as tensors of their result type."""
    dtype = np_dtypes.result_type_of(*[_dtype_source(x) for x in values])
    out = []
    for x in values:
        if is_tensor_like(x):
            out.append(math_ops.cast(x, dtype))
        else:
            out.append(convert_to_tensor(x, dtype))
    return out


def _promoting(name: str, forward: Any, reflected: Any) -> tuple:
    def promoted_forward(x: Any, y: Any) -> Any:
        try:
            x, y = maybe_promote_tensors(x, y)
        except (TypeError, ValueError) as e:
            r_op = getattr(type(y), "__r%s__" % name, None)
            if r_op is None or is_tensor_like(y):
                raise
            try:
                out = r_op(y, x)
            except (TypeError, ValueError):
                raise e from None
            if out is NotImplemented:
                raise
            return out
        return forward(x, y)

    def promoted_reflected(y: Any, x: Any) -> Any:
        y, x = maybe_promote_tensors(y, x)
        return reflected(y, x)

    promoted_forward.__name__ = "__%s__" % name
    return promoted_forward, promoted_reflected


def _matmul_operator(x: Any, y: Any) -> Any:
    x, y = maybe_promote_tensors(x, y)
    return np_math_ops.matmul(x, y)


def _rmatmul_operator(y: Any, x: Any) -> Any:
    y, x = maybe_promote_tensors(y, x)
    return np_math_ops.matmul(x, y)


def _set_operator_promotion(on: bool) -> None:
    # Variable's operators run Tensor's on the read value (Variable._override_operator wraps them), so both
    # classes get the same functions; the originals are Tensor's, kept to restore for mode "off".
    saved = _saved.setdefault(Tensor, {})
    if not saved:
        for name in _BINARY + ("matmul",):
            saved["__%s__" % name] = Tensor.__dict__["__%s__" % name]
            saved["__r%s__" % name] = Tensor.__dict__["__r%s__" % name]
        for name in _COMPARE:
            saved["__%s__" % name] = Tensor.__dict__["__%s__" % name]
    if not on:
        funcs = dict(saved)
    else:
        funcs = {"__matmul__": _matmul_operator, "__rmatmul__": _rmatmul_operator}
        for name in _BINARY:
            fwd, rev = _promoting(name, saved["__%s__" % name], saved["__r%s__" % name])
            funcs["__%s__" % name], funcs["__r%s__" % name] = fwd, rev
        for name in _COMPARE:
            funcs["__%s__" % name] = _promoting_compare(saved["__%s__" % name], name)
    for cls in (Tensor, Variable):
        for attr, func in funcs.items():
            cls._override_operator(attr, func)


def _promoting_compare(func: Any, name: str) -> Any:
    def compare(x: Any, y: Any) -> Any:
        if y is None and name in ("eq", "ne"):
            return func(x, y)
        try:
            x, y = maybe_promote_tensors(x, y)
        except (TypeError, ValueError):
            if name in ("eq", "ne"):
                return func(x, y)
            raise
        return func(x, y)

    return compare


# ----- indexing ----------------------------------------------------------------------------------


def _is_basic(key: Any) -> bool:
    items = key if isinstance(key, tuple) else (key,)
    for k in items:
        if k is None or k is Ellipsis or isinstance(k, slice):
            continue
        if isinstance(k, (bool, np.bool_)):
            return False
        if isinstance(k, (int, np.integer)):
            continue
        if isinstance(k, Tensor) and k.shape.rank == 0 and k.dtype in (dtypes.int32, dtypes.int64):
            continue
        return False
    return True


def _index_value(k: Any) -> Any:
    if is_tensor_like(k):
        return k.numpy()
    if isinstance(k, slice):
        return slice(*(int(v) if is_tensor_like(v) else v for v in (k.start, k.stop, k.step)))
    if isinstance(k, (list, tuple)):
        return np.asarray([_index_value(v) for v in k])
    return k


def _numpy_style_getitem(tensor: Any, slice_spec: Any) -> Any:
    """NumPy indexing: basic keys slice as TF's strided slice does; advanced keys (index and boolean arrays)
    gather the selected elements (TF: np_array_ops._getitem), so gradients flow back to them."""
    if _is_basic(slice_spec):
        return _saved["__getitem__"](tensor, slice_spec)
    key = tuple(_index_value(k) for k in slice_spec) if isinstance(slice_spec, tuple) else _index_value(slice_spec)
    shape = tensor._value.shape
    try:
        positions = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape)[key]
    except IndexError as e:
        raise IndexError(str(e)) from None
    flat = array_ops.reshape(tensor, [-1])
    return array_ops.gather(flat, convert_to_tensor(np.asarray(positions)))
