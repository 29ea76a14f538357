"""tf.nn functions TF composes from ops (TF: nn_impl.py, nn_ops.py, embedding_ops.py): l2_loss, batch
normalization and moments helpers, log_poisson_loss, crelu, embedding_lookup, transposed, depthwise and
separable convolutions, local response normalization, depth_to_space / space_to_depth, in_top_k.

Compositions follow TF's operation order, so their values and gradients are TF's wherever the ops they use
are exact. Depthwise convolution runs one Conv2D per input channel (TF's DepthwiseConv2dNative kernel sums
in its own order: last-bit differences, compat/DIFFERENCES.md); LRN is composed from ops (TF: the LRN kernel).
"""

from __future__ import annotations

import collections
from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.kernels import eigen_reduce
from tfshim.ops.op import KernelError, check_kernel, defop, op_def, run_op, tf_export


def _ops() -> Any:
    from tfshim.ops import array_ops, linalg_ops, math_ops, nn_ops

    return array_ops, math_ops, nn_ops, linalg_ops


# ----- L2Loss --------------------------------------------------------------------------------------


def _l2_loss_kernel(x: np.ndarray) -> Any:
    # TF's kernel: (t.square() * T(0.5)).sum(), Eigen's SumReducer order
    with np.errstate(all="ignore"):
        half = (x * x) * x.dtype.type(0.5)
        return np.asarray(eigen_reduce.reduce_sum(half, tuple(range(x.ndim)), False)).astype(x.dtype)


L2Loss = defop("L2Loss", _l2_loss_kernel)


