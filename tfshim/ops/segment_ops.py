"""Segment reductions: tf.math.segment_* and unsorted_segment_* (TF: math_ops.py / gen_math_ops, gradients
from math_grad.py).

Kernels follow TF's CPU kernels (segment_reduction_ops_impl.h): a sorted segment is reduced row after row
(Eigen reduces the outer dimension sequentially, so sums round as a left-to-right loop), ids absent from
the output get the op's default (0, or 1 for prod); unsorted ops start from the reduction's identity
(0, 1, lowest, highest), skip negative ids and fold rows in index order (np.<ufunc>.at is sequential).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_index_input, convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops.op import KernelError, as_called, check_attr, defop, error_suffix, tf_export

_ADD, _MUL = np.add, np.multiply
_UFUNC = {"Sum": np.add, "Mean": np.add, "Prod": np.multiply, "Max": np.fmax, "Min": np.fmin}


def _shape_text(shape: tuple) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


def _fold_rows(kind: str, rows: np.ndarray) -> np.ndarray:
    """Reduces rows[0], rows[1], ... left to right (TF's sequential outer-dimension reduction). A one-row
    segment is copied; otherwise Eigen's reducer starts from its identity (max: -inf, min: +inf) and takes
    r unless `r < acc` (max) / `acc < r` (min): a NaN row wins, a later number replaces it (measured)."""
    if len(rows) == 1:
        return rows[0].copy()
    if kind in ("Max", "Min"):
        if rows.dtype.kind == "f":
            acc = np.full(rows.shape[1:], -np.inf if kind == "Max" else np.inf, rows.dtype)
        else:
            info = np.iinfo(rows.dtype)
            acc = np.full(rows.shape[1:], info.min if kind == "Max" else info.max, rows.dtype)
        for r in rows:
            acc = np.where((r < acc) if kind == "Max" else (acc < r), acc, r)
        return acc
    acc = rows[0].copy()
    for r in rows[1:]:
        acc = acc * r if kind == "Prod" else acc + r
    if kind == "Mean":
        n = np.asarray(len(rows), dtype=acc.dtype)
        if acc.dtype.kind in "iu":  # C++ integer division truncates toward zero
            return (np.sign(acc) * (np.abs(acc) // n)).astype(acc.dtype)
        acc = acc / n
    return acc


def _segment_kernel(kind: str) -> Any:
    def kernel(data: np.ndarray, ids: np.ndarray) -> Any:
        if ids.ndim != 1:
            raise KernelError(errors.InvalidArgumentError, "segment_ids should be a vector.")
        if data.ndim == 0 or ids.shape[0] != data.shape[0]:
            raise KernelError(errors.InvalidArgumentError,
                              "segment_ids should be the same size as dimension 0 of input.")
        n = ids.shape[0]
        rows = int(ids[-1]) + 1 if n else 0
        out = np.full((max(rows, 0),) + data.shape[1:], 1 if kind == "Prod" else 0, dtype=data.dtype)
        start = 0
        while start < n:
            seg = int(ids[start])
            end = start + 1
            while end < n and int(ids[end]) == seg:
                end += 1
            if end < n and int(ids[end]) < seg:
                raise KernelError(errors.InvalidArgumentError, "segment ids are not increasing")
            if not 0 <= seg < rows:
                raise KernelError(errors.InvalidArgumentError, "Segment id %d out of range [0, %d), possibly "
                                  "because 'segment_ids' input is not sorted." % (seg, rows))
            out[seg] = _fold_rows(kind, data[start:end])
            start = end
        return out

    return kernel


SegmentSum = defop("SegmentSum", _segment_kernel("Sum"))
SegmentMean = defop("SegmentMean", _segment_kernel("Mean"))
SegmentProd = defop("SegmentProd", _segment_kernel("Prod"))
SegmentMax = defop("SegmentMax", _segment_kernel("Max"))
SegmentMin = defop("SegmentMin", _segment_kernel("Min"))


def _unsorted_kernel(kind: str) -> Any:
    def kernel(data: np.ndarray, ids: np.ndarray, num_segments: np.ndarray) -> Any:
        if num_segments.ndim:
            raise KernelError(errors.InvalidArgumentError, "num_segments should be a scalar, not shape %s"
                              % _shape_text(num_segments.shape))
        if data.shape[:ids.ndim] != ids.shape:
            raise KernelError(errors.InvalidArgumentError, "data.shape = %s does not start with segment_ids.shape = %s"
                              % (_shape_text(data.shape), _shape_text(ids.shape)))
        k = int(num_segments)
        if k < 0:
            raise KernelError(errors.InvalidArgumentError, "Input num_segments == %d must not be negative." % k)
        flat_ids = ids.reshape(-1).astype(np.int64)
        bad = np.nonzero(flat_ids >= k)[0]
        if bad.size:
            i = int(bad[0])
            raise KernelError(errors.InvalidArgumentError, "segment_ids[%d] = %d is out of range [0, %d)"
                              % (i, flat_ids[i], k))
        inner = data.shape[ids.ndim:]
        if kind == "Sum":
            init: Any = 0
        elif kind == "Prod":
            init = 1
        elif data.dtype.kind == "f":
            init = np.finfo(data.dtype).min if kind == "Max" else np.finfo(data.dtype).max
        else:
            init = np.iinfo(data.dtype).min if kind == "Max" else np.iinfo(data.dtype).max
        out = np.full((k,) + inner, init, dtype=data.dtype)
        rows = data.reshape((-1,) + inner)
        keep = flat_ids >= 0
        if kind in ("Max", "Min") and data.dtype.kind in "fc":
            # Eigen's scalar max/min: NaN rows win as TF's functors (a < b ? b : a) let them through.
            for i in np.nonzero(keep)[0]:
                j, r = flat_ids[i], rows[i]
                take = (r > out[j]) if kind == "Max" else (r < out[j])
                out[j] = np.where(take | np.isnan(r), r, out[j])
            return out
        ufunc = {"Sum": np.add, "Prod": np.multiply, "Max": np.maximum, "Min": np.minimum}[kind]
        ufunc.at(out, flat_ids[keep], rows[keep])
        return out

    return kernel


UnsortedSegmentSum = defop("UnsortedSegmentSum", _unsorted_kernel("Sum"))
UnsortedSegmentProd = defop("UnsortedSegmentProd", _unsorted_kernel("Prod"))
UnsortedSegmentMax = defop("UnsortedSegmentMax", _unsorted_kernel("Max"))
UnsortedSegmentMin = defop("UnsortedSegmentMin", _unsorted_kernel("Min"))


# ----- gradients (TF: math_grad.py) ----------------------------------------------------------------


def _ops() -> Any:
    from tfshim.ops import array_ops, math_ops

    return array_ops, math_ops


@SegmentSum.gradient
def _segment_sum_grad(op: Any, grad: Tensor) -> tuple:
    """Returns gather(grad, segment_ids)."""
    a, _ = _ops()
    return a.gather(grad, op.inputs[1]), None


@SegmentMean.gradient
def _segment_mean_grad(op: Any, grad: Tensor) -> tuple:
    """Returns gather(grad / segment sizes, segment_ids)."""
    a, m = _ops()
    ids = op.inputs[1]
    ones = a.ones(list(ids.shape) + [1] * (op.inputs[0].shape.ndims - 1), dtype=grad.dtype)
    scaled = m.divide(grad, SegmentSum(ones, ids))
    return a.gather(scaled, ids), None


def _segment_min_or_max_grad(op: Any, grad: Tensor) -> tuple:
    """Returns the gradient split evenly between the elements equal to their segment's result."""
    a, m = _ops()
    data, ids = op.inputs
    zeros = a.zeros_like(data)
    is_selected = m.equal(data, a.gather(op.outputs[0], ids))
    num_selected = SegmentSum(m.cast(is_selected, grad.dtype), ids)
    gathered = a.gather(m.divide(grad, num_selected), ids)
    return a.where(is_selected, gathered, zeros), None


SegmentMax.gradient(_segment_min_or_max_grad)
SegmentMin.gradient(_segment_min_or_max_grad)


@SegmentProd.gradient
def _segment_prod_grad(op: Any, grad: Tensor) -> tuple:
    """Returns grad * prod / x, with TF's handling of zeros (prod of the other elements)."""
    a, m = _ops()
    data, ids = op.inputs
    is_zero = m.equal(data, a.zeros_like(data))
    num_zeros = SegmentSum(m.cast(is_zero, dtypes.int32), ids)
    grad = a.where(m.greater(num_zeros, convert_to_tensor(1)), a.zeros_like(grad), grad)
    non_zero_data = a.where(is_zero, a.ones_like(data), data)
    non_zero_prod = SegmentProd(non_zero_data, ids)
    partial = a.where(is_zero, a.gather(non_zero_prod, ids), a.gather(op.outputs[0], ids) / non_zero_data)
    return a.gather(grad, ids) * partial, None


def _gather_drop_negatives(params: Tensor, ids: Tensor | None, zero_clipped: Any = None,
                           is_positive: Any = None) -> tuple:
    a, m = _ops()
    if zero_clipped is None:
        zero_clipped = m.maximum(ids, a.zeros_like(ids))
    gathered = a.gather(params, zero_clipped)
    if is_positive is None:
        is_positive = m.greater_equal(ids, a.zeros_like(ids))
        extra = gathered.shape.ndims - is_positive.shape.ndims
        is_positive = a.reshape(is_positive, list(is_positive.shape) + [1] * extra)
        is_positive = m.logical_and(is_positive, a.ones_like(gathered, dtype=dtypes.bool))
    return a.where(is_positive, gathered, a.zeros_like(gathered)), zero_clipped, is_positive


@UnsortedSegmentSum.gradient
def _unsorted_segment_sum_grad(op: Any, grad: Tensor) -> tuple:
    """Returns grad gathered by segment_ids (zero for negative ids)."""
    return _gather_drop_negatives(grad, op.inputs[1])[0], None, None


def _unsorted_segment_min_or_max_grad(op: Any, grad: Tensor) -> tuple:
    """Returns the gradient split evenly between the elements equal to their segment's result."""
    a, m = _ops()
    gathered_outputs, zero_clipped, is_positive = _gather_drop_negatives(op.outputs[0], op.inputs[1])
    is_selected = m.logical_and(m.equal(op.inputs[0], gathered_outputs), is_positive)
    num_selected = UnsortedSegmentSum(m.cast(is_selected, grad.dtype), op.inputs[1], op.inputs[2])
    gathered, _, _ = _gather_drop_negatives(m.divide(grad, num_selected), None, zero_clipped, is_positive)
    return a.where(is_selected, gathered, a.zeros_like(gathered)), None, None


UnsortedSegmentMax.gradient(_unsorted_segment_min_or_max_grad)
UnsortedSegmentMin.gradient(_unsorted_segment_min_or_max_grad)


@UnsortedSegmentProd.gradient
def _unsorted_segment_prod_grad(op: Any, grad: Tensor) -> tuple:
    """Returns grad * prod / x, with TF's handling of zeros (prod of the other elements)."""
    a, m = _ops()
    data, ids, k = op.inputs
    is_zero = m.equal(data, a.zeros_like(data))
    num_zeros = UnsortedSegmentSum(m.cast(is_zero, dtypes.int32), ids, k)
    grad = a.where(m.greater(num_zeros, convert_to_tensor(1)), a.zeros_like(grad), grad)
    non_zero_data = a.where(is_zero, a.ones_like(data), data)
    non_zero_prod = UnsortedSegmentProd(non_zero_data, ids, k)
    zero_clipped = m.maximum(ids, a.zeros_like(ids))
    partial = a.where(is_zero, a.gather(non_zero_prod, zero_clipped), a.gather(op.outputs[0], zero_clipped) / data)
    gathered = _gather_drop_negatives(grad, ids, zero_clipped)[0]
    return gathered * partial, None, None


# ----- public API ----------------------------------------------------------------------------------


def _run(op: Any, raw: tuple, data: Any, *rest: Any) -> Tensor:
    tensors = [data if isinstance(data, Tensor) else convert_to_tensor(data)]
    tensors += [r if isinstance(r, Tensor) else convert_to_tensor(r) for r in rest[:1]]
    suffix = error_suffix(raw)
    if len(rest) > 1:  # num_segments (type attr default int32): TF's fast path takes a Python float strictly to int32
        n = rest[1]
        tensors.append(n if isinstance(n, Tensor) else convert_to_tensor(n) if suffix == "" else convert_index_input(n))
    try:
        check_attr(op.name, tensors[0], "T", suffix)
        check_attr(op.name, tensors[1], "Tindices", suffix)
        if len(tensors) > 2:
            check_attr(op.name, tensors[2], "Tnumsegments", suffix)
        return op(*tensors)
    except errors.OpError as e:
        raise as_called(e, raw) from None


@tf_export("math.segment_sum")
def segment_sum(data: Any, segment_ids: Any, name: Any = None) -> Tensor:
    """TF: tf.math.segment_sum (sorted ids; rows of absent ids are 0)."""
    return _run(SegmentSum, (data, segment_ids), data, segment_ids)


@tf_export("math.segment_mean")
def segment_mean(data: Any, segment_ids: Any, name: Any = None) -> Tensor:
    """TF: tf.math.segment_mean (integer data: integer division)."""
    return _run(SegmentMean, (data, segment_ids), data, segment_ids)


@tf_export("math.segment_prod")
def segment_prod(data: Any, segment_ids: Any, name: Any = None) -> Tensor:
    return _run(SegmentProd, (data, segment_ids), data, segment_ids)


@tf_export("math.segment_max")
def segment_max(data: Any, segment_ids: Any, name: Any = None) -> Tensor:
    return _run(SegmentMax, (data, segment_ids), data, segment_ids)


@tf_export("math.segment_min")
def segment_min(data: Any, segment_ids: Any, name: Any = None) -> Tensor:
    return _run(SegmentMin, (data, segment_ids), data, segment_ids)


@tf_export("math.unsorted_segment_sum")
def unsorted_segment_sum(data: Any, segment_ids: Any, num_segments: Any, name: Any = None) -> Tensor:
    """TF: tf.math.unsorted_segment_sum (negative ids are dropped)."""
    return _run(UnsortedSegmentSum, (data, segment_ids, num_segments), data, segment_ids, num_segments)


@tf_export("math.unsorted_segment_prod")
def unsorted_segment_prod(data: Any, segment_ids: Any, num_segments: Any, name: Any = None) -> Tensor:
    return _run(UnsortedSegmentProd, (data, segment_ids, num_segments), data, segment_ids, num_segments)


@tf_export("math.unsorted_segment_max")
def unsorted_segment_max(data: Any, segment_ids: Any, num_segments: Any, name: Any = None) -> Tensor:
    """TF: tf.math.unsorted_segment_max (empty segments: the dtype's lowest value)."""
    return _run(UnsortedSegmentMax, (data, segment_ids, num_segments), data, segment_ids, num_segments)


@tf_export("math.unsorted_segment_min")
def unsorted_segment_min(data: Any, segment_ids: Any, num_segments: Any, name: Any = None) -> Tensor:
    return _run(UnsortedSegmentMin, (data, segment_ids, num_segments), data, segment_ids, num_segments)


def _unsorted_segment_n(data: Tensor, ids: Tensor, num_segments: Any) -> Tensor:
    """TF: math_ops._unsorted_segment_N, the per-segment counts (at least 1), broadcastable against data."""
    a, m = _ops()
    num_segments = convert_to_tensor(num_segments)
    ones = a.ones(list(ids.shape), dtype=data.dtype)
    n = unsorted_segment_sum(ones, ids, num_segments)
    n = a.reshape(n, [int(num_segments._value)] + [1] * (data.shape.ndims - ids.shape.ndims))
    return m.maximum(n, convert_to_tensor(1, dtype=data.dtype))


def _unsorted_n_reduce(data: Any, segment_ids: Any, num_segments: Any, sqrt: bool) -> Tensor:
    from tfshim.ops.math_ops import sqrt as tf_sqrt

    data = convert_to_tensor(data)
    ids = convert_to_tensor(segment_ids)
    n = _unsorted_segment_n(data, ids, num_segments)  # TF: the counts first
    summed = unsorted_segment_sum(data, ids, convert_to_tensor(num_segments))
    return summed / (tf_sqrt(n) if sqrt else n)


@tf_export("math.unsorted_segment_mean")
def unsorted_segment_mean(data: Any, segment_ids: Any, num_segments: Any, name: Any = None) -> Tensor:
    """TF: tf.math.unsorted_segment_mean = unsorted_segment_sum / max(count, 1) (integers: true division)."""
    return _unsorted_n_reduce(data, segment_ids, num_segments, sqrt=False)


@tf_export("math.unsorted_segment_sqrt_n")
def unsorted_segment_sqrt_n(data: Any, segment_ids: Any, num_segments: Any, name: Any = None) -> Tensor:
    """TF: tf.math.unsorted_segment_sqrt_n = unsorted_segment_sum / sqrt(max(count, 1))."""
    return _unsorted_n_reduce(data, segment_ids, num_segments, sqrt=True)
