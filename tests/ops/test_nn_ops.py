"""nn ops: numeric gradient checks (float64), edge cases, TF's error texts (recorded from TF 2.21)."""

import numpy as np
import pytest

import tfshim as tf
from tests.gradcheck import check_gradients

RNG = np.random.default_rng(2)
X = RNG.standard_normal((2, 5)) + 0.05  # keep away from the kinks at 0
LAB = np.abs(RNG.standard_normal((2, 5)))
LAB = LAB / LAB.sum(axis=1, keepdims=True)
IMG = RNG.standard_normal((2, 5, 6, 3))
FIL = RNG.standard_normal((3, 2, 3, 4))


@pytest.mark.parametrize("f, args", [
    (lambda x: tf.nn.relu(x) * x, [X]),
    (lambda x: tf.nn.relu6(x * 4.0) * x, [X]),
    (lambda x: tf.nn.leaky_relu(x) * x, [X]),
    (tf.nn.elu, [X]),
    (tf.nn.selu, [X]),
    (tf.nn.softplus, [X]),
    (tf.nn.softsign, [X]),
    (tf.nn.silu, [X]),
    (lambda x, b: tf.nn.swish(x, b), [X, np.array(1.5)]),
    (tf.nn.gelu, [X]),
    (lambda x: tf.nn.gelu(x, approximate=True), [X]),
    (lambda x: tf.nn.softmax(x) * x, [X]),
    (lambda x: tf.nn.softmax(x, axis=0) * x, [X]),
    (lambda x: tf.nn.log_softmax(x) * x, [X]),
    (lambda x: tf.nn.l2_normalize(x, axis=1) * x, [X]),
    (lambda x, z: tf.nn.softmax_cross_entropy_with_logits(labels=z, logits=x), [X, LAB]),
    (lambda x: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[1, 4], logits=x), [X]),
    (lambda x, z: tf.nn.sigmoid_cross_entropy_with_logits(labels=z, logits=x), [X, LAB]),
    (lambda x, z: tf.nn.weighted_cross_entropy_with_logits(z, x, 2.5), [X, LAB]),
    (lambda x: tf.nn.moments(x, axes=[1])[1], [X]),
    (lambda x, b: tf.nn.bias_add(x, b) ** 2, [X, RNG.standard_normal(5)]),
    (lambda x, k: tf.nn.conv2d(x, k, 1, "SAME"), [IMG, FIL]),
    (lambda x, k: tf.nn.conv2d(x, k, 2, "VALID"), [IMG, FIL]),
    (lambda x, k: tf.nn.conv2d(x, k, [1, 2, 1, 1], "SAME", dilations=[1, 1, 2, 1]), [IMG, FIL]),
    (lambda x, k: tf.nn.conv1d(x, k, 2, "SAME"), [IMG[:, 0], FIL[0]]),
    (lambda x: tf.nn.max_pool2d(x, 2, 2, "VALID") ** 2, [IMG]),
    (lambda x: tf.nn.max_pool2d(x, 3, 2, "SAME") ** 2, [IMG]),
    (lambda x: tf.nn.avg_pool2d(x, 3, 2, "SAME") ** 2, [IMG]),
    (lambda x: tf.nn.avg_pool1d(x, 2, 1, "VALID") ** 2, [IMG[:, 0]]),
])
def test_numeric_gradients(f, args):
    check_gradients(f, *args)


def test_second_order_conv_and_pool():
    x = tf.constant(IMG)
    k = tf.constant(FIL)
    with tf.GradientTape() as outer:
        outer.watch(k)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(tf.nn.conv2d(x, k, 1, "SAME") ** 2)
        g = inner.gradient(y, x)
    assert outer.gradient(g, k).shape == k.shape


