"""tf.sparse: ops on SparseTensors (TF: python/ops/sparse_ops.py, gradients from sparse_grad.py).

Each TF kernel (SparseToDense, SparseAdd, SparseTensorDenseMatMul, ...) is one op here with a
NumPy kernel and, where TF has one, its gradient beside it. The kernels take the SparseTensor's
components as TF's ops do; indices are assumed in row-major order where TF assumes it (TF
documents that most ops need `tf.sparse.reorder`d input, and gives the same results only then).
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.indexed_slices import IndexedSlices
from tfshim.framework.sparse_tensor import SparseTensor, convert_to_sparse
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.ops.op import KernelError, defop, dtype_mismatch, not_differentiable, tf_export
from tfshim.util import dispatch

_INVALID = errors.InvalidArgumentError


def _text(values: Any) -> str:
    """TF's `[a,b]` rendering of an index or a shape in kernel messages."""
    return "[" + ",".join(str(int(v)) for v in values) + "]"


def _validate_indices(indices: np.ndarray, shape: np.ndarray, order: bool = True) -> None:
    """TF: SparseTensor::IndicesValid: each index in bounds, then (`order`) strictly increasing."""
    for n in range(indices.shape[0]):
        idx = indices[n]
        if np.any(idx < 0) or np.any(idx >= shape):
            raise KernelError(_INVALID, f"indices[{n}] = {_text(idx)} is out of bounds: need 0 <= index < "
                              f"{_text(shape)}")
        if order and n > 0:
            prev = tuple(indices[n - 1].tolist())
            cur = tuple(idx.tolist())
            if cur < prev:
                raise KernelError(_INVALID, f"indices[{n}] = {_text(idx)} is out of order. Many sparse ops "
                                  "require sorted indices.\n    Use `tf.sparse.reorder` to create a correctly "
                                  "ordered copy.\n\n")
            if cur == prev:
                raise KernelError(_INVALID, f"indices[{n}] = {_text(idx)} is repeated")


def _row_major_order(indices: np.ndarray) -> np.ndarray:
    """The stable permutation sorting `indices` (rows) in row-major (lexicographic) order."""
    if indices.shape[0] == 0 or indices.shape[1] == 0:
        return np.arange(indices.shape[0])
    return np.lexsort(indices.T[::-1])


def _sparse_to_dense_kernel(indices: np.ndarray, shape: np.ndarray, values: np.ndarray, default: np.ndarray,
                            validate_indices: bool = True) -> Any:
    shape = shape.astype(np.int64)
    if validate_indices:
        _validate_indices(indices, shape)
    elif indices.size and (np.any(indices < 0) or np.any(indices >= shape)):
        raise KernelError(_INVALID, f"Indices are not valid (out of bounds).  Shape: {_text(shape)}")
    out = np.full(tuple(shape.tolist()), default, dtype=default.dtype)
    if indices.shape[0]:
        vals = np.broadcast_to(values, (indices.shape[0],))
        out[tuple(indices.T)] = vals
    return out


SparseToDense = defop("SparseToDense", _sparse_to_dense_kernel)


@SparseToDense.gradient
def _sparse_to_dense_grad(op: Any, grad: Tensor) -> list:
    """Returns gather_nd(grad, indices) for the values, sum(grad) - sum(that) for the default value."""
    from tfshim.ops.array_ops import GatherNd
    from tfshim.ops.math_ops import Sub, Sum

    values_grad = GatherNd(grad, op.inputs[0])
    default_grad = Sub(Sum(grad, axis=None, keepdims=False), Sum(values_grad, axis=None, keepdims=False))
    return [None, None, values_grad, default_grad]


@tf_export("sparse.to_dense")
def to_dense(sp_input: Any, default_value: Any = None, validate_indices: bool = True, name: Any = None) -> Tensor:
    """TF: tf.sparse.to_dense. Positions not in `sp_input` take `default_value` (0)."""
    sp = convert_to_sparse(sp_input)
    default = convert_to_tensor(0 if default_value is None else default_value, dtype=sp.dtype) \
        if sp.dtype is not dtypes.string or default_value is not None else _wrap_as(np.array(b"", object), sp.dtype)
    return SparseToDense(sp.indices, sp.dense_shape, sp.values, default, validate_indices=bool(validate_indices))


@tf_export("sparse.from_dense")
def from_dense(tensor: Any, name: Any = None) -> SparseTensor:
    """TF: tf.sparse.from_dense: the non-zero (non-empty) elements, in row-major order."""
    from tfshim.ops.array_ops import gather_nd, where, zeros_like
    from tfshim.ops.math_ops import not_equal

    t = convert_to_tensor(tensor)
    indices = where(not_equal(t, zeros_like(t)))
    return SparseTensor(indices, gather_nd(t, indices), _wrap_as(np.array(t._value.shape, np.int64), dtypes.int64))


# ----- elementwise: sparse + sparse, sparse + dense, sparse * dense ------------------------------


def _check_same_dtype(op_name: str, a: Tensor, b: Tensor, index: int) -> None:
    if a._dtype is not b._dtype:
        raise dtype_mismatch(op_name, index, a._dtype, b._dtype)


def _merge(a_idx: np.ndarray, b_idx: np.ndarray) -> list:
    """TF's SparseAdd merge of two row-major index lists: [(a position or -1, b position or -1)]."""
    out, i, j = [], 0, 0
    na, nb = a_idx.shape[0], b_idx.shape[0]
    while i < na and j < nb:
        ka, kb = tuple(a_idx[i].tolist()), tuple(b_idx[j].tolist())
        if ka < kb:
            out.append((i, -1))
            i += 1
        elif ka > kb:
            out.append((-1, j))
            j += 1
        else:
            out.append((i, j))
            i += 1
            j += 1
    out.extend((k, -1) for k in range(i, na))
    out.extend((-1, k) for k in range(j, nb))
    return out


def _sparse_add_kernel(a_idx: np.ndarray, a_val: np.ndarray, a_shape: np.ndarray, b_idx: np.ndarray,
                       b_val: np.ndarray, b_shape: np.ndarray, thresh: np.ndarray) -> Any:
    if a_shape.shape != b_shape.shape:
        raise KernelError(_INVALID, f"Operands do not have the same ranks; got shapes: {_text(a_shape)} and "
                          f"{_text(b_shape)}")
    for d, (x, y) in enumerate(zip(a_shape.tolist(), b_shape.tolist())):
        if x != y:
            raise KernelError(_INVALID, f"Operands' shapes do not match: got {x} and {y} for dimension {d}")
    indices, values = [], []
    for i, j in _merge(a_idx, b_idx):
        if i >= 0 and j >= 0:
            s = a_val[i] + b_val[j]
            if np.abs(s) >= thresh:  # TF keeps a sum when thresh <= |sum|; single entries always
                indices.append(a_idx[i])
                values.append(s)
        elif i >= 0:
            indices.append(a_idx[i])
            values.append(a_val[i])
        else:
            indices.append(b_idx[j])
            values.append(b_val[j])
    out_idx = np.array(indices, np.int64).reshape(len(indices), a_idx.shape[1])
    out_val = np.array(values, dtype=a_val.dtype).reshape(len(values))
    return out_idx, out_val, a_shape.copy()


SparseAdd = defop("SparseAdd", _sparse_add_kernel, multi_output=True)


def _sparse_add_grad_kernel(grad: np.ndarray, a_idx: np.ndarray, b_idx: np.ndarray, sum_idx: np.ndarray) -> Any:
    a_grad = np.zeros(a_idx.shape[0], grad.dtype)
    b_grad = np.zeros(b_idx.shape[0], grad.dtype)
    position = {tuple(k.tolist()): n for n, k in enumerate(sum_idx)}
    for n, k in enumerate(a_idx):
        m = position.get(tuple(k.tolist()))
        if m is not None:
            a_grad[n] = grad[m]
    for n, k in enumerate(b_idx):
        m = position.get(tuple(k.tolist()))
        if m is not None:
            b_grad[n] = grad[m]
    return a_grad, b_grad


