"""tf.dynamic_partition and tf.dynamic_stitch (TF: data_flow_ops / gen_data_flow_ops, gradients from
data_flow_grad.py), and tf.parallel_stack's eager error."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor, match_inputs
from tfshim.framework.tensor import Tensor
from tfshim.ops.op import KernelError, defop, dtype_mismatch, make_int, op_def, run_op, tf_export


def _dynamic_partition_kernel(data: np.ndarray, partitions: np.ndarray, num_partitions: int = 1) -> Any:
    if data.shape[:partitions.ndim] != partitions.shape:
        raise KernelError(errors.InvalidArgumentError, "data.shape must start with partitions.shape, got data.shape "
                          "= [%s], partitions.shape = [%s]" % (",".join(map(str, data.shape)),
                                                              ",".join(map(str, partitions.shape))))
    flat = partitions.reshape(-1)
    bad = np.nonzero((flat < 0) | (flat >= num_partitions))[0]
    if bad.size:
        i = int(bad[0])
        idx = np.unravel_index(i, partitions.shape)
        raise KernelError(errors.InvalidArgumentError, "partitions%s = %d is not in [0, %d)"
                          % ("".join("[%d]" % j for j in idx), flat[i], num_partitions))
    rows = data.reshape((-1,) + data.shape[partitions.ndim:])
    return tuple(rows[flat == p].copy() for p in range(num_partitions))


def _make_partition(n: int) -> Any:
    op = defop("DynamicPartition", _dynamic_partition_kernel, multi_output=True,
               kernel_name="DynamicPartition_num_partitions_%d" % n)

    @op.gradient
    def _grad(op_: Any, *grads: Tensor) -> tuple:
        """Returns the partition gradients stitched back to data's positions."""
        from tfshim.ops import array_ops

        data, partitions = op_.inputs
        idx = np.arange(partitions._value.size, dtype=np.int32).reshape(partitions._value.shape)
        parts = _dynamic_partition_kernel(idx, partitions._value, n)
        stitched = dynamic_stitch([convert_to_tensor(p) for p in parts], list(grads))
        return array_ops.reshape(stitched, list(data._value.shape)), None

    return op


_PARTITION_OPS: dict = {}


@tf_export("dynamic_partition")
def dynamic_partition(data: Any, partitions: Any, num_partitions: int, name: Any = None) -> list:
    """TF: tf.dynamic_partition: data split into num_partitions lists by the partition index of each row."""
    n = make_int(num_partitions, "num_partitions")
    if n not in _PARTITION_OPS:
        _PARTITION_OPS[n] = _make_partition(n)
    d, p = convert_to_tensor(data), convert_to_tensor(partitions, dtype=dtypes.int32)
    return list(run_op(_PARTITION_OPS[n], (data, partitions), d, p, num_partitions=n))


def _dynamic_stitch_kernel(*args: np.ndarray) -> Any:
    n = len(args) // 2
    indices, data = args[:n], args[n:]
    inner = data[0].shape[indices[0].ndim:]
    size = max((int(i.max()) + 1 for i in indices if i.size), default=0)
    out = np.zeros((size,) + inner, dtype=data[0].dtype)
    for i, d in zip(indices, data):
        if d.shape[:i.ndim] != i.shape:
            raise KernelError(errors.InvalidArgumentError, "data[%d].shape = [%s] does not start with indices[%d]."
                              "shape = [%s]" % (0, ",".join(map(str, d.shape)), 0, ",".join(map(str, i.shape))))
        out[i.reshape(-1)] = d.reshape((-1,) + inner)  # later entries win, as in TF
    return out


DynamicStitch = defop("DynamicStitch", _dynamic_stitch_kernel)


@DynamicStitch.gradient
def _dynamic_stitch_grad(op: Any, grad: Tensor) -> list:
    """Returns None for the indices and gather(grad, indices) for each data input (TF does not mask
    positions a later input overwrote: both get the gradient)."""
    from tfshim.ops import array_ops

    n = len(op.inputs) // 2
    return [None] * n + [array_ops.gather(grad, op.inputs[k]) for k in range(n)]


