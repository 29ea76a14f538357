"""Math, reduction and bitwise ops: numeric gradient checks (float64), scalar and broadcasting cases,
and TF's exception classes and messages (texts recorded from TF 2.21 with the oracle)."""

from __future__ import annotations

import numpy as np
import pytest

import tfshim as tf
from tests.gradcheck import check_gradients

RNG = np.random.default_rng(0)
M = RNG.uniform(0.2, 0.9, size=(2, 3))  # inside every domain (log, sqrt, asin, acos, ...)
V = RNG.uniform(0.2, 0.9, size=(3,))
DISTINCT = np.array([[0.3, -1.2, 2.5], [1.7, 0.4, -0.6]])  # no ties, no zeros, no kinks
P = np.array([[1.5, 2.0, 0.5], [1.2, 0.7, 3.0]])  # positive, for pow's base

UNARY = {
    "negative": tf.negative, "abs": tf.abs, "square": tf.square, "sqrt": tf.sqrt, "rsqrt": tf.math.rsqrt,
    "exp": tf.exp, "expm1": tf.math.expm1, "log": tf.math.log, "log1p": tf.math.log1p, "sin": tf.sin,
    "cos": tf.cos, "tan": tf.tan, "asin": tf.asin, "acos": tf.acos, "atan": tf.atan, "sinh": tf.sinh,
    "cosh": tf.cosh, "tanh": tf.tanh, "sigmoid": tf.sigmoid, "nn.sigmoid": tf.nn.sigmoid, "erf": tf.math.erf,
    "reciprocal": tf.math.reciprocal,
}

BINARY = {
    "add": tf.add, "subtract": tf.subtract, "multiply": tf.multiply, "divide": tf.divide,
    "truediv": tf.math.truediv, "realdiv": tf.realdiv, "pow": tf.pow, "atan2": tf.math.atan2,
    "maximum": tf.maximum, "minimum": tf.minimum, "squared_difference": tf.math.squared_difference,
    "divide_no_nan": tf.math.divide_no_nan, "xlogy": tf.math.xlogy, "xdivy": tf.math.xdivy,
    "floormod": tf.math.floormod,
}

REDUCE = {
    "reduce_sum": tf.reduce_sum, "reduce_mean": tf.reduce_mean, "reduce_max": tf.reduce_max,
    "reduce_min": tf.reduce_min, "reduce_prod": tf.reduce_prod, "reduce_logsumexp": tf.reduce_logsumexp,
    "reduce_std": tf.math.reduce_std, "reduce_variance": tf.math.reduce_variance, "norm": tf.norm,
}


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_gradient(name):
    check_gradients(UNARY[name], M)


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_scalar(name):
    check_gradients(UNARY[name], np.array(0.5))


@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_gradient_broadcasting(name):
    f = BINARY[name]
    x = P if name in ("pow", "xlogy") else DISTINCT
    y = V + 1.0 if name in ("maximum", "minimum", "floormod") else V
    check_gradients(f, x, y)  # (2, 3) with (3,): y's gradient is summed over the broadcast axis
    check_gradients(f, x, y.reshape(1, 3))
    check_gradients(f, np.array(1.3), y)  # a scalar operand


@pytest.mark.parametrize("name", sorted(REDUCE))
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_reduction_gradient(name, axis):
    f = REDUCE[name]
    check_gradients(lambda x: f(x, axis=axis), DISTINCT if name not in ("reduce_prod",) else P)
    check_gradients(lambda x: f(x, axis=axis, keepdims=True), DISTINCT)


@pytest.mark.parametrize("name", ["reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod"])
def test_reduction_scalar_and_multi_axis(name):
    f = REDUCE[name]
    check_gradients(f, np.array(1.7))
    cube = RNG.uniform(0.5, 1.5, size=(2, 3, 2))
    check_gradients(lambda x: f(x, axis=[0, 2]), cube)


@pytest.mark.parametrize("fn", ["cumsum", "cumprod"])
@pytest.mark.parametrize("exclusive", [False, True])
@pytest.mark.parametrize("reverse", [False, True])
def test_scan_gradient(fn, exclusive, reverse):
    f = getattr(tf.math, fn)
    check_gradients(lambda x: f(x, axis=1, exclusive=exclusive, reverse=reverse), P)