SparseAddGrad = defop("SparseAddGrad", _sparse_add_grad_kernel, multi_output=True)
not_differentiable(SparseAddGrad)


@SparseAdd.gradient
def _sparse_add_grad(op: Any, *grads: Tensor) -> list:
    """Returns the sum's value gradient at the positions of a's and of b's values."""
    a_grad, b_grad = SparseAddGrad(grads[1], op.inputs[0], op.inputs[3], op.outputs[0])
    return [None, a_grad, None, None, b_grad, None, None]


def _sparse_dense_add_kernel(idx: np.ndarray, val: np.ndarray, shape: np.ndarray, dense: np.ndarray) -> Any:
    if shape.shape[0] != dense.ndim:
        raise KernelError(_INVALID, f"Dimensions {shape.shape[0]} and {dense.ndim} are not compatible")
    if tuple(shape.tolist()) != dense.shape:
        raise KernelError(_INVALID, f"Dimension 0 of b ({dense.shape}) must match dimension of a "
                          f"({tuple(shape.tolist())})")
    _validate_indices(idx, shape, order=False)
    out = dense.copy()
    np.add.at(out, tuple(idx.T), val)
    return out


SparseTensorDenseAdd = defop("SparseTensorDenseAdd", _sparse_dense_add_kernel)


@SparseTensorDenseAdd.gradient
def _sparse_dense_add_grad(op: Any, grad: Tensor) -> list:
    """Returns gather_nd(grad, indices) for the values and grad for the dense operand."""
    from tfshim.ops.array_ops import GatherNd

    return [None, GatherNd(grad, op.inputs[0]), None, grad]


@tf_export("sparse.add")
def add(a: Any, b: Any, threshold: Any = 0) -> Any:
    """TF: tf.sparse.add. Two SparseTensors give a SparseTensor (sums with |sum| < threshold
    dropped); a SparseTensor and a dense tensor give a dense tensor."""
    sparse_a, sparse_b = isinstance(a, SparseTensor), isinstance(b, SparseTensor)
    if not (sparse_a or sparse_b):
        raise TypeError("At least one input should be SparseTensor; do you mean to use tf.add()?")
    if sparse_a and sparse_b:
        a, b = convert_to_sparse(a), convert_to_sparse(b)
        _check_same_dtype("SparseAdd", a.values, b.values, 4)
        real = dtypes.as_dtype(a.dtype.real_dtype) if a.dtype.is_complex else a.dtype
        thresh = convert_to_tensor(threshold, dtype=real)
        idx, val, shape = SparseAdd(a.indices, a.values, a.dense_shape, b.indices, b.values, b.dense_shape, thresh)
        return SparseTensor(idx, val, shape)
    if sparse_b:
        a, b = b, a
    dense = convert_to_tensor(b, dtype=a.dtype)
    return SparseTensorDenseAdd(a.indices, a.values, a.dense_shape, dense)


def _cwise_kernel(np_fn: Any, op_name: str) -> Any:
    def kernel(idx: np.ndarray, val: np.ndarray, shape: np.ndarray, dense: np.ndarray) -> Any:
        dims = tuple(shape.tolist())
        if dense.ndim > len(dims) or any(d != 1 and d != s for d, s in zip(dense.shape[::-1], dims[::-1])):
            raise KernelError(_INVALID, f"SparseDenseBinaryOpShared broadcasts dense to sparse only; got "
                              f"incompatible shapes: {_text(dims)} vs. {_text(dense.shape)}")
        full = np.broadcast_to(dense, dims)
        return np_fn(val, full[tuple(idx.T)]) if idx.shape[0] else val.copy()

    return kernel


SparseDenseCwiseMul = defop("SparseDenseCwiseMul", _cwise_kernel(np.multiply, "SparseDenseCwiseMul"))
SparseDenseCwiseDiv = defop("SparseDenseCwiseDiv", _cwise_kernel(
    lambda x, y: np.floor_divide(x, y) if x.dtype.kind in "iu" else np.true_divide(x, y), "SparseDenseCwiseDiv"))


def _cwise_grad(op: Any, grad: Tensor, is_mul: bool) -> list:
    """Returns grad * y (or grad / y) at each value's position in the broadcast y, and for y those
    products summed into y's shape (TF: _SparseDenseCwiseMulOrDivGrad)."""
    from tfshim.ops.array_ops import GatherNd, ZerosLike
    from tfshim.ops.math_ops import Mul, Neg, RealDiv, Square

    idx, val, _, y = op.inputs
    added = idx._value.shape[1] - y._value.ndim
    y_idx = np.where(np.array(y._value.shape) == 1, 0, idx._value[:, added:]).astype(np.int64)
    y_idx_t = _wrap_as(y_idx, dtypes.int64)
    y_vals = GatherNd(y, y_idx_t)
    if is_mul:
        dx, dy_val = Mul(grad, y_vals), Mul(grad, val)
    else:
        dx, dy_val = RealDiv(grad, y_vals), Mul(grad, Neg(RealDiv(val, Square(y_vals))))
    y_shape = _wrap_as(np.array(y._value.shape, np.int64), dtypes.int64)
    return [None, dx, None, SparseTensorDenseAdd(y_idx_t, dy_val, y_shape, ZerosLike(y))]


SparseDenseCwiseMul.gradient(lambda op, grad: _cwise_grad(op, grad, True))
SparseDenseCwiseDiv.gradient(lambda op, grad: _cwise_grad(op, grad, False))


def _sparse_binary_operator(op: Any) -> Any:
    """TF: math_ops.binary_op_wrapper_sparse: `sp * y`, `sp / y` act on the values, y broadcast to sp."""

    def operator(sp_x: SparseTensor, y: Any) -> SparseTensor:
        y = convert_to_tensor(y, dtype=sp_x.dtype)
        return SparseTensor(sp_x.indices, op(sp_x.indices, sp_x.values, sp_x.dense_shape, y), sp_x.dense_shape)

    return operator


def dense_times_sparse(x: Any, sp: SparseTensor) -> SparseTensor:
    """TF: math_ops._mul_dispatch for `dense * sparse`: the dense operand broadcast to the sparse one."""
    from tfshim.framework.variables import Variable

    dense = x.value() if isinstance(x, Variable) else x
    dense = dense if isinstance(dense, Tensor) else convert_to_tensor(dense, dtype=sp.dtype)
    _check_same_dtype("SparseDenseCwiseMul", sp.values, dense, 3)
    return SparseTensor(sp.indices, SparseDenseCwiseMul(sp.indices, sp.values, sp.dense_shape, dense),
                        sp.dense_shape)


SparseTensor._override_operator("__mul__", _sparse_binary_operator(SparseDenseCwiseMul))
SparseTensor._override_operator("__truediv__", _sparse_binary_operator(SparseDenseCwiseDiv))
SparseTensor._override_operator("__div__", _sparse_binary_operator(SparseDenseCwiseDiv))


# ----- sparse_dense_matmul -----------------------------------------------------------------------


def _sparse_matmul_kernel(idx: np.ndarray, val: np.ndarray, shape: np.ndarray, b: np.ndarray, adjoint_a: bool,
                          adjoint_b: bool) -> Any:
    if b.ndim != 2:
        raise KernelError(_INVALID, "Tensor 'b' is not a matrix", wrapped=True)
    if shape.shape[0] != 2:
        raise KernelError(_INVALID, "Tensor 'a_shape' is not a vector of 2 elements")
    rows, cols = (int(shape[1]), int(shape[0])) if adjoint_a else (int(shape[0]), int(shape[1]))
    bm = np.conj(b.T) if adjoint_b else b
    if cols != bm.shape[0]:
        raise KernelError(_INVALID, "Cannot multiply A and B because inner dimension does not match: "
                          f"{cols} vs. {bm.shape[0]}.  Did you forget a transpose?  Dimensions of A: "
                          f"[{int(shape[0])}, {int(shape[1])}).  Dimensions of B: {_text(b.shape)}")
    out = np.zeros((rows, bm.shape[1]), dtype=b.dtype)
    for n in range(idx.shape[0]):
        i, k = int(idx[n, 0]), int(idx[n, 1])
        v = val[n]
        if adjoint_a:
            i, k, v = k, i, np.conj(v)
        if not 0 <= k < cols:
            raise KernelError(_INVALID, f"k ({k}) from index[{n},{0 if adjoint_a else 1}] out of bounds "
                              f"(>={cols})")
        if not 0 <= i < rows:
            raise KernelError(_INVALID, f"i ({i}) from index[{n},{1 if adjoint_a else 0}] out of bounds "
                              f"(>={rows})")
        out[i] += v * bm[k]
    return out