@tf_export("dynamic_stitch")
def dynamic_stitch(indices: Any, data: Any, name: Any = None) -> Tensor:
    """TF: tf.dynamic_stitch: merged[indices[m][i]] = data[m][i] (later entries win)."""
    fast_idx, fast_dat = _fast_path_items(indices), _fast_path_items(data)
    if fast_idx is not None and fast_dat is not None:
        return _dynamic_stitch_fast(fast_idx, fast_dat)
    # TF's dynamic_stitch_eager_fallback
    if not isinstance(indices, (list, tuple)):
        raise TypeError("Expected list for 'indices' argument to 'dynamic_stitch' Op, not %r." % (indices,))
    if not isinstance(data, (list, tuple)):
        raise TypeError("Expected list for 'data' argument to 'dynamic_stitch' Op, not %r." % (data,))
    if len(data) != len(indices):
        raise ValueError("List argument 'data' to 'dynamic_stitch' Op with length %d must match length %d of "
                         "argument 'indices'." % (len(data), len(indices)))
    dat = match_inputs(list(data), slow=True)
    idx = [convert_to_tensor(i, dtype=dtypes.int32) for i in indices]
    return run_op(DynamicStitch, (indices, data), *idx, *dat)


_FAST_ITEMS = (Tensor, np.ndarray, np.generic, int, float)


def _fast_path_items(value: Any) -> list | None:
    """The items TF's eager fast path reads from a list input (a list or tuple, or a tensor, array or bytes iterated
    along its first dimension); None when an item (a list, a string, None) sends the call to the slow path."""
    if not isinstance(value, (list, tuple, Tensor, np.ndarray, bytes)):
        return None
    try:
        items = list(value)
    except TypeError:  # a 0-d tensor or array
        return None
    if not all(isinstance(v, _FAST_ITEMS) or hasattr(v, "assign") for v in items):
        return None
    return items


def _dynamic_stitch_fast(indices: list, data: list) -> Tensor:
    """TF's fast path: N from the indices, T from the data; the NodeDef must have 2N inputs, then every index is
    an int32 tensor and every data item of T (`cannot compute DynamicStitch as input #i ...`)."""
    n = len(indices)
    dat = match_inputs(data) if data else []
    idx = [i.value() if hasattr(i, "assign") else i if isinstance(i, Tensor) else convert_to_tensor(i, dtypes.int32)
           for i in indices]
    summary = op_def("DynamicStitch")[0]  # type: ignore[index]
    if not dat:  # TF's text quotes the KernelDef's proto debug string, whose marker TF randomizes per run
        raise errors.InvalidArgumentError(None, None, (
            "OpKernel 'DynamicStitch' has constraint on attr 'T' not in NodeDef '[N=%d]', KernelDef: "
            "'goo.gle/debugstr  op: \"DynamicStitch\" device_type: \"CPU\" constraint { name: \"T\" allowed_values { "
            "list { type: DT_QINT32 } } } host_memory_arg: \"indices\"' [Op:DynamicStitch] name: " % n))
    if len(dat) != n:
        expected = ", ".join(["int32"] * n + [dat[0]._dtype._cname] * n)
        raise errors.InvalidArgumentError(None, None, (
            "NodeDef expected inputs '%s' do not match %d inputs specified; %s; NodeDef: {{node DynamicStitch}} "
            "[Op:DynamicStitch] name: " % (expected, n + len(dat), summary)))
    for k, t in enumerate(idx + dat):
        want = dtypes.int32 if k < n else dat[0]._dtype
        if t._dtype is not want:
            raise dtype_mismatch("DynamicStitch", k, want, t._dtype)
    return run_op(DynamicStitch, (), *idx, *dat)


@tf_export("parallel_stack")
def parallel_stack(values: Any, name: str = "parallel_stack") -> Tensor:
    """TF: tf.parallel_stack is graph-only."""
    raise RuntimeError("tf.parallel_stack() is not compatible with eager execution.")


@tf_export("clip_by_global_norm")
def clip_by_global_norm(t_list: Any, clip_norm: Any, use_norm: Any = None, name: Any = None) -> tuple:
    """TF: tf.clip_by_global_norm: every tensor scaled by clip_norm / max(global_norm, clip_norm)."""
    from tfshim.ops import array_ops, math_ops
    from tfshim.ops.linalg_impl import global_norm
    from tfshim.util import nest

    if not isinstance(t_list, (list, tuple)) or isinstance(t_list, str):
        raise TypeError(f"`t_list` should be a sequence of tensors. Received {type(t_list)}.")
    values = [convert_to_tensor(t) if t is not None else None for t in nest.flatten(t_list)]
    use_norm = global_norm([v for v in values if v is not None]) if use_norm is None else convert_to_tensor(use_norm)
    clip = convert_to_tensor(clip_norm, dtype=use_norm.dtype)
    one = convert_to_tensor(1.0, dtype=use_norm.dtype)
    scale = clip * math_ops.minimum(one / use_norm, one / clip)
    scale = scale + (use_norm - use_norm)  # NaN when the norm is inf or NaN, as in TF
    clipped = [None if v is None else array_ops.identity(v * math_ops.cast(scale, v.dtype)) for v in values]
    return nest.pack_sequence_as(t_list, clipped), use_norm
