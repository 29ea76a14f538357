"""Every `gradient_uses` declaration (ops/op.py) against keeping everything: the tape drops the values an op's
gradient does not read, and a wrong declaration would feed the gradient NaN stand-ins. For each declared op the
first and second derivatives and a jacobian are computed both ways and must agree bit for bit."""

from __future__ import annotations

import gc

import numpy as np
import pytest

import tfshim as tf
from tfshim.eager import tape as tape_lib
from tfshim.ops.op import Op

rng = np.random.default_rng(5)


def _x(*shape: int) -> tf.Tensor:
    return tf.constant(rng.standard_normal(shape).astype(np.float32))


# op name -> (inputs, f(*inputs)); broadcasting shapes where the op broadcasts
CASES = {
    "AddV2": ([_x(3, 4), _x(4)], lambda a, b: tf.add(a, b) * a),
    "Sub": ([_x(3, 4), _x(3, 1)], lambda a, b: tf.subtract(a, b) * b),
    "Mul": ([_x(3, 4), _x(4)], lambda a, b: tf.multiply(a, b) * a),
    "Neg": ([_x(5)], lambda a: tf.negative(a) * a),
    "Exp": ([_x(5)], lambda a: tf.exp(a) * a),
    "Tanh": ([_x(5)], lambda a: tf.tanh(a) * a),
    "Sigmoid": ([_x(5)], lambda a: tf.sigmoid(a) * a),
    "Relu": ([_x(5)], lambda a: tf.nn.relu(a) * a),
    "MatMul": ([_x(3, 4), _x(4, 2)], lambda a, b: tf.matmul(a, b) * tf.matmul(a, b, transpose_b=False)),
}


def _declared() -> list:
    gc.collect()
    return sorted({o.name for o in gc.get_objects() if isinstance(o, Op) and o.grad_uses is not None})


def test_every_declaration_has_a_case():
    assert set(_declared()) <= set(CASES), sorted(set(_declared()) - set(CASES))


def _derivatives(inputs: list, f) -> list:
    out = []
    with tf.GradientTape(persistent=True) as outer:
        outer.watch(inputs)
        with tf.GradientTape(persistent=True) as inner:
            inner.watch(inputs)
            y = f(*inputs)
        g1 = inner.gradient(y, inputs)
        out += [g.numpy() for g in g1]
        out += [j.numpy() for j in inner.jacobian(y, inputs)]
        s = tf.add_n([tf.reduce_sum(g * g) for g in g1])
    out += [g.numpy() if g is not None else None for g in outer.gradient(s, inputs)]
    return out


@pytest.mark.parametrize("name", sorted(CASES))
def test_declaration_matches_keeping_everything(name):
    inputs, f = CASES[name]
    dropped = _derivatives(inputs, f)
    tape_lib.KEEP_ALL = True
    try:
        kept = _derivatives(inputs, f)
    finally:
        tape_lib.KEEP_ALL = False
    assert len(dropped) == len(kept)
    for a, b in zip(dropped, kept):
        if b is None:
            assert a is None
            continue
        assert a.dtype == b.dtype and a.shape == b.shape
        assert np.array_equal(a.view(np.uint32), b.view(np.uint32)), name


def test_dropped_values_are_freed():
    """A recorded chain keeps only what the gradients read: an intermediate nobody holds is released."""
    import weakref

    x = tf.constant(np.ones(1000, np.float32))
    with tf.GradientTape() as g:
        g.watch(x)
        t = tf.negative(x)
        ref = weakref.ref(t._value)
        y = tf.reduce_sum(tf.add(t, x))
        del t
        gc.collect()
        assert ref() is None
    assert np.all(g.gradient(y, x).numpy() == 0)