SparseTensorDenseMatMul = defop("SparseTensorDenseMatMul", _sparse_matmul_kernel)


@SparseTensorDenseMatMul.gradient
def _sparse_matmul_grad(op: Any, grad: Tensor) -> list:
    """Returns (grad @ adjoint(b)) at a's non-zero positions for the values, adjoint(a) @ grad for b."""
    from tfshim.ops.array_ops import GatherV2, StridedSlice, Transpose
    from tfshim.ops.math_ops import Conj, Mul, Sum

    a_idx, a_val, a_shape, b = op.inputs
    adj_a, adj_b = op.get_attr("adjoint_a"), op.get_attr("adjoint_b")
    b_grad = SparseTensorDenseMatMul(a_idx, a_val, a_shape, grad, adjoint_a=not adj_a, adjoint_b=False)
    if adj_b:
        b_grad = Conj(Transpose(b_grad, perm=(1, 0)))
    rows = StridedSlice(a_idx, key=(builtins.slice(None), 0))
    cols = StridedSlice(a_idx, key=(builtins.slice(None), 1))
    parts_a = GatherV2(grad, cols if adj_a else rows, axis=0, batch_dims=0)
    b_rows = Transpose(b, perm=(1, 0)) if adj_b else b
    parts_b = GatherV2(b_rows, rows if adj_a else cols, axis=0, batch_dims=0)
    if not adj_b:
        parts_b = Conj(parts_b)
    a_values_grad = Sum(Mul(parts_a, parts_b), axis=(1,), keepdims=False)
    if adj_a:
        a_values_grad = Conj(a_values_grad)
    return [None, a_values_grad, None, b_grad]


@tf_export("sparse.sparse_dense_matmul")
def sparse_dense_matmul(sp_a: Any, b: Any, adjoint_a: bool = False, adjoint_b: bool = False,
                        name: Any = None) -> Tensor:
    """TF: tf.sparse.sparse_dense_matmul. Either operand may be the SparseTensor (a dense `sp_a`
    times a sparse `b` is computed transposed, as TF does)."""
    from tfshim.ops.array_ops import transpose as dense_transpose

    if isinstance(b, SparseTensor):
        # TF computes A B as (B^T A^T)^T; its flags are passed through when they differ (as TF does).
        if adjoint_a != adjoint_b:
            return dense_transpose(sparse_dense_matmul(b, sp_a, adjoint_a, adjoint_b))
        return dense_transpose(sparse_dense_matmul(b, sp_a, adjoint_a=not adjoint_a, adjoint_b=not adjoint_b))
    sp = convert_to_sparse(sp_a)
    dense = convert_to_tensor(b)
    _check_same_dtype("SparseTensorDenseMatMul", sp.values, dense, 3)
    return SparseTensorDenseMatMul(sp.indices, sp.values, sp.dense_shape, dense, adjoint_a=bool(adjoint_a),
                                   adjoint_b=bool(adjoint_b))


# ----- reductions -------------------------------------------------------------------------------


def _reduction_axes(axes: np.ndarray, rank: int) -> tuple:
    out = []
    for a in np.asarray(axes).reshape(-1).tolist():
        if not -rank <= a < rank:
            raise KernelError(_INVALID, f"Invalid reduction dimension {a}, for input with {rank} dimensions.")
        out.append(a % rank)
    return tuple(sorted(set(out)))


def _sparse_groups(idx: np.ndarray, val: np.ndarray, shape: np.ndarray, axes_value: np.ndarray, reducer: Any,
                   ) -> tuple:
    """TF's SparseReduceOp: the values grouped by their kept coordinates (row-major order), each group
    reduced; returns (kept axes, group coordinates [G, kept], group results [G])."""
    rank = shape.shape[0]
    axes = _reduction_axes(axes_value, rank) if axes_value.size else tuple(range(rank))
    kept = [d for d in range(rank) if d not in axes]
    order = _row_major_order(idx)
    idx, val = idx[order], val[order]
    keys = idx[:, kept]
    if keys.shape[0]:
        gorder = _row_major_order(keys)
        keys, val = keys[gorder], val[gorder]
        starts = np.flatnonzero(np.r_[True, np.any(keys[1:] != keys[:-1], axis=1)]) if len(kept) else np.array([0])
    else:
        starts = np.zeros(0, np.int64)
    ends = np.r_[starts[1:], keys.shape[0]].astype(np.int64)
    results = np.array([reducer(val[s:e]) for s, e in zip(starts, ends)], dtype=val.dtype)
    return axes, kept, keys[starts].reshape(len(starts), len(kept)), results


def _reduce_kernel(reducer: Any) -> Any:
    def kernel(idx: np.ndarray, val: np.ndarray, shape: np.ndarray, axes: np.ndarray, keep_dims: bool) -> Any:
        axes_t, kept, keys, results = _sparse_groups(idx, val, shape, axes, reducer)
        out_shape = [1 if d in axes_t else int(shape[d]) for d in range(shape.shape[0])]
        out = np.zeros([int(shape[d]) for d in kept], dtype=val.dtype)
        if keys.shape[0]:
            out[tuple(keys.T) if kept else ()] = results if kept else results[0]
        return out.reshape(out_shape) if keep_dims else out

    return kernel


def _reduce_sparse_kernel(reducer: Any) -> Any:
    def kernel(idx: np.ndarray, val: np.ndarray, shape: np.ndarray, axes: np.ndarray, keep_dims: bool) -> Any:
        axes_t, kept, keys, results = _sparse_groups(idx, val, shape, axes, reducer)
        if keep_dims:
            full = np.zeros((keys.shape[0], shape.shape[0]), np.int64)
            full[:, kept] = keys
            out_shape = np.array([1 if d in axes_t else int(shape[d]) for d in range(shape.shape[0])], np.int64)
            return full, results, out_shape
        return keys.astype(np.int64), results, np.array([int(shape[d]) for d in kept], np.int64)

    return kernel


def _sum(v: np.ndarray) -> Any:
    return np.add.reduce(v)


def _max(v: np.ndarray) -> Any:
    return np.maximum.reduce(v)


SparseReduceSum = defop("SparseReduceSum", _reduce_kernel(_sum))
SparseReduceSumSparse = defop("SparseReduceSumSparse", _reduce_sparse_kernel(_sum), multi_output=True)
SparseReduceMax = defop("SparseReduceMax", _reduce_kernel(_max))
SparseReduceMaxSparse = defop("SparseReduceMaxSparse", _reduce_sparse_kernel(_max), multi_output=True)


@SparseReduceSum.gradient
def _sparse_reduce_sum_grad(op: Any, grad: Tensor) -> list:
    """Returns grad (reshaped with the reduced axes kept) gathered at each value's kept coordinates."""
    from tfshim.ops.array_ops import GatherNd, Reshape

    idx, _, shape, axes = op.inputs
    rank = shape._value.shape[0]
    reduced = _reduction_axes(axes._value, rank) if axes._value.size else tuple(range(rank))
    kept_shape = tuple(1 if d in reduced else int(shape._value[d]) for d in range(rank))
    scaled = np.where(np.array([d in reduced for d in range(rank)]), 0, idx._value)
    return [None, GatherNd(Reshape(grad, shape=kept_shape), _wrap_as(scaled.astype(np.int64), dtypes.int64)),
            None, None]


