# compat: numpy>=2.2-text (tf.norm with a tensor ord shows NumPy's truth-value errors, as TF does; older NumPy words them otherwise)
import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


# Op checks in TF's order: T allowed, a CPU kernel for T, then every input of dtype T
show(lambda: tf.math.igamma(tf.constant([1.0], tf.float16), tf.constant([1.0])))
show(lambda: tf.math.igamma(tf.constant([1], tf.int32), tf.constant([1.0])))
show(lambda: tf.realdiv(tf.constant([1], tf.uint8), tf.constant([True])))
show(lambda: tf.truncatemod(tf.constant([1.0], tf.float16), tf.constant([1])))
show(lambda: tf.add(tf.constant([True]), tf.constant([1.0])))

# Solve ops: bool attrs first, then both inputs to one dtype, then the op's checks
show(lambda: tf.linalg.banded_triangular_solve(tf.ones([1, 2], tf.float16), tf.ones([1, 2], tf.float16), lower=(1, 2)))
show(lambda: tf.linalg.banded_triangular_solve(tf.ones([1]), tf.ones([1]), tf.ones([1])))
show(lambda: tf.linalg.banded_triangular_solve(np.nan, tf.constant([[1, 2]])))
show(lambda: tf.linalg.banded_triangular_solve(np.float32(1.5), b"b"))
show(lambda: tf.linalg.banded_triangular_solve(tf.ones([1, 2], tf.float16), tf.ones([2, 1], tf.float16)))
show(lambda: tf.linalg.cholesky_solve(tf.ones([1], tf.float64), "a"))
show(lambda: tf.linalg.cholesky_solve(np.zeros([], np.int32), 1e40))
show(lambda: tf.linalg.solve(True, [1.5, 2.0]))
show(lambda: tf.linalg.solve(tf.ones([4, 1], tf.float16), tf.Variable(tf.ones([1, 0]))))
show(lambda: tf.linalg.solve([1, "a"], tf.ones([0, 3]), tf.ones([3, 1, 0], tf.float16)))
show(lambda: tf.linalg.triangular_solve(tf.ones([2, 2], tf.float16), tf.ones([2, 1], tf.float16)))

# lstsq reads the matrix's shape as TF's composite implementation does
show(lambda: tf.linalg.lstsq(1.0, 1.0))
show(lambda: tf.linalg.lstsq([], b"b"))
show(lambda: tf.linalg.lstsq(tf.ones([2], tf.complex64), [1, 2, 3]))
show(lambda: tf.linalg.lstsq(tf.ones([2, 2], tf.complex128), tf.ones([2, 1], tf.complex128), 0.5))
show(lambda: tf.linalg.lstsq(tf.ones([3, 2]), tf.ones([3, 1]), l2_regularizer="a"))

# tf.norm's `ord` test as TF evaluates it (NumPy's isreal, then comparisons)
show(lambda: tf.norm(tf.constant([1.0, 2.0]), ord=tf.constant(1.0)))
show(lambda: tf.norm(tf.constant([1.0, 2.0]), ord=tf.constant([1.0, 2.0])))
show(lambda: tf.norm(tf.constant([1.0, 2.0]), ord=tf.zeros([0])))
show(lambda: tf.norm(tf.constant([1.0, 2.0]), ord=None))
show(lambda: tf.norm(tf.constant([1.0, 2.0]), ord=True))
show(lambda: tf.linalg.normalize(tf.constant([1.0, 2.0]), ord=tf.constant([1.0, 2.0])))
show(lambda: tf.linalg.normalize(tf.constant([[3.0, 4.0]]), ord=1, axis=1))
show(lambda: tf.math.l2_normalize(tf.constant([[1 + 2j, 3 - 1j], [0j, 1e-7 + 0j]], tf.complex64), axis=1))
show(lambda: tf.math.l2_normalize(tf.constant([[1 + 2j, 3 - 1j]], tf.complex128)))

