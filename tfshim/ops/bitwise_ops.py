"""tf.bitwise: and/or/xor/invert/shifts on integer tensors (TF: ops/bitwise_ops.py). Not differentiable."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework.tensor import Tensor
from tfshim.ops.math_ops import binary, cwise_binary, cwise_unary, unary
from tfshim.ops.op import defop, not_differentiable, tf_export


def _unsigned(x: np.ndarray) -> np.ndarray:
    return x.view(np.dtype(f"u{x.dtype.itemsize}"))


def _shift(left: bool) -> Any:
    """TF's shift kernels: the shift amount is clamped to [0, bits - 1]; left shifts wrap."""

    def f(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        bits = x.dtype.itemsize * 8
        y = np.clip(y, 0, bits - 1).astype(x.dtype)
        if left:
            x, y = np.broadcast_arrays(x, y)
            return np.left_shift(_unsigned(np.array(x)), _unsigned(np.array(y))).view(x.dtype)  # keeps 0-d shapes
        return np.right_shift(x, y)  # arithmetic for signed types, as in C++

    return cwise_binary(f)


BitwiseAnd = defop("BitwiseAnd", cwise_binary(np.bitwise_and))
BitwiseOr = defop("BitwiseOr", cwise_binary(np.bitwise_or))
BitwiseXor = defop("BitwiseXor", cwise_binary(np.bitwise_xor))
Invert = defop("Invert", cwise_unary(np.invert))
LeftShift = defop("LeftShift", _shift(True))
RightShift = defop("RightShift", _shift(False))
not_differentiable(BitwiseAnd, BitwiseOr, BitwiseXor, Invert, LeftShift, RightShift)


@tf_export("bitwise.bitwise_and")
def bitwise_and(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.bitwise.bitwise_and (integer dtypes only)."""
    return binary(BitwiseAnd, x, y)


@tf_export("bitwise.bitwise_or")
def bitwise_or(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.bitwise.bitwise_or (integer dtypes only)."""
    return binary(BitwiseOr, x, y)


@tf_export("bitwise.bitwise_xor")
def bitwise_xor(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.bitwise.bitwise_xor (integer dtypes only)."""
    return binary(BitwiseXor, x, y)


@tf_export("bitwise.invert")
def invert(x: Any, name: Any = None) -> Tensor:
    """TF: tf.bitwise.invert: ~x (integer dtypes only)."""
    return unary(Invert, x)


@tf_export("bitwise.left_shift")
def left_shift(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.bitwise.left_shift: x << clamp(y, 0, bits - 1), wrapping."""
    return binary(LeftShift, x, y)


@tf_export("bitwise.right_shift")
def right_shift(x: Any, y: Any, name: Any = None) -> Tensor:
    """TF: tf.bitwise.right_shift: x >> clamp(y, 0, bits - 1), arithmetic for signed types."""
    return binary(RightShift, x, y)