def _reduce(sparse_op: Any, dense_op: Any, sp_input: Any, axis: Any, keepdims: Any, output_is_sparse: bool) -> Any:
    sp = convert_to_sparse(sp_input)
    axes = convert_to_tensor([] if axis is None else axis, dtype=dtypes.int32)
    keep = bool(keepdims) if keepdims is not None else False
    if output_is_sparse:
        idx, val, shape = sparse_op(sp.indices, sp.values, sp.dense_shape, axes, keep_dims=keep)
        return SparseTensor(idx, val, shape)
    return dense_op(sp.indices, sp.values, sp.dense_shape, axes, keep_dims=keep)


@tf_export("sparse.reduce_sum")
def reduce_sum(sp_input: Any, axis: Any = None, keepdims: Any = None, output_is_sparse: bool = False,
               name: Any = None) -> Any:
    """TF: tf.sparse.reduce_sum over `axis` (all axes if None); a SparseTensor if `output_is_sparse`."""
    return _reduce(SparseReduceSumSparse, SparseReduceSum, sp_input, axis, keepdims, output_is_sparse)


@tf_export("sparse.reduce_max")
def reduce_max(sp_input: Any, axis: Any = None, keepdims: Any = None, output_is_sparse: bool = False,
               name: Any = None) -> Any:
    """TF: tf.sparse.reduce_max. As in TF, only the stored values take part (implicit zeros do not);
    an output position with no stored values is 0."""
    return _reduce(SparseReduceMaxSparse, SparseReduceMax, sp_input, axis, keepdims, output_is_sparse)


# ----- restructuring: reorder, reshape, concat, slice, transpose, retain, fill_empty_rows ------------------


def _reorder_kernel(idx: np.ndarray, val: np.ndarray, shape: np.ndarray) -> Any:
    _validate_indices(idx, shape, order=False)
    order = _row_major_order(idx)
    return idx[order], val[order]


SparseReorder = defop("SparseReorder", _reorder_kernel, multi_output=True)


@SparseReorder.gradient
def _sparse_reorder_grad(op: Any, *grads: Tensor) -> list:
    """Returns the values' gradient put back in the input's order."""
    from tfshim.ops.array_ops import GatherV2

    inverse = np.argsort(_row_major_order(op.inputs[0]._value), kind="stable")
    return [None, GatherV2(grads[1], _wrap_as(inverse.astype(np.int64), dtypes.int64), axis=0, batch_dims=0),
            None]


@tf_export("sparse.reorder")
def reorder(sp_input: Any, name: Any = None) -> SparseTensor:
    """TF: tf.sparse.reorder: the entries in row-major order."""
    sp = convert_to_sparse(sp_input)
    idx, val = SparseReorder(sp.indices, sp.values, sp.dense_shape)
    return SparseTensor(idx, val, sp.dense_shape)


def _reshape_kernel(idx: np.ndarray, shape: np.ndarray, new_shape: np.ndarray) -> Any:
    dense_size = int(np.prod(shape, dtype=np.int64))
    target = [int(d) for d in new_shape.tolist()]
    unknown = [i for i, d in enumerate(target) if d == -1]
    if len(unknown) > 1:
        raise KernelError(_INVALID, f"only one output dimension may be -1, not both {unknown[0]} and {unknown[1]}")
    for i, d in enumerate(target):
        if d < -1:
            raise KernelError(_INVALID, f"size {i} must be non-negative, not {d}")
    product = int(np.prod([d for d in target if d != -1], dtype=np.int64))
    if unknown:
        if product == 0 or dense_size % product:
            raise KernelError(_INVALID, f"Input to reshape is a SparseTensor with {dense_size} dense values, but "
                              f"the requested shape requires a multiple of {product}. input_shape={_text(shape)} "
                              f"output_shape={_text([1 if d == -1 else d for d in target])}")
        target[unknown[0]] = dense_size // product
    elif product != dense_size:
        raise KernelError(_INVALID, f"Input to reshape is a tensor with {dense_size} dense values, but the requested "
                          f"shape has {product}. input_shape={_text(shape)} output_shape={_text(target)}")
    out_shape = np.array(target, np.int64)
    if idx.shape[0] == 0:
        return np.zeros((0, len(target)), np.int64), out_shape
    linear = np.ravel_multi_index(tuple(idx.T), tuple(int(d) for d in shape)) if shape.size else np.zeros(
        idx.shape[0], np.int64)
    return np.stack(np.unravel_index(linear, tuple(target)), axis=1).astype(np.int64), out_shape


SparseReshape = defop("SparseReshape", _reshape_kernel, multi_output=True)


@tf_export("sparse.reshape")
def reshape(sp_input: Any, shape: Any, name: Any = None) -> SparseTensor:
    """TF: tf.sparse.reshape: the same values at the row-major positions of the new shape (one -1 allowed)."""
    sp = convert_to_sparse(sp_input)
    new_shape = convert_to_tensor(shape, dtype=dtypes.int64)
    idx, out_shape = SparseReshape(sp.indices, sp.dense_shape, new_shape)
    return SparseTensor(idx, sp.values, out_shape)


def _concat_kernel(*parts: np.ndarray, n: int, concat_dim: int, expand: bool) -> Any:
    idxs, vals, shapes = parts[:n], parts[n:2 * n], parts[2 * n:]
    rank = shapes[0].shape[0]
    if not -rank <= concat_dim < rank:
        raise KernelError(_INVALID, f"Concat dimension must be in range [{-rank}, {rank}), got {concat_dim}")
    dim = concat_dim % rank
    for i, s in enumerate(shapes):
        if s.shape[0] != rank:
            raise KernelError(_INVALID, f"Ranks of all input tensors must match: expected {rank} but got "
                              f"{s.shape[0]} at position {i}")
        for d in range(rank):
            if d != dim and not expand and s[d] != shapes[0][d]:
                raise KernelError(_INVALID, f"Input shapes must match: expected {int(shapes[0][d])} for dimension "
                                  f"{d} but got {int(s[d])} at position {i}")
    out_shape = np.array(shapes[0], np.int64)
    if expand:
        out_shape = np.max(np.stack(shapes), axis=0).astype(np.int64)
    offset, all_idx = 0, []
    for i, s in zip(idxs, shapes):
        shifted = i.copy()
        shifted[:, dim] += offset
        all_idx.append(shifted)
        offset += int(s[dim])
    out_shape[dim] = offset
    idx = np.concatenate(all_idx).astype(np.int64)
    val = np.concatenate(vals)
    if dim != 0:  # TF: only a concat along dim 0 keeps the inputs' order; otherwise the result is reordered
        order = _row_major_order(idx)
        idx, val = idx[order], val[order]
    return idx, val, out_shape


_SPARSE_CONCAT: dict = {}


def _sparse_concat_op(n: int) -> Any:
    """The SparseConcat op for `n` inputs (TF's kernel name in errors says N: `SparseConcat_N_2`)."""
    op = _SPARSE_CONCAT.get(n)
    if op is None:
        op = _SPARSE_CONCAT[n] = defop("SparseConcat", _concat_kernel, multi_output=True,
                                       kernel_name=f"SparseConcat_N_{n}")
        not_differentiable(op)

    return op


@tf_export("sparse.concat")
def concat(axis: Any, sp_inputs: Any, expand_nonconcat_dims: bool = False, name: Any = None) -> Any:
    """TF: tf.sparse.concat (v2: `expand_nonconcat_dims` takes each other dimension's maximum)."""
    if not isinstance(sp_inputs, (list, tuple)):
        raise TypeError("Inputs must be a list or tuple.")
    sps = [convert_to_sparse(s) for s in sp_inputs]
    for i, s in enumerate(sps[1:], 1):
        if s.values._dtype is not sps[0].values._dtype:
            raise dtype_mismatch("SparseConcat", len(sps) + i, sps[0].values._dtype, s.values._dtype)
    parts = [s.indices for s in sps] + [s.values for s in sps] + [s.dense_shape for s in sps]
    op = _sparse_concat_op(len(sps))
    idx, val, shape = op(*parts, n=len(sps), concat_dim=int(axis), expand=bool(expand_nonconcat_dims))
    return SparseTensor(idx, val, shape)


