"""tf.scan, tf.foldl, tf.foldr (TF: functional_ops.py) and tf.vectorized_map (TF: parallel_for/control_flow_ops.py).

As TF runs them eagerly: elements are read from TensorArrays, `fn` runs once per element in Python, the
ops it runs are recorded on the active tapes (gradients flow as in TF), and TF's structure checks
between `fn`'s result and the accumulator raise TF's texts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tfshim.framework.constant_op import convert_to_tensor
from tfshim.ops.op import tf_export
from tfshim.util import nest


def _leading_size(t: Any) -> int:
    """TF: `elems_flat[0].shape[0]`, an IndexError for a scalar (TF indexes the shape's tuple)."""
    if not t._value.ndim:
        raise IndexError("tuple index out of range")
    return int(t._value.shape[0])


def _fold(fn: Callable, elems: Any, initializer: Any, reverse: bool) -> Any:
    """TF's foldl/foldr: read element i from TensorArrays, a = fn(a, elem_i)."""
    from tfshim.ops.tensor_array_ops import TensorArray

    if not callable(fn):
        raise TypeError(f"{fn.__name__} is not callable. Please provide a callable function.")
    elems_flat = [convert_to_tensor(e) for e in nest.flatten(elems)]
    n = _leading_size(elems_flat[0])
    elems_ta = nest.pack_sequence_as(
        elems, [TensorArray(e.dtype, size=n, dynamic_size=False, infer_shape=True).unstack(e) for e in elems_flat])
    order = range(n - 1, -1, -1) if reverse else range(n)
    if initializer is None:
        first = order[0] if n else 0
        a = nest.map_structure(lambda ta: ta.read(first), elems_ta)
        order = order[1:]
    else:
        a = initializer
    for i in order:
        a = fn(a, nest.map_structure(lambda ta, i=i: ta.read(i), elems_ta))
    return nest.map_structure(convert_to_tensor, a)


@tf_export("foldl")
def foldl(fn: Callable, elems: Any, initializer: Any = None, parallel_iterations: int = 10, back_prop: bool = True,
          swap_memory: bool = False, name: Any = None) -> Any:
    """TF: tf.foldl: fn(...fn(fn(initializer, elems[0]), elems[1])..., elems[n-1])."""
    return _fold(fn, elems, initializer, reverse=False)


@tf_export("foldr")
def foldr(fn: Callable, elems: Any, initializer: Any = None, parallel_iterations: int = 10, back_prop: bool = True,
          swap_memory: bool = False, name: Any = None) -> Any:
    """TF: tf.foldr: the fold from the last element to the first."""
    return _fold(fn, elems, initializer, reverse=True)


@tf_export("scan")
def scan(fn: Callable, elems: Any, initializer: Any = None, parallel_iterations: int = 10, back_prop: bool = True,
         swap_memory: bool = False, infer_shape: bool = True, reverse: bool = False, name: Any = None) -> Any:
    """TF: tf.scan: the stacked accumulators a_i = fn(a_{i-1}, elems[i]) (from the end if `reverse`)."""
    from tfshim.ops.map_fn import check_leading_dims
    from tfshim.ops.tensor_array_ops import TensorArray

    if not callable(fn):
        raise TypeError(f"{fn.__name__} is not callable. Please provide a callable function.")
    input_is_sequence = nest.is_nested(elems)

    def input_flatten(x: Any) -> list:
        return nest.flatten(x) if input_is_sequence else [x]

    def input_pack(x: list) -> Any:
        return nest.pack_sequence_as(elems, x) if input_is_sequence else x[0]

    if initializer is None:
        output_flatten, output_pack = input_flatten, input_pack
    else:
        output_is_sequence = nest.is_nested(initializer)

        def output_flatten(x: Any) -> list:
            return nest.flatten(x) if output_is_sequence else [x]

        def output_pack(x: list) -> Any:
            return nest.pack_sequence_as(initializer, x) if output_is_sequence else x[0]

    elems_flat = [convert_to_tensor(e) for e in input_flatten(elems)]
    n = _leading_size(elems_flat[0])
    elems_ta = [TensorArray(e.dtype, size=n, dynamic_size=False, element_shape=e.shape[1:], infer_shape=True)
                .unstack(e) for e in elems_flat]
    if initializer is None:
        a_flat = [ta.read(n - 1 if reverse else 0) for ta in elems_ta]
        i = 1
    else:
        a_flat = [convert_to_tensor(init) for init in output_flatten(initializer)]
        i = 0
    accs_ta = [TensorArray(a.dtype, size=n, element_shape=a.shape if infer_shape else None, dynamic_size=False,
                           infer_shape=infer_shape) for a in a_flat]
    if initializer is None:
        for ta, a in zip(accs_ta, a_flat):
            ta.write(n - 1 if reverse else 0, a)
    order = range(n - 1 - i, -1, -1) if reverse else range(i, n)
    for k in order:
        packed_elems = input_pack([ta.read(k) for ta in elems_ta])
        a_out = fn(output_pack(a_flat), packed_elems)
        nest.assert_same_structure(elems if initializer is None else initializer, a_out)
        a_flat = output_flatten(a_out)
        for ta, value in zip(accs_ta, a_flat):
            ta.write(k, value)
    results = [ta.stack() for ta in accs_ta]
    check_leading_dims(elems_flat)
    return output_pack(results)


@tf_export("vectorized_map")
def vectorized_map(fn: Callable, elems: Any, fallback_to_while_loop: bool = True,
                   warn: bool = True) -> Any:
    """TF: tf.vectorized_map. TF vectorizes `fn` with pfor; tfshim runs `fn` once per element and stacks
    the results (values agree with TF's; TF's batched kernels may round differently in the last bit)."""
    from tfshim.ops.array_ops import stack

    elems = nest.map_structure(convert_to_tensor, elems)
    flat = nest.flatten(elems)
    if any(e._value.ndim == 0 for e in flat):
        raise ValueError("elems must be a Tensor or (possibly nested) sequence of Tensors with rank >= 1")
    n = _leading_size(flat[0])
    outs = [fn(nest.pack_sequence_as(elems, [e[i] for e in flat])) for i in range(n)]
    if not outs:
        raise NotImplementedError("tf.vectorized_map over zero elements is not implemented by tfshim")
    return nest.map_structure(lambda *xs: stack([convert_to_tensor(x) for x in xs]), *outs)
