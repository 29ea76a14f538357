"""Hypothesis-generated calls of every op in the op library, in TF and in tfshim, compared (harness.py)."""

from __future__ import annotations

import os

import numpy as np
import pytest

from tests.differential.harness import FLOATS, INTS, NUMBERS, SIGNED, OpSpec, compare_call

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.extra import numpy as hnp  # noqa: E402


def _m(mod, name):
    for part in name.split("."):
        mod = getattr(mod, part)
    return mod


def unary(name, **kw):
    return OpSpec(name, lambda mod, x: _m(mod, name)(x), 1, **kw)


def binary(name, **kw):
    return OpSpec(name, lambda mod, x, y: _m(mod, name)(x, y), 2, **kw)


def reduction(name, **kw):
    return [
        OpSpec(name + "[all]", lambda mod, x: _m(mod, name)(x), 1, **kw),
        OpSpec(name + "[axis=-1,keepdims]", lambda mod, x: _m(mod, name)(x, axis=-1, keepdims=True), 1,
               min_rank=1, **kw),
        OpSpec(name + "[axis=0]", lambda mod, x: _m(mod, name)(x, axis=0), 1, min_rank=1, **kw),
    ]


NOT_EXACT = dict(bitexact=False)

def _sq(mod, x):
    """The leading square block of a matrix batch."""
    k = min(x.shape[-2:])
    return x[..., :k, :k]


def _spd(mod, x):
    """A symmetric positive-definite matrix batch from x: a a^T + n I."""
    a = _sq(mod, x)
    n = a.shape[-1]
    return mod.matmul(a, a, transpose_b=True) + mod.cast(mod.eye(n), a.dtype) * float(n)


def _well_conditioned(mod, x):
    """x plus a dominant diagonal: singular values far from 0, so that pinv's entries are not cancellation noise
    (an entry that should be 0 comes out +-eps * |pinv| from any SVD; TF's Eigen SVD and LAPACK's differ there)."""
    m, n = x.shape[-2:]
    return x + mod.eye(m, n, dtype=x.dtype) * (10.0 * max(m, n) + 1.0)


def _twice(mod, x):
    """x repeated along its last axis (at least 2 rows for a 2-band matrix: TF's gradient needs M >= K)."""
    return mod.concat([x, x], axis=-1)


def _tri(mod, x):
    """Diagonally dominant compact tridiagonal diagonals [..., 3, M] from x [..., M]."""
    return mod.stack([x * 0.5, mod.abs(x) + 3.0, x * 0.25], axis=-2)


def _filt(mod, x, kind):
    """A small fixed filter/kernel of x's dtype (constant: only the input's gradient is compared)."""
    w = {"conv2d": np.arange(1, 9).reshape(2, 2, 1, 2) / 8.0 - 0.3, "conv1d": np.arange(1, 5).reshape(2, 1, 2) / 4.0}
    return mod.cast(mod.constant(w[kind]), x.dtype)


def _idx(mod, x):
    return mod.cast(mod.math.floormod(mod.cast(x, mod.int64), 4), mod.int32)