def _slice_positions(idx: np.ndarray, shape: np.ndarray, start: np.ndarray, size: np.ndarray) -> tuple:
    rank = shape.shape[0]
    if start.shape[0] != rank or size.shape[0] != rank:
        raise KernelError(_INVALID, f"Expected start to be a vector of length {rank} and size to be a vector of "
                          f"length {rank}, but got start of length {start.shape[0]} and size of length "
                          f"{size.shape[0]}")
    lo = start.astype(np.int64)
    hi = np.minimum(lo + size.astype(np.int64), shape)
    keep = np.all((idx >= lo) & (idx < hi), axis=1) if idx.shape[0] else np.zeros(0, bool)
    out_shape = np.maximum(hi - lo, 0).astype(np.int64)
    return np.flatnonzero(keep), lo, out_shape


def _slice_kernel(idx: np.ndarray, val: np.ndarray, shape: np.ndarray, start: np.ndarray, size: np.ndarray) -> Any:
    pos, lo, out_shape = _slice_positions(idx, shape, start, size)
    return (idx[pos] - lo).reshape(len(pos), idx.shape[1]).astype(np.int64), val[pos], out_shape


SparseSlice = defop("SparseSlice", _slice_kernel, multi_output=True)


@SparseSlice.gradient
def _sparse_slice_grad(op: Any, *grads: Tensor) -> list:
    """Returns the output values' gradient scattered back to the kept input positions (0 elsewhere)."""
    from tfshim.ops.array_ops import ScatterNd

    idx, val, shape, start, size = op.inputs
    pos, _, _ = _slice_positions(idx._value, shape._value, start._value, size._value)
    where = _wrap_as(pos.reshape(-1, 1).astype(np.int64), dtypes.int64)
    return [None, ScatterNd(where, grads[1], shape=(val._value.shape[0],)), None, None, None]


@tf_export("sparse.slice")
def slice(sp_input: Any, start: Any, size: Any, name: Any = None) -> SparseTensor:  # noqa: A001 - TF's name
    """TF: tf.sparse.slice: the entries in [start, start + size), re-indexed from `start`."""
    sp = convert_to_sparse(sp_input)
    st = convert_to_tensor(start, dtype=dtypes.int64)
    sz = convert_to_tensor(size, dtype=dtypes.int64)
    idx, val, shape = SparseSlice(sp.indices, sp.values, sp.dense_shape, st, sz)
    return SparseTensor(idx, val, shape)


@tf_export("sparse.transpose")
def transpose(sp_input: Any, perm: Any = None, name: Any = None) -> SparseTensor:
    """TF: tf.sparse.transpose: permuted index columns, then reordered (reverses the axes by default)."""
    from tfshim.ops.array_ops import GatherV2

    sp = convert_to_sparse(sp_input)
    rank = sp.indices._value.shape[1]
    p = list(range(rank))[::-1] if perm is None else [int(v) for v in np.asarray(perm).reshape(-1)]
    if sorted(p) != list(range(rank)):
        raise errors.InvalidArgumentError(None, None, f"{_text(p)} is not a valid permutation of "
                                          f"{_text(range(rank))}")
    perm_t = _wrap_as(np.array(p, np.int64), dtypes.int64)
    idx = GatherV2(sp.indices, perm_t, axis=1, batch_dims=0)
    shape = GatherV2(sp.dense_shape, perm_t, axis=0, batch_dims=0)
    return reorder(SparseTensor(idx, sp.values, shape))


@tf_export("sparse.retain")
def retain(sp_input: Any, to_retain: Any) -> SparseTensor:
    """TF: tf.sparse.retain: the entries where the bool vector `to_retain` is True."""
    from tfshim.ops.array_ops import GatherV2, Reshape, Where

    sp = convert_to_sparse(sp_input)
    keep = convert_to_tensor(to_retain)
    if keep.shape.rank != 1:
        raise ValueError(f"Shape {keep.shape} must have rank 1")
    n = sp.indices.shape[0]
    if keep.shape[0] != n:
        raise ValueError(f"Dimensions {n} and {keep.shape[0]} are not compatible")
    where = Reshape(Where(keep), shape=(-1,))
    return SparseTensor(GatherV2(sp.indices, where, axis=0, batch_dims=0),
                        GatherV2(sp.values, where, axis=0, batch_dims=0), sp.dense_shape)


def _fill_empty_rows_kernel(idx: np.ndarray, val: np.ndarray, shape: np.ndarray, default: np.ndarray) -> Any:
    if default.ndim != 0:
        raise KernelError(_INVALID, f"default_value must be a scalar, saw: {_text(default.shape)}")
    rows = int(shape[0]) if shape.size else 0
    for n in range(idx.shape[0]):
        if not 0 <= idx[n, 0] < rows:
            raise KernelError(_INVALID, f"indices({n}, 0) is invalid: {int(idx[n, 0])} >= {rows}")
    empty = np.ones(rows, bool)
    empty[idx[:, 0]] = False
    fill = np.flatnonzero(empty)
    new_idx = np.zeros((len(fill), idx.shape[1]), np.int64)
    new_idx[:, 0] = fill
    all_idx = np.concatenate([idx, new_idx]).astype(np.int64)
    all_val = np.concatenate([val, np.full(len(fill), default, dtype=val.dtype)])
    # TF's kernel writes each row's entries in input order, rows ascending (a stable sort by row).
    order = np.argsort(all_idx[:, 0], kind="stable")
    reverse = np.argsort(order, kind="stable")[: idx.shape[0]].astype(np.int64)
    return all_idx[order], all_val[order], empty, reverse


SparseFillEmptyRows = defop("SparseFillEmptyRows", _fill_empty_rows_kernel, multi_output=True)


@SparseFillEmptyRows.gradient
def _fill_empty_rows_grad(op: Any, *grads: Tensor) -> list:
    """Returns the output values' gradient at each input value's new position; the rest to the default."""
    from tfshim.ops.array_ops import GatherV2
    from tfshim.ops.math_ops import Sub, Sum

    reverse = op.outputs[3]
    values_grad = GatherV2(grads[1], reverse, axis=0, batch_dims=0)
    default_grad = Sub(Sum(grads[1], axis=None, keepdims=False), Sum(values_grad, axis=None, keepdims=False))
    return [None, values_grad, None, default_grad]


@tf_export("sparse.fill_empty_rows")
def fill_empty_rows(sp_input: Any, default_value: Any, name: Any = None) -> tuple:
    """TF: tf.sparse.fill_empty_rows: (the input with `default_value` at [row, 0, ...] of each empty row,
    the bool vector of the rows that were empty)."""
    sp = convert_to_sparse(sp_input)
    default = convert_to_tensor(default_value, dtype=sp.dtype)
    idx, val, empty, _ = SparseFillEmptyRows(sp.indices, sp.values, sp.dense_shape, default)
    return SparseTensor(idx, val, sp.dense_shape), empty


@tf_export("sparse.to_indicator")
def to_indicator(sp_input: Any, vocab_size: Any, name: Any = None) -> Tensor:
    """TF: tf.sparse.to_indicator: bool [..., vocab_size], True at [index[:-1], value] for each entry."""
    sp = convert_to_sparse(sp_input)
    if not sp.dtype.is_integer:
        raise errors.InvalidArgumentError(None, None, f"Value for attr 'Tindices' of {sp.dtype._cname} is not in the "
                                          "list of allowed values: int32, int64")
    idx = sp.indices._value
    ids = sp.values._value.astype(np.int64).reshape(-1, 1)
    lead = sp.dense_shape._value[:-1].astype(np.int64)
    new_idx = _wrap_as(np.concatenate([idx[:, :-1], ids], axis=1).astype(np.int64), dtypes.int64)
    shape = _wrap_as(np.concatenate([lead, [int(vocab_size)]]).astype(np.int64), dtypes.int64)
    reordered = reorder(SparseTensor(new_idx, _wrap_as(np.ones(idx.shape[0], bool), dtypes.bool), shape))
    return to_dense(reordered, default_value=False, validate_indices=False)


