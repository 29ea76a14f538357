"""Hypothesis-generated calls of every op in the op library, in TF and in tfshim, compared (harness.py)."""

from __future__ import annotations

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
    *reduction("reduce_max", dtypes=FLOATS + ("int32",)),
    *reduction("reduce_min", dtypes=FLOATS + ("int32",)),
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
    OpSpec("top_k", lambda mod, x: mod.math.top_k(x, k=1), 1, min_rank=1, dtypes=("float32", "int32")),
    OpSpec("one_hot", lambda mod, x: mod.one_hot(mod.cast(x, mod.int32), 4), 1, dtypes=("int32",), grad=False),
    # ---- linear algebra
    OpSpec("matmul", lambda mod, x, y: mod.matmul(x, mod.transpose(y)), 2, same_shape=True, min_rank=2,
           dtypes=("float32", "float64"), **NOT_EXACT),
    OpSpec("linalg.matvec", lambda mod, x, y: mod.linalg.matvec(x, y[..., 0, :]), 2, same_shape=True, min_rank=2,
           dtypes=("float32", "float64"), **NOT_EXACT),
    OpSpec("linalg.diag_part", lambda mod, x: mod.linalg.diag_part(x), 1, min_rank=2),
    OpSpec("linalg.trace", lambda mod, x: mod.linalg.trace(x), 1, min_rank=2, **NOT_EXACT),
    # ---- nn
    unary("nn.relu", dtypes=FLOATS + ("int32",)),
    unary("nn.relu6"),
    unary("nn.leaky_relu"),
    unary("nn.elu"),
    unary("nn.selu"),
    unary("nn.softplus"),
    unary("nn.softsign", **NOT_EXACT),
    unary("nn.silu", **NOT_EXACT),
    unary("nn.gelu", **NOT_EXACT),
    OpSpec("nn.softmax", lambda mod, x: mod.nn.softmax(x), 1, min_rank=1, **NOT_EXACT),
    OpSpec("nn.log_softmax", lambda mod, x: mod.nn.log_softmax(x), 1, min_rank=1, **NOT_EXACT),
    OpSpec("nn.l2_normalize", lambda mod, x: mod.nn.l2_normalize(x, axis=-1), 1, min_rank=1, **NOT_EXACT),
    OpSpec("nn.sigmoid_cross_entropy_with_logits",
           lambda mod, x, y: mod.nn.sigmoid_cross_entropy_with_logits(labels=mod.sigmoid(y), logits=x), 2,
           same_shape=True, **NOT_EXACT),
    OpSpec("nn.softmax_cross_entropy_with_logits",
           lambda mod, x, y: mod.nn.softmax_cross_entropy_with_logits(labels=mod.nn.softmax(y), logits=x), 2,
           same_shape=True, min_rank=1, dtypes=("float32", "float64"), **NOT_EXACT),
    OpSpec("nn.moments", lambda mod, x: mod.nn.moments(x, axes=[0]), 1, min_rank=1, **NOT_EXACT),
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
    return hnp.arrays(np_dtype, shape, elements=elements)


@st.composite
def op_inputs(draw, spec: OpSpec):
    dtype = draw(st.sampled_from(spec.dtypes + spec.rejected))
    if spec.arity == 1 or spec.same_shape:
        shape = draw(hnp.array_shapes(min_dims=spec.min_rank, max_dims=4, min_side=0 if spec.min_rank == 0 else 1,
                                      max_side=4))
        shapes = [shape] * spec.arity
    else:
        shapes = list(draw(hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=spec.min_rank, max_dims=4,
                                                            min_side=0, max_side=4)).input_shapes)
    return [draw(values(dtype, s, spec)) for s in shapes]


@pytest.mark.differential
@pytest.mark.parametrize("spec", SPECS, ids=[s.name for s in SPECS])
def test_op_matches_tf(spec):
    @given(op_inputs(spec))
    def check(arrays):
        compare_call(spec, arrays)

    check()

