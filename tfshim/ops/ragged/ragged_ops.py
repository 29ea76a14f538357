"""Imports every module that registers ragged ops, dispatch handlers or operators
(TF: ops/ragged/ragged_ops.py); ragged_tensor.py imports it so that they are always present."""

from tfshim.ops.ragged import (  # noqa: F401
    dynamic_ragged_shape,
    ragged_array_ops,
    ragged_dispatch,
    ragged_factory_ops,
    ragged_math_ops,
    ragged_string_ops,
)
