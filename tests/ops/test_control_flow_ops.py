"""Control flow (cond, case, switch_case, while_loop, map_fn, scan, folds, TensorArray): eager results and
gradients through them, checked numerically (outputs as TF prints them are in compat/control_flow/)."""

from __future__ import annotations

import numpy as np
import pytest

import tfshim as tf
from tests.gradcheck import check_gradients

X = np.array([[0.5, -1.5], [2.0, 0.25], [-0.75, 1.25]])


def test_cond_and_case_gradients():
    check_gradients(lambda x: tf.cond(tf.reduce_sum(x) > 0, lambda: x * x, lambda: -x), X)
    check_gradients(lambda x: tf.case([(tf.reduce_sum(x) < 0, lambda: x), (tf.reduce_sum(x) > 0, lambda: tf.sin(x))],
                                      default=lambda: x * 3.0), X)
    check_gradients(lambda x: tf.switch_case(tf.constant(7), [lambda: x, lambda: tf.exp(x)]), X)


def test_while_loop_gradient():
    def f(x):
        return tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * x + 1.0), (0, x))[1]

    check_gradients(f, X)
    check_gradients(lambda x: tf.while_loop(lambda a: True, lambda a: (tf.tanh(a) * x,), (x,),
                                            maximum_iterations=2)[0], X)


def test_map_fn_scan_fold_gradients():
    check_gradients(lambda x: tf.map_fn(lambda r: r * tf.reduce_sum(r), x), X)
    check_gradients(lambda x: tf.map_fn(lambda r: (r[0] * r[1], r), x, fn_output_signature=(tf.float64, tf.float64))[0],
                    X)
    check_gradients(lambda x: tf.scan(lambda a, r: a * r + 1.0, x), X)
    check_gradients(lambda x: tf.scan(lambda a, r: a * r, x, initializer=tf.constant([1.0, 2.0], tf.float64),
                                      reverse=True), X)
    check_gradients(lambda x: tf.foldl(lambda a, r: a * r + r, x), X)
    check_gradients(lambda x: tf.foldr(lambda a, r: tf.sin(a) + r, x), X)
    check_gradients(lambda x: tf.vectorized_map(lambda r: r * r[0], x), X)


def test_tensor_array_gradient():
    def f(x):
        ta = tf.TensorArray(tf.float64, size=0, dynamic_size=True)
        for i in range(3):
            ta = ta.write(i, x[i] * x[(i + 1) % 3])
        return ta.stack() + ta.gather([2, 0]).numpy().sum() * 0 + tf.reduce_sum(ta.concat())

    check_gradients(f, X)


def test_tensor_array_semantics():
    ta = tf.TensorArray(tf.int32, size=2, element_shape=[2])
    assert ta.stack().numpy().tolist() == [[0, 0], [0, 0]]
    assert repr(ta._type_spec()) == "TensorArraySpec(TensorShape([2]), tf.int32, False, True)"
    with pytest.raises(tf.errors.OutOfRangeError):
        ta.write(2, [1, 2])


def test_check_numerics_gradient_is_checked():
    x = tf.constant([1.0, 0.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sqrt(tf.debugging.check_numerics(x, "fwd"))
    with pytest.raises(tf.errors.InvalidArgumentError, match="detected in gradient. fwd : Tensor had Inf values"):
        tape.gradient(y, x)


def test_data_flow_gradients():
    check_gradients(lambda x: tf.dynamic_partition(x * x, [1, 0, 1], 2)[1], X)
    check_gradients(lambda x: tf.dynamic_stitch([[2, 0], [1]], [x[:2] * 3, x[2:]]), X)
    check_gradients(lambda x: tf.clip_by_global_norm([x, x * 2], 1.0)[0][1], X)


def test_eager_no_ops():
    assert tf.no_op() is None and tf.group(tf.constant(1)) is None
    with tf.control_dependencies([tf.constant(1)]):
        pass