def test_edges():
    x = tf.ones([4, 5])
    assert tf.nn.dropout(x, 0.0) is x
    # As in TF, a repeated op seed continues one stream; set_seed restarts it.
    tf.random.set_seed(1)
    a = tf.nn.dropout(x, 0.5, seed=7).numpy()
    tf.random.set_seed(1)
    b = tf.nn.dropout(x, 0.5, seed=7).numpy()
    assert (a == b).all() and set(np.unique(a)) <= {0.0, 2.0}
    assert tf.nn.leaky_relu(tf.constant([-2, 3])).dtype == tf.float32
    assert tf.nn.relu(tf.constant([-2, 3])).numpy().tolist() == [0, 3]
    mp = tf.nn.max_pool2d(tf.reshape(tf.constant([1.0, 3.0, 3.0, 2.0]), [1, 2, 2, 1]), 2, 1, "VALID")
    with tf.GradientTape() as tape:
        t = tf.reshape(tf.constant([1.0, 3.0, 3.0, 2.0]), [1, 2, 2, 1])
        tape.watch(t)
        mp = tf.nn.max_pool2d(t, 2, 1, "VALID")
    assert tape.gradient(mp, t).numpy().ravel().tolist() == [0.0, 1.0, 0.0, 0.0]  # ties: first maximum


@pytest.mark.parametrize("f, cls, msg", [
    (lambda: tf.nn.softmax(tf.ones([2, 3]), axis=2), tf.errors.InvalidArgumentError,
     "`dim` must be in the range [-2, 2) where 2 is the number of dimensions in the input. Received: dim=2"),
    (lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0, 5], logits=tf.ones([2, 3])),
     tf.errors.InvalidArgumentError,
     "{{function_node __wrapped__SparseSoftmaxCrossEntropyWithLogits_device_/job:localhost/replica:0/task:0/device:"
     "CPU:0}} Received a label value of 5 which is outside the valid range of [0, 3).  Label values: 0 5 "
     "[Op:SparseSoftmaxCrossEntropyWithLogits] name: "),
    (lambda: tf.nn.conv2d(tf.ones([1, 5, 5, 2]), tf.ones([3, 3, 3, 4]), 1, "SAME"), tf.errors.InvalidArgumentError,
     "{{function_node __wrapped____MklNativeConv2D_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
     "input depth must be evenly divisible by filter depth: 2 vs 3 [Op:Conv2D] name: "),
    (lambda: tf.nn.dropout(tf.ones([2]), 1.0), ValueError,
     "`rate` must be a scalar tensor or a float in the range [0, 1). Received: rate=1.0"),
    (lambda: tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.ones([3]), logits=tf.ones([2, 3])), ValueError,
     "`logits` and `labels` must have the same shape, received ((2, 3) vs (3,))."),
])
def test_errors(f, cls, msg):
    with pytest.raises(cls) as e:
        f()
    assert str(e.value) == msg


def _bits(t):
    return np.asarray(t.numpy()).reshape(-1).view(np.uint8).tobytes()


def test_differential_regressions_as_tf():
    # Values recorded from TF 2.21 (tests/differential found them).
    # relu: Eigen's packets give max_ps(-0, 0) = +0; the scalar tail (and 0-d) and half keep -0.
    assert np.signbit(tf.nn.relu(tf.constant(np.float32(-0.0))).numpy())
    r = tf.nn.relu(tf.constant(np.full(9, -0.0, np.float32))).numpy()
    assert np.signbit(r).tolist() == [False] * 8 + [True]
    r = tf.nn.relu(tf.constant(np.full(9, -0.0, np.float16))).numpy()
    assert np.signbit(r).all()
    nan = tf.nn.relu(tf.constant(np.array([-np.nan, 0.0], np.float32))).numpy()
    assert nan.view(np.uint32)[0] == 4290772992
    # leaky_relu: alpha is a float32 attr, so double sees 0.20000000298023224
    x = tf.constant(np.array(0.0))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.leaky_relu(x)
    assert tape.gradient(y, x).numpy() == 0.20000000298023224
    assert tf.nn.leaky_relu(tf.constant([-0.0, 0.0, 1.0, -1.0], tf.float64), alpha=0.1).numpy().tolist() == [
        -0.0, 0.0, 1.0, -0.10000000149011612]
    assert tf.nn.leaky_relu(tf.constant([-1.0, -0.0]), alpha=-0.5).numpy().tolist() == [0.5, 0.0]
    # gelu is 0.5x * erfc(-x/sqrt2): no overflow for huge x
    x = tf.constant(np.array(1.8961504e+154))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.gelu(x)
    assert y.numpy() == 1.8961504e+154 and tape.gradient(y, x).numpy() == 1.0