# elementwise wrappers
show(lambda: tf.math.reciprocal_no_nan("a"))
show(lambda: tf.math.reciprocal_no_nan([True, False]))
show(lambda: tf.math.log_sigmoid(np.True_))
show(lambda: tf.math.nextafter(18446744073709551616, -9223372036854775809))
show(lambda: tf.math.nextafter(np.array(5, np.int64), np.array([[True, False, True]])))
show(lambda: tf.math.nextafter(1, tf.constant(2.0, tf.float64)))
show(lambda: tf.math.softmax((1.0, 2.0), 1.5))
show(lambda: tf.math.softmax(tf.constant([1, 2]), axis=5))
show(lambda: tf.math.softmax(tf.constant([[1.0, 2.0]]), axis="a"))
show(lambda: tf.math.softmax(tf.constant([[1.0, 2.0]]), axis=tf.constant(0)))

# segment ops: num_segments (type attr default int32) converted as TF's eager paths do, checked to be a scalar
show(lambda: tf.math.unsorted_segment_sum(tf.ones([3]), tf.constant([0, 1, 2]), tf.constant([3, 3, 3])))
show(lambda: tf.math.unsorted_segment_max(tf.ones([3]), tf.constant([0, 1, 2]), 2.5))
show(lambda: tf.math.unsorted_segment_max(tf.ones([3]), tf.constant([0, 1, 2]), float("nan")))
show(lambda: tf.math.unsorted_segment_sum(tf.ones([3]), [0, 1, 2], 2.5))
show(lambda: tf.math.unsorted_segment_mean(tf.ones([3]), tf.constant([0, 1, 2]), tf.constant([3, 3, 3])))
show(lambda: tf.math.unsorted_segment_mean(tf.constant(["a"]), 0.5, tf.constant([3, 3, 3])))
show(lambda: tf.math.unsorted_segment_mean(tf.constant([1, 2, 3]), [0, 0, 1], 2))
show(lambda: tf.math.unsorted_segment_sqrt_n(tf.constant([[1.0, 2], [3, 4]]), [0, 1], tf.constant(3, tf.int64)))

# stateless random ops: the seed (type attr default int64) as TF's eager paths convert it
for s in [1.5, True, 3, np.float32(1.5), np.int64(3), "a", [1.5, 2.0], tf.constant([1.0, 2.0]), tf.constant(3), 1e40]:
    show(lambda: tf.random.stateless_truncated_normal([], s))
show(lambda: tf.random.stateless_categorical(tf.ones([2, 3]), 2, 3))
show(lambda: tf.random.stateless_categorical(tf.ones([2, 3]), tf.constant(2, tf.int64), [1, 2]))
show(lambda: tf.random.stateless_categorical(tf.ones([2, 3], tf.int32), [True, False], 2))
show(lambda: tf.random.stateless_categorical(tf.ones([2, 3], tf.uint8), 1, -2, dtype=tf.int32))
show(lambda: tf.random.stateless_categorical(tf.ones([2, 3]), 2, [1.5, 2.0]))
show(lambda: tf.random.stateless_categorical(tf.ones([2, 3], tf.string), 2, [1, 2]))
show(lambda: tf.random.stateless_categorical(tf.ones([2, 3]), 2, tf.constant([1, 2])))
show(lambda: tf.random.stateless_categorical(tf.ones([2, 3]), 3.5, tf.constant([1, 2])))
show(lambda: tf.random.fold_in(-1, tf.ones([3, 1], tf.int32), alg=tf.ones([3, 1], tf.int32)))
show(lambda: tf.random.fold_in([1, 2], 3, alg=tf.constant([True])))

# eigh: Eigen's SelfAdjointEigenSolver fails to converge on some non-finite inputs; no half kernel
nan, inf = np.nan, np.inf
for m in [[[nan]], [[inf]], [[1.0, 0], [0, nan]], [[nan, 0], [0, 1.0]], [[1.0, nan], [0, 1.0]], [[1.0, 0], [nan, 1.0]],
          [[1.0, 0], [inf, 1.0]], [[inf, 0], [0, 1.0]], [[1.0, 0, 0], [0, 2, 0], [0, 0, nan]],
          [[1.0, 0, 0], [0, inf, 0], [0, 0, 1]], [[1.0, 2, 3], [2, 1, 2], [3, 2, -inf]]]:
    show(lambda: tf.linalg.eigvalsh(tf.constant(m)))
show(lambda: tf.linalg.eigh(tf.constant([[[1.0, 0], [0, 1]], [[nan, 0], [0, 1]]])))
show(lambda: tf.linalg.eigh(tf.constant([[nan, 0], [0, 1.0]], tf.complex64)))
show(lambda: tf.linalg.eigh(tf.ones([], tf.float16)))
show(lambda: tf.linalg.eigvalsh(tf.ones([2, 2], tf.float16)))

