"""TF NumPy's result_type, promote_types and finfo (TF: ops/numpy_ops/np_utils.py)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.ops.numpy_ops import np_dtypes
from tfshim.util.tf_export import tf_export


def _flatten(items: Any) -> list:
    out: list = []
    for x in items:
        if isinstance(x, (list, tuple)):
            out.extend(_flatten(x))
        else:
            out.append(x)
    return out


@tf_export("experimental.numpy.result_type")
def result_type(*arrays_and_dtypes: Any) -> dtypes.DType:
    """TF: tnp.result_type. NumPy 2's promotion over the (flattened) arguments, as a tf.DType."""
    items = _flatten(arrays_and_dtypes)
    return np_dtypes.result_type_of(*items) if items else np_dtypes.result_type_of(np.asarray([]))


def result_type_unary(a: Any, dtype: Any) -> dtypes.DType:
    """The dtype of `asarray(a, dtype)`: `dtype` if given; a str is a string (not a dtype name)."""
    if dtype:
        return result_type(dtype)
    if isinstance(a, (str, bytes)):
        return dtypes.string
    return result_type(a)


def result_type_binary(t1: Any, t2: Any) -> dtypes.DType:
    return result_type(t1, t2)


@tf_export("experimental.numpy.promote_types")
def promote_types(type1: Any, type2: Any) -> Any:
    """TF: tnp.promote_types. np.promote_types of the two dtypes (tf.DTypes accepted), as a NumPy dtype."""
    def np_type(t: Any) -> Any:
        return t.as_numpy_dtype if isinstance(t, dtypes.DType) else t

    return np_dtypes.canonicalize_dtype(np.promote_types(np_type(type1), np_type(type2)))


@tf_export("experimental.numpy.finfo")
def finfo(dtype: Any) -> Any:
    """TF: tnp.finfo. np.finfo of the dtype (tf.DTypes accepted)."""
    return np.finfo(dtype.as_numpy_dtype if isinstance(dtype, dtypes.DType) else dtype)


def isscalar(val: Any) -> bool:
    from tfshim.framework.tensor import Tensor

    if isinstance(val, Tensor):
        return val.shape.rank == 0
    return bool(np.isscalar(val))