@L2Loss.gradient
def _l2_loss_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns x * grad."""
    return op.inputs[0] * grad


@tf_export("nn.l2_loss")
def l2_loss(t: Any, name: Any = None) -> Tensor:
    """TF: tf.nn.l2_loss = sum(t ** 2) / 2."""
    return run_op(L2Loss, (t,), convert_to_tensor(t), check=True)


# ----- normalization helpers -----------------------------------------------------------------------


@tf_export("nn.batch_normalization")
def batch_normalization(x: Any, mean: Any, variance: Any, offset: Any, scale: Any, variance_epsilon: Any,
                        name: Any = None) -> Tensor:
    """TF: tf.nn.batch_normalization: x * inv + (offset - mean * inv), inv = rsqrt(variance + eps) * scale."""
    _, m, _, _ = _ops()
    # TF's expression as written: Python operators on the arguments as given (lists concatenate, NumPy arrays add)
    inv = m.rsqrt(variance + variance_epsilon)
    if scale is not None:
        inv *= scale
    return x * m.cast(inv, x.dtype) + m.cast(offset - mean * inv if offset is not None else -mean * inv, x.dtype)


@tf_export("nn.normalize_moments")
def normalize_moments(counts: Any, mean_ss: Any, variance_ss: Any, shift: Any, name: Any = None) -> tuple:
    """TF: tf.nn.normalize_moments: (mean, variance) from sufficient statistics."""
    _, m, _, _ = _ops()
    divisor = m.reciprocal(counts)
    shifted_mean = m.multiply(mean_ss, divisor)
    mean = m.add(shifted_mean, shift) if shift is not None else shifted_mean
    variance = m.subtract(m.multiply(variance_ss, divisor), m.square(shifted_mean))
    return mean, variance


@tf_export("nn.sufficient_statistics")
def sufficient_statistics(x: Any, axes: Any, shift: Any = None, keepdims: Any = None, name: Any = None) -> tuple:
    """TF: tf.nn.sufficient_statistics: (count, sum(x - shift), sum((x - shift)^2), shift)."""
    _, m, _, _ = _ops()
    axes = list(set(axes))
    keepdims = bool(keepdims)
    x = convert_to_tensor(x)
    counts = 1
    dims = list(x._value.shape)  # TF indexes TensorShape.dims, a list: a bad axis is "list index out of range"
    for d in axes:
        counts *= dims[d]
    counts_t = convert_to_tensor(counts, dtype=x.dtype)
    if shift is not None:
        shift = convert_to_tensor(shift)
        m_ss = m.subtract(x, shift)
        v_ss = m.squared_difference(x, shift)
    else:
        m_ss = x
        v_ss = m.square(x)
    return (counts_t, m.reduce_sum(m_ss, axes, keepdims=keepdims), m.reduce_sum(v_ss, axes, keepdims=keepdims),
            shift)


@tf_export("nn.weighted_moments")
def weighted_moments(x: Any, axes: Any, frequency_weights: Any, keepdims: Any = None, name: Any = None) -> tuple:
    """TF: tf.nn.weighted_moments: the frequency-weighted mean and variance (float16 computed in float32)."""
    a, m, _, _ = _ops()
    x = convert_to_tensor(x)
    w = convert_to_tensor(frequency_weights)
    needs_cast = x.dtype == dtypes.float16
    if needs_cast:
        x = m.cast(x, dtypes.float32)
    if w.dtype != x.dtype:
        w = m.cast(w, x.dtype)
    weighted_input_sum = m.reduce_sum(w * x, axes, keepdims=True)
    sum_of_weights = m.reduce_sum(w + a.zeros_like(x), axes, keepdims=True)
    mean = m.divide_no_nan(weighted_input_sum, sum_of_weights)
    distsq = m.reduce_sum(w * m.squared_difference(x, mean), axes, keepdims=True)
    variance = m.divide_no_nan(distsq, sum_of_weights)
    if not keepdims:
        mean = a.squeeze(mean, axis=axes)
        variance = a.squeeze(variance, axis=axes)
    if needs_cast:
        mean, variance = m.cast(mean, dtypes.float16), m.cast(variance, dtypes.float16)
    return mean, variance


@tf_export("nn.log_poisson_loss")
def log_poisson_loss(targets: Any, log_input: Any, compute_full_loss: bool = False, name: Any = None) -> Tensor:
    """TF: tf.nn.log_poisson_loss: exp(log_input) - log_input * targets (+ Stirling's term if full)."""
    a, m, _, _ = _ops()
    log_input = convert_to_tensor(log_input)
    targets = convert_to_tensor(targets)
    if not targets.shape.is_compatible_with(log_input.shape):
        raise ValueError("`log_input` and `targets` must have the same shape, received "
                         f"({log_input.shape} vs {targets.shape}).")
    result = m.exp(log_input) - log_input * targets
    if compute_full_loss:
        half = convert_to_tensor(0.5, dtype=targets.dtype)
        two_pi = convert_to_tensor(2 * np.pi, dtype=targets.dtype)
        stirling = (targets * m.log(targets)) - targets + (half * m.log(two_pi * targets))
        zeros = a.zeros_like(targets)
        cond = m.logical_and(targets >= zeros, targets <= a.ones_like(targets))
        result = result + a.where(cond, zeros, stirling)
    return result


@tf_export("nn.crelu")
def crelu(features: Any, axis: int = -1, name: Any = None) -> Tensor:
    """TF: tf.nn.crelu = relu(concat([x, -x], axis))."""
    a, _, nn, _ = _ops()
    x = convert_to_tensor(features)
    return nn.relu(a.concat([x, -x], axis))


# ----- embeddings ----------------------------------------------------------------------------------


def _clip(params: Tensor, ids: Tensor, max_norm: Any) -> Tensor:
    """TF: embedding_ops._clip, clip_by_norm over the embedding dimensions."""
    a, _, _, _ = _ops()
    if max_norm is None:
        return params
    ids_rank, params_rank = ids.shape.ndims, params.shape.ndims
    return a.clip_by_norm(params, max_norm, axes=list(range(ids_rank, params_rank)))


@tf_export("nn.embedding_lookup")
def embedding_lookup(params: Any, ids: Any, max_norm: Any = None, name: Any = None) -> Tensor:
    """TF: tf.nn.embedding_lookup: gather(params, ids); a list of params is split with the "div" strategy."""
    a, m, _, _ = _ops()
    if params is None:
        raise ValueError("params must be specified")
    if isinstance(params, (list, tuple)) and not params:
        raise ValueError("Length of params is currently 0. Need at least one param.")
    plist = list(params) if isinstance(params, (list, tuple)) else [params]
    ids = convert_to_tensor(ids)
    if len(plist) == 1:
        return a.identity(_clip(a.gather(plist[0], ids), ids, max_norm))
    # "div": contiguous ranges of ids per partition, the first (total % np) partitions one row larger
    plist = [p if isinstance(p, Tensor) else convert_to_tensor(p) for p in plist]
    sizes = [int(p.shape[0]) for p in plist]
    flat = np.asarray(ids._value).reshape(-1)
    bounds = np.cumsum([0] + sizes)
    part = np.searchsorted(bounds, flat, side="right") - 1
    pieces = [a.gather(p, flat[part == i] - bounds[i]) for i, p in enumerate(plist)]
    order = np.argsort(np.concatenate([np.nonzero(part == i)[0] for i in range(len(plist))]), kind="stable")
    stacked = a.gather(a.concat(pieces, 0), order.astype(np.int32))
    out = a.reshape(stacked, list(ids._value.shape) + list(plist[0]._value.shape[1:]))
    return a.identity(_clip(out, ids, max_norm))


def _lookup_sparse_impl(params: list, segment_ids: Tensor, sp_weights: Any, ids: Tensor, combiner: str,
                        max_norm: Any, allow_fast_lookup: bool) -> Tensor:
    """TF: embedding_ops.embedding_lookup_sparse_impl (with TF 2.21's forward-compatibility choices)."""
    from tfshim.ops import segment_ops, sparse_ops

    a, m, _, _ = _ops()
    ignore_weights = sp_weights is None
    if len(params) == 1 and not isinstance(params[0], Tensor):
        params = [convert_to_tensor(params[0])]
    sparse_gradient = False
    if len(params) == 1 and max_norm is None and (allow_fast_lookup or ignore_weights):
        idx, embeddings = ids, params[0]
        sparse_gradient = not allow_fast_lookup  # TF: the params gradient is then IndexedSlices
    else:
        ids, idx = a.unique(ids)
        embeddings = embedding_lookup(params, ids, max_norm=max_norm)
    if not ignore_weights:
        if segment_ids.dtype != dtypes.int32:
            segment_ids = m.cast(segment_ids, dtypes.int32)
        weights = sp_weights.values
        embeddings = a.gather(embeddings, idx)
        original_dtype = embeddings.dtype
        if embeddings.dtype in (dtypes.float16, dtypes.bfloat16):
            embeddings = m.cast(embeddings, dtypes.float32)
        if weights.dtype != embeddings.dtype:
            weights = m.cast(weights, embeddings.dtype)
        weights = a.reshape(weights, list(weights._value.shape) + [1] * (embeddings._value.ndim - 1))
        embeddings = embeddings * weights
        if combiner == "sum":
            embeddings = segment_ops.segment_sum(embeddings, segment_ids)
        elif combiner == "mean":
            embeddings = segment_ops.segment_sum(embeddings, segment_ids)
            weight_sum = segment_ops.segment_sum(weights, segment_ids)
            embeddings = m.divide_no_nan(embeddings, weight_sum)
        else:
            embeddings = segment_ops.segment_sum(embeddings, segment_ids)
            weight_sum = segment_ops.segment_sum(m.pow(weights, 2), segment_ids)
            embeddings = m.divide_no_nan(embeddings, m.sqrt(weight_sum))
        if embeddings.dtype != original_dtype:
            embeddings = m.cast(embeddings, original_dtype)
        return embeddings
    if segment_ids.dtype not in (dtypes.int32, dtypes.int64):
        segment_ids = m.cast(segment_ids, dtypes.int32)
    fn = {"sum": sparse_ops.segment_sum, "mean": sparse_ops.segment_mean, "sqrtn": sparse_ops.segment_sqrt_n}
    return fn[combiner](embeddings, idx, segment_ids, sparse_gradient=sparse_gradient)


@tf_export("nn.embedding_lookup_sparse")
def embedding_lookup_sparse(params: Any, sp_ids: Any, sp_weights: Any, combiner: Any = None, max_norm: Any = None,
                            name: Any = None, allow_fast_lookup: bool = False) -> Tensor:
    """TF: tf.nn.embedding_lookup_sparse: per row of the 2-D SparseTensor sp_ids, the (weighted) sum, mean or
    sqrtn-scaled sum of the params rows its ids select. RaggedTensor ids are not implemented by tfshim."""
    from tfshim.framework.sparse_tensor import SparseTensor

    if combiner is None:
        combiner = "mean"
    if combiner not in ("mean", "sqrtn", "sum"):
        raise ValueError(f"combiner must be one of 'mean', 'sqrtn' or 'sum', got {combiner}")
    if not isinstance(params, list):
        params = [params]
    if not isinstance(sp_ids, SparseTensor):
        if type(sp_ids).__name__ == "RaggedTensor":
            raise NotImplementedError("tf.nn.embedding_lookup_sparse with RaggedTensor ids is not implemented by "
                                      "tfshim")
        raise TypeError(f"sp_ids must be SparseTensor, got {type(sp_ids)}")
    if sp_weights is not None:
        if not isinstance(sp_weights, SparseTensor):
            raise TypeError(f"sp_weights must be either None or SparseTensor,got {type(sp_weights)}")
        sp_ids.values.shape.assert_is_compatible_with(sp_weights.values.shape)
        sp_ids.indices.shape.assert_is_compatible_with(sp_weights.indices.shape)
        sp_ids.dense_shape.shape.assert_is_compatible_with(sp_weights.dense_shape.shape)
    return _lookup_sparse_impl(params, sp_ids.indices[:, 0], sp_weights, sp_ids.values, combiner, max_norm,
                               allow_fast_lookup)


@tf_export("nn.safe_embedding_lookup_sparse")
def safe_embedding_lookup_sparse(embedding_weights: Any, sparse_ids: Any, sparse_weights: Any = None,
                                 combiner: str = "mean", default_id: Any = None, max_norm: Any = None,
                                 name: Any = None, allow_fast_lookup: bool = False) -> Tensor:
    """TF: tf.nn.safe_embedding_lookup_sparse: embedding_lookup_sparse after dropping ids < 0 (and, unless
    combiner is "sum", weights <= 0); rows left empty give params[default_id], or zeros. sparse_ids of any rank
    >= 2 (the leading dimensions are kept)."""
    from tfshim.framework.sparse_tensor import SparseTensor
    from tfshim.ops import sparse_ops

    a, m, _, _ = _ops()
    if embedding_weights is None:
        raise ValueError(f"Missing embedding_weights {embedding_weights}.")
    if not isinstance(embedding_weights, list):
        embedding_weights = [embedding_weights]
    if len(embedding_weights) < 1:
        raise ValueError(f"Missing embedding_weights {embedding_weights}.")
    dtype = sparse_weights.dtype if sparse_weights is not None else None
    embedding_weights = [w if type(w).__name__ in ("Variable", "ResourceVariable") and dtype in (None, w.dtype)
                         else convert_to_tensor(w, dtype=dtype) for w in embedding_weights]
    original_shape = sparse_ids.dense_shape
    rank = int(original_shape._value.shape[0])
    dims = [int(d) for d in original_shape._value]
    sparse_ids = sparse_ops.reshape(sparse_ids, [int(np.prod(dims[:rank - 1], dtype=np.int64)), dims[rank - 1]])
    if sparse_weights is not None:
        sparse_weights = SparseTensor(sparse_ids.indices, sparse_weights.values, sparse_ids.dense_shape)
    valid = m.greater_equal(sparse_ids.values, 0)
    if sparse_weights is not None:
        valid = m.logical_and(valid, a.ones_like(sparse_weights.values, dtype=dtypes.bool))
    sparse_ids = sparse_ops.retain(sparse_ids, valid)
    if sparse_weights is not None:
        sparse_weights = sparse_ops.retain(sparse_weights, valid)
    if combiner != "sum" and sparse_weights is not None:
        positive = m.greater(sparse_weights.values, 0)
        sparse_ids = sparse_ops.retain(sparse_ids, positive)
        sparse_weights = sparse_ops.retain(sparse_weights, positive)
    sparse_ids, is_row_empty = sparse_ops.fill_empty_rows(sparse_ids, default_id or 0)
    if sparse_weights is not None:
        sparse_weights, _ = sparse_ops.fill_empty_rows(sparse_weights, 1.0)
    result = embedding_lookup_sparse(embedding_weights, sparse_ids, sparse_weights, combiner=combiner,
                                     max_norm=max_norm, allow_fast_lookup=allow_fast_lookup)
    if default_id is None:
        is_row_empty = a.tile(a.reshape(is_row_empty, [-1, 1]), [1, result._value.shape[1]])
        result = a.where(is_row_empty, a.zeros_like(result), result)
    return a.reshape(result, dims[:rank - 1] + list(result._value.shape[1:]))


# ----- transposed, depthwise and separable convolutions --------------------------------------------


@tf_export("nn.conv2d_transpose")
def conv2d_transpose(input: Any, filters: Any, output_shape: Any, strides: Any, padding: str = "SAME",  # noqa: A002
                     data_format: str = "NHWC", dilations: Any = None, name: Any = None) -> Tensor:
    """TF: tf.nn.conv2d_transpose = conv2d_backprop_input(output_shape, filters, input)."""
    _, _, nn, _ = _ops()
    if data_format != "NHWC":
        raise NotImplementedError("tfshim: conv2d_transpose supports data_format='NHWC' only")
    x, f = convert_to_tensor(input), convert_to_tensor(filters)
    s = nn._get_sequence(strides, 2, "strides")
    d = nn._get_sequence(dilations, 2, "dilations")
    shape = tuple(int(v) for v in np.asarray(output_shape._value if isinstance(output_shape, Tensor)
                                             else output_shape).reshape(-1))
    return nn.Conv2DBackpropInput(f, x, input_sizes=shape, strides=(s[1], s[2]), dilations=(d[1], d[2]),
                                  padding=nn._padding(padding))


@tf_export("nn.conv1d_transpose")
def conv1d_transpose(input: Any, filters: Any, output_shape: Any, strides: Any, padding: str = "SAME",  # noqa: A002
                     data_format: str = "NWC", dilations: Any = None, name: Any = None) -> Tensor:
    """TF: tf.nn.conv1d_transpose: conv2d_transpose on a height-1 image."""
    a, _, nn, _ = _ops()
    if data_format not in (None, "NWC"):
        raise ValueError(f"`data_format` must be 'NWC' or 'NCW'. Received: data_format={data_format}")
    s = nn._get_sequence(strides, 1, "stride")
    d = nn._get_sequence(dilations, 1, "dilations")
    shape = [int(v) for v in np.asarray(output_shape._value if isinstance(output_shape, Tensor)
                                        else output_shape).reshape(-1)]
    out = conv2d_transpose(a.expand_dims(convert_to_tensor(input), 1), a.expand_dims(convert_to_tensor(filters), 0),
                           [shape[0], 1] + shape[1:], [1, 1, s[1], 1], padding, dilations=[1, 1, d[1], 1])
    return a.squeeze(out, [1])


@tf_export("nn.conv_transpose")
def conv_transpose(input: Any, filters: Any, output_shape: Any, strides: Any, padding: str = "SAME",  # noqa: A002
                   data_format: Any = None, dilations: Any = None, name: Any = None) -> Tensor:
    """TF: tf.nn.conv_transpose: conv1d_, conv2d_ or conv3d_transpose by the rank of output_shape."""
    import collections.abc

    from tfshim.framework.variables import Variable

    if isinstance(output_shape, (Tensor, Variable)):
        dims = tuple(output_shape.shape.as_list())
        n = dims[0]  # TF: output_shape.shape[0] (a 0-d tensor's is an IndexError)
    elif isinstance(output_shape, collections.abc.Sized):
        n = len(output_shape)
    else:
        raise ValueError(f"`output_shape` must be a tensor or sized collection. Received: output_shape={output_shape}")
    if n == 3:
        return conv1d_transpose(input, filters, output_shape, strides, padding, data_format or "NWC", dilations)
    if n == 4:
        return conv2d_transpose(input, filters, output_shape, strides, padding, data_format or "NHWC", dilations)
    if n == 5:
        from tfshim.ops import nn_ops_3d

        return nn_ops_3d.conv3d_transpose(input, filters, output_shape, strides, padding, data_format or "NDHWC",
                                          dilations)
    raise ValueError(f"`output_shape` must be of length 3, 4 or 5. Received: output_shape={output_shape} of "
                     f"length {n}.")


def _space_to_batch_rate(x: Tensor, rate: Any, data_format: Any) -> Any:
    """TF: nn_ops._WithSpaceToBatch's checks of the dilation rate (converted to int32, a vector, positive, the
    input of rank at least its spatial dims); returns the rate as a NumPy vector."""
    rate_t = convert_to_tensor(rate, dtypes.int32, name="dilation_rate")
    if rate_t.shape.ndims != 1:
        raise ValueError(f"`dilation_rate.shape.rank` must be 1. Received: dilation_rate={rate_t} of rank "
                         f"{rate_t.shape.ndims}")
    n = rate_t.shape[0]
    channels_first = data_format is not None and data_format.startswith("NC")
    start = 2 if channels_first else 1
    spatial = list(range(start, n + start))
    if not spatial:  # TF indexes the empty list of spatial dims
        raise IndexError("list index out of range")
    expected = spatial[-1] if channels_first else spatial[-1] + 1
    if (x.shape.ndims or 0) < expected:
        raise ValueError(f"`input.shape.rank` must be at least {expected}. Received: input.shape={x.shape} with "
                         f"rank {x.shape.ndims}")
    r = rate_t._value
    if np.any(r < 1):
        raise ValueError(f"`dilation_rate` must be positive. Received: dilation_rate={r}")
    return r


def _dilated_padding(padding: Any) -> None:
    """TF: _WithSpaceToBatch's padding (after convert_padding) where the rate is not all ones."""
    if padding == "EXPLICIT":
        raise ValueError("'EXPLICIT' is not a valid value for `padding`. To use explicit padding, `padding` must be "
                         "a list.")
    if isinstance(padding, (list, tuple)):
        raise NotImplementedError("tfshim: explicit padding lists are not supported; use 'SAME' or 'VALID'")
    if padding not in ("SAME", "VALID"):
        raise ValueError(f"`padding` must be one of 'SAME' or 'VALID'. Received: padding={padding}")


_DW = "DepthwiseConv2dNative"
_DW_MKL = "_MklNativeDepthwiseConv2dNative"


def _dw_kernel_error(cls: Any, message: str) -> None:
    from tfshim.ops.op import raise_op_error

    raise_op_error(_DW, KernelError(cls, message), "__MklNative" + _DW)


def _depthwise_native(x: Tensor, f: Tensor, strides: Any, padding: Any, data_format: Any, rate: Any) -> Tensor:
    """TF: nn_ops.depthwise_conv2d_native and its generated wrapper's checks, in TF's order (attr types, NodeDef
    attrs, input dtypes, oneDNN's kernel checks), then one Conv2D per input channel (`rate`: the dilations
    with_space_to_batch applies around the op, height and width)."""
    from tfshim.ops.op import attr_value_error, check_attr, dtype_mismatch, make_int_list, make_str

    if padding == "EXPLICIT":
        raise ValueError("'EXPLICIT' is not a valid value for `padding`. To use explicit padding, `padding` must be "
                         "a list.")
    if isinstance(padding, (list, tuple)):
        raise NotImplementedError("tfshim: explicit padding lists are not supported; use 'SAME' or 'VALID'")
    # the eager fast path takes None for a list attr as an empty list
    s = [] if strides is None else make_int_list(strides, "strides", "depthwise_conv2d_native")
    padding = make_str(padding, "padding")
    data_format = make_str("NHWC" if data_format is None else data_format, "data_format")
    check_attr(_DW, x, "T")
    if padding not in ("SAME", "VALID", "EXPLICIT"):
        raise attr_value_error(_DW_MKL, _DW, "padding", padding)
    if data_format not in ("NHWC", "NCHW"):
        raise attr_value_error(_DW_MKL, _DW, "data_format", data_format)
    if f._dtype is not x._dtype:
        e: Any = dtype_mismatch(_DW_MKL, 1, x._dtype, f._dtype)
        raise type(e)(None, None, e.message.replace("[Op:%s]" % _DW_MKL, "[Op:%s]" % _DW))
    if len(s) not in (4, 5):
        _dw_kernel_error(errors.InvalidArgumentError, "Sliding window strides field must specify 4 or 5 dimensions")
    if len(s) == 5:
        _dw_kernel_error(errors.InvalidArgumentError, "Dilation rates field must specify 5 dimensions")
    first = data_format == "NCHW"
    batch, depth, sh, sw = (s[0], s[1], s[2], s[3]) if first else (s[0], s[3], s[1], s[2])
    if batch != 1 or depth != 1:
        _dw_kernel_error(errors.UnimplementedError, "Current implementation does not yet support strides in the "
                         "batch and depth dimensions.")
    fv = f._value
    if fv.ndim != 4:
        _dw_kernel_error(errors.InvalidArgumentError, "filter must be 4-dimensional: [%s]"
                         % ",".join(str(d) for d in fv.shape))
    if fv.size == 0:
        _dw_kernel_error(errors.InvalidArgumentError, "filter must not have zero elements (i.e. all dimensions must "
                         "be non-zero)")
    xv = x._value
    cin = xv.shape[1] if first else xv.shape[3]
    if cin % fv.shape[2]:
        _dw_kernel_error(errors.InvalidArgumentError, "input depth must be evenly divisible by filter depth: %d vs %d"
                         % (cin, fv.shape[2]))
    if cin != fv.shape[2]:
        raise NotImplementedError("tfshim: depthwise_conv2d with an input depth a multiple of the filter's")
    for v in (sh, sw):
        if v <= 0:
            _dw_kernel_error(errors.InvalidArgumentError, f"Stride must be > 0, but got {v}")
    dh, dw = (int(rate[0]), int(rate[1]) if len(rate) > 1 else 1)
    hw = (xv.shape[2], xv.shape[3]) if first else (xv.shape[1], xv.shape[2])
    for size, k, d, st in ((hw[0], fv.shape[0], dh, sh), (hw[1], fv.shape[1], dw, sw)):
        ek = (k - 1) * d + 1
        if padding == "VALID" and size - ek < 0:
            _dw_kernel_error(errors.InvalidArgumentError, "Computed output size would be negative: %d [input_size: "
                             "%d, effective_filter_size: %d, stride: %d]" % ((size - ek + st) // st, size, ek, st))
    a, _, nn, _ = _ops()
    if first:  # computed channels-last between two transposes
        x = a.transpose(x, [0, 2, 3, 1])
    outs = [nn.Conv2D(x[..., c:c + 1], f[:, :, c:c + 1, :], strides=(sh, sw), dilations=(dh, dw), padding=padding)
            for c in range(cin)]
    out = a.concat(outs, -1)
    return a.transpose(out, [0, 3, 1, 2]) if first else out


def _depthwise(x: Tensor, f: Tensor, strides: Any, padding: Any, data_format: Any, rate: Any) -> Tensor:
    """TF: nn_ops.with_space_to_batch around depthwise_conv2d_native."""
    r = _space_to_batch_rate(x, rate, data_format)
    if np.all(r == 1):
        return _depthwise_native(x, f, strides, padding, data_format, (1, 1))
    _dilated_padding(padding)
    if len(r) > 2:
        raise NotImplementedError("tfshim: depthwise_conv2d with more than 2 dilation rates")
    return _depthwise_native(x, f, strides, padding, data_format, tuple(r))


@tf_export("nn.depthwise_conv2d")
def depthwise_conv2d(input: Any, filter: Any, strides: Any, padding: str, data_format: Any = None,  # noqa: A002
                     dilations: Any = None, name: Any = None) -> Tensor:
    """TF: tf.nn.depthwise_conv2d: channel c convolved with filter[:, :, c, :]; outputs c * multiplier + k."""
    x, f = convert_to_tensor(input), convert_to_tensor(filter)
    rate = [1, 1] if dilations is None else dilations
    if any([r > 1 for r in rate]):  # TF's warning check iterates the rate, then the strides
        any([v != 1 for v in strides])
    return _depthwise(x, f, strides, padding, data_format, rate)


@tf_export("nn.separable_conv2d")
def separable_conv2d(input: Any, depthwise_filter: Any, pointwise_filter: Any, strides: Any,  # noqa: A002
                     padding: str, data_format: Any = None, dilations: Any = None, name: Any = None) -> Tensor:
    """TF: tf.nn.separable_conv2d: a depthwise convolution, then a 1x1 convolution."""
    _, _, nn, _ = _ops()
    x = convert_to_tensor(input)
    depthwise_filter = convert_to_tensor(depthwise_filter)
    pointwise_filter = convert_to_tensor(pointwise_filter)
    pw_shape = pointwise_filter.shape.with_rank(4)
    pw_shape.dims[0].assert_is_compatible_with(1)
    pw_shape.dims[1].assert_is_compatible_with(1)
    depthwise = _depthwise(x, depthwise_filter, strides, padding, data_format, [1, 1] if dilations is None
                           else dilations)
    return nn.conv2d(depthwise, pointwise_filter, [1, 1, 1, 1], "VALID", data_format or "NHWC")


# ----- local response normalization ----------------------------------------------------------------


@tf_export("nn.local_response_normalization", "nn.lrn")
def local_response_normalization(input: Any, depth_radius: int = 5, bias: float = 1,  # noqa: A002
                                 alpha: float = 1, beta: float = 0.5, name: Any = None) -> Tensor:
    """TF: tf.nn.local_response_normalization: x / (bias + alpha * sum of squares over +-depth_radius
    channels) ** beta, over the last dimension of a 4-D input."""
    from tfshim.ops.eager_attrs import op_attrs
    from tfshim.ops.op import check_attr

    a, m, _, _ = _ops()
    attrs = op_attrs("lrn", (input,), ("int", "depth_radius", depth_radius, 5), ("float", "bias", bias, 1.0),
                     ("float", "alpha", alpha, 1.0), ("float", "beta", beta, 0.5))
    depth_radius, bias, alpha, beta = attrs
    x = convert_to_tensor(input)
    check_attr("LRN", x, "T", suffix=attrs.suffix)
    prefix = "{{function_node __wrapped__LRN_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
    if not 0 <= depth_radius < 2**31 - 1:  # TF's kernel: FastBoundsCheck(depth_radius, INT_MAX)
        raise errors.InvalidArgumentError(None, None, "%sdepth_radius = %d larger than int max [Op:LRN]%s"
                                          % (prefix, depth_radius, attrs.suffix))
    if x.shape.ndims != 4:
        raise errors.InvalidArgumentError(None, None, "%sin must be 4-dimensional [Op:LRN]%s" % (prefix, attrs.suffix))
    depth = x._value.shape[-1]
    sq = m.square(x)
    padded = a.pad(sq, [[0, 0], [0, 0], [0, 0], [depth_radius, depth_radius]])
    window = padded[..., 0:depth]
    for k in range(1, 2 * depth_radius + 1):
        window = window + padded[..., k:k + depth]
    c = lambda v: convert_to_tensor(v, dtype=x.dtype)  # noqa: E731
    # TF's kernel: multiplier = sum * alpha + bias, then rsqrt (beta 0.5), reciprocal (beta 1) or exp(log * -beta)
    multiplier = window * c(alpha) + c(bias)
    if beta == 0.5:
        return x * m.rsqrt(multiplier)
    if beta == 1:
        return x * m.reciprocal(multiplier)
    return x * m.exp(m.log(multiplier) * c(-beta))


# ----- depth_to_space / space_to_depth, in_top_k ---------------------------------------------------


def _depth_to_space_kernel(x: np.ndarray, block_size: int = 2) -> Any:
    if x.ndim != 4:
        raise KernelError(errors.InvalidArgumentError, "Input rank should be: 4 instead of: %d" % x.ndim)
    n, h, w, c = x.shape
    b = block_size
    if c % (b * b):
        raise KernelError(errors.InvalidArgumentError, "Input depth dimension %d should be divisible by: %d"
                          % (c, b * b))
    return x.reshape(n, h, w, b, b, c // (b * b)).transpose(0, 1, 3, 2, 4, 5).reshape(n, h * b, w * b, c // (b * b))


def _space_to_depth_kernel(x: np.ndarray, block_size: int = 2) -> Any:
    if x.ndim != 4:  # (without DepthToSpace's colons)
        raise KernelError(errors.InvalidArgumentError, "Input rank should be 4 instead of %d" % x.ndim)
    n, h, w, c = x.shape
    b = block_size
    if h % b or w % b:
        raise KernelError(errors.InvalidArgumentError, "Image width %d and height %d should be divisible by "
                          "block_size: %d" % (w, h, b))
    return x.reshape(n, h // b, b, w // b, b, c).transpose(0, 1, 3, 2, 4, 5).reshape(n, h // b, w // b, c * b * b)


DepthToSpace = defop("DepthToSpace", _depth_to_space_kernel)
SpaceToDepth = defop("SpaceToDepth", _space_to_depth_kernel)


@DepthToSpace.gradient
def _depth_to_space_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns space_to_depth(grad)."""
    return SpaceToDepth(grad, block_size=op.get_attr("block_size"))


@SpaceToDepth.gradient
def _space_to_depth_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns depth_to_space(grad)."""
    return DepthToSpace(grad, block_size=op.get_attr("block_size"))


def _block_size_check(block_size: Any, op: str) -> int:
    if int(block_size) < 2:
        raise errors.InvalidArgumentError(None, None, "Value for attr 'block_size' of %d must be at least minimum 2"
                                          "\n\t; NodeDef: {{node %s}}" % (int(block_size), op))
    return int(block_size)


@tf_export("nn.depth_to_space")
def depth_to_space(input: Any, block_size: int, data_format: str = "NHWC", name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.nn.depth_to_space (NHWC): depth blocks moved into block_size x block_size spatial tiles."""
    from tfshim.ops.eager_attrs import op_attrs

    block_size, data_format = op_attrs("depth_to_space", (input,), ("int", "block_size", block_size),
                                       ("str", "data_format", data_format, "NHWC"))
    x = convert_to_tensor(input)
    return run_op(DepthToSpace, (input,), x, block_size=_block_size_check(block_size, "DepthToSpace"))


@tf_export("nn.space_to_depth")
def space_to_depth(input: Any, block_size: int, data_format: str = "NHWC", name: Any = None) -> Tensor:  # noqa: A002
    """TF: tf.nn.space_to_depth (NHWC), the inverse of depth_to_space."""
    from tfshim.ops.eager_attrs import op_attrs

    block_size, data_format = op_attrs("space_to_depth", (input,), ("int", "block_size", block_size),
                                       ("str", "data_format", data_format, "NHWC"))
    x = convert_to_tensor(input)
    return run_op(SpaceToDepth, (input,), x, block_size=_block_size_check(block_size, "SpaceToDepth"))


def _in_top_k_kernel(predictions: np.ndarray, targets: np.ndarray, k: np.ndarray) -> Any:
    if predictions.ndim != 2:
        raise KernelError(errors.InvalidArgumentError, "predictions must be 2-dimensional")
    if targets.ndim != 1:
        raise KernelError(errors.InvalidArgumentError, "targets must be 1-dimensional")
    if predictions.shape[0] != targets.shape[0]:
        raise KernelError(errors.InvalidArgumentError, "First dimension of predictions %d must match length of "
                          "targets %d" % (predictions.shape[0], targets.shape[0]))
    if k.ndim:
        raise KernelError(errors.InvalidArgumentError, "k must be 0-D, got shape [%s]"
                          % ",".join(str(d) for d in k.shape))
    kk = int(k)
    rows = np.arange(predictions.shape[0])
    valid = (targets >= 0) & (targets < predictions.shape[1])
    t = np.where(valid, targets, 0)
    target_pred = predictions[rows, t]
    finite = np.isfinite(target_pred)
    more = np.sum(predictions > target_pred[:, None], axis=1)
    return valid & finite & (more < kk)


InTopKV2 = defop("InTopKV2", _in_top_k_kernel)


@tf_export("math.in_top_k", "nn.in_top_k")
def in_top_k(targets: Any, predictions: Any, k: Any, name: Any = None) -> Tensor:
    """TF: tf.math.in_top_k: whether each target is among the k largest predictions (ties count as in)."""
    from tfshim.framework.constant_op import convert_index_input, match_inputs
    from tfshim.ops.op import as_called, check_attr, dtype_mismatch, error_suffix

    raw = (predictions, targets, k)
    suffix = error_suffix(raw)
    if hasattr(predictions, "assign"):
        predictions = predictions.value()
    # predictions is a float input: the fast path converts the inputs in order (a tensor of another dtype stays for
    # the kernel's input check; targets, typed by T with default int32, strictly); the slow path (a list argument)
    # converts targets and k first, then predictions to float32
    if suffix:
        p = predictions if isinstance(predictions, Tensor) else convert_to_tensor(predictions, dtypes.float32)
        t, kt = match_inputs([targets if isinstance(targets, Tensor) else convert_index_input(targets), k])
    else:
        t, kt = match_inputs([targets, k], (dtypes.int32, dtypes.int64), dtypes.int32)
        p = convert_to_tensor(predictions, dtypes.float32)
    check_attr("InTopKV2", t, "T", suffix=suffix)
    if kt._dtype is not t._dtype:
        raise as_called(dtype_mismatch("InTopKV2", 2, t._dtype, kt._dtype), raw)
    if p._dtype is not dtypes.float32:
        raise as_called(dtype_mismatch("InTopKV2", 0, dtypes.float32, p._dtype), raw)
    return run_op(InTopKV2, raw, p, t, kt)


_CHANNELS_LAST_FORMATS = frozenset({"NWC", "NHC", "NHWC", "NWHC", "NDHWC", "NDWHC", "NHDWC", "NHWDC", "NWDHC",
                                    "NWHDC"})


@tf_export("nn.convolution")
def convolution(input: Any, filters: Any, strides: Any = None, padding: str = "VALID",  # noqa: A002
                data_format: Any = None, dilations: Any = None, name: Any = None) -> Tensor:
    """TF: tf.nn.convolution (convolution_internal) for 1-D, 2-D and 3-D convolutions: the number of spatial
    dimensions from the filter's rank, then conv1d / conv2d / conv3d."""
    from tfshim.framework.variables import Variable

    _, _, nn, _ = _ops()
    if not isinstance(filters, (Tensor, Variable)):
        filters = convert_to_tensor(filters)
    if not isinstance(input, (Tensor, Variable)):
        input = convert_to_tensor(input)
    filters_rank, inputs_rank = filters.shape.rank, input.shape.rank
    if filters_rank:
        n = filters_rank - 2
    elif inputs_rank:
        n = inputs_rank - 2
    else:
        raise ValueError(f"When `num_spatial_dims` is not set, one of `input.shape.rank` or `filters.shape.rank` must "
                         f"be known. Received: input.shape={input.shape} of rank {inputs_rank} and "
                         f"filters.shape={filters.shape} of rank {filters_rank}")
    num_batch_dims = inputs_rank - n - 1 if inputs_rank else 1
    if n not in {1, 2, 3}:
        raise ValueError(f"`num_spatial_dims` must be 1, 2, or 3. Received: num_spatial_dims={n}.")
    channel_index = num_batch_dims + n if data_format is None or data_format in _CHANNELS_LAST_FORMATS \
        else num_batch_dims
    dilations = nn._get_sequence(dilations, n, "dilations", channel_index)
    strides = nn._get_sequence(strides, n, "strides", channel_index)
    if inputs_rank != n + 2:
        raise NotImplementedError("tfshim: tf.nn.convolution with more than one batch dimension")
    if n == 1:
        return nn.conv1d(input, filters, strides, padding, data_format or "NWC", dilations)
    if n == 2:
        return nn.conv2d(input, filters, strides, padding, data_format or "NHWC", dilations)
    from tfshim.ops import nn_ops_3d

    return nn_ops_3d.conv3d(input, filters, strides, padding, data_format or "NDHWC", dilations)


@tf_export("nn.atrous_conv2d")
def atrous_conv2d(value: Any, filters: Any, rate: int, padding: str, name: Any = None) -> Tensor:
    """TF: tf.nn.atrous_conv2d = convolution with dilation rate `rate`."""
    return convolution(value, filters, padding=padding, dilations=np.broadcast_to(rate, (2,)))


@tf_export("nn.batch_norm_with_global_normalization")
def batch_norm_with_global_normalization(input: Any, mean: Any, variance: Any, beta: Any, gamma: Any,  # noqa: A002
                                         variance_epsilon: Any, scale_after_normalization: bool,
                                         name: Any = None) -> Tensor:
    """TF: tf.nn.batch_norm_with_global_normalization = batch_normalization (gamma only if scaling)."""
    return batch_normalization(input, mean, variance, beta, gamma if scale_after_normalization else None,
                               variance_epsilon)


# ----- depthwise convolution backprops -------------------------------------------------------------


def _depthwise_error(kind: str, cls: Any, message: str) -> Exception:
    op = "DepthwiseConv2dNativeBackprop" + kind
    return cls(None, None, "{{function_node __wrapped____MklNative%s_device_/job:localhost/replica:0/task:0/"
               "device:CPU:0}} %s [Op:%s]" % (op, message, op))


def _onednn_failure(kind: str) -> Exception:
    where = "mkl_conv_grad_input_ops.cc:546" if kind == "Input" else "mkl_conv_grad_filter_ops.cc:685"
    return _depthwise_error(kind, errors.AbortedError, (
        "Operation received an exception:Status: 2, message: could not create a primitive descriptor for the "
        "convolution forward propagation primitive. Run workload with environment variable ONEDNN_VERBOSE=all to "
        "get additional diagnostic information., in file tensorflow/core/kernels/mkl/%s" % where))


def _depthwise_args(kind: str, inputs: tuple, strides: Any, padding: Any, data_format: Any, dilations: Any) -> tuple:
    """TF's attr and dtype checks of DepthwiseConv2dNativeBackprop{Input,Filter} (run as oneDNN's _MklNative ops):
    nn_ops.convert_padding, the generated wrapper's attrs, then its inputs (`inputs`: the op's three inputs as
    given; the sizes are the int32 one). Returns (the two T tensors, (stride h, stride w), padding)."""
    from tfshim.framework.constant_op import match_inputs
    from tfshim.ops.eager_attrs import fast_input, op_attrs
    from tfshim.ops.op import check_attr, dtype_mismatch

    op = "DepthwiseConv2dNativeBackpropInput" if kind == "Input" else "DepthwiseConv2dNativeBackpropFilter"
    fn = "depthwise_conv2d_native_backprop_" + kind.lower()
    if isinstance(padding, str) and padding == "EXPLICIT":
        raise ValueError("'EXPLICIT' is not a valid value for `padding`. To use explicit padding, `padding` must be "
                         "a list.")
    if isinstance(padding, (list, tuple)):
        raise NotImplementedError("tfshim: explicit padding lists are not supported; use 'SAME' or 'VALID'")
    strides, padding, _, data_format, _ = op_attrs(
        fn, inputs, ("ints", "strides", strides), ("str", "padding", padding), ("ints", "explicit_paddings", None, []),
        ("str", "data_format", data_format, "NHWC"), ("ints", "dilations", dilations, [1, 1, 1, 1]))
    t, g = match_inputs([inputs[1 if kind == "Input" else 0], inputs[2]])
    at = 0 if kind == "Input" else 1
    sizes = inputs[at]
    if not all(fast_input(v) for v in inputs):  # TF's Python fallback converts the sizes before running the op
        sizes = convert_to_tensor(sizes, dtypes.int32)
    check_attr(op, t, "T", suffix="")

    def mismatch(index: int, expected: Any, got: Any) -> Exception:  # TF checks the inputs of the oneDNN node
        e = dtype_mismatch("_MklNative" + op, index, expected, got)
        return type(e)(None, None, e.message.replace("[Op:_MklNative", "[Op:"))

    if g._dtype is not t._dtype:
        raise mismatch(2, t._dtype, g._dtype)
    if padding not in ("SAME", "VALID"):
        node = ("_MklNativeDepthwiseConv2dNativeBackpropInput" if kind == "Input" else
                "_MklNativeDepthwiseConv2dNativeBackpropFilter")
        raise errors.InvalidArgumentError(None, None, (
            'Value for attr \'padding\' of "%s" is not in the list of allowed values: "SAME", "VALID"\n\t; NodeDef: '
            "{{node %s}}; %s [Op:%s]" % (padding, node, op_def(node)[0], op)))  # type: ignore[index]
    if data_format not in ("NHWC", "NCHW"):
        raise NotImplementedError(f"tfshim: tf.nn.depthwise_conv2d_backprop_{kind.lower()} supports "
                                  "data_format 'NHWC' and 'NCHW'")
    if isinstance(sizes, Tensor) and sizes._dtype is not dtypes.int32:
        raise mismatch(at, dtypes.int32, sizes._dtype)
    s = [int(v) for v in strides]
    if data_format == "NCHW" and len(s) == 4:
        s = [s[0], s[2], s[3], s[1]]
    if len(s) != 4 or s[0] != 1 or s[3] != 1:
        raise _depthwise_error(kind, errors.InvalidArgumentError, "Current implementation does not yet support "
                               "strides in the batch and depth dimensions.")
    return t, g, (s[1], s[2]), padding


def _int_list(v: Any) -> list:
    return [int(d) for d in np.asarray(v._value if isinstance(v, Tensor) else v).reshape(-1)]


@tf_export("nn.depthwise_conv2d_backprop_input")
def depthwise_conv2d_backprop_input(input_sizes: Any, filter: Any, out_backprop: Any, strides: Any,  # noqa: A002
                                    padding: Any, data_format: str = "NHWC", dilations: Any = None,
                                    name: Any = None) -> Tensor:
    """TF: tf.nn.depthwise_conv2d_backprop_input (DepthwiseConv2dNativeBackpropInput): the gradient of
    depthwise_conv2d with respect to its input, as one conv2d_backprop_input per input channel. TF's oneDNN kernel
    ignores `dilations` (measured), and so does tfshim."""
    a, _, nn, _ = _ops()
    f, g, s, padding = _depthwise_args("Input", (input_sizes, filter, out_backprop), strides, padding, data_format,
                                       dilations)
    sizes = _int_list(input_sizes)
    if data_format == "NCHW":  # computed channels-last between transposes
        sizes = [sizes[0], sizes[2], sizes[3], sizes[1]]
        g = a.transpose(g, [0, 2, 3, 1])
        return a.transpose(depthwise_conv2d_backprop_input(sizes, f, g, [1, s[0], s[1], 1], padding), [0, 3, 1, 2])
    kh, kw, cin, mult = f._value.shape
    if sizes[3] != cin:
        raise _depthwise_error("Input", errors.InvalidArgumentError, "input depth must be evenly divisible by filter "
                               "depth: %d vs %d" % (sizes[3], cin))
    oh, _, _ = nn._out_and_pad(sizes[1], kh, s[0], 1, padding)
    ow, _, _ = nn._out_and_pad(sizes[2], kw, s[1], 1, padding)
    if tuple(g._value.shape) != (sizes[0], oh, ow, cin * mult):
        raise _onednn_failure("Input")
    outs = [nn.Conv2DBackpropInput(f[:, :, c:c + 1, :], g[..., c * mult:(c + 1) * mult],
                                   input_sizes=(sizes[0], sizes[1], sizes[2], 1), strides=s, dilations=(1, 1),
                                   padding=padding) for c in range(cin)]
    return a.concat(outs, -1) if outs else a.zeros(sizes, f.dtype)


@tf_export("nn.depthwise_conv2d_backprop_filter")
def depthwise_conv2d_backprop_filter(input: Any, filter_sizes: Any, out_backprop: Any, strides: Any,  # noqa: A002
                                     padding: Any, data_format: str = "NHWC", dilations: Any = None,
                                     name: Any = None) -> Tensor:
    """TF: tf.nn.depthwise_conv2d_backprop_filter (DepthwiseConv2dNativeBackpropFilter): the gradient of
    depthwise_conv2d with respect to its filter, one conv2d_backprop_filter per input channel. TF's oneDNN kernel
    ignores `dilations` (measured), and so does tfshim."""
    a, _, nn, _ = _ops()
    x, g, s, padding = _depthwise_args("Filter", (input, filter_sizes, out_backprop), strides, padding, data_format,
                                       dilations)
    if data_format == "NCHW":
        return depthwise_conv2d_backprop_filter(a.transpose(x, [0, 2, 3, 1]), filter_sizes,
                                                a.transpose(g, [0, 2, 3, 1]), [1, s[0], s[1], 1], padding)
    sizes = _int_list(filter_sizes)
    kh, kw, cin, mult = sizes
    n, h, w, c_in = x._value.shape
    oh, _, _ = nn._out_and_pad(h, kh, s[0], 1, padding)
    ow, _, _ = nn._out_and_pad(w, kw, s[1], 1, padding)
    if c_in != cin or tuple(g._value.shape) != (n, oh, ow, cin * mult):
        raise _onednn_failure("Filter")
    outs = [nn.Conv2DBackpropFilter(x[..., c:c + 1], g[..., c * mult:(c + 1) * mult],
                                    filter_sizes=(kh, kw, 1, mult), strides=s, dilations=(1, 1), padding=padding)
            for c in range(cin)]
    return a.concat(outs, 2) if outs else a.zeros(sizes, x.dtype)


# ----- tf.nn.pool, atrous_conv2d_transpose ---------------------------------------------------------


@tf_export("nn.pool")
def pool(input: Any, window_shape: Any, pooling_type: str, strides: Any = None, padding: str = "VALID",  # noqa: A002
         data_format: Any = None, dilations: Any = None, name: Any = None) -> Tensor:
    """TF: tf.nn.pool: N-D max or average pooling (1 to 3 spatial dimensions) through max_pool / avg_pool /
    max_pool3d / avg_pool3d. Dilated pooling (TF: with_space_to_batch) is not implemented by tfshim."""
    from tfshim.ops import nn_ops_3d

    _, _, nn, _ = _ops()
    pooling_type.lower()  # TF names its scope "%s_pool" % pooling_type.lower() first (AttributeError otherwise)
    x = convert_to_tensor(input)
    window_shape = list(window_shape)
    n = len(window_shape)
    if n < 1 or n > 3:
        raise ValueError(f"`len(window_shape)` must be 1, 2, or 3. Received: window_shape={window_shape} of length "
                         f"{len(window_shape)}")
    x.shape.with_rank(n + 2)
    if dilations is None:
        dilations = [1] * n
    elif len(dilations) != n:
        raise ValueError(f"`len(dilation_rate)` should be {n}. Received: dilation_rate={dilations} of length "
                         f"{len(dilations)}")
    rate = np.array(dilations, dtype=np.int32)
    if np.any(rate < 1):
        raise ValueError(f"all values of `dilation_rate` must be positive. Received: dilation_rate={rate}")
    if strides is None:
        strides = [1] * n
    elif len(strides) != n:
        raise ValueError(f"`len(strides)` should be {n}. Received: strides={strides} of length {len(strides)}")
    st = np.array(strides, dtype=np.int32)
    if np.any(st < 1):
        raise ValueError(f"all values of `strides` must be positive. Received: strides={st}")
    if np.any(st > 1) and np.any(rate > 1):
        raise ValueError("`strides > 1` not supported in conjunction with `dilation_rate > 1`. Received: "
                         f"strides={st} and dilation_rate={rate}")
    if padding == "SAME" and np.any(rate > 1):
        raise ValueError("pooling with 'SAME' padding is not implemented for `dilation_rate` > 1. Received: "
                         f"padding={padding} and dilation_rate={rate}")
    if np.any(st > window_shape):
        raise ValueError("`strides` > `window_shape` not supported due to inconsistency between CPU and GPU "
                         f"implementations. Received: strides={st} and window_shape={window_shape}")
    if pooling_type not in ("MAX", "AVG"):
        raise ValueError(f"{n}-D {pooling_type} pooling is not supported.")
    if np.any(rate > 1):
        raise NotImplementedError("tf.nn.pool with dilations > 1 (with_space_to_batch) is not implemented by tfshim")
    channels_first = data_format is not None and data_format.startswith("NC")
    if n == 1 and data_format not in (None, "NWC", "NCW"):
        raise ValueError(f"data_format must be either 'NWC' or 'NCW'. Received: data_format={data_format}")
    ksize = [1, 1] + window_shape if channels_first else [1] + window_shape + [1]
    step = [1, 1] + [int(v) for v in st] if channels_first else [1] + [int(v) for v in st] + [1]
    if n == 3:
        fn = nn_ops_3d.max_pool3d if pooling_type == "MAX" else nn_ops_3d.avg_pool3d
        return fn(x, ksize, step, padding, data_format=data_format or "NDHWC")
    fn = nn.max_pool if pooling_type == "MAX" else nn.avg_pool
    if n == 1:
        return fn(x, window_shape, [int(v) for v in st], padding, data_format="NCW" if channels_first else "NWC")
    return fn(x, ksize, step, padding, data_format=data_format)


@tf_export("nn.atrous_conv2d_transpose")
def atrous_conv2d_transpose(value: Any, filters: Any, output_shape: Any, rate: int, padding: str,
                            name: Any = None) -> Tensor:
    """TF: tf.nn.atrous_conv2d_transpose: the transpose of atrous_conv2d, a stride-1 conv2d_backprop_input with
    dilation `rate` (TF computes it through space_to_batch / batch_to_space: the same sums)."""
    _, _, nn, _ = _ops()
    x, f = convert_to_tensor(value), convert_to_tensor(filters)
    # TF: value.get_shape().dims[3] (a list) against filters.get_shape()[3] (a TensorShape), in that order
    if list(x._value.shape)[3] != f.shape[3]:
        raise ValueError("`value` channel count must be compatible with `filters` input channel count. Received: "
                         f"value.shape={x.shape} with channel count {x.shape[3]} and filters.shape={f.shape} with "
                         f"input channel count {f.shape[3]}.")
    if rate < 1:
        raise ValueError(f"`rate` cannot be less than one. Received: rate={rate}")
    if rate == 1:
        return conv2d_transpose(x, f, output_shape, strides=[1, 1, 1, 1], padding=padding, data_format="NHWC")
    shape_t = convert_to_tensor(output_shape)
    if shape_t.shape.ndims != 1 or shape_t._value.shape[0] != 4:
        raise ValueError(f"`output_shape` must have shape (4,). Received: output_shape={shape_t.shape}")
    if isinstance(output_shape, tuple):
        output_shape = list(output_shape)
    if isinstance(output_shape, (list, np.ndarray)) and f._value.shape[2] != output_shape[3]:
        raise ValueError("`output_shape` channel count must be compatible with `filters` output channel count. "
                         f"Received: output_shape={output_shape} with channel count {output_shape[3]} and "
                         f"filters.shape={f.shape} with output channel count {f.shape[3]}.")
    if padding not in ("SAME", "VALID"):
        raise ValueError(f"`padding` must be either 'VALID' or 'SAME'. Received: padding={padding}")
    return nn.Conv2DBackpropInput(f, x, input_sizes=tuple(_int_list(shape_t)), strides=(1, 1),
                                  dilations=(int(rate), int(rate)), padding=padding)


# ----- isotonic regression -------------------------------------------------------------------------


def _isotonic_kernel(x: np.ndarray, output_dtype: Any) -> Any:
    """TF's kernel: the pool-adjacent-violators algorithm on each row of the last dimension, for a non-increasing
    fit. A block keeps its sum, size and mean in output_dtype; a new element merges with the blocks before it while
    their mean is strictly less than its block's (equal neighbours stay separate segments). A block's mean is its
    value until a merge recomputes sum / size: a lone subnormal is output as is, though the comparisons (under
    FTZ|DAZ, as every TF kernel) see it as zero (measured)."""
    out_t = output_dtype.as_numpy_dtype
    rows = x.reshape(int(np.prod(x.shape[:-1])), x.shape[-1]) if x.ndim else x.reshape(1, 1)  # (empty rows too)
    out = np.empty(rows.shape, out_t)
    seg = np.empty(rows.shape, np.int32)
    with np.errstate(all="ignore"):
        for r, row in enumerate(rows.astype(out_t)):
            stack: list = []  # [sum, count, mean, start]
            for i, v in enumerate(row):
                cur = [v, 1, v, i]
                while stack and stack[-1][2] < cur[2]:
                    back = stack.pop()
                    total, count = cur[0] + back[0], cur[1] + back[1]
                    cur = [total, count, total / out_t(count), back[3]]
                stack.append(cur)
            for k, (_, count, mean, start) in enumerate(stack):
                out[r, start:start + count] = mean
                seg[r, start:start + count] = k
    return out.reshape(x.shape), seg.reshape(x.shape)


IsotonicRegression = defop("IsotonicRegression", _isotonic_kernel, multi_output=True)


@IsotonicRegression.gradient
def _isotonic_regression_grad(op: Any, grad_output: Tensor, grad_segments: Any) -> Tensor:
    """Returns grad_output averaged over each segment, row by row (TF: nn_grad._MeanAggregator)."""
    from tfshim.ops import segment_ops

    a, m, _, _ = _ops()
    segments = op.outputs[1]
    n = grad_output._value.shape[0]
    result = []
    for inputs_i, segments_i in zip(a.split(grad_output, n), a.split(segments, n)):
        means_i = segment_ops.unsorted_segment_mean(inputs_i, segments_i, num_segments=m.reduce_max(segments_i) + 1)
        result.append(a.reshape(a.gather(means_i, segments_i), [-1]))
    return a.stack(result, axis=0)


_ISOTONIC_TYPES = {dtypes.float32: dtypes.float32, dtypes.float16: dtypes.float16, dtypes.bfloat16: dtypes.bfloat16,
                   dtypes.int8: dtypes.float32, dtypes.int16: dtypes.float32}
IsotonicRegressionOutput = collections.namedtuple("IsotonicRegression", ["output", "segments"])


@tf_export("nn.isotonic_regression")
def isotonic_regression(inputs: Any, decreasing: bool = True, axis: int = -1) -> tuple:
    """TF: tf.nn.isotonic_regression: the closest non-increasing (or non-decreasing) sequence along `axis`, and the
    segment index of each element; float16/bfloat16/float32 stay, int8/int16 give float32, others float64."""
    a, m, nn, _ = _ops()
    x = convert_to_tensor(inputs)
    output_dtype = _ISOTONIC_TYPES.get(x.dtype, dtypes.float64)

    def iso(matrix: Tensor) -> tuple:  # TF: gen_nn_ops.isotonic_regression (its checks come after the axis's)
        IsotonicRegression.check(matrix)
        check_kernel("IsotonicRegression", matrix.dtype, attrs="T=DT_%s, output_dtype=DT_%s" % (
            matrix.dtype._cname.upper(), output_dtype._cname.upper()))
        return IsotonicRegression(matrix, output_dtype=output_dtype)

    def compute(matrix: Tensor) -> tuple:
        if decreasing:
            return IsotonicRegressionOutput(*iso(matrix))
        output, segments = iso(m.negative(matrix))
        return m.negative(output), segments

    nd = x._value.ndim
    if axis == -1 or axis == nd - 1:
        return compute(x)
    if not -nd <= axis < nd:
        raise errors.InvalidArgumentError(None, None, f"`dim` must be in the range [{-nd}, {nd}) where {nd} is the "
                                          f"number of dimensions in the input. Received: dim={axis}")
    axis %= nd
    out = compute(nn._swap_axis(x, axis, nd - 1))
    return tuple(nn._swap_axis(t, axis, nd - 1) for t in out)