INTS_AND_BOOL = INTS + ("bool",)
# Special functions (ops/special_math_ops.py). Packet float32 paths that call Eigen's prsqrt / preciprocal
# (VRSQRTPS / VRCPPS + Newton) carry the CPU vendor's approximation tables: last-bit differences on other
# hardware (compat/DIFFERENCES.md), so those specs compare to tolerance; the scalar-only kernels are bit-exact.
_RCP_NOTE = "float32 packets use VRSQRTPS/VRCPPS tables (compat/DIFFERENCES.md: hardware last bits)"
_F32_F64 = ("float32", "float64")
SPECIAL_SPECS: list[OpSpec] = [
    *[unary(f"math.special.{n}", max_examples=25, **NOT_EXACT, note=_RCP_NOTE)
      for n in ("bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e", "bessel_k0", "bessel_k0e", "bessel_k1",
                "bessel_k1e", "bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1")],
    unary("math.bessel_i1e", max_examples=10, **NOT_EXACT, note=_RCP_NOTE),
    *[unary(f"math.special.{n}", dtypes=_F32_F64, rejected=("float16",), max_examples=25)
      for n in ("dawsn", "expint", "fresnel_cos", "fresnel_sin", "spence")],
    *[unary(f"math.{n}", dtypes=_F32_F64, rejected=("float16",), max_examples=25, **NOT_EXACT, note=_RCP_NOTE)
      for n in ("erfinv", "ndtri", "erfcinv")],
    OpSpec("math.erfinv[unit]", lambda mod, x: mod.math.erfinv(mod.math.tanh(x)), 1, dtypes=_F32_F64,
           max_examples=20, **NOT_EXACT, note=_RCP_NOTE),
    binary("math.igamma", dtypes=_F32_F64, rejected=("float16",), max_examples=25),
    binary("math.igammac", dtypes=_F32_F64, rejected=("float16",), max_examples=25),
    OpSpec("math.igamma[abs]", lambda mod, a, x: mod.math.igamma(mod.abs(a), mod.abs(x)), 2, dtypes=_F32_F64,
           max_examples=25),
    OpSpec("math.betainc", lambda mod, x, y: mod.math.betainc(mod.abs(x), mod.abs(y), mod.math.sigmoid(x - y)), 2,
           same_shape=True, dtypes=_F32_F64, max_examples=20),
    OpSpec("math.betainc[rejected]", lambda mod, x, y: mod.math.betainc(x, y, x), 2, same_shape=True,
           dtypes=("float16",), grad=False, max_examples=5),
    OpSpec("math.approx_max_k", lambda mod, x: mod.math.approx_max_k(x, 1), 1, min_rank=1,
           dtypes=("float16", "float32"), rejected=("float64",), bounded=2.0**99, max_examples=20),
    OpSpec("nn.approx_max_k[k=2]", lambda mod, x: mod.nn.approx_max_k(mod.concat([x, x], -1), 2), 1, min_rank=1,
           dtypes=("float32",), bounded=2.0**99, max_examples=20),
    OpSpec("math.approx_min_k", lambda mod, x: mod.math.approx_min_k(x, 1), 1, min_rank=1, dtypes=("float32",),
           grad=False, max_examples=5),
]
# Ops of the op library not covered above (every public op: tfshim.math / nn / linalg / bitwise / top level).
EXTRA_SPECS: list[OpSpec] = [
    # ---- elementwise math
    unary("math.erfc", **NOT_EXACT, note="float32 packets use rcpps + Newton (DIFFERENCES.md: last-bit)"),
    binary("math.xlogy", **NOT_EXACT, note="subnormal y on the scalar path: open difference (DIFFERENCES.md)"),
    binary("math.xdivy", **NOT_EXACT),
    binary("math.mod", dtypes=FLOATS + ("int32", "int64")),
    binary("realdiv", dtypes=FLOATS),
    binary("truncatediv", dtypes=SIGNED, grad=False),
    binary("truncatemod", dtypes=SIGNED + FLOATS, grad=False),
    binary("math.floordiv", dtypes=SIGNED + ("uint8",), grad=False),
    binary("math.floormod", dtypes=SIGNED + ("uint8",), grad=False),
    unary("math.softplus"),
    unary("math.softsign", **NOT_EXACT),
    unary("math.conj", dtypes=NUMBERS),
    OpSpec("math.sigmoid[int-rejected]", lambda mod, x: mod.math.sigmoid(x), 1, dtypes=("int32",), grad=False),
    OpSpec("math.log_softmax", lambda mod, x: mod.math.log_softmax(x), 1, min_rank=1),
    OpSpec("math.l2_normalize", lambda mod, x: mod.math.l2_normalize(x), 1, **NOT_EXACT),
    OpSpec("clip_by_norm", lambda mod, x: mod.clip_by_norm(x, 1.5), 1, **NOT_EXACT),
    binary("bitwise.bitwise_and", dtypes=INTS, grad=False),
    binary("bitwise.bitwise_or", dtypes=INTS, grad=False),
    binary("bitwise.bitwise_xor", dtypes=INTS, grad=False),
    unary("bitwise.invert", dtypes=INTS, grad=False),
    OpSpec("bitwise.left_shift", lambda mod, x, y: mod.bitwise.left_shift(x, mod.math.floormod(y, 9)), 2,
           dtypes=INTS, grad=False),
    OpSpec("bitwise.right_shift", lambda mod, x, y: mod.bitwise.right_shift(x, mod.math.floormod(y, 9)), 2,
           dtypes=INTS, grad=False),
    # ---- creation
    OpSpec("fill", lambda mod, x: mod.fill(mod.shape(x), mod.reduce_max(mod.abs(x)) if x.shape.rank else x), 1,
           dtypes=NUMBERS, grad=False),
    OpSpec("zeros/ones", lambda mod, x: [mod.zeros(mod.shape(x), x.dtype), mod.ones(x.shape, x.dtype)], 1,
           dtypes=NUMBERS, grad=False),
    OpSpec("eye", lambda mod, x: mod.eye(len(x.shape) + 1, 3, batch_shape=[2], dtype=x.dtype), 1, dtypes=NUMBERS,
           grad=False),
    OpSpec("range", lambda mod, x: mod.range(x[0], x[0] + 5 * x[-1], x[-1]) if x.shape[0] else mod.range(3), 1,
           min_rank=1, max_rank=1, dtypes=("float32", "int32", "int64"), bounded=50.0, grad=False),
    OpSpec("linspace", lambda mod, x: mod.linspace(x[0], x[-1], 5), 1, min_rank=1, max_rank=1, bounded=1e3,
           grad=False, **NOT_EXACT),
    OpSpec("meshgrid", lambda mod, x, y: mod.meshgrid(x, y), 2, min_rank=1, max_rank=1, dtypes=NUMBERS,
           grad=False),
    OpSpec("meshgrid_ij", lambda mod, x, y: mod.meshgrid(x, y, indexing="ij"), 2, min_rank=1, max_rank=1),
    OpSpec("one_hot_axis0", lambda mod, x: mod.one_hot(_idx(mod, x), 3, on_value=2.0, off_value=-1.0, axis=0), 1,
           dtypes=("float32",), bounded=100.0, grad=False),
    # ---- indexing, scatter, gather
    OpSpec("gather_nd", lambda mod, x: mod.gather_nd(x, [[0], [0]]), 1, min_rank=1),
    OpSpec("gather_axis-1", lambda mod, x: mod.gather(x, [0, x.shape[-1] - 1, 0], axis=-1), 1, min_rank=1),
    OpSpec("scatter_nd", lambda mod, x: mod.scatter_nd([[1], [1], [0]], mod.stack([x, x, x]), [3] + list(x.shape)),
           1, dtypes=NUMBERS),
    OpSpec("tensor_scatter_nd_update",
           lambda mod, x, y: mod.tensor_scatter_nd_update(x, [[0]], y[:1]), 2, same_shape=True, min_rank=1,
           dtypes=NUMBERS),
    OpSpec("slice", lambda mod, x: mod.slice(x, [0] * len(x.shape), [-1] + [1] * (len(x.shape) - 1)), 1,
           min_rank=1),
    OpSpec("strided_slice", lambda mod, x: mod.strided_slice(x, [1], [-1], [2], end_mask=1), 1, min_rank=1),
    OpSpec("slice_newaxis_shrink", lambda mod, x: x[None, ..., 0, ::2], 1, min_rank=2),
    OpSpec("split", lambda mod, x: mod.split(x, 2, axis=-1), 1, min_rank=1),
    OpSpec("split_sizes", lambda mod, x: mod.split(x, [1, -1], axis=0), 1, min_rank=1),
    OpSpec("unique", lambda mod, x: list(mod.unique(mod.reshape(x, [-1]))), 1, dtypes=("float32", "int32"),
           grad=False),
    OpSpec("where3_broadcast", lambda mod, x, y: mod.where(y > 0, x, 0.5 * y), 2),
    OpSpec("reverse_all", lambda mod, x: mod.reverse(x, list(range(len(x.shape)))), 1, dtypes=NUMBERS),
    OpSpec("concat_axis-1", lambda mod, x, y: mod.concat([x, y, x], axis=-1), 2, same_shape=True, min_rank=1,
           dtypes=NUMBERS),
    OpSpec("pad_reflect", lambda mod, x: mod.pad(x, [[1, 1]] * len(x.shape), mode="REFLECT"), 1),
    OpSpec("pad_symmetric_const",
           lambda mod, x: [mod.pad(x, [[0, 1]] * len(x.shape), mode="SYMMETRIC"),
                           mod.pad(x, [[1, 0]] * len(x.shape), constant_values=3)], 1),
    OpSpec("squeeze_all", lambda mod, x: mod.squeeze(x), 1),
    OpSpec("argmax_int64", lambda mod, x: mod.math.argmax(x, axis=0, output_type=mod.int64), 1, min_rank=1,
           dtypes=FLOATS + INTS, grad=False),
    OpSpec("top_k_3", lambda mod, x: mod.math.top_k(x, k=min(3, x.shape[-1])), 1, min_rank=1,
           dtypes=("float32", "int32"), bounded=2.0**99, note="k > 1 with NaN: TF's sort order is undefined"),
    # ---- matrices
    OpSpec("linalg.matrix_transpose", lambda mod, x: mod.linalg.matrix_transpose(x), 1, min_rank=2,
           dtypes=NUMBERS),
    OpSpec("linalg.adjoint", lambda mod, x: mod.linalg.adjoint(x), 1, min_rank=2),
    OpSpec("linalg.band_part", lambda mod, x: mod.linalg.band_part(x, 1, 0), 1, min_rank=2, dtypes=NUMBERS),
    OpSpec("matrix_band_part_-1", lambda mod, x: mod.linalg.band_part(x, -1, 1), 1, min_rank=2),
    OpSpec("linalg.diag", lambda mod, x: mod.linalg.diag(x), 1, min_rank=1, dtypes=NUMBERS),
    OpSpec("linalg.set_diag", lambda mod, x, y: mod.linalg.set_diag(x, mod.linalg.diag_part(y) * 2), 2,
           same_shape=True, min_rank=2),
    OpSpec("linalg.tensordot", lambda mod, x, y: mod.linalg.tensordot(x, y, axes=[[0], [0]]), 2, same_shape=True,
           min_rank=1, max_rank=3, dtypes=("float32", "float64"), onednn=True),
    OpSpec("tensordot_0", lambda mod, x, y: mod.tensordot(x, y, axes=0), 2, same_shape=True, max_rank=2,
           dtypes=("float32", "float64")),
    OpSpec("einsum_matmul", lambda mod, x, y: mod.einsum("...ij,...kj->...ik", x, y), 2, same_shape=True,
           min_rank=2, dtypes=("float32", "float64"), onednn=True),
    OpSpec("linalg.einsum_trace", lambda mod, x: mod.linalg.einsum("...ii->...", _sq(mod, x)), 1,
           min_rank=2, grad=False, note="gradient: tfshim's einsum gradient fails on ...ii (reported)"),
    OpSpec("einsum_sum", lambda mod, x, y: mod.einsum("i...,i...->...", x, y), 2, same_shape=True, min_rank=1,
           dtypes=("float32", "float64"), onednn=True),
    OpSpec("matmul_2d_transpose_a", lambda mod, x, y: mod.matmul(x, y, transpose_a=True), 2, same_shape=True,
           min_rank=2, max_rank=2, dtypes=("float32", "float64", "int32"), onednn=True),
    OpSpec("linalg.inv", lambda mod, x: mod.linalg.inv(_sq(mod, x)), 1, min_rank=2, dtypes=("float32", "float64"),
           bounded=10.0),
    OpSpec("linalg.det", lambda mod, x: mod.linalg.det(_sq(mod, x)), 1, min_rank=2, dtypes=("float32", "float64"),
           bounded=10.0),
    OpSpec("linalg.slogdet", lambda mod, x: list(mod.linalg.slogdet(_sq(mod, x))), 1, min_rank=2,
           dtypes=("float32", "float64"), bounded=10.0),
    OpSpec("linalg.solve", lambda mod, x, y: mod.linalg.solve(_spd(mod, x), _sq(mod, y)), 2, same_shape=True,
           min_rank=2, dtypes=("float32", "float64"), bounded=10.0, **NOT_EXACT),
    OpSpec("linalg.cholesky", lambda mod, x: mod.linalg.cholesky(_spd(mod, x)), 1, min_rank=2,
           dtypes=("float32", "float64"), bounded=10.0, **NOT_EXACT),
    OpSpec("linalg.triangular_solve",
           lambda mod, x, y: mod.linalg.triangular_solve(mod.linalg.cholesky(_spd(mod, x)), _sq(mod, y)), 2,
           same_shape=True, min_rank=2, dtypes=("float32", "float64"), bounded=10.0, **NOT_EXACT),
    OpSpec("linalg.norm_fro", lambda mod, x: mod.linalg.norm(x, ord="fro", axis=[-2, -1]), 1, min_rank=2,
           **NOT_EXACT),
    OpSpec("norm_1_axis", lambda mod, x: mod.norm(x, ord=1, axis=-1), 1, min_rank=1, **NOT_EXACT),
    # ---- nn (pooling/conv use SAME padding: TF's oneDNN kernels die with SIGFPE on an empty VALID output)
    unary("nn.tanh"),
    unary("nn.sigmoid"),
    unary("nn.swish", **NOT_EXACT),
    OpSpec("nn.gelu_approximate", lambda mod, x: mod.nn.gelu(x, approximate=True), 1, bounded=1e3, **NOT_EXACT),
    OpSpec("nn.leaky_relu_alpha", lambda mod, x: mod.nn.leaky_relu(x, alpha=-1.5), 1),
    OpSpec("nn.bias_add", lambda mod, x, y: mod.nn.bias_add(x, y[(0,) * (len(y.shape) - 1)]), 2, same_shape=True,
           min_rank=2, dtypes=NUMBERS),
    OpSpec("nn.dropout_rate0", lambda mod, x: mod.nn.dropout(x, rate=0.0), 1),
    OpSpec("nn.conv2d", lambda mod, x: mod.nn.conv2d(x[None, ..., None], _filt(mod, x, "conv2d"), 1, "SAME"), 1,
           min_rank=2, max_rank=2, bounded=100.0, **NOT_EXACT),
    OpSpec("nn.conv2d_stride2",
           lambda mod, x: mod.nn.conv2d(x[None, ..., None], _filt(mod, x, "conv2d"), 2, "SAME"), 1,
           min_rank=2, max_rank=2, dtypes=("float32", "float64"), bounded=100.0, **NOT_EXACT),
    OpSpec("nn.conv1d", lambda mod, x: mod.nn.conv1d(x[None, :, None], _filt(mod, x, "conv1d"), 1, "SAME"), 1,
           min_rank=1, max_rank=1, dtypes=("float32", "float64"), bounded=100.0, **NOT_EXACT),
    OpSpec("nn.max_pool2d", lambda mod, x: mod.nn.max_pool2d(x[None, ..., None], 2, 1, "SAME"), 1, min_rank=2,
           max_rank=2, dtypes=("float32", "float64"), bounded=2.0**99, **NOT_EXACT,
           note="NaN/-inf/-0/denormal window maxima: see compat/DIFFERENCES.md"),
    OpSpec("nn.avg_pool2d", lambda mod, x: mod.nn.avg_pool2d(x[None, ..., None], 2, 2, "SAME"), 1, min_rank=2,
           max_rank=2, dtypes=("float32", "float64"), **NOT_EXACT),
    OpSpec("nn.max_pool1d", lambda mod, x: mod.nn.max_pool1d(x[None, :, None], 2, 2, "SAME"), 1, min_rank=1,
           max_rank=1, dtypes=("float32",), bounded=2.0**99, **NOT_EXACT,
           note="NaN/-inf/-0/denormal window maxima: see compat/DIFFERENCES.md"),
    OpSpec("nn.avg_pool1d", lambda mod, x: mod.nn.avg_pool1d(x[None, :, None], 3, 1, "SAME"), 1, min_rank=1,
           max_rank=1, dtypes=("float32",), **NOT_EXACT),
    OpSpec("nn.max_pool", lambda mod, x: mod.nn.max_pool(x[None, ..., None], [1, 2, 2, 1], 1, "SAME"), 1,
           min_rank=2, max_rank=2, dtypes=("float32",), bounded=2.0**99, **NOT_EXACT,
           note="NaN/-inf/-0/denormal window maxima: see compat/DIFFERENCES.md"),
    OpSpec("nn.avg_pool", lambda mod, x: mod.nn.avg_pool(x[None, ..., None], 2, 1, "SAME"), 1,
           min_rank=2, max_rank=2, dtypes=("float32",), **NOT_EXACT),
    OpSpec("nn.sparse_softmax_cross_entropy_with_logits",
           lambda mod, x: mod.nn.sparse_softmax_cross_entropy_with_logits(
               labels=mod.zeros(x.shape[:-1], mod.int32), logits=x), 1, min_rank=1),
    OpSpec("nn.weighted_cross_entropy_with_logits",
           lambda mod, x, y: mod.nn.weighted_cross_entropy_with_logits(labels=mod.sigmoid(y), logits=x,
                                                                        pos_weight=1.5), 2, same_shape=True,
           **NOT_EXACT),
    OpSpec("math.softmax_axis0", lambda mod, x: mod.math.softmax(x, axis=0), 1, min_rank=1, onednn=True),
    OpSpec("math.top_k", lambda mod, x: mod.math.top_k(x, k=1), 1, min_rank=1, dtypes=FLOATS, bounded=2.0**99,
           note="NaN: TF's choice depends on its sort internals (compat/DIFFERENCES.md)"),
    # ---- control flow (eager: the branch/body ops are what is compared, gradients through them)
    OpSpec("cond", lambda mod, x: mod.cond(mod.reduce_sum(x) > 0, lambda: x * x, lambda: -x), 1, max_examples=15),
    OpSpec("case", lambda mod, x: mod.case([(mod.reduce_sum(x) > 1, lambda: x * 3), (mod.reduce_sum(x) < -1,
                                                                                     lambda: x * x)],
                                           default=lambda: x), 1, max_examples=15),
    OpSpec("switch_case", lambda mod, x: mod.switch_case(mod.size(x) % 3, [lambda: x, lambda: 2 * x]), 1,
           max_examples=15),
    OpSpec("while_loop", lambda mod, x: mod.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * x), (0, x)), 1,
           bounded=100.0, max_examples=15),
    OpSpec("map_fn", lambda mod, x: mod.map_fn(lambda r: r * r + r, x), 1, min_rank=1, max_examples=15),
    OpSpec("map_fn_signature", lambda mod, x: mod.map_fn(lambda r: (mod.reduce_sum(r), r), x,
                                                         fn_output_signature=(x.dtype, x.dtype)), 1, min_rank=1,
           max_examples=15, **NOT_EXACT),
    OpSpec("scan", lambda mod, x: mod.scan(lambda a, r: a * r + r, x), 1, min_rank=1, bounded=10.0, max_examples=15),
    OpSpec("foldl", lambda mod, x: mod.foldl(lambda a, r: a - r, x), 1, min_rank=1, max_examples=15),
    OpSpec("foldr", lambda mod, x: mod.foldr(lambda a, r: a * 2 - r, x, initializer=x[0]), 1, min_rank=1,
           max_examples=15),
    OpSpec("tensor_array", lambda mod, x: mod.TensorArray(x.dtype, size=0, dynamic_size=True).unstack(x).stack(), 1,
           min_rank=1, max_examples=15),
    OpSpec("ensure_shape/check_numerics", lambda mod, x: mod.debugging.check_numerics(mod.ensure_shape(x, x.shape),
                                                                                       "m"), 1, max_examples=15),
    # ---- segment reductions (sorted ids 0,0,1,1,2,...; unsorted ids with a dropped -1)
    *[OpSpec("math." + n, lambda mod, x, n=n: getattr(mod.math, n)(x, [i // 2 for i in range(x.shape[0])]), 1,
             min_rank=1, dtypes=FLOATS + ("int32",), max_examples=15, plain_zeros=True,
             **(NOT_EXACT if n in ("segment_mean", "segment_prod") else {}))
      for n in ("segment_sum", "segment_mean", "segment_max", "segment_min", "segment_prod")],
    *[OpSpec("math." + n, lambda mod, x, n=n: getattr(mod.math, n)(x, [(3 * i) % 4 - 1 for i in range(x.shape[0])],
                                                                   3), 1,
             min_rank=1, dtypes=FLOATS + ("int32",), max_examples=15, plain_zeros=True,
             **(NOT_EXACT if n in ("unsorted_segment_mean", "unsorted_segment_sqrt_n", "unsorted_segment_prod")
                else {}))
      for n in ("unsorted_segment_sum", "unsorted_segment_mean", "unsorted_segment_max", "unsorted_segment_min",
                "unsorted_segment_prod", "unsorted_segment_sqrt_n")],
    # ---- array ops
    OpSpec("roll", lambda mod, x: mod.roll(x, [1, -2], [0, -1]), 1, min_rank=1, dtypes=NUMBERS, max_examples=15),
    OpSpec("repeat", lambda mod, x: mod.repeat(x, 2, axis=0), 1, min_rank=1, dtypes=NUMBERS, max_examples=15),
    OpSpec("repeat_counts", lambda mod, x: mod.repeat(x, [i % 3 for i in range(x.shape[-1])], axis=-1), 1,
           min_rank=1, max_examples=15),
    OpSpec("searchsorted", lambda mod, x, y: [mod.searchsorted(mod.sort(x), y), mod.searchsorted(mod.sort(x), y,
                                                                                                   side="right")], 2,
           same_shape=True, min_rank=1, dtypes=("float32", "int32"), grad=False, plain_zeros=True, max_examples=15,
           note="NaN in the sorted sequence: its order is undefined"),
    OpSpec("sequence_mask", lambda mod, x: mod.sequence_mask(mod.math.floormod(mod.cast(x, mod.int32), 5), 4), 1,
           dtypes=("int32",), grad=False, max_examples=15),
    OpSpec("reverse_sequence", lambda mod, x: mod.reverse_sequence(x, [i % (x.shape[1] + 1) for i in
                                                                       range(x.shape[0])], seq_axis=1, batch_axis=0), 1,
           min_rank=2, max_examples=15),
    OpSpec("tensor_scatter_nd_add/sub", lambda mod, x: [mod.tensor_scatter_nd_add(x, [[0], [0]], x[:1] + x[:1]),
                                                        mod.tensor_scatter_nd_sub(x, [[0]], x[:1] * 3)], 1,
           min_rank=1, dtypes=NUMBERS, max_examples=15, **NOT_EXACT),
    OpSpec("tensor_scatter_nd_max/min", lambda mod, x: [mod.tensor_scatter_nd_max(x, [[0], [0]], x[:1] * 2 - 1),
                                                        mod.tensor_scatter_nd_min(x, [[0]], x[:1] - 1)], 1,
           min_rank=1, max_examples=15, plain_zeros=True, bounded=1e6),
    OpSpec("identity_n", lambda mod, x, y: mod.identity_n([x, y]), 2, max_examples=15),
    # ---- special functions, complex parts, no-nan products
    unary("math.lgamma", max_examples=20),
    unary("math.digamma", max_examples=20),
    unary("math.atanh", max_examples=20),
    unary("math.asinh", max_examples=20),
    unary("math.acosh", max_examples=20),
    unary("math.rint", max_examples=15, grad=False),
    OpSpec("math.zeta", lambda mod, x, y: mod.math.zeta(x * x + 1.5, y), 2, same_shape=True, max_rank=2,
           bounded=30.0, max_examples=10),
    OpSpec("math.polygamma", lambda mod, x, y: mod.math.polygamma(mod.math.floormod(mod.round(x), 4.0), y), 2,
           same_shape=True, max_rank=2, bounded=30.0, max_examples=10),
    OpSpec("math.lbeta", lambda mod, x: mod.math.lbeta(mod.abs(x)), 1, min_rank=1, max_examples=15,
           **NOT_EXACT),
    binary("math.xlog1py", max_examples=20),
    binary("math.multiply_no_nan", max_examples=20, dtypes=NUMBERS),
    unary("math.reciprocal_no_nan", max_examples=15),
    unary("math.log_sigmoid", max_examples=15),
    binary("math.nextafter", dtypes=("float32", "float64"), grad=False, max_examples=15),
    OpSpec("complex/real/imag/angle", lambda mod, x, y: [mod.math.real(mod.complex(x, y)),
                                                         mod.math.imag(mod.complex(x, y)),
                                                         mod.math.angle(mod.complex(x, y)), mod.math.angle(x)], 2,
           same_shape=True, dtypes=("float32", "float64"), max_examples=15, grad=False, **NOT_EXACT,
           note="angle's gradient at 0: TF's complex reciprocal of 0 gives inf, NumPy's nan (DIFFERENCES.md)"),
    OpSpec("complex_grad",
           lambda mod, x, y: mod.math.real(mod.complex(x, y)) * 2 + mod.math.imag(mod.complex(x, y)) * x, 2,
           same_shape=True, dtypes=("float32", "float64"), max_examples=15, **NOT_EXACT),
    *reduction("math.reduce_euclidean_norm", max_examples=15, **NOT_EXACT),
    OpSpec("math.polyval", lambda mod, x, y: mod.math.polyval([x, y, x], y), 2, max_examples=15),
    OpSpec("math.zero_fraction", lambda mod, x: mod.math.zero_fraction(x), 1, dtypes=NUMBERS, grad=False,
           max_examples=10),
    # ---- linalg decompositions and compositions (LAPACK vs Eigen: values to rounding, vector signs may differ)
    OpSpec("linalg.svd_values", lambda mod, x: mod.linalg.svd(x, compute_uv=False), 1, min_rank=2, max_rank=3,
           dtypes=("float32", "float64"), bounded=10.0, max_examples=10, grad=False, **NOT_EXACT,
           note="gradient: not unique for repeated singular values (tests/ops/test_linalg_impl.py checks it)"),
    OpSpec("linalg.svd_reconstruct", lambda mod, x: (lambda s, u, v: mod.matmul(u * s[..., None, :], v,
                                                                                 adjoint_b=True))(
        *mod.linalg.svd(x)), 1, min_rank=2, max_rank=3, dtypes=("float64",), bounded=10.0, max_examples=10,
           grad=False, note="the SVD gradient is undefined at repeated singular values, which hypothesis finds "
           "(e.g. 0/1 matrices): TF's and tfshim's gradients there differ; values are compared",
           **NOT_EXACT, onednn=True),
    OpSpec("linalg.qr", lambda mod, x: list(mod.linalg.qr(_spd(mod, x))), 1, min_rank=2, max_rank=3,
           dtypes=("float32", "float64"), bounded=10.0, max_examples=10, grad=False, **NOT_EXACT),
    OpSpec("linalg.eigvalsh", lambda mod, x: mod.linalg.eigvalsh(_spd(mod, x)), 1, min_rank=2, max_rank=3,
           dtypes=("float32", "float64"), bounded=10.0, max_examples=10, **NOT_EXACT),
    OpSpec("linalg.lu", lambda mod, x: list(mod.linalg.lu(_spd(mod, x))), 1, min_rank=2, max_rank=3,
           dtypes=("float32", "float64"), bounded=10.0, max_examples=10, grad=False),
    OpSpec("linalg.lu_solve/reconstruct", lambda mod, x: (lambda lu, p: [
        mod.linalg.lu_reconstruct(lu, p), mod.linalg.lu_solve(lu, p, _sq(mod, x))])(*mod.linalg.lu(_spd(mod, x))), 1,
           min_rank=2, max_rank=3, dtypes=("float32", "float64"), bounded=10.0, max_examples=10, **NOT_EXACT),
    OpSpec("linalg.cholesky_solve/logdet", lambda mod, x: [
        mod.linalg.cholesky_solve(mod.linalg.cholesky(_spd(mod, x)), _sq(mod, x)), mod.linalg.logdet(_spd(mod, x))],
           1, min_rank=2, max_rank=3, dtypes=("float32", "float64"), bounded=10.0, max_examples=10, **NOT_EXACT),
    OpSpec("linalg.expm", lambda mod, x: mod.linalg.expm(_sq(mod, x)), 1, min_rank=2, max_rank=3,
           dtypes=("float32", "float64"), bounded=3.0, max_examples=10, **NOT_EXACT),
    OpSpec("linalg.pinv/matrix_rank", lambda mod, x: [mod.linalg.pinv(_well_conditioned(mod, x)),
                                                      mod.linalg.matrix_rank(x)], 1, min_rank=2,
           max_rank=2, dtypes=("float64",), bounded=10.0, max_examples=10, grad=False, **NOT_EXACT,
           note="pinv of a well-conditioned matrix: near-singular ones give SVD rounding noise, which differs "
                "(compat/DIFFERENCES.md, SVD from LAPACK)"),
    # ---- tridiagonal / banded solvers, sqrtm/logm, eigh_tridiagonal, LinearOperators
    OpSpec("linalg.tridiagonal_solve", lambda mod, x, y: mod.linalg.tridiagonal_solve(_tri(mod, x), y[..., None]), 2,
           same_shape=True, min_rank=1, max_rank=2, dtypes=("float32", "float64"), bounded=10.0, max_examples=10),
    OpSpec("linalg.tridiagonal_matmul", lambda mod, x, y: mod.linalg.tridiagonal_matmul(_tri(mod, x), y[..., None]),
           2, same_shape=True, min_rank=1, max_rank=2, dtypes=("float32", "float64"), bounded=10.0, max_examples=10),
    OpSpec("linalg.banded_triangular_solve", lambda mod, x, y: mod.linalg.banded_triangular_solve(
        mod.stack([mod.abs(_twice(mod, x)) + 2.0, _twice(mod, x) * 0.5], axis=-2), _twice(mod, y)[..., None]), 2,
           same_shape=True, min_rank=1, max_rank=2,
           dtypes=("float32", "float64"), bounded=10.0, max_examples=10, **NOT_EXACT),
    OpSpec("linalg.sqrtm", lambda mod, x: mod.linalg.sqrtm(_spd(mod, x)), 1, min_rank=2, max_rank=3,
           dtypes=("float32", "float64"), bounded=5.0, max_examples=10, **NOT_EXACT),
    OpSpec("linalg.logm", lambda mod, x: (lambda r: [mod.math.real(r), mod.abs(mod.math.imag(r))])(
        mod.linalg.logm(mod.cast(_spd(mod, x), mod.complex128))), 1, min_rank=2, max_rank=3, dtypes=("float64",),
           bounded=5.0, max_examples=10, grad=False, **NOT_EXACT,
           note="Eigen's Schur-Pade logarithm leaves -0 imaginary parts where tfshim's has +0: compared as |imag|"),
    OpSpec("linalg.eigh_tridiagonal", lambda mod, x: mod.linalg.eigh_tridiagonal(x, x[1:] * 0.5), 1, min_rank=1,
           max_rank=1, dtypes=("float32", "float64"), bounded=10.0, max_examples=10, grad=False),
    OpSpec("linalg.LinearOperatorFullMatrix", lambda mod, x, y: (lambda op: [
        op.matmul(_sq(mod, y)), op.solve(_sq(mod, y)), op.log_abs_determinant(), op.trace()])(
        mod.linalg.LinearOperatorFullMatrix(_spd(mod, x))), 2, same_shape=True, min_rank=2, max_rank=3,
           dtypes=("float32", "float64"), bounded=10.0, max_examples=10, **NOT_EXACT),
    OpSpec("linalg.LinearOperatorDiag", lambda mod, x, y: (lambda op: [
        op.matvec(y), op.solvevec(y), op.determinant(), op.to_dense()])(
        mod.linalg.LinearOperatorDiag(mod.abs(x) + 1.0)), 2, same_shape=True, min_rank=1, max_rank=2,
           dtypes=("float32", "float64"), bounded=10.0, max_examples=10, **NOT_EXACT),
    OpSpec("linalg.LinearOperatorTridiag/LowRankUpdate", lambda mod, x, y: (lambda t, lr: [
        t.matvec(y), t.solvevec(y), t.matvec(y, adjoint=True), lr.matvec(y), lr.solvevec(y),
        lr.log_abs_determinant()])(
        mod.linalg.LinearOperatorTridiag(_tri(mod, x)),
        mod.linalg.LinearOperatorLowRankUpdate(mod.linalg.LinearOperatorDiag(mod.abs(x) + 1.0), x[..., None] * 0.5)),
           2, same_shape=True, min_rank=1, max_rank=2, dtypes=("float32", "float64"), bounded=10.0, max_examples=10,
           **NOT_EXACT),
    OpSpec("linalg.LinearOperatorCirculant", lambda mod, x, y: (lambda c: [
        c.matvec(y), c.solvevec(y), c.to_dense(), c.determinant(), c.trace()])(
        mod.linalg.LinearOperatorCirculant(mod.abs(x) + 1.0, input_output_dtype=x.dtype)), 2, same_shape=True,
           min_rank=1, max_rank=2, dtypes=("float32", "float64"), bounded=10.0, max_examples=10, **NOT_EXACT),
    OpSpec("linalg.cross", lambda mod, x, y: mod.linalg.cross(x[..., :3], y[..., :3]), 2, same_shape=True,
           min_rank=1, max_examples=10, **NOT_EXACT),
    OpSpec("linalg.tensor_diag/part", lambda mod, x: [mod.linalg.tensor_diag(x),
                                                      mod.linalg.tensor_diag_part(mod.linalg.tensor_diag(x))], 1,
           max_rank=2, dtypes=NUMBERS, max_examples=10),
    OpSpec("linalg.global_norm", lambda mod, x, y: mod.linalg.global_norm([x, y]), 2, max_examples=10, **NOT_EXACT),
    # ---- nn compositions
    unary("nn.l2_loss", max_examples=15, **NOT_EXACT),
    OpSpec("nn.batch_normalization", lambda mod, x, y: mod.nn.batch_normalization(x, y, mod.abs(y), 0.5, 2.0, 1e-3),
           2, max_examples=15, **NOT_EXACT),
    OpSpec("nn.crelu", lambda mod, x: mod.nn.crelu(x), 1, min_rank=1, max_examples=10),
    OpSpec("nn.embedding_lookup", lambda mod, x: mod.nn.embedding_lookup(x, [0, x.shape[0] - 1, 0]), 1, min_rank=1,
           max_examples=10),
    OpSpec("nn.depth_to_space/space_to_depth", lambda mod, x: mod.nn.space_to_depth(mod.nn.depth_to_space(
        mod.reshape(mod.tile(mod.reshape(x, [-1])[:1], [16]), [1, 1, 2, 8]), 2), 2), 1, min_rank=1, max_examples=10),
    OpSpec("nn.depthwise_conv2d", lambda mod, x: mod.nn.depthwise_conv2d(
        x[None, ..., None] * mod.ones([1, 1, 1, 2], x.dtype), mod.cast(mod.reshape(mod.range(8), [2, 2, 2, 1]) / 8,
                                                                       x.dtype), [1, 1, 1, 1], "SAME"), 1,
           min_rank=2, max_rank=2, dtypes=("float32",), bounded=100.0, max_examples=10, **NOT_EXACT),
    OpSpec("nn.conv2d_transpose", lambda mod, x: mod.nn.conv2d_transpose(
        x[None, ..., None], mod.cast(mod.reshape(mod.range(4), [2, 2, 1, 1]) / 4, x.dtype),
        [1, 2 * x.shape[0], 2 * x.shape[1], 1], 2, "SAME"), 1, min_rank=2, max_rank=2, dtypes=("float32",),
           bounded=100.0, max_examples=10, **NOT_EXACT),
    # ---- 3-D convolution and pooling (nn_ops_3d.py): x is one 3-D image of one channel
    OpSpec("nn.conv3d", lambda mod, x: mod.nn.conv3d(
        x[None, ..., None], mod.cast(mod.reshape(mod.range(16), [2, 2, 2, 1, 2]) / 16 - 0.3, x.dtype),
        [1, 1, 1, 1, 1], "SAME"), 1, min_rank=3, max_rank=3, dtypes=("float32", "float64"), bounded=100.0,
           max_examples=10, **NOT_EXACT),
    OpSpec("nn.conv3d_valid_stride2", lambda mod, x: mod.nn.conv3d(  # padded: oneDNN's empty outputs are wrong
        mod.pad(x, [[1, 1]] * 3)[None, ..., None], mod.cast(mod.reshape(mod.range(8), [2, 2, 1, 1, 2]) / 8, x.dtype),
        [1, 2, 1, 2, 1], "VALID"), 1, min_rank=3, max_rank=3, dtypes=("float32",), bounded=100.0,
           max_examples=10, **NOT_EXACT),
    OpSpec("nn.conv3d_transpose", lambda mod, x: mod.nn.conv3d_transpose(
        x[None, ..., None], mod.cast(mod.reshape(mod.range(8), [2, 2, 2, 1, 1]) / 8, x.dtype),
        [1, 2 * x.shape[0], 2 * x.shape[1], 2 * x.shape[2], 1], 2, "SAME"), 1, min_rank=3, max_rank=3,
           dtypes=("float32",), bounded=100.0, max_examples=10, **NOT_EXACT),
    OpSpec("nn.max_pool3d", lambda mod, x: mod.nn.max_pool3d(x[None, ..., None], 2, 1, "SAME"), 1, min_rank=3,
           max_rank=3, dtypes=("float32",), bounded=2.0**99, max_examples=15, **NOT_EXACT,
           note="NaN/-inf/-0/denormal window maxima: see compat/DIFFERENCES.md"),
    OpSpec("nn.avg_pool3d", lambda mod, x: mod.nn.avg_pool3d(x[None, ..., None], 2, [1, 2, 1], "SAME"), 1,
           min_rank=3, max_rank=3, dtypes=("float32",), rejected=("float64",), bounded=100.0, max_examples=10,
           **NOT_EXACT),
    # ---- losses scaled for tf.distribute replicas (nn_impl_distribute.py), CTC helpers (ctc_ops.py)
    OpSpec("nn.compute_average_loss", lambda mod, x: mod.nn.compute_average_loss(x), 1, min_rank=1,
           dtypes=("float32", "float64"), max_examples=10),
    OpSpec("nn.compute_average_loss_weighted", lambda mod, x: mod.nn.compute_average_loss(
        x, sample_weight=mod.range(x.shape[0], dtype=mod.float32) / 2, global_batch_size=3), 1, min_rank=1,
           max_rank=1, dtypes=("float32", "float64"), max_examples=10),
    OpSpec("nn.scale_regularization_loss", lambda mod, x: mod.nn.scale_regularization_loss(x), 1,
           dtypes=("float32", "float64"), max_examples=10),
    OpSpec("nn.collapse_repeated", lambda mod, x: mod.nn.collapse_repeated(
        mod.math.floormod(x, 3), mod.fill([x.shape[0]], x.shape[1] - 1)), 1, min_rank=2, max_rank=2,
           dtypes=("int32", "int64"), grad=False, max_examples=10),
    OpSpec("nn.ctc_unique_labels", lambda mod, x: mod.nn.ctc_unique_labels(mod.math.floormod(x, 4)), 1, min_rank=2,
           max_rank=2, dtypes=("int32", "int64"), grad=False, max_examples=10),
    # ---- grayscale morphology (morphological_ops.py)
    OpSpec("nn.dilation2d", lambda mod, x: mod.nn.dilation2d(
        x[None, ..., None], mod.cast(mod.constant([[[1], [0]], [[-2], [3]]]), x.dtype), [1, 1, 1, 1], "SAME", "NHWC",
        [1, 1, 1, 1]), 1, min_rank=2, max_rank=2, dtypes=FLOATS + ("int32", "uint8"), rejected=("complex64",),
           max_examples=15),
    OpSpec("nn.dilation2d_strided_rates", lambda mod, x: mod.nn.dilation2d(
        x[None, ..., None], mod.cast(mod.constant([[[1], [0]], [[-2], [3]]]), x.dtype), [1, 2, 1, 1], "VALID",
        "NHWC", [1, 1, 2, 1]), 1, min_rank=2, max_rank=2, dtypes=("float32",), max_examples=10),
    OpSpec("nn.erosion2d", lambda mod, x: mod.nn.erosion2d(
        x[None, ..., None], mod.cast(mod.constant([[[1], [0], [2]]]), x.dtype), [1, 1, 2, 1], "SAME", "NHWC",
        [1, 1, 1, 1]), 1, min_rank=2, max_rank=2, dtypes=("float32", "float64", "int32"), max_examples=10),
    OpSpec("nn.max_pool_with_argmax", lambda mod, x: mod.nn.max_pool_with_argmax(x[None, ..., None], 2, 1, "SAME"),
           1, min_rank=2, max_rank=2, dtypes=FLOATS + ("int32",), rejected=("complex64",), max_examples=15),
    OpSpec("nn.max_pool_with_argmax_batch_index", lambda mod, x: mod.nn.max_pool_with_argmax(
        x[..., None], [2, 3], [1, 2], "VALID", output_dtype=mod.int32, include_batch_in_index=True), 1, min_rank=3,
           max_rank=3, dtypes=("float32",), max_examples=10),
    OpSpec("nn.depthwise_conv2d_backprop_input", lambda mod, x: mod.nn.depthwise_conv2d_backprop_input(
        [1, x.shape[0], x.shape[1], 2], mod.cast(mod.reshape(mod.range(8), [2, 2, 2, 1]) / 8, x.dtype),
        mod.stack([x, -x], -1)[None], [1, 1, 1, 1], "SAME"), 1, min_rank=2, max_rank=2, dtypes=("float32", "float64"),
           bounded=100.0, max_examples=10, **NOT_EXACT),
    OpSpec("nn.depthwise_conv2d_backprop_filter", lambda mod, x: mod.nn.depthwise_conv2d_backprop_filter(
        mod.stack([x, x * 2], -1)[None], [2, 2, 2, 1], mod.ones([1, x.shape[0], x.shape[1], 2], x.dtype),
        [1, 1, 1, 1], "SAME"), 1, min_rank=2, max_rank=2, dtypes=("float32", "float64"), bounded=100.0,
           max_examples=10, **NOT_EXACT),
    OpSpec("nn.pool_max", lambda mod, x: mod.nn.pool(x[None, ..., None], [2, 2], "MAX", strides=[1, 2],
                                                     padding="SAME"), 1, min_rank=2, max_rank=2, dtypes=("float32",),
           bounded=100.0, max_examples=10, **NOT_EXACT, note="denormal window maxima: see compat/DIFFERENCES.md"),
    OpSpec("nn.pool_avg_1d", lambda mod, x: mod.nn.pool(x[None, :, None], [2], "AVG", padding="SAME"), 1,
           min_rank=1, max_rank=1, dtypes=("float32",), bounded=100.0, max_examples=10, **NOT_EXACT),
    OpSpec("nn.atrous_conv2d_transpose", lambda mod, x: mod.nn.atrous_conv2d_transpose(
        x[None, ..., None], mod.cast(mod.reshape(mod.range(4), [2, 2, 1, 1]) / 4, x.dtype),
        [1, x.shape[0], x.shape[1], 1], 2, "SAME"), 1, min_rank=2, max_rank=2, dtypes=("float32",), bounded=100.0,
           max_examples=10, **NOT_EXACT),
    OpSpec("nn.isotonic_regression", lambda mod, x: mod.nn.isotonic_regression(x), 1, min_rank=2, max_rank=2,
           dtypes=FLOATS + ("int32", "int8"), rejected=("complex64", "bool"), bounded=1e6, max_examples=15),
    OpSpec("nn.isotonic_regression_increasing", lambda mod, x: mod.nn.isotonic_regression(x, decreasing=False,
                                                                                            axis=0), 1,
           min_rank=2, max_rank=2, dtypes=("float32", "float64"), bounded=1e6, max_examples=10),
    OpSpec("nn.ctc_greedy_decoder", lambda mod, x: (lambda d: (d[0][0].indices, d[0][0].values, d[0][0].dense_shape,
                                                               d[1]))(mod.nn.ctc_greedy_decoder(
        x, mod.fill([x.shape[1]], x.shape[0]), blank_index=0)), 1, min_rank=3, max_rank=3,
           dtypes=("float32", "float64"), rejected=("float16",), grad=False, max_examples=15),
    OpSpec("nn.ctc_greedy_decoder_no_merge", lambda mod, x: (lambda d: (d[0][0].indices, d[0][0].values, d[1]))(
        mod.nn.ctc_greedy_decoder(x, mod.fill([x.shape[1]], max(x.shape[0] - 1, 0)), merge_repeated=False)), 1,
           min_rank=3, max_rank=3, dtypes=("float32",), grad=False, max_examples=10),
    OpSpec("nn.embedding_lookup_sparse", lambda mod, x: mod.nn.embedding_lookup_sparse(
        x, mod.sparse.SparseTensor([[0, 0], [0, 1], [2, 0]], mod.constant([0, x.shape[0] - 1, 0], mod.int64), [3, 2]),
        mod.sparse.SparseTensor([[0, 0], [0, 1], [2, 0]], [2.0, 0.5, -1.0], [3, 2]), combiner="sqrtn"), 1,
           min_rank=2, max_rank=2, dtypes=("float32", "float64"), bounded=1e6, max_examples=10),
    OpSpec("nn.safe_embedding_lookup_sparse", lambda mod, x: mod.nn.safe_embedding_lookup_sparse(
        x, mod.sparse.SparseTensor([[0, 0], [0, 1], [2, 0], [2, 1]],
                                   mod.constant([0, -1, x.shape[0] - 1, 0], mod.int64), [3, 2])), 1, min_rank=2,
           max_rank=2, dtypes=("float32",), bounded=1e6, max_examples=10),
    OpSpec("nn.compute_accidental_hits", lambda mod, x: mod.nn.compute_accidental_hits(
        mod.math.floormod(x, 5), mod.constant([3, 1, 0, 3], mod.int64), x.shape[1]), 1, min_rank=2, max_rank=2,
           dtypes=("int64",), rejected=("int32",), grad=False, max_examples=10),
    OpSpec("nn.all_candidate_sampler", lambda mod, x: mod.nn.all_candidate_sampler(
        mod.math.floormod(x, 5), x.shape[1], 5, True), 1, min_rank=2, max_rank=2, dtypes=("int64",),
           rejected=("int32",), grad=False, max_examples=10),
    # ---- counting and scans
    OpSpec("math.bincount", lambda mod, x: [mod.math.bincount(mod.math.floormod(mod.cast(x, mod.int32), 7)),
                                            mod.math.bincount(mod.math.floormod(mod.cast(x, mod.int32), 7),
                                                              minlength=9, binary_output=True)], 1,
           dtypes=("int32",), grad=False, max_examples=10),
    OpSpec("histogram_fixed_width", lambda mod, x: [mod.histogram_fixed_width(x, [-5.0, 5.0], nbins=7),
                                                    mod.histogram_fixed_width_bins(x, [-5.0, 5.0], nbins=7)], 1,
           dtypes=("float32", "float64"), grad=False, plain_zeros=True, bounded=1e6, max_examples=10),
    OpSpec("math.confusion_matrix", lambda mod, x: mod.math.confusion_matrix(
        mod.math.floormod(mod.reshape(x, [-1]), 4), mod.math.floormod(mod.reshape(x, [-1]) * 3, 4), num_classes=4), 1,
           dtypes=("int32",), grad=False, max_examples=10),
    OpSpec("math.cumulative_logsumexp", lambda mod, x: [mod.math.cumulative_logsumexp(x, axis=-1),
                                                        mod.math.cumulative_logsumexp(x, axis=0, exclusive=True,
                                                                                      reverse=True)], 1,
           min_rank=1, bounded=50.0, max_examples=15, dtypes=("float32", "float64"),
           note="float16: in the full suite (not alone) TF's float16 gradient at [4, 4] came out 2 ulp from "
           "tfshim's; under investigation, see the stop note", **NOT_EXACT),
    # ---- tf.signal
    OpSpec("signal.fft/ifft", lambda mod, x, y: [f(mod.signal.fft(mod.complex(x, y))) for f in (mod.math.real,
                                                                                             mod.math.imag)]
           + [mod.math.real(mod.signal.ifft(mod.complex(x, y)))], 2, same_shape=True, min_rank=1,
           dtypes=("float32", "float64"), bounded=100.0, max_examples=10),
    OpSpec("signal.rfft/irfft", lambda mod, x: mod.signal.irfft(mod.signal.rfft(x), [x.shape[-1]]), 1, min_rank=1,
           dtypes=("float32", "float64"), bounded=100.0, max_examples=10),
    OpSpec("signal.frame", lambda mod, x: mod.signal.frame(x, 2, 1, pad_end=True), 1, min_rank=1, max_examples=10),
    OpSpec("signal.windows", lambda mod, x: [mod.signal.hann_window(x.shape[0] + 1, dtype=x.dtype),
                                             mod.signal.hamming_window(x.shape[0] + 2, periodic=False,
                                                                       dtype=x.dtype)], 1,
           min_rank=1, max_rank=1, dtypes=("float32", "float64"), grad=False, max_examples=5, **NOT_EXACT),
    # ---- tf.image
    OpSpec("image.flips/rot90/transpose", lambda mod, x: [mod.image.flip_left_right(x), mod.image.flip_up_down(x),
                                                          mod.image.rot90(x, 1), mod.image.rot90(x, 2),
                                                          mod.image.transpose(x)], 1, min_rank=3, max_rank=4,
           dtypes=NUMBERS, max_examples=10),
    OpSpec("image.convert_image_dtype", lambda mod, x: [mod.image.convert_image_dtype(x, mod.uint8, saturate=True),
                                                        mod.image.convert_image_dtype(x, mod.float64)], 1,
           dtypes=("float32", "uint8", "int32"), grad=False, plain_zeros=True, bounded=4.0, max_examples=10),
    OpSpec("image.adjust_brightness/gamma", lambda mod, x: [mod.image.adjust_brightness(x, 0.25),
                                                            mod.image.adjust_gamma(mod.abs(x), 2.0)], 1,
           dtypes=("float32",), max_examples=10, bounded=100.0, **NOT_EXACT),
    OpSpec("image.per_image_standardization", lambda mod, x: mod.image.per_image_standardization(x), 1, min_rank=3,
           max_rank=4, dtypes=("float32",), bounded=100.0, max_examples=10, **NOT_EXACT),
    OpSpec("image.total_variation/gradients", lambda mod, x: [mod.image.total_variation(x),
                                                              *mod.image.image_gradients(x)], 1, min_rank=4,
           max_rank=4, dtypes=("float32", "float64"), bounded=100.0, max_examples=10, **NOT_EXACT),
    # ---- data flow
    OpSpec("dynamic_partition", lambda mod, x: mod.dynamic_partition(x, [i % 3 for i in range(x.shape[0])], 3), 1,
           min_rank=1, dtypes=NUMBERS, max_examples=10),
    OpSpec("dynamic_stitch", lambda mod, x, y: mod.dynamic_stitch(
        [list(range(x.shape[0])), [0] * y.shape[0]], [x, y]), 2, same_shape=True, min_rank=1, max_examples=10),
    OpSpec("clip_by_global_norm", lambda mod, x, y: mod.clip_by_global_norm([x, y], 1.5), 2, max_examples=10,
           **NOT_EXACT),
    OpSpec("broadcast_dynamic_shape", lambda mod, x, y: mod.broadcast_dynamic_shape(mod.shape(x), mod.shape(y)), 2,
           dtypes=("float32",), grad=False, max_examples=10),
    OpSpec("nn.atrous_conv2d", lambda mod, x: mod.nn.atrous_conv2d(x[None, ..., None], _filt(mod, x, "conv2d"), 2,
                                                                   "SAME"), 1,
           min_rank=2, max_rank=2, dtypes=("float32",), bounded=100.0, max_examples=10, **NOT_EXACT),
    # ---- space_to_batch / batch_to_space (each the other's gradient), bitcast, fingerprint, conv
    OpSpec("space_to_batch_nd[1 block]", lambda mod, x: mod.space_to_batch_nd(x, [2], [[1, 1 + x.shape[1] % 2]]), 1,
           min_rank=2, dtypes=NUMBERS, max_examples=15),
    OpSpec("space_to_batch[2 blocks]", lambda mod, x: mod.space_to_batch(
        x, [2, 3], [[0, x.shape[1] % 2], [1, (3 - (x.shape[2] + 1) % 3) % 3]]), 1, min_rank=3, max_examples=15),
    OpSpec("space_to_batch[not divisible]", lambda mod, x: mod.space_to_batch(x, [3], [[0, 1]]), 1, min_rank=2,
           max_examples=10),
    OpSpec("batch_to_space", lambda mod, x: mod.batch_to_space(mod.concat([x, x], 0), [2], [[0, 1]]), 1,
           min_rank=2, dtypes=NUMBERS, max_examples=15),
    OpSpec("batch_to_space[2 blocks]", lambda mod, x: mod.batch_to_space(x, [2, 1], [[1, 0], [0, 0]]), 1,
           min_rank=3, max_examples=15),
    OpSpec("required_space_to_batch_paddings", lambda mod, x: mod.required_space_to_batch_paddings(
        mod.shape(x), [3] * len(x.shape), [[1, 0]] * len(x.shape)), 1, min_rank=1, dtypes=("float32",), grad=False,
           max_examples=10),
    OpSpec("bitcast[uint8]", lambda mod, x: mod.bitcast(x, mod.uint8), 1, dtypes=NUMBERS, grad=False),
    OpSpec("bitcast[int32]", lambda mod, x: mod.bitcast(x, mod.int32), 1, dtypes=NUMBERS, grad=False),
    OpSpec("guarantee_const", lambda mod, x: mod.guarantee_const(x) * 2, 1, dtypes=NUMBERS, max_examples=10),
    OpSpec("fingerprint", lambda mod, x: mod.fingerprint(x), 1, dtypes=NUMBERS + ("bool",), grad=False),
    # (strings with empty rows are left out: TF returns uninitialized memory for them)
    OpSpec("fingerprint[strings]", lambda mod, x: mod.fingerprint(mod.strings.as_string(
        x if x.shape.num_elements() else mod.reshape(x, [0]))), 1, dtypes=INTS,
           grad=False, max_examples=20),
    OpSpec("conv", lambda mod, x: mod.conv(x[None, ..., None] * mod.ones([1, 1, 1, 2], x.dtype), mod.cast(
        mod.reshape(mod.range(12), [2, 1, 2, 3]) / 8 - 0.5, x.dtype), [1, 1, 2, 1], "SAME", dilations=[1, 2, 1, 1]),
           1, min_rank=2, max_rank=2, dtypes=("float32", "float64"), bounded=100.0, max_examples=15, **NOT_EXACT),
    OpSpec("conv[int32, batch_dims=2]", lambda mod, x: mod.conv(
        mod.reshape(x, [1, 1] + list(x.shape) + [1]), mod.ones([2, 2, 1, 1], x.dtype), [1, 1, 1, 1], "VALID",
        batch_dims=2), 1, min_rank=2, max_rank=2, dtypes=("int32",), max_examples=10),
    OpSpec("random_index_shuffle", lambda mod, x: mod.random_index_shuffle(
        mod.reshape(mod.abs(x), [-1]), [7, 11, x.shape.num_elements()],
        mod.reduce_max(mod.abs(x)) + x.dtype.as_numpy_dtype(3) if x.shape.num_elements() else 3), 1,
           min_rank=1, max_rank=2, dtypes=("int32", "int64"), grad=False, max_examples=20),
    OpSpec("nn.with_space_to_batch", lambda mod, x: mod.nn.with_space_to_batch(
        x[None, ..., None], [2, 3], "SAME", lambda t, n, p: mod.nn.avg_pool2d(t, 2, 1, p), filter_shape=[2, 2]), 1,
           min_rank=2, max_rank=2, dtypes=("float32", "float64"), bounded=100.0, max_examples=15, **NOT_EXACT),
    OpSpec("extract_volume_patches", lambda mod, x: mod.extract_volume_patches(
        x[None, ..., None] * mod.ones([1, 1, 1, 1, 2], x.dtype), [1, 2, 1, 2, 1], [1, 1, 2, 1, 1], "SAME"), 1,
           min_rank=3, max_rank=3, dtypes=NUMBERS, max_examples=15),
    OpSpec("extract_volume_patches[VALID]", lambda mod, x: mod.extract_volume_patches(
        x, [1, 2, 2, 1, 1], [1, 2, 1, 1, 1], "VALID"), 1, min_rank=4, max_rank=5, max_examples=15),
    OpSpec("edit_distance", lambda mod, x, y: [mod.edit_distance(
        mod.sparse.from_dense(mod.math.floormod(x, 3)), mod.sparse.from_dense(mod.math.floormod(y, 3)), normalize=n)
        for n in (True, False)], 2, same_shape=True, min_rank=2, max_rank=3, dtypes=("int32", "int64"), grad=False,
           max_examples=20),
]


SPECS: list[OpSpec] = [
    # ---- elementwise, with bit-exact kernels or NumPy-exact arithmetic
    binary("math.add", dtypes=NUMBERS, rejected=("bool",)),
    binary("math.subtract", dtypes=NUMBERS),
    binary("math.multiply", dtypes=NUMBERS),
    binary("math.divide", dtypes=FLOATS + ("int32",)),
    binary("math.truediv", dtypes=FLOATS),
    binary("math.floordiv", dtypes=FLOATS, grad=False),
    binary("math.floormod", dtypes=FLOATS),
    binary("math.maximum", dtypes=NUMBERS),
    binary("math.minimum", dtypes=NUMBERS),
    binary("math.squared_difference", dtypes=FLOATS + ("int32",)),
    binary("math.pow", dtypes=FLOATS, bounded=4.0, **NOT_EXACT),
    binary("math.atan2", **NOT_EXACT),
    binary("math.divide_no_nan", dtypes=FLOATS),
    unary("math.negative", dtypes=NUMBERS),
    unary("math.abs", dtypes=FLOATS + SIGNED),
    unary("math.sign", dtypes=FLOATS + SIGNED),
    unary("math.square", dtypes=NUMBERS, rejected=("bool",)),
    unary("math.sqrt", rejected=("int32",)),
    unary("math.rsqrt", **NOT_EXACT),
    unary("math.exp", rejected=("int32",)),
    unary("math.expm1"),
    unary("math.log"),
    unary("math.log1p"),
    unary("math.sin"),
    unary("math.cos"),
    unary("math.tan", **NOT_EXACT),
    unary("math.asin", **NOT_EXACT),
    unary("math.acos", **NOT_EXACT),
    unary("math.atan", **NOT_EXACT),
    unary("math.sinh", **NOT_EXACT),
    unary("math.cosh", **NOT_EXACT),
    unary("math.tanh"),
    unary("math.sigmoid"),
    unary("math.erf"),
    unary("math.reciprocal", **NOT_EXACT),
    unary("math.round", grad=True),
    unary("math.floor"),
    unary("math.ceil"),
    unary("math.is_nan", grad=False),
    unary("math.is_inf", grad=False),
    unary("math.is_finite", grad=False),
    OpSpec("clip_by_value", lambda mod, x: mod.clip_by_value(x, -1.5, 2.0), 1, dtypes=FLOATS),
    OpSpec("add_n", lambda mod, x, y: mod.add_n([x, y, x]), 2, same_shape=True),
    OpSpec("where3", lambda mod, x, y: mod.where(x > y, x, y), 2),
    OpSpec("where1", lambda mod, x: mod.where(x > 0), 1, grad=False, dtypes=FLOATS + INTS),
    OpSpec("cast_int32", lambda mod, x: mod.cast(x, mod.int32), 1, dtypes=FLOATS + INTS, bounded=1e6),
    OpSpec("cast_float64", lambda mod, x: mod.cast(x, mod.float64), 1, dtypes=FLOATS + INTS),
    OpSpec("saturate_cast_uint8", lambda mod, x: mod.dtypes.saturate_cast(x, mod.uint8), 1, grad=False),
    binary("math.equal", dtypes=NUMBERS, grad=False),
    binary("math.not_equal", dtypes=NUMBERS, grad=False),
    binary("math.less", dtypes=NUMBERS, grad=False),
    binary("math.less_equal", dtypes=NUMBERS, grad=False),
    binary("math.greater", dtypes=NUMBERS, grad=False),
    binary("math.greater_equal", dtypes=NUMBERS, grad=False),
    binary("math.logical_and", dtypes=("bool",), grad=False),
    binary("math.logical_or", dtypes=("bool",), grad=False),
    binary("math.logical_xor", dtypes=("bool",), grad=False),
    unary("math.logical_not", dtypes=("bool",), grad=False),
    # ---- reductions (accumulation order: see compat/DIFFERENCES.md)
    *reduction("reduce_sum", dtypes=FLOATS + ("int32",), **NOT_EXACT),
    *reduction("reduce_mean", dtypes=FLOATS + ("int32",), **NOT_EXACT),
    *reduction("reduce_max", dtypes=FLOATS + ("int32",), plain_zeros=True,
               note="max/min of signed zeros and subnormals: compat/DIFFERENCES.md"),
    *reduction("reduce_min", dtypes=FLOATS + ("int32",), plain_zeros=True,
               note="max/min of signed zeros and subnormals: compat/DIFFERENCES.md"),
    *reduction("reduce_prod", dtypes=FLOATS, bounded=2.0, **NOT_EXACT),
    *reduction("reduce_logsumexp", **NOT_EXACT),
    *reduction("math.reduce_std", **NOT_EXACT),
    *reduction("math.reduce_variance", **NOT_EXACT),
    *reduction("reduce_all", dtypes=("bool",), grad=False),
    *reduction("reduce_any", dtypes=("bool",), grad=False),
    OpSpec("argmax", lambda mod, x: mod.argmax(x, axis=-1), 1, dtypes=FLOATS + INTS, min_rank=1, grad=False),
    OpSpec("argmin", lambda mod, x: mod.argmin(x, axis=0), 1, dtypes=FLOATS + INTS, min_rank=1, grad=False),
    OpSpec("cumsum", lambda mod, x: mod.cumsum(x, axis=-1), 1, min_rank=1, **NOT_EXACT),
    OpSpec("cumsum_rev_excl", lambda mod, x: mod.cumsum(x, axis=0, exclusive=True, reverse=True), 1, min_rank=1,
           **NOT_EXACT),
    OpSpec("cumprod", lambda mod, x: mod.math.cumprod(x, axis=-1), 1, min_rank=1, bounded=2.0, **NOT_EXACT),
    OpSpec("count_nonzero", lambda mod, x: mod.math.count_nonzero(x), 1, dtypes=FLOATS + INTS, grad=False),
    OpSpec("norm", lambda mod, x: mod.norm(x), 1, **NOT_EXACT),
    # ---- array
    OpSpec("reshape", lambda mod, x: mod.reshape(x, [-1]), 1, dtypes=NUMBERS),
    OpSpec("transpose", lambda mod, x: mod.transpose(x), 1, dtypes=NUMBERS),
    OpSpec("expand_dims", lambda mod, x: mod.expand_dims(x, 0), 1),
    OpSpec("squeeze", lambda mod, x: mod.squeeze(mod.expand_dims(x, -1), -1), 1),
    OpSpec("concat", lambda mod, x, y: mod.concat([x, y], axis=0), 2, same_shape=True, min_rank=1),
    OpSpec("stack", lambda mod, x, y: mod.stack([x, y], axis=-1), 2, same_shape=True),
    OpSpec("unstack", lambda mod, x: mod.unstack(x), 1, min_rank=1),
    OpSpec("tile", lambda mod, x: mod.tile(x, [2] * len(x.shape)), 1),
    OpSpec("pad", lambda mod, x: mod.pad(x, [[1, 2]] * len(x.shape)), 1),
    OpSpec("reverse", lambda mod, x: mod.reverse(x, [0]), 1, min_rank=1),
    OpSpec("slice_neg_step", lambda mod, x: x[::-1], 1, min_rank=1),
    OpSpec("slice_ellipsis", lambda mod, x: x[..., 1:], 1, min_rank=1),
    OpSpec("gather", lambda mod, x: mod.gather(x, [0, 0], axis=0), 1, min_rank=1),
    OpSpec("boolean_mask", lambda mod, x: mod.boolean_mask(x, x > 0), 1, min_rank=1),
    OpSpec("broadcast_to", lambda mod, x: mod.broadcast_to(x, [2] + list(x.shape)), 1),
    OpSpec("identity", lambda mod, x: mod.identity(x), 1, dtypes=NUMBERS),
    OpSpec("stop_gradient", lambda mod, x: mod.stop_gradient(x) * x, 1),
    OpSpec("zeros_like", lambda mod, x: mod.zeros_like(x), 1, dtypes=NUMBERS),
    OpSpec("ones_like", lambda mod, x: mod.ones_like(x), 1, dtypes=NUMBERS),
    OpSpec("shape", lambda mod, x: mod.shape(x), 1, dtypes=NUMBERS, grad=False),
    OpSpec("size", lambda mod, x: mod.size(x), 1, dtypes=NUMBERS, grad=False),
    OpSpec("rank", lambda mod, x: mod.rank(x), 1, dtypes=NUMBERS, grad=False),
    OpSpec("sort", lambda mod, x: mod.sort(x), 1, min_rank=1, dtypes=("float32", "int32")),
    OpSpec("argsort", lambda mod, x: mod.argsort(x), 1, min_rank=1, dtypes=("float32", "int32"), grad=False),
    OpSpec("top_k", lambda mod, x: mod.math.top_k(x, k=1), 1, min_rank=1, dtypes=("float32", "int32"),
           bounded=2.0**99, note="NaN: TF's choice depends on its sort internals (compat/DIFFERENCES.md)"),
    OpSpec("one_hot", lambda mod, x: mod.one_hot(mod.cast(x, mod.int32), 4), 1, dtypes=("int32",), grad=False),
    # ---- linear algebra
    OpSpec("matmul", lambda mod, x, y: mod.matmul(x, mod.transpose(y)), 2, same_shape=True, min_rank=2,
           dtypes=("float32", "float64"), onednn=True),
    OpSpec("linalg.matvec", lambda mod, x, y: mod.linalg.matvec(x, y[..., 0, :]), 2, same_shape=True, min_rank=2,
           dtypes=("float32", "float64"), onednn=True),
    OpSpec("linalg.diag_part", lambda mod, x: mod.linalg.diag_part(x), 1, min_rank=2),
    OpSpec("linalg.trace", lambda mod, x: mod.linalg.trace(x), 1, min_rank=2, **NOT_EXACT),
    # ---- nn
    unary("nn.relu", dtypes=FLOATS + ("int32",), note="subnormal inputs: open difference (compat/DIFFERENCES.md)"),
    unary("nn.relu6", note="subnormal inputs: open difference (compat/DIFFERENCES.md)"),
    unary("nn.leaky_relu"),
    unary("nn.elu"),
    unary("nn.selu"),
    unary("nn.softplus"),
    unary("nn.softsign", **NOT_EXACT),
    unary("nn.silu", **NOT_EXACT),
    unary("nn.gelu", **NOT_EXACT),
    OpSpec("nn.softmax", lambda mod, x: mod.nn.softmax(x), 1, min_rank=1, onednn=True),
    OpSpec("nn.log_softmax", lambda mod, x: mod.nn.log_softmax(x), 1, min_rank=1),
    OpSpec("nn.l2_normalize", lambda mod, x: mod.nn.l2_normalize(x, axis=-1), 1, min_rank=1, **NOT_EXACT),
    OpSpec("nn.sigmoid_cross_entropy_with_logits",
           lambda mod, x, y: mod.nn.sigmoid_cross_entropy_with_logits(labels=mod.sigmoid(y), logits=x), 2,
           same_shape=True, **NOT_EXACT),
    OpSpec("nn.softmax_cross_entropy_with_logits",
           lambda mod, x, y: mod.nn.softmax_cross_entropy_with_logits(labels=mod.nn.softmax(y), logits=x), 2,
           same_shape=True, min_rank=1),
    OpSpec("nn.moments", lambda mod, x: mod.nn.moments(x, axes=[0]), 1, min_rank=1, **NOT_EXACT),
    *EXTRA_SPECS,
    *SPECIAL_SPECS,
    # ---- tf.quantization's fake-quant ops (float32 only; gradients: pass-through inside the nudged range)
    OpSpec("quantization.fake_quant_with_min_max_args",
           lambda mod, x: mod.quantization.fake_quant_with_min_max_args(x, min=-1.5, max=2.7), 1,
           dtypes=("float32",), rejected=("float64",)),
    OpSpec("quantization.fake_quant_with_min_max_args[num_bits=4,narrow_range]",
           lambda mod, x: mod.quantization.fake_quant_with_min_max_args(x, min=-0.3, max=5.0, num_bits=4,
                                                                        narrow_range=True), 1, dtypes=("float32",)),
    OpSpec("quantization.fake_quant_with_min_max_vars",
           lambda mod, x, lo, hi: mod.quantization.fake_quant_with_min_max_vars(
               x, mod.reduce_min(lo) - 1.0, mod.reduce_max(hi) + 1.0), 3, dtypes=("float32",), same_shape=True,
           bounded=100.0),
    OpSpec("quantization.fake_quant_with_min_max_vars_per_channel",
           lambda mod, x, lo, hi: mod.quantization.fake_quant_with_min_max_vars_per_channel(
               x, mod.reduce_min(lo, axis=0) - 1.0, mod.reduce_max(hi, axis=0) + 1.0), 3, dtypes=("float32",),
           same_shape=True, min_rank=2, max_rank=2, bounded=100.0),
]

_SPECIALS = [0.0, -0.0, 1.0, -1.0, 0.5, 2.0, np.inf, -np.inf, np.nan, 1e-30, -1e30, 1e-40, 65504.0, 3.0e38]


def values(dtype: str, shape: tuple, spec: OpSpec):
    np_dtype = np.dtype(dtype)
    if dtype == "bool":
        elements = st.booleans()
    elif np_dtype.kind in "iu":
        info = np.iinfo(np_dtype)
        lo, hi = max(info.min, -1000), min(info.max, 1000)
        elements = st.integers(lo, hi) | st.sampled_from([0, lo, hi])
    else:
        width = np_dtype.itemsize * 8
        fmax = float(np.finfo(np_dtype).max)
        if spec.bounded is not None or spec.positive:
            hi = min(spec.bounded or fmax, fmax)
            elements = st.floats(min_value=0.0 if spec.positive else -hi, max_value=hi, width=width)
        else:
            specials = [np_dtype.type(v) for v in _SPECIALS if np.isnan(v) or abs(v) <= fmax]
            elements = st.floats(width=width) | st.sampled_from(specials)
        elements = elements | st.floats(0.01 if spec.positive else -10, 10, width=width)
        if spec.plain_zeros:
            tiny = float(np.finfo(np_dtype).tiny)
            elements = elements.map(lambda v: 0.0 if abs(v) < tiny else v)
    return hnp.arrays(np_dtype, shape, elements=elements)


@st.composite
def op_inputs(draw, spec: OpSpec):
    dtype = draw(st.sampled_from(spec.dtypes + spec.rejected))
    if spec.arity == 1 or spec.same_shape:
        shape = draw(hnp.array_shapes(min_dims=spec.min_rank, max_dims=spec.max_rank,
                                      min_side=0 if spec.min_rank == 0 else 1,
                                      max_side=4))
        shapes = [shape] * spec.arity
    else:
        shapes = list(draw(hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=spec.min_rank,
                                                            max_dims=spec.max_rank,
                                                            min_side=0, max_side=4)).input_shapes)
    return [draw(values(dtype, s, spec)) for s in shapes]


@pytest.mark.differential
@pytest.mark.parametrize("spec", [pytest.param(s, marks=pytest.mark.xfail(reason=s.xfail, strict=True)) if s.xfail
                                  else s for s in SPECS], ids=[s.name for s in SPECS])
def test_op_matches_tf(spec):
    @given(op_inputs(spec))
    def check(arrays):
        compare_call(spec, arrays)

    if spec.max_examples is not None and os.environ.get("HYPOTHESIS_PROFILE", "ci") == "ci":
        current = hypothesis.settings.default.max_examples
        check = hypothesis.settings(max_examples=min(current, spec.max_examples))(check)
    check()

