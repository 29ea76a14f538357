"""tf.get_static_value, tf.make_ndarray, tf.make_tensor_proto (TF: framework/tensor_util.py)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import func_graph
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
