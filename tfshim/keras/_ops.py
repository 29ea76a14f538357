"""The few `keras.ops` the Keras losses and metrics use, as Keras 3's TensorFlow backend runs them.

Keras' ops differ from the tf ops they call in their dtypes: binary ops first promote both sides by Keras'
lattice (`result_type`, JAX's rules: Python ints and floats are weak, int64 stays int64 on TF), `mean` computes
integers and float16 in float32, `sum` widens small integers, `log` of integers is float. Python operators between
tensors stay TF's (no promotion), as in Keras' own code.
"""

from __future__ import annotations

import functools
from typing import Any

from tfshim.keras._backend import epsilon as _epsilon
from tfshim.keras._backend import floatx, standardize_dtype


def _tf() -> Any:
    import tfshim

    return tfshim


# ---- Keras' type promotion (keras/src/backend/common/dtypes.py) ----------------------------------------------

_LATTICE = {
    "bool": ["int"], "uint8": ["int16", "uint16"], "uint16": ["int32", "uint32"], "uint32": ["int64", "uint64"],
    "uint64": ["float"], "int": ["uint8", "int8", "complex64"], "int8": ["int16"], "int16": ["int32"],
    "int32": ["int64"], "int64": ["float"], "float": ["bfloat16", "float16"], "bfloat16": ["float32"],
    "float16": ["float32"], "float32": ["float64", "complex64"], "float64": ["complex128"],
    "complex64": ["complex128"], "complex128": [],
}


def _upper_bounds() -> dict:
    bounds = {node: {node} for node in _LATTICE}
    for node in _LATTICE:
        while True:
            more = set().union(*(_LATTICE[b] for b in bounds[node]))
            if more <= bounds[node]:
                break
            bounds[node] |= more
    return bounds


_UPPER = _upper_bounds()


@functools.lru_cache(512)
def _least_upper_bound(*nodes: str) -> str:
    for n in nodes:
        if n not in _UPPER:
            raise ValueError(f"dtype={n!r} is not a valid dtype for Keras type promotion.")
    common = set.intersection(*(_UPPER[n] for n in set(nodes)))
    least = (common & set(nodes)) or {c for c in common if common <= _UPPER[c]}
    if len(least) != 1:
        raise ValueError(f"Input dtypes {tuple(str(n) for n in nodes)} have no available implicit dtype promotion "
                         "path. Try explicitly casting inputs to the desired output type.")
    return least.pop()


def _weak(dtype: str) -> str:
    if dtype == "bool":
        return dtype
    for kind in ("float", "int", "complex"):
        if kind in dtype:
            return kind
    raise ValueError(f"Invalid value for argument `dtype`. Received: dtype={dtype}")


def result_type(*dtypes: Any) -> str:
    """Keras' `keras.backend.result_type` on the TF backend (Python `int`/`float` are weak types)."""
    if not dtypes:
        return floatx()
    pairs = [(standardize_dtype(floatx() if d is None else d), d is int or d is float) for d in dtypes]
    names = [d for d, _ in pairs]
    weak = [w for _, w in pairs]
    if len(names) == 1:
        out, out_weak = names[0], weak[0]
    elif len(set(names)) == 1 and not all(weak):
        out, out_weak = names[0], False
    elif all(weak):
        out, out_weak = _least_upper_bound(*set(names)), True
    else:
        out = _least_upper_bound(*{_weak(d) if w else d for d, w in pairs})
        out_weak = out in ("int", "float")
    if out != "bool" and out_weak:
        precision = floatx()[-2:]
        kind = "f" if out == "bfloat16" else out[:1]
        out = {"b": "bool", "i": f"int{precision}", "u": f"uint{precision}"}.get(kind, f"float{precision}")
    return {"uint64": "uint32", "complex128": "complex64"}.get(out, out)


def _dtype_of(x: Any) -> Any:
    return getattr(x, "dtype", type(x))


# ---- conversion ----------------------------------------------------------------------------------------------

def convert_to_tensor(x: Any, dtype: Any = None) -> Any:
    """Keras' convert_to_tensor: values become bool or integer tensors by a cast (TF's conversion would reject
    floats), and tensors are cast to `dtype`."""
    tf = _tf()
    dtype = None if dtype is None else tf.as_dtype(standardize_dtype(dtype))
    if isinstance(x, (tf.Tensor, tf.Variable)):
        t = tf.convert_to_tensor(x)
        return t if dtype is None or t.dtype == dtype else tf.cast(t, dtype)
    if dtype is not None and (dtype == tf.bool or dtype.is_integer):
        return tf.cast(tf.convert_to_tensor(x), dtype)
    return tf.convert_to_tensor(x, dtype=dtype)


def cast(x: Any, dtype: Any) -> Any:
    return _tf().cast(x, dtype=standardize_dtype(dtype))