@tf_export("sparse.mask")
def mask(a: Any, mask_indices: Any, name: Any = None) -> IndexedSlices:
    """TF: tf.sparse.mask: the IndexedSlices `a` without the slices whose index is in `mask_indices`."""
    from tfshim.ops.array_ops import GatherV2

    if not isinstance(a, IndexedSlices):
        raise TypeError(f"Argument `a` must be an IndexedSlices, got {type(a).__name__}.")
    drop = np.asarray(convert_to_tensor(mask_indices)._value)
    keep = np.flatnonzero(~np.isin(a.indices._value, drop)).astype(np.int64)
    where = _wrap_as(keep, dtypes.int64)
    idx = _wrap_as(a.indices._value[keep], a.indices._dtype)
    return IndexedSlices(GatherV2(a.values, where, axis=0, batch_dims=0), idx, a.dense_shape)


def _assert_equal(x: Tensor, y: Tensor, message: str) -> None:
    """TF's eager tf.debugging.assert_equal(x, y, message) with its default summarize=3 message."""
    from tfshim.ops.math_ops import equal

    same = equal(x, y)._value  # TF compares first: incompatible shapes raise the Equal op's error
    if same.all():
        return
    data = [message, "Condition x == y did not hold."]
    xv, yv = x._value, y._value
    if xv.shape == yv.shape and xv.shape:
        where = np.argwhere(~same)
        n = builtins.min(3, where.shape[0])
        data += ["Indices of first %d different values:" % n, where[:n],
                 "Corresponding x values:", xv[~same].reshape(-1)[:n],
                 "Corresponding y values:", yv[~same].reshape(-1)[:n]]
    data += ["First %d elements of x:" % builtins.min(xv.size, 3), xv.reshape(-1)[:3],
             "First %d elements of y:" % builtins.min(yv.size, 3), yv.reshape(-1)[:3]]
    raise errors.InvalidArgumentError(None, None, "\n".join(str(d) for d in data))


@tf_export("sparse.map_values")
def map_values(op: Any, *args: Any, **kwargs: Any) -> SparseTensor:
    """TF: tf.sparse.map_values: `op` applied to the values of the SparseTensors in args/kwargs, which
    must all have the same indices; the result keeps those indices and dense shape."""
    from tfshim.util import nest

    found: list = []

    def replace(x: Any) -> Any:
        if isinstance(x, SparseTensor):
            found.append(x)
            return x.values
        return x

    new_args = nest.map_structure(replace, list(args), expand_composites=False) if args else []
    new_kwargs = {k: nest.map_structure(replace, v, expand_composites=False) for k, v in kwargs.items()}
    if not found:
        raise ValueError("No SparseTensor in argument list of map_values")
    first = found[0]
    for other in found[1:]:  # TF: _assert_sparse_compatible
        _assert_equal(first.dense_shape, other.dense_shape, "Mismatched shapes!")
        _assert_equal(first.indices, other.indices, "Mismatched indices!")
    return SparseTensor(first.indices, op(*new_args, **new_kwargs), first.dense_shape)


@tf_export("sparse.expand_dims")
def expand_dims(sp_input: Any, axis: Any = None, name: Any = None) -> SparseTensor:
    """TF: tf.sparse.expand_dims: a size-1 axis inserted at `axis` (-1: last)."""
    sp = convert_to_sparse(sp_input)
    rank = sp.indices._value.shape[1]
    ax = -1 if axis is None else int(axis)
    if not -rank - 1 <= ax <= rank:
        raise errors.InvalidArgumentError(None, None, f"Tried to expand dim index {ax} for tensor with {rank} "
                                          "dimensions.")
    ax = ax % (rank + 1)
    idx = np.insert(sp.indices._value, ax, 0, axis=1).astype(np.int64)
    shape = np.insert(sp.dense_shape._value, ax, 1).astype(np.int64)
    return SparseTensor(_wrap_as(idx, dtypes.int64), sp.values, _wrap_as(shape, dtypes.int64))


@tf_export("sparse.eye")
def eye(num_rows: Any, num_columns: Any = None, dtype: Any = dtypes.float32, name: Any = None) -> SparseTensor:
    """TF: tf.sparse.eye: ones on the diagonal of a [num_rows, num_columns] SparseTensor."""
    rows = int(num_rows)
    cols = rows if num_columns is None else int(num_columns)
    n = builtins.min(rows, cols)
    d = dtypes.as_dtype(dtype)
    idx = np.stack([np.arange(n), np.arange(n)], axis=1).astype(np.int64).reshape(n, 2)
    return SparseTensor(_wrap_as(idx, dtypes.int64), _wrap_as(np.ones(n, d.as_numpy_dtype), d),
                        _wrap_as(np.array([rows, cols], np.int64), dtypes.int64))


def _sparse_segment(kind: str) -> Any:
    def kernel(data: np.ndarray, indices: np.ndarray, segment_ids: np.ndarray, *num: np.ndarray,
               sparse_gradient: bool = False) -> Any:
        n = data.shape[0]
        if indices.size != segment_ids.size:
            raise KernelError(_INVALID, "segment_ids and indices should have same size.")
        if num:
            count = int(num[0])
            if segment_ids.size and segment_ids[-1] >= count:
                raise KernelError(_INVALID, "segment ids must be < num_segments")
        else:
            count = int(segment_ids[-1]) + 1 if segment_ids.size else 0
        if segment_ids.size and np.any(np.diff(segment_ids) < 0):
            raise KernelError(_INVALID, "segment ids are not increasing")
        for i, v in enumerate(indices.tolist()):
            if not 0 <= v < n:
                raise KernelError(_INVALID, f"Bad: indices[{i}] == {v} out of range [0, {n})")
        # TF starts each segment from its first row (so a lone -0.0 stays -0.0): -0.0 + x is x for every x
        out = np.full((count,) + data.shape[1:], -0.0 if data.dtype.kind in "fc" else 0, data.dtype)
        with np.errstate(all="ignore"):
            np.add.at(out, segment_ids, data[indices])
        counts = np.bincount(segment_ids, minlength=count)
        out[counts == 0] = 0
        if kind != "sum":  # TF multiplies by T(1.0 / n) (or 1.0 / sqrt(n)) computed in double
            sizes = np.maximum(counts, 1).astype(np.float64)
            scale = (1.0 / (sizes if kind == "mean" else np.sqrt(sizes))).astype(data.dtype)
            with np.errstate(all="ignore"):
                out = (out * scale.reshape((count,) + (1,) * (data.ndim - 1))).astype(data.dtype)
        # a one-row segment is that row, copied without arithmetic (a subnormal survives FTZ): measured
        lone = np.flatnonzero(counts[segment_ids] == 1)
        out[segment_ids[lone]] = data[indices[lone]]
        return out

    return kernel


SparseSegmentSum = defop("SparseSegmentSum", _sparse_segment("sum"))
SparseSegmentMean = defop("SparseSegmentMean", _sparse_segment("mean"))
SparseSegmentSqrtN = defop("SparseSegmentSqrtN", _sparse_segment("sqrt_n"))
SparseSegmentSumWithNumSegments = defop("SparseSegmentSumWithNumSegments", _sparse_segment("sum"))
SparseSegmentMeanWithNumSegments = defop("SparseSegmentMeanWithNumSegments", _sparse_segment("mean"))
SparseSegmentSqrtNWithNumSegments = defop("SparseSegmentSqrtNWithNumSegments", _sparse_segment("sqrt_n"))


