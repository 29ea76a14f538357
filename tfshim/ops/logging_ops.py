"""tf.timestamp (TF: ops/logging_ops.py; tf.print lives with tf.function in eager/def_function.py)."""

from __future__ import annotations

import time

import numpy as np

from tfshim.framework.tensor import Tensor
from tfshim.ops.op import defop, not_differentiable, tf_export

# TF's kernel reads the wall clock in microseconds and returns seconds as a double.
Timestamp = defop("Timestamp", lambda: np.array(time.time_ns() // 1000 / 1e6, dtype=np.float64))
not_differentiable(Timestamp)


@tf_export("timestamp")
def timestamp(name: str | None = None) -> Tensor:
    """TF: tf.timestamp(): the current time in seconds since the Unix epoch, a float64 scalar."""
    return Timestamp()
