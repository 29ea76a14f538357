"""tf.get_static_value, tf.make_ndarray, tf.make_tensor_proto (TF: framework/tensor_util.py)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes, func_graph
from tfshim.framework.tensor import Tensor, is_tensor
from tfshim.util.tf_export import tf_export


@tf_export("get_static_value")
def get_static_value(tensor: Any, partial: bool = False) -> Any:
    """TF: tf.get_static_value: an eager tensor's value as NumPy; a non-tensor as it is; None when the value is
    not known without running a graph (a traced function's arguments and what ops compute from them, a variable,
    a sparse tensor).

    tfshim differs inside a tf.function for values TF folds from graph ops (TF's constant_value folds Shape, Size,
    Rank, Cast, Pack, Concat, Fill, ... of known inputs): tfshim answers None for every op computed in the trace.
    """
    if isinstance(tensor, Tensor):
        if func_graph.is_symbolic_tensor(tensor):
            return None
        # `_numpy`, not `numpy`: inside a trace, a constant the trace made is known (TF: a Const op's value)
        value = tensor._numpy()
        return value.copy() if isinstance(value, np.ndarray) else value
    return None if is_tensor(tensor) else tensor


# TF: tensor_util._TENSOR_CONTENT_TYPES: arrays of these (more than one element) are stored as raw bytes
_CONTENT_TYPES = frozenset(["float16", "float32", "float64", "int32", "uint8", "int16", "int8", "int64", "qint8",
                            "quint8", "qint16", "quint16", "qint32", "uint32", "uint64"])
# the repeated field each dtype's values go to otherwise (TF: GetNumpyAppendFn)
_VALUE_FIELDS = {"float32": "float_val", "float64": "double_val", "int32": "int_val", "uint8": "int_val",
                 "uint16": "int_val", "int16": "int_val", "int8": "int_val", "qint8": "int_val", "quint8": "int_val",
                 "qint16": "int_val", "quint16": "int_val", "qint32": "int_val", "int64": "int64_val",
                 "uint32": "uint32_val", "uint64": "uint64_val", "bool": "bool_val", "complex64": "scomplex_val",
                 "complex128": "dcomplex_val", "float16": "half_val"}


def _leaves(values: Any) -> list:
    if isinstance(values, (list, tuple)):
        return [x for v in values for x in _leaves(v)]
    return [values]


def _assert_compatible(values: Any, dtype: dtypes.DType | None) -> None:
    """TF: tensor_util._AssertCompatible: Python values must be of the requested dtype's kind."""
    import numbers

    if dtype is None:
        if any(isinstance(v, Tensor) and func_graph.is_symbolic_tensor(v) for v in _leaves(values)):
            raise TypeError("Expected any non-tensor type, but got a tensor instead.")
        return
    if dtype.is_quantized:  # TF: _check_quantized: lists of tuples of ints
        _check_quantized(values, dtype)
        return
    if dtype == dtypes.bool:
        kinds: Any = bool
    elif dtype == dtypes.string:
        kinds = (bytes, str)
    elif dtype.is_integer:
        kinds = numbers.Integral
    elif dtype.is_floating:
        kinds = numbers.Real
    elif dtype.is_complex:
        kinds = numbers.Complex
    else:
        return
    for v in _leaves(values):
        ok = isinstance(v, kinds) or (isinstance(v, np.ndarray) and issubclass(v.dtype.type, kinds))
        if not ok:
            raise TypeError(f"Expected {dtype.name}, but got {v} of type '{type(v).__name__}'.")


def _check_quantized(values: Any, dtype: dtypes.DType) -> None:
    import numbers

    if not isinstance(values, (list, tuple)):
        raise TypeError(f"Expected {dtype.name}, but got {values} of type '{type(values).__name__}'.")
    for v in values:
        if isinstance(values, tuple):
            if not isinstance(v, numbers.Integral):
                raise TypeError(f"Expected {dtype.name}, but got {v} of type '{type(v).__name__}'.")
        else:
            _check_quantized(v, dtype)


def _dense_dims(values: Any) -> list:
    """TF: tensor_util._GetDenseDimensions: the shape read along the first element of each level."""
    if not isinstance(values, (list, tuple)):
        return []
    if len(values) == 0:
        return [0]
    return [len(values)] + _dense_dims(values[0])