def test_add_n_and_clip_gradients():
    check_gradients(lambda a, b: tf.add_n([a, b, a]), M, M[::-1])


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64, np.int32, np.uint8, np.int64])
def test_add_n_of_many_small_inputs_keeps_the_order(dtype):
    # More than 16 small inputs are summed stacked (math_ops._add_n_stacked): the bits of TF's order, one add at a
    # time (_add_n), for every count's head/chunk split, overflow to inf, and a NaN (redone in the NaN order).
    from tfshim.kernels import fpenv
    from tfshim.ops import math_ops

    rng = np.random.default_rng(7)
    for n in range(17, 60):
        for shape in [(), (3,), (2, 5)]:
            if np.dtype(dtype).kind == "f":
                with np.errstate(over="ignore"):  # (float16: the large scale overflows to inf, also a case)
                    xs = (rng.standard_normal((n,) + shape) * [1, 1e4, 3e38][n % 3]).astype(dtype)
                if n % 5 == 0:
                    xs[n // 2] = np.nan
            else:
                xs = rng.integers(-100, 100, (n,) + shape).astype(dtype)
            with fpenv.kernel_env():
                want = np.asarray(math_ops._add_n(tuple(xs), np.add))
                if want.dtype.kind == "f" and np.isnan(want).any():
                    want = np.asarray(math_ops._add_n(tuple(xs), math_ops._add_in_order))
                got = math_ops._add_n_kernel(*xs)
            assert got.dtype == want.dtype and got.shape == want.shape and got.tobytes() == want.tobytes()
    check_gradients(lambda x: tf.clip_by_value(x, -0.5, 1.0), DISTINCT)
    check_gradients(lambda x: tf.norm(x, ord=3), DISTINCT)
    check_gradients(lambda x: tf.norm(x, ord=1, axis=[0, 1]), DISTINCT)


def _grad(f, *values):
    ts = [tf.constant(np.asarray(v, dtype=np.float32)) for v in values]
    with tf.GradientTape() as tape:
        for t in ts:
            tape.watch(t)
        y = f(*ts)
    return [None if g is None else g.numpy().tolist() for g in tape.gradient(y, ts)]


def test_kinks_as_tf():
    assert _grad(tf.abs, [0.0, -1.0]) == [[0.0, -1.0]]
    assert _grad(tf.sqrt, [0.0, 4.0]) == [[np.inf, 0.25]]
    assert _grad(tf.maximum, [1.0, 2.0], [1.0, 1.0]) == [[1.0, 1.0], [0.0, 0.0]]  # ties go to x
    assert _grad(tf.minimum, [1.0, 2.0], [1.0, 1.0]) == [[1.0, 0.0], [0.0, 1.0]]
    assert _grad(lambda x: tf.clip_by_value(x, 0.0, 1.0), [0.0, 1.0, 2.0]) == [[1.0, 1.0, 0.0]]
    third = np.float32(1 / 3)
    assert _grad(tf.reduce_max, [2.0, 2.0, 1.0, 2.0]) == [[third, third, 0.0, third]]  # ties share equally
    assert _grad(tf.round, [0.5]) == [None]
    assert _grad(tf.floor, [0.5]) == [None]
    assert _grad(tf.math.ceil, [0.5]) == [None]
    assert _grad(tf.reduce_prod, [0.0, 0.0, 5.0]) == [[0.0, 0.0, 0.0]]
    assert _grad(tf.reduce_prod, [0.0, 2.0, 5.0]) == [[10.0, 0.0, 0.0]]
    assert _grad(lambda x: tf.cast(x, tf.float64) * 2.0, [1.0]) == [[2.0]]
    assert _grad(lambda x: tf.cast(x, tf.int32), [1.0]) == [None]


def test_second_order_through_grad_ops():
    t, sg = np.tanh(0.8), 1 / (1 + np.exp(-0.8))
    for f, want in [(tf.tanh, -2 * t * (1 - t * t)), (tf.sigmoid, sg * (1 - sg) * (1 - 2 * sg)),
                    (tf.sqrt, -0.25 * 0.8 ** -1.5), (tf.math.rsqrt, 0.75 * 0.8 ** -2.5),
                    (tf.math.reciprocal, 2 * 0.8 ** -3)]:
        x = tf.constant(0.8, tf.float64)
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = f(x)
            g = inner.gradient(y, x)
        np.testing.assert_allclose(outer.gradient(g, x).numpy(), want, rtol=1e-12)


def test_values_as_tf():
    assert tf.round(tf.constant([0.5, 1.5, 2.5, -0.5, -1.5])).numpy().tolist() == [0.0, 2.0, 2.0, -0.0, -2.0]
    a, b = tf.constant([-7, 7, -7, 7]), tf.constant([2, 2, -2, -2])
    assert tf.math.floordiv(a, b).numpy().tolist() == [-4, 3, 3, -4]
    assert tf.math.floormod(a, b).numpy().tolist() == [1, 1, -1, -1]
    assert tf.truncatediv(a, b).numpy().tolist() == [-3, 3, 3, -3]
    assert tf.truncatemod(a, b).numpy().tolist() == [-1, 1, -1, 1]
    assert tf.reduce_mean(tf.constant([-3, -4])).numpy() == -3
    assert tf.reduce_mean(tf.constant([255, 255], tf.uint8)).numpy() == 255
    assert tf.argmax(tf.constant([1.0, 3.0, 3.0])).dtype == tf.int64
    assert tf.bitwise.left_shift(tf.constant([1, 1], tf.int8), tf.constant([3, 9], tf.int8)).numpy().tolist() == [
        8, -128]
    assert tf.dtypes.saturate_cast(tf.constant([-300.0, 300.0]), tf.uint8).numpy().tolist() == [0, 255]
    assert str(tf.math.floormod(tf.constant([-4.0]), tf.constant([2.0])).numpy()[0]) == "-0.0"


_SQRT_INT = (
    "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, double, complex64, "
    "complex128\n\t; NodeDef: {{node Sqrt}}; Op<name=Sqrt; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, "
    "DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]> [Op:Sqrt]"
)
_DEV = "{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
ERRORS = [
    (lambda: tf.sqrt(tf.constant([1, 2])), tf.errors.InvalidArgumentError, _SQRT_INT + " name: "),
    (lambda: tf.sqrt([1, 2]), tf.errors.InvalidArgumentError, _SQRT_INT),  # TF's slow path: no " name: "
    (lambda: tf.reduce_mean(tf.ones([2, 2]), axis=5), tf.errors.InvalidArgumentError,
     _DEV % "Mean" + "Invalid reduction dimension (5 for input with 2 dimension(s) [Op:Mean] name: "),
    (lambda: tf.reduce_mean(tf.ones([2, 2]), axis=[0, 0]), tf.errors.InvalidArgumentError,
     _DEV % "Mean" + "Invalid reduction arguments: Axes contains duplicate dimension: 0 [Op:Mean]"),
    (lambda: tf.reduce_max(tf.ones([2, 2]), axis=5), tf.errors.InvalidArgumentError,
     _DEV % "Max" + "Invalid reduction dimension (5 for input with 2 dimension(s) [Op:Max] name: "),
    (lambda: tf.reduce_min(tf.ones([2, 2]), axis=-3), tf.errors.InvalidArgumentError,
     _DEV % "Min" + "Invalid reduction dimension (-3 for input with 2 dimension(s) [Op:Min] name: "),
    (lambda: tf.reduce_all(tf.ones([2])), tf.errors.InvalidArgumentError,
     "cannot compute All as input #0(zero-based) was expected to be a bool tensor but is a float tensor "
     "[Op:All] name: "),
    (lambda: tf.argmax(tf.ones([2, 2]), axis=5), tf.errors.InvalidArgumentError,
     _DEV % "ArgMax" + "Expected dimension in the range [-2, 2), but got 5 [Op:ArgMax] name: "),
    (lambda: tf.argmax(tf.zeros([0])), tf.errors.InvalidArgumentError,
     _DEV % "ArgMax" + "Reduction axis 0 is empty in shape [0] [Op:ArgMax] name: "),
    (lambda: tf.argmax(tf.ones([2, 2]), axis=[0, 1]), TypeError, "axis must be int or Tensor with integer datatype"),
    (lambda: tf.cumsum(tf.ones([2, 2]), axis=5), tf.errors.InvalidArgumentError,
     _DEV % "Cumsum" + "ScanOp: Expected scan axis in the range [-2, 2), but got 5 [Op:Cumsum] name: "),
    (lambda: tf.math.cumprod(tf.ones([2, 2]), axis=-3), tf.errors.InvalidArgumentError,
     _DEV % "Cumprod" + "ScanOp: Expected scan axis in the range [-2, 2), but got -1 [Op:Cumprod] name: "),
    (lambda: tf.cumsum(tf.ones([2, 2]), axis=[0]), tf.errors.InvalidArgumentError,
     _DEV % "Cumsum" + "ScanOp: axis must be a scalar, not [1] [Op:Cumsum]"),
    (lambda: tf.math.reduce_variance(tf.constant([1, 2])), TypeError,
     "Input must be either real or complex. Received integer type <dtype: 'int32'>."),
    (lambda: tf.math.floordiv(tf.constant([1]), 0), tf.errors.InvalidArgumentError,
     _DEV % "FloorDiv" + "Integer division by zero [Op:FloorDiv] name: "),
    (lambda: tf.truncatediv(tf.constant([1]), tf.constant([0])), tf.errors.InternalError,
     _DEV % "TruncateDiv" + "Unexpected error in binary operator (only integer div and mod should have errors) "
     "[Op:TruncateDiv] name: "),
    (lambda: tf.maximum(tf.ones([2]), tf.ones([3])), tf.errors.InvalidArgumentError,
     _DEV % "Maximum" + "Incompatible shapes: [2] vs. [3] [Op:Maximum] name: "),
    (lambda: tf.maximum(tf.ones([2]), [1.0, 2.0, 3.0]), tf.errors.InvalidArgumentError,
     _DEV % "Maximum" + "Incompatible shapes: [2] vs. [3] [Op:Maximum]"),
    (lambda: tf.maximum(tf.ones([2]), tf.ones([2], tf.int32)), tf.errors.InvalidArgumentError,
     "cannot compute Maximum as input #1(zero-based) was expected to be a float tensor but is a int32 tensor "
     "[Op:Maximum] name: "),
    (lambda: tf.clip_by_value(tf.constant([1, 2]), 0.5, 2.5), TypeError,
     "Cannot convert 2.5 to EagerTensor of dtype int32"),
    (lambda: tf.clip_by_value(tf.ones([2]), 0.0, tf.ones([2, 2])), ValueError,
     "Shapes (2,) and (2, 2) are incompatible"),
    (lambda: tf.add_n([]), ValueError,
     "Inputs must be an iterable of at least one Tensor/IndexedSlices with the same dtype and shape."),
    (lambda: tf.add_n([tf.ones([2]), tf.ones([3])]), tf.errors.InvalidArgumentError,
     _DEV % "AddN_N_2" + "Inputs to operation AddN of type AddN must have the same size and shape.  Input 0: [2] != "
     "input 1: [3] [Op:AddN] name: "),
    (lambda: tf.math.divide_no_nan(tf.constant([1.0]), tf.constant([1])), TypeError,
     "`x` and `y` must have the same dtype, got tf.float32 != tf.int32."),
    (lambda: tf.math.reciprocal(tf.constant([1, 2])), tf.errors.NotFoundError, None),
    (lambda: tf.norm(tf.ones([2, 2]), ord="fro"), ValueError, "'ord' must be a supported vector norm, got fro"),
    (lambda: tf.norm(tf.ones([2, 2]), axis=[0, 1, 0]), ValueError,
     "'axis' must be None, an integer, or a tuple of 2 unique integers, got [0, 1, 0]"),
    (lambda: tf.dtypes.saturate_cast(tf.constant(["a"]), tf.int8), TypeError,
     "Cannot find minimum value of <dtype: 'string'> with type <dtype: 'string'>."),
    (lambda: tf.pow(tf.constant([2]), -1), tf.errors.InvalidArgumentError,
     _DEV % "Pow" + "Integers to negative integer powers are not allowed [Op:Pow] name: "),
    (lambda: tf.logical_and(tf.constant([1]), tf.constant([0])), tf.errors.InvalidArgumentError,
     "cannot compute LogicalAnd as input #0(zero-based) was expected to be a bool tensor but is a int32 tensor "
     "[Op:LogicalAnd] name: "),
    (lambda: tf.bitwise.bitwise_and(tf.constant([1]), tf.constant([1], tf.int64)), tf.errors.InvalidArgumentError,
     "cannot compute BitwiseAnd as input #1(zero-based) was expected to be a int32 tensor but is a int64 tensor "
     "[Op:BitwiseAnd] name: "),
]


@pytest.mark.parametrize("case", range(len(ERRORS)))
def test_errors_as_tf(case):
    f, cls, message = ERRORS[case]
    with pytest.raises(cls) as info:
        f()
    if message is not None:
        assert str(info.value) == message


def test_reciprocal_int_message_first_line():
    with pytest.raises(tf.errors.NotFoundError) as info:
        tf.math.reciprocal(tf.constant([1, 2]))
    assert str(info.value).split("\n")[0] == (
        "Could not find device for node: {{node Reciprocal}} = Reciprocal[T=DT_INT32]")
    assert str(info.value).endswith(" [Op:Reciprocal] name: ")


def test_no_numpy_warnings_escape():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        tf.math.floordiv(tf.constant([-2**31]), tf.constant([-1]))
        tf.math.log(tf.constant([0.0, -1.0]))
        tf.math.divide_no_nan(tf.constant([1.0, 0.0]), tf.constant([0.0, 0.0]))
        tf.reduce_mean(tf.zeros([0]))
        tf.math.floormod(tf.constant([1.0]), tf.constant([0.0]))
        tf.math.xlogy(tf.constant([0.0]), tf.constant([0.0]))
        tf.cast(tf.constant([1e10]), tf.int32)


def test_differential_regressions_as_tf():
    # Values recorded from TF 2.21 (tests/differential found them).
    assert tf.math.log1p(tf.constant([67.0] * 4, tf.float64)).numpy()[0].hex() == "0x1.0e0c6a0bbce38p+2"
    assert float(tf.math.log1p(tf.constant(67.0, tf.float64)).numpy()).hex() == "0x1.0e0c6a0bbce39p+2"
    bits = tf.math.log1p(tf.constant([np.nan] * 17, tf.float64)).numpy().view(np.uint64)
    assert bits.tolist() == [0xFFFFFFFFFFFFFFFF] * 16 + [0x7FF8000000000000]
    bits = tf.math.log1p(tf.constant([np.nan, -np.nan, 1.0], tf.float64)).numpy().view(np.uint64)
    assert bits[:2].tolist() == [0x7FF8000000000000, 0xFFF8000000000000]
    x = tf.constant(np.array([-1.34e154, 1e300, -30.0, 27.5, 0.0]))
    assert tf.math.erfc(x).numpy().tolist() == [2.0, 0.0, 2.0, 0.0, 1.0]
    assert abs(tf.math.erfc(tf.constant(5.0, tf.float64)).numpy() - 1.53745979e-12) < 1e-20
    for dtype in (tf.float16, tf.float32):
        x = tf.constant(np.zeros((0,)), dtype)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_prod(x)
        g = tape.gradient(y, x)
        assert y.numpy() == 1.0 and g.shape == (0,) and g.dtype == dtype
    assert tf.cumsum(tf.zeros([2, 0]), axis=1, exclusive=True).shape == (2, 0)


def test_differential_regressions_as_tf_2():
    # Recorded from TF 2.21: an empty result divides nothing (no "Integer division by zero").
    empty = tf.constant(np.zeros((0,), np.int8))
    for f in (tf.math.floordiv, tf.math.floormod, tf.truncatediv, tf.truncatemod):
        assert f(tf.cast(empty, tf.int32), tf.constant(0)).shape == (0,)
    assert tf.math.floordiv(empty, tf.constant(np.int8(0))).shape == (0,)
    with pytest.raises(tf.errors.NotFoundError) as e:
        tf.truncatemod(tf.constant(np.float16(1)), tf.constant(np.float16(0)))
    assert str(e.value).startswith("Could not find device for node: {{node TruncateMod}} = TruncateMod[T=DT_HALF]\n"
                                   "All kernels registered for op TruncateMod:\n")
    assert tf.math.xlogy(tf.constant(np.float16(0)), tf.constant(np.float16(0))).shape == ()


@pytest.mark.parametrize("name", sorted(BINARY))
@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_binary_of_scalars_is_a_scalar(name, dtype):
    # found by the differential suite: atan2 of two 0-d tensors had shape (1,), TF's is ()
    one = tf.constant(dtype(1.5))
    assert BINARY[name](one, one).shape == ()