def _segment_grad_kernel(kind: str) -> Any:
    """TF's SparseSegment{Sum,Mean,SqrtN}Grad: output[indices[i]] += grad[segment_ids[i]] (scaled)."""

    def kernel(grad: np.ndarray, indices: np.ndarray, segment_ids: np.ndarray, dim0: int) -> Any:
        out = np.zeros((dim0,) + grad.shape[1:], grad.dtype)
        rows = grad[segment_ids]
        if kind != "sum":
            sizes = np.bincount(segment_ids, minlength=grad.shape[0]).astype(grad.dtype)
            scale = sizes if kind == "mean" else np.sqrt(sizes)
            rows = rows / scale[segment_ids].reshape((-1,) + (1,) * (grad.ndim - 1))
        np.add.at(out, indices, rows.astype(grad.dtype))
        return out

    return kernel


SparseSegmentSumGrad = defop("SparseSegmentSumGrad", _segment_grad_kernel("sum"))
SparseSegmentMeanGrad = defop("SparseSegmentMeanGrad", _segment_grad_kernel("mean"))
SparseSegmentSqrtNGrad = defop("SparseSegmentSqrtNGrad", _segment_grad_kernel("sqrt_n"))


def _segment_grad_v2_kernel(kind: str) -> Any:
    """TF's SparseSegment{Sum,Mean,SqrtN}GradV2 (the ops' gradient with sparse_gradient=True): the gradient rows of
    the distinct indices, in the order they first appear (measured), and those indices."""
    dense = _segment_grad_kernel(kind)

    def kernel(grad: np.ndarray, indices: np.ndarray, segment_ids: np.ndarray, dim0: int) -> Any:
        first = np.unique(indices, return_index=True)[1]
        unique = indices[np.sort(first)]
        return dense(grad, indices, segment_ids, dim0)[unique], unique.astype(indices.dtype)

    return kernel


SparseSegmentSumGradV2 = defop("SparseSegmentSumGradV2", _segment_grad_v2_kernel("sum"), multi_output=True)
SparseSegmentMeanGradV2 = defop("SparseSegmentMeanGradV2", _segment_grad_v2_kernel("mean"), multi_output=True)
SparseSegmentSqrtNGradV2 = defop("SparseSegmentSqrtNGradV2", _segment_grad_v2_kernel("sqrt_n"), multi_output=True)
_GRAD_V2 = {SparseSegmentSumGrad: SparseSegmentSumGradV2, SparseSegmentMeanGrad: SparseSegmentMeanGradV2,
            SparseSegmentSqrtNGrad: SparseSegmentSqrtNGradV2}


def _segment_gradient(op: Any, grad: Tensor, backward: Any) -> list:
    """Returns grad[segment_ids[i]] (divided by the segment's size or its root) summed into data[indices[i]]: dense,
    or IndexedSlices over the distinct indices when the op ran with sparse_gradient=True (TF: math_grad.py)."""
    dim0 = op.inputs[0]._value.shape[0]
    rest = [None] * (len(op.inputs) - 1)
    if op.attrs.get("sparse_gradient"):
        values, unique = _GRAD_V2[backward](grad, op.inputs[1], op.inputs[2], dim0=dim0)
        shape = _wrap_as(np.array(op.inputs[0]._value.shape, np.int32), dtypes.int32)
        return [IndexedSlices(values, unique, shape)] + rest
    return [backward(grad, op.inputs[1], op.inputs[2], dim0=dim0)] + rest

for _forward, _backward in ((SparseSegmentSum, SparseSegmentSumGrad), (SparseSegmentMean, SparseSegmentMeanGrad),
                            (SparseSegmentSqrtN, SparseSegmentSqrtNGrad),
                            (SparseSegmentSumWithNumSegments, SparseSegmentSumGrad),
                            (SparseSegmentMeanWithNumSegments, SparseSegmentMeanGrad),
                            (SparseSegmentSqrtNWithNumSegments, SparseSegmentSqrtNGrad)):
    _forward.gradient(lambda op, grad, _b=_backward: _segment_gradient(op, grad, _b))


def _segment(kind: str, data: Any, indices: Any, segment_ids: Any, num_segments: Any,
             sparse_gradient: bool = False) -> Tensor:
    from tfshim.ops.op import check_attr, run_op

    raw = (data, indices, segment_ids, num_segments)
    with_num = num_segments is not None
    op = {("sum", False): SparseSegmentSum, ("mean", False): SparseSegmentMean,
          ("sqrt_n", False): SparseSegmentSqrtN, ("sum", True): SparseSegmentSumWithNumSegments,
          ("mean", True): SparseSegmentMeanWithNumSegments,
          ("sqrt_n", True): SparseSegmentSqrtNWithNumSegments}[kind, with_num]
    d = convert_to_tensor(data)
    i = convert_to_tensor(indices)
    s = convert_to_tensor(segment_ids)
    suffix = "" if any(isinstance(v, (list, tuple)) for v in raw) else " name: "
    check_attr(op.name, d, "T", suffix=suffix)
    tensors = [d, i, s] + ([convert_to_tensor(num_segments)] if with_num else [])
    return run_op(op, raw, *tensors, **({"sparse_gradient": True} if sparse_gradient else {}))


@tf_export("sparse.segment_sum")
def segment_sum(data: Any, indices: Any, segment_ids: Any, num_segments: Any = None, name: Any = None,
                sparse_gradient: bool = False) -> Tensor:
    """TF: tf.sparse.segment_sum: output[segment_ids[i]] += data[indices[i]]."""
    return _segment("sum", data, indices, segment_ids, num_segments, sparse_gradient)


@tf_export("sparse.segment_mean")
def segment_mean(data: Any, indices: Any, segment_ids: Any, num_segments: Any = None, name: Any = None,
                 sparse_gradient: bool = False) -> Tensor:
    """TF: tf.sparse.segment_mean: segment_sum divided by each segment's size."""
    return _segment("mean", data, indices, segment_ids, num_segments, sparse_gradient)


@tf_export("sparse.segment_sqrt_n")
def segment_sqrt_n(data: Any, indices: Any, segment_ids: Any, num_segments: Any = None, name: Any = None,
                   sparse_gradient: bool = False) -> Tensor:
    """TF: tf.sparse.segment_sqrt_n: segment_sum divided by the square root of each segment's size."""
    return _segment("sqrt_n", data, indices, segment_ids, num_segments, sparse_gradient)


# ----- TF's dispatch of unary math ops on SparseTensors ----------------------------------------------------

# TF: sparse_ops._UNARY_OPS. With a SparseTensor as first argument, TF's dispatcher (_UnaryMapValueDispatcher)
# runs these on its values and keeps its indices and dense shape. The shared dispatcher (util/dispatch.py)
# routes them to `unary_map_values`.
UNARY_MAP_VALUE_APIS = (
    "math.abs", "math.negative", "math.asinh", "math.sin", "math.tan", "math.atan", "math.asin", "math.atanh",
    "math.sign", "math.square", "math.sqrt", "math.erf", "math.tanh", "math.special.bessel_i0e",
    "math.special.bessel_i1e",
)


def unary_map_values(op: Any, x: SparseTensor, *args: Any, **kwargs: Any) -> SparseTensor:
    """`op` on a SparseTensor's values (TF: _UnaryMapValueDispatcher.handle)."""
    return SparseTensor(x.indices, op(x.values, *args, **kwargs), x.dense_shape)


_UNARY_MAP_VALUE_NAMES = frozenset(name.rsplit(".", 1)[1] for name in UNARY_MAP_VALUE_APIS)


@dispatch.dispatch_for_unary_elementwise_apis
def sparse_unary_elementwise_op(api: Any, x: Any, *args: Any, **kwargs: Any) -> Any:
    """TF's _UnaryMapValueDispatcher: the ops of UNARY_MAP_VALUE_APIS map a SparseTensor's values; TF's
    other unary elementwise ops do not take SparseTensors."""
    if not isinstance(x, SparseTensor) or api.__name__ not in _UNARY_MAP_VALUE_NAMES \
            or api.__module__ != "tfshim.ops.math_ops":
        return NotImplemented
    return unary_map_values(api, x, *args, **kwargs)


# ----- maximum, minimum, softmax, split, reset_shape ----------------------------------------------------