@tf_export("make_tensor_proto")
def make_tensor_proto(values: Any, dtype: Any = None, shape: Any = None, verify_shape: bool = False,
                      allow_broadcast: bool = False) -> Any:
    """TF: tf.make_tensor_proto: a TensorProto of a value (needs protobuf: `pip install tfshim[proto]`).

    Arrays of numbers with more than one element are stored as raw bytes (`tensor_content`), others in the
    dtype's repeated field; Python floats become float32 and Python ints int32 where they fit, as in TF.
    """
    from tfshim.core.framework.tensor_pb2 import TensorProto

    if allow_broadcast and verify_shape:
        raise ValueError("allow_broadcast and verify_shape are not both allowed.")
    if isinstance(values, TensorProto):
        return values
    if dtype:
        dtype = dtypes.as_dtype(dtype)
    is_quantized = dtype is not None and dtype.is_quantized
    if isinstance(values, Tensor) or hasattr(values, "__array__"):
        values = np.asarray(values)
    if isinstance(values, (np.ndarray, np.generic)):
        if dtype and dtype.is_numpy_compatible:
            nparray = values.astype(dtype._np[0] if is_quantized else dtype.as_numpy_dtype)
        else:
            nparray = values
    else:
        if values is None:
            raise ValueError("None values not supported.")
        np_dt = (dtype._np[0] if is_quantized else dtype.as_numpy_dtype) if dtype and dtype.is_numpy_compatible \
            else None
        if shape is not None and np.prod(shape, dtype=np.int64) == 0:
            nparray = np.empty(shape, dtype=np_dt)
        else:
            _assert_compatible(values, dtype)
            nparray = np.array(values, np_dt)
            if list(nparray.shape) != _dense_dims(values) and not is_quantized:
                raise ValueError(f"Expected values {values} to be a dense tensor with shape {_dense_dims(values)}, "
                                 f"but got shape {list(nparray.shape)}.")
        if nparray.dtype == np.float64 and dtype is None:
            nparray = nparray.astype(np.float32)
        elif nparray.dtype == np.int64 and dtype is None:
            down = nparray.astype(np.int32)
            if np.array_equal(down, nparray):
                nparray = down
    numpy_dtype = dtype if is_quantized else dtypes.as_dtype(nparray.dtype)
    if dtype is not None and dtype != numpy_dtype:
        raise TypeError(f"`dtype` {dtype} is not compatible with {values} of dtype {nparray.dtype}.")
    if shape is None:
        shape = nparray.shape
        is_same_size, shape_size = True, nparray.size
    else:
        shape = [int(d) for d in shape]
        shape_size = int(np.prod(shape, dtype=np.int64))
        is_same_size = shape_size == nparray.size
        if allow_broadcast:
            if nparray.shape not in ((1,), ()) and nparray.size != shape_size:
                raise TypeError(f"Expected Tensor's shape: {tuple(shape)}, but got {nparray.shape}.")
        else:
            if verify_shape and nparray.shape != tuple(shape):
                raise TypeError(f"Expected Tensor's shape: {tuple(shape)}, but got {nparray.shape}.")
            if nparray.size > shape_size:
                raise ValueError(f"Too many elements provided. Takes at most {shape_size:d}, but got "
                                 f"{nparray.size:d}.")
    proto = TensorProto(dtype=numpy_dtype.as_datatype_enum)  # without protobuf: NotImplementedError here
    proto.tensor_shape.SetInParent()  # present even for a scalar, as TF's `tensor_shape {\n}`
    for d in shape:
        proto.tensor_shape.dim.add(size=d)
    if is_same_size and numpy_dtype.name in _CONTENT_TYPES and shape_size > 1:
        proto.tensor_content = nparray.tobytes()
        return proto
    if numpy_dtype == dtypes.string and not isinstance(values, np.ndarray):
        strings = _leaves(values)
        if not all(isinstance(v, (bytes, str)) for v in strings):
            raise TypeError(f"Failed to convert elements of {values} to Tensor. Consider casting elements to a "
                            "supported type. See https://www.tensorflow.org/api_docs/python/tf/dtypes for supported "
                            "TF dtypes.")
        proto.string_val.extend(v.encode("utf-8") if isinstance(v, str) else v for v in strings)
        return proto
    flat = nparray.ravel()
    field = _VALUE_FIELDS.get(numpy_dtype.name)
    if numpy_dtype == dtypes.string:
        proto.string_val.extend(v.encode("utf-8") if isinstance(v, str) else bytes(v) for v in flat.tolist())
    elif field is None:
        raise TypeError(f"Element type not supported in TensorProto: {numpy_dtype.name}.")
    elif numpy_dtype.is_complex:
        getattr(proto, field).extend(x for c in flat.tolist() for x in (c.real, c.imag))
    elif numpy_dtype == dtypes.float16:
        proto.half_val.extend(flat.view(np.uint16).tolist())
    else:
        getattr(proto, field).extend(flat.tolist())
    return proto


@tf_export("make_ndarray")
def make_ndarray(tensor: Any) -> np.ndarray:
    """TF: tf.make_ndarray: the NumPy array of a TensorProto (short value lists repeat their last value)."""
    shape = [d.size for d in tensor.tensor_shape.dim]
    num_elements = int(np.prod(shape, dtype=np.int64))
    tensor_dtype = dtypes.as_dtype(tensor.dtype)
    dtype = tensor_dtype.as_numpy_dtype
    if tensor.tensor_content:
        return np.frombuffer(tensor.tensor_content, dtype=dtype).copy().reshape(shape)
    if tensor_dtype == dtypes.string:
        strings = list(tensor.string_val)
        padding = num_elements - len(strings)
        if padding > 0:
            strings.extend([strings[-1] if strings else ""] * padding)
        return np.array(strings, dtype=dtype).reshape(shape)
    field = _VALUE_FIELDS.get(tensor_dtype.name)
    if field is None:
        raise TypeError(f"Unsupported tensor type: {tensor.dtype}. See https://www.tensorflow.org/api_docs/python/"
                        "tf/dtypes for supported TF dtypes.")
    if tensor_dtype == dtypes.float16:
        values = np.fromiter(tensor.half_val, dtype=np.uint16).view(np.float16)
    elif tensor_dtype.is_complex:
        parts = list(getattr(tensor, field))
        values = np.array([complex(a, b) for a, b in zip(parts[0::2], parts[1::2])], dtype=dtype)
    else:
        values = np.fromiter(getattr(tensor, field), dtype=dtype)
    if values.size == 0:
        return np.zeros(shape, dtype)
    if values.size != num_elements:
        values = np.pad(values, (0, num_elements - values.size), "edge")
    return values.reshape(shape)