def _promoted(x1: Any, x2: Any, *extra: Any) -> tuple:
    """Both operands converted to Keras' result type (Python numbers stay weak)."""
    if not isinstance(x1, (int, float)):
        x1 = convert_to_tensor(x1)
    if not isinstance(x2, (int, float)):
        x2 = convert_to_tensor(x2)
    dtype = result_type(_dtype_of(x1), _dtype_of(x2), *extra)
    return convert_to_tensor(x1, dtype), convert_to_tensor(x2, dtype)


# ---- elementwise ---------------------------------------------------------------------------------------------

def equal(x1: Any, x2: Any) -> Any:
    """Keras' ops.equal: both sides converted (a Python number to TF's default dtype), then promoted."""
    tf = _tf()
    x1, x2 = convert_to_tensor(x1), convert_to_tensor(x2)
    dtype = result_type(x1.dtype, x2.dtype)
    return tf.equal(tf.cast(x1, dtype), tf.cast(x2, dtype))


def maximum(x1: Any, x2: Any) -> Any:
    return _tf().maximum(*_promoted(x1, x2))


def minimum(x1: Any, x2: Any) -> Any:
    return _tf().minimum(*_promoted(x1, x2))


def multiply(x1: Any, x2: Any) -> Any:
    return _tf().multiply(*_promoted(x1, x2))


def divide(x1: Any, x2: Any) -> Any:
    return _tf().divide(*_promoted(x1, x2, float))


def power(x1: Any, x2: Any) -> Any:
    tf = _tf()
    if not isinstance(x1, (int, float)):
        x1 = convert_to_tensor(x1)
    if not isinstance(x2, (int, float)):
        x2 = convert_to_tensor(x2)
    dtype = result_type(_dtype_of(x1), _dtype_of(x2))
    if "uint" in dtype:  # TF's Pow has no unsigned kernels
        return tf.cast(tf.pow(convert_to_tensor(x1, "int32"), convert_to_tensor(x2, "int32")), dtype)
    return tf.pow(convert_to_tensor(x1, dtype), convert_to_tensor(x2, dtype))


def abs(x: Any) -> Any:  # noqa: A001 - Keras' name
    """Keras' ops.abs: unsigned integers and bools are returned as they are (TF's Abs has no kernel for them)."""
    x = convert_to_tensor(x)
    dtype = standardize_dtype(x.dtype)
    return x if "uint" in dtype or dtype == "bool" else _tf().abs(x)


def square(x: Any) -> Any:
    tf = _tf()
    x = convert_to_tensor(x)
    return tf.square(tf.cast(x, "int32") if x.dtype == tf.bool else x)


def log(x: Any) -> Any:
    tf = _tf()
    x = convert_to_tensor(x)
    dtype = standardize_dtype(x.dtype)
    return tf.math.log(tf.cast(x, floatx() if dtype == "int64" else result_type(dtype, float)))


def clip(x: Any, x_min: Any, x_max: Any) -> Any:
    tf = _tf()
    if standardize_dtype(x.dtype) == "bool":
        x = tf.cast(x, "int32")
    return tf.clip_by_value(x, x_min, x_max)


# ---- reductions ----------------------------------------------------------------------------------------------

def mean(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
    """Keras' ops.mean: computed in result_type(dtype, float32) (float16 in float32, then cast back); integer
    and bool means are float32 (`mse` of int32 tensors is a float32 0.5, not an int32 0)."""
    tf = _tf()
    x = convert_to_tensor(x)
    dtype = standardize_dtype(x.dtype)
    compute = result_type(dtype, "float32")
    result = compute if "int" in dtype or dtype == "bool" else dtype
    return tf.cast(tf.reduce_mean(tf.cast(x, compute), axis=axis, keepdims=keepdims), result)


def sum(x: Any, axis: Any = None, keepdims: bool = False) -> Any:  # noqa: A001 - Keras' name
    tf = _tf()
    x = convert_to_tensor(x)
    dtype = standardize_dtype(x.dtype)
    dtype = {"bool": "int32", "int8": "int32", "int16": "int32", "uint8": "uint32", "uint16": "uint32"}.get(dtype,
                                                                                                          dtype)
    return tf.reduce_sum(tf.cast(x, dtype), axis=axis, keepdims=keepdims)


def max(x: Any, axis: Any = None, keepdims: bool = False) -> Any:  # noqa: A001 - Keras' name
    tf = _tf()
    x = convert_to_tensor(x)
    size = tf.size(x)
    tf.debugging.assert_greater(size, tf.constant(0, dtype=size.dtype),
                                message="Cannot compute the max of an empty tensor.")
    if x.dtype == tf.bool:
        return tf.reduce_any(x, axis=axis, keepdims=keepdims)
    return tf.reduce_max(x, axis=axis, keepdims=keepdims)


def normalize(x: Any, axis: int = -1) -> Any:
    """Keras' ops.normalize with order 2: x * min(rsqrt(sum(x^2)), 1 / epsilon)."""
    tf = _tf()
    x = convert_to_tensor(x)
    if len(x.shape) == 0:
        x = tf.expand_dims(x, axis=0)
    inv_norm = tf.math.rsqrt(sum(square(x), axis=axis, keepdims=True))
    return x * minimum(inv_norm, 1.0 / _epsilon())