# accumulate_n merges the inputs' shapes with `shape`
show(lambda: tf.math.accumulate_n([[1, 2], [3, 4]], shape=tf.constant([-10], tf.int64)))
show(lambda: tf.math.accumulate_n([[1, 2], [3, 4]], shape=tf.constant([2], tf.int64)))
show(lambda: tf.math.accumulate_n([[1, 2], [3, 4]], shape=[3]))
show(lambda: tf.math.accumulate_n([[1, 2], [3]]))
show(lambda: tf.math.accumulate_n([[1, 2], [3, 4]], shape="a"))

# GradientTape.jacobian reads a non-tensor source as a dtype first (TF's IsTrainable, inside pfor's trace)
v = tf.Variable(tf.zeros([0, 1]))
for src in [9223372036854775808, 3, 2.5, "a"]:
    with tf.GradientTape() as tape:
        y = v
    show(lambda: tape.jacobian(y, src))

# scans and reductions: the axis converted as TF's fast path (int32, strictly) or slow path does
show(lambda: tf.cumsum(np.ones([3, 2], np.int32), None))
show(lambda: tf.cumsum(tf.ones([3]), 1.5))
show(lambda: tf.cumsum(tf.ones([3]), [0, 1]))
show(lambda: tf.math.cumprod(np.int8(-7), axis=1.5))
show(lambda: tf.math.cumulative_logsumexp(tf.constant(1), -6, 0, reverse=1))
show(lambda: tf.math.cumulative_logsumexp(tf.Variable(tf.zeros([0])), [-1, 0], exclusive=False))
show(lambda: tf.math.cumulative_logsumexp(tf.ones([2]), tf.constant([-1, 0])))
show(lambda: tf.math.cumulative_logsumexp(tf.ones([2]), [1.5]))
show(lambda: tf.math.cumulative_logsumexp(tf.ones([2]), 0, exclusive=True))
for x in [np.float32(1), 1 + 2j, [1.0], tf.ones([2]), 1.0, True, np.ones([2])]:
    show(lambda: tf.reduce_sum(x, 1.5))
show(lambda: tf.reduce_all(tf.ones([2]), 0))
show(lambda: tf.reduce_all(tf.ones([2]), [0]))
show(lambda: tf.reduce_any(tf.Variable(tf.ones([2])), 1.5))
show(lambda: tf.reduce_any([1, 2]))
show(lambda: tf.reduce_any(tf.ones([2]), "a"))
show(lambda: tf.reduce_any(None, 1.5))
show(lambda: tf.logical_or(np.array([1, 0], np.int32), tf.constant([True, False])))
show(lambda: tf.logical_or(np.array([1, 0], np.int32), tf.constant([1.0, 0.0])))
show(lambda: tf.logical_or(np.array([1.5]), tf.constant([True])))
show(lambda: tf.math.logical_xor(np.zeros([0], np.int32), tf.zeros([0, 4], tf.float64)))

# approx_top_k's `k` (min 0); betainc's slow path converts its tensors (ValueError) after the fast path failed
show(lambda: tf.math.approx_min_k(tf.ones([1]), -1))
show(lambda: tf.math.approx_max_k(tf.ones([1], tf.float16), -1))
show(lambda: tf.math.betainc(tf.ones([]), tf.ones([1, 3, 3], tf.int32), [True, False]))
show(lambda: tf.math.betainc(tf.ones([]), tf.ones([1, 3, 3], tf.int32), 0.5))
show(lambda: tf.math.igamma(tf.ones([2]), [1, 2]))

# integer pow checks negative exponents only on a non-empty output; expm's dtype check; Cross, diag, tridiagonal_solve
show(lambda: tf.pow(np.zeros([0, 3], np.int32), -1))
show(lambda: tf.pow(np.zeros([2, 3], np.int32), -1))
show(lambda: tf.pow(np.zeros([2, 0], np.int32), np.array([-1, 2, 3], np.int32)))
show(lambda: tf.pow(np.zeros([2, 1], np.int32), np.zeros([0], np.int32) - 1))
show(lambda: tf.linalg.expm([1, 2, 3]))
show(lambda: tf.linalg.expm([[1, 2], [3, 4]]))
show(lambda: tf.linalg.cross(tf.ones([2]), tf.ones([2])))
show(lambda: tf.linalg.cross(tf.ones([2]), tf.ones([3])))
show(lambda: tf.linalg.cross(tf.ones([]), tf.ones([])))
show(lambda: tf.linalg.diag(tf.constant([[True], [False], [True]])))
show(lambda: tf.linalg.tridiagonal_solve(tf.constant(True), tf.constant(True)))
show(lambda: tf.linalg.tridiagonal_solve(tf.ones([3]), tf.ones([3])))