def _sparse_sparse_kernel(np_fn: Any) -> Any:
    """TF's SparseSparseMaximum/Minimum: over the union of both index sets, a missing value counts as 0."""

    def kernel(a_idx: np.ndarray, a_val: np.ndarray, a_shape: np.ndarray, b_idx: np.ndarray, b_val: np.ndarray,
               b_shape: np.ndarray) -> Any:
        if not np.array_equal(a_shape, b_shape):
            raise KernelError(_INVALID, f"Operands do not have the same ranks; got shapes: {_text(a_shape)} and "
                              f"{_text(b_shape)}" if a_shape.shape != b_shape.shape else
                              f"Operands' shapes do not match: got {_text(a_shape)} and {_text(b_shape)}")
        zero = np.zeros((), a_val.dtype)
        pairs = _merge(a_idx, b_idx)
        idx = [a_idx[i] if i >= 0 else b_idx[j] for i, j in pairs]
        val = [np_fn(a_val[i] if i >= 0 else zero, b_val[j] if j >= 0 else zero) for i, j in pairs]
        return (np.array(idx, np.int64).reshape(len(idx), a_idx.shape[1]),
                np.array(val, a_val.dtype).reshape(len(val)))

    return kernel


SparseSparseMaximum = defop("SparseSparseMaximum", _sparse_sparse_kernel(np.maximum), multi_output=True)
SparseSparseMinimum = defop("SparseSparseMinimum", _sparse_sparse_kernel(np.minimum), multi_output=True)
not_differentiable(SparseSparseMaximum, SparseSparseMinimum)


def _sparse_sparse(op: Any, sp_a: Any, sp_b: Any) -> SparseTensor:
    a, b = convert_to_sparse(sp_a), convert_to_sparse(sp_b)
    _check_same_dtype(op.name, a.values, b.values, 4)
    idx, val = op(a.indices, a.values, a.dense_shape, b.indices, b.values, b.dense_shape)
    return SparseTensor(idx, val, a.dense_shape)


@tf_export("sparse.maximum")
def maximum(sp_a: Any, sp_b: Any, name: Any = None) -> SparseTensor:
    """TF: tf.sparse.maximum: elementwise max over the union of the entries (a missing entry is 0)."""
    return _sparse_sparse(SparseSparseMaximum, sp_a, sp_b)


@tf_export("sparse.minimum")
def minimum(sp_a: Any, sp_b: Any, name: Any = None) -> SparseTensor:
    """TF: tf.sparse.minimum: elementwise min over the union of the entries (a missing entry is 0)."""
    return _sparse_sparse(SparseSparseMinimum, sp_a, sp_b)


def _softmax_kernel(idx: np.ndarray, val: np.ndarray, shape: np.ndarray) -> Any:
    if shape.shape[0] < 2:
        raise KernelError(_INVALID, "Input should have rank >= 2, but received shape: " + _text(shape))
    out = np.empty_like(val)
    groups: dict = {}
    for n, row in enumerate(idx[:, :-1].tolist()):
        groups.setdefault(tuple(row), []).append(n)
    from tfshim.kernels import eigen_math

    for members in groups.values():
        v = val[members]
        e = eigen_math.exp(v - v.max()) if v.dtype in (np.float16, np.float32, np.float64) else np.exp(v - v.max())
        out[members] = e / e.sum(dtype=e.dtype)
    return out


SparseSoftmax = defop("SparseSoftmax", _softmax_kernel)
not_differentiable(SparseSoftmax)


@tf_export("sparse.softmax")
def softmax(sp_input: Any, name: Any = None) -> SparseTensor:
    """TF: tf.sparse.softmax: a softmax over the stored entries of each innermost row (missing ones are -inf)."""
    sp = convert_to_sparse(sp_input)
    return SparseTensor(sp.indices, SparseSoftmax(sp.indices, sp.values, sp.dense_shape), sp.dense_shape)


@tf_export("sparse.split")
def split(sp_input: Any = None, num_split: Any = None, axis: Any = None, name: Any = None) -> list:
    """TF: tf.sparse.split: `num_split` SparseTensors along `axis`; the first dim % num_split pieces are one
    larger."""
    sp = convert_to_sparse(sp_input)
    if num_split is None:
        raise ValueError("num_split is required")
    if axis is None:
        raise ValueError("axis is required")
    shape = sp.dense_shape._value.astype(np.int64)
    rank = shape.shape[0]
    ax = int(axis) % rank
    n = int(num_split)
    size, extra = divmod(int(shape[ax]), n)
    out, start = [], 0
    for i in range(n):
        piece = size + (1 if i < extra else 0)
        begin = np.zeros(rank, np.int64)
        begin[ax] = start
        length = shape.copy()
        length[ax] = piece
        out.append(slice(sp, begin, length))
        start += piece
    return out


@tf_export("sparse.reset_shape")
def reset_shape(sp_input: Any, new_shape: Any = None) -> SparseTensor:
    """TF: tf.sparse.reset_shape: the tightest dense shape holding the indices, or `new_shape` (which must
    not be smaller)."""
    sp = convert_to_sparse(sp_input)
    if new_shape is None:
        idx = sp.indices._value
        tight = idx.max(axis=0) + 1 if idx.shape[0] else np.zeros(idx.shape[1], np.int64)
        return SparseTensor(sp.indices, sp.values, np.maximum(tight, 0).astype(np.int64))
    target = convert_to_tensor(new_shape)
    if target.shape.rank != 1:
        raise ValueError(f"Shape {target.shape} must have rank 1")
    _assert_dims_compatible_text(target.shape[0], sp.dense_shape.shape[0])
    want = target._value.astype(np.int64)
    have = np.array(sp.shape.as_list())
    if not np.all(have <= want):
        # TF's message names the two shapes the other way round.
        raise ValueError("Requested new_shape should have dimension sizes >= sp_input.shape.  Found new_shape "
                         f"({have}), sp_input.shape ({want}).")
    return SparseTensor(sp.indices, sp.values, want)


def _assert_dims_compatible_text(a: Any, b: Any) -> None:
    if a is not None and b is not None and a != b:
        raise ValueError(f"Dimensions {a} and {b} are not compatible")


# ----- rows of a SparseTensor, for tf.data (TF: SparseTensorSpec's batch/unbatch encodings) ---------------


def unbatch_rows(sp: SparseTensor) -> list:
    """The SparseTensors of `sp`'s rows along dimension 0 (what Dataset.from_tensor_slices / unbatch yield)."""
    idx, val = sp.indices._value, sp.values
    rows = int(sp.dense_shape._value[0])
    shape = _wrap_as(sp.dense_shape._value[1:].astype(np.int64), dtypes.int64)
    out = []
    from tfshim.ops.array_ops import GatherV2

    for r in range(rows):
        where = np.flatnonzero(idx[:, 0] == r).astype(np.int64)
        out.append(SparseTensor(_wrap_as(idx[where, 1:].astype(np.int64).reshape(len(where), idx.shape[1] - 1),
                                         dtypes.int64),
                                GatherV2(val, _wrap_as(where, dtypes.int64), axis=0, batch_dims=0), shape))
    return out


def batch_rows(sps: list) -> SparseTensor:
    """One SparseTensor stacking `sps` along a new dimension 0; each other dimension is the largest of the
    inputs' (what Dataset.batch gives for SparseTensor elements)."""
    from tfshim.ops.array_ops import concat as dense_concat

    rank = sps[0].indices._value.shape[1]
    idx = [np.concatenate([np.full((s.indices._value.shape[0], 1), r, np.int64), s.indices._value], axis=1)
           for r, s in enumerate(sps)]
    dims = np.max(np.stack([s.dense_shape._value for s in sps]), axis=0) if rank else np.zeros(0, np.int64)
    shape = np.concatenate([[len(sps)], dims]).astype(np.int64)
    return SparseTensor(_wrap_as(np.concatenate(idx).reshape(-1, rank + 1), dtypes.int64),
                        dense_concat([s.values for s in sps], 0), _wrap_as(shape, dtypes.int64))