# complex inverse hyperbolics: glibc's catanh/casinh/cacosh, as TF's Eigen scalar functors call them
zs = [0.3 + 0.4j, -2.5 + 1.25j, 1 + 0j, -1 + 0j, 1e-30 + 1e-30j, 1e30 + 1e30j, 2j, 0.5 + 0j, 7 - 3j]
for dt in (tf.complex64, tf.complex128):
    for f in (tf.math.atanh, tf.math.asinh, tf.math.acosh):
        print(f.__name__, dt.name, f(tf.constant(zs, dt)).numpy().tolist())

# complex means over no elements are 0; zero_fraction counts float32 subnormals as zeros (NotEqual under DAZ)
print(repr(tf.reduce_mean(tf.zeros([0, 0], tf.complex64))))
print(repr(tf.reduce_mean(tf.zeros([0, 3], tf.complex128), axis=0)))
print(repr(tf.reduce_mean(tf.zeros([0, 0], tf.float32))))
print(repr(tf.math.zero_fraction(tf.constant(np.array([[1e-40, 0, 1], [np.nan, -0.0, 2e-45]], np.float32)))))
print(repr(tf.math.zero_fraction(tf.constant([1, 0, 0]))))
print(repr(tf.math.zero_fraction(tf.zeros([0]))))

# cholesky of a non positive-definite matrix: TF fills its lower triangle with NaN (a NaN pivot goes on)
a = np.array([[4.0, 2, 0], [2, 5, 1], [0, 1, -3]], np.float32)
b = np.array([[4.0, 2, 0], [2, 5, 1], [0, 1, 3]], np.float32)
c = np.array([[np.nan, 2, 0], [2, 5, 1], [0, 1, 3]], np.float32)
print(np.tril(tf.linalg.cholesky(tf.constant(np.stack([a, b, c]))).numpy()))
print(np.tril(tf.linalg.cholesky(tf.constant(a.astype(np.complex64))).numpy()))

# matmul: TF conjugates for the adjoint forms first (bool: TypeError), then the bool attrs, dtypes, CPU kernels
show(lambda: tf.linalg.matvec(True, tf.constant(1), adjoint_a=True))
show(lambda: tf.matmul(tf.ones([2, 2], tf.bool), tf.ones([2, 2], tf.bool), adjoint_b=True))
show(lambda: tf.matmul(tf.ones([2, 2]), tf.ones([2, 2]), adjoint_b=1))
show(lambda: tf.matmul(tf.ones([1, 2, 2]), tf.ones([2, 2]), adjoint_b=1))
show(lambda: tf.matmul(tf.zeros([0, 4, 0], tf.uint8), tf.zeros([0, 4, 0], tf.uint8)))
show(lambda: tf.matmul(tf.zeros([2, 4, 3], tf.uint8), tf.zeros([2, 3, 4], tf.uint8), adjoint_b=True))
show(lambda: tf.matmul(tf.zeros([4, 3], tf.uint8), tf.zeros([3, 4], tf.uint8)))

# in_top_k: the fast path converts predictions, then targets strictly; the slow path targets and k first
show(lambda: tf.math.in_top_k(-np.inf, tf.constant([["a"]]), -1))
show(lambda: tf.math.in_top_k(tf.zeros([1, 4, 3], tf.uint8), b"b", None))
show(lambda: tf.math.in_top_k([0, 1], [[0.1, 0.9], [0.8, 0.2]], 1))
show(lambda: tf.math.in_top_k(tf.constant([0, 1]), tf.constant([[0.1, 0.9], [0.8, 0.2]]), 1.5))
show(lambda: tf.math.in_top_k(1.5, tf.constant([[0.1, 0.9]]), 1))
show(lambda: tf.math.in_top_k([1], [[0.1, 0.9]], 1.5))
