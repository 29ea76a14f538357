"""A non-persistent tape frees its intermediates right after `gradient`; a persistent one keeps
them until it is deleted or reset. Observed with weakrefs to an intermediate tensor."""

from __future__ import annotations

import gc
import weakref

import tfshim as tf


def _record(tape):
    x = tf.constant([1.0, 2.0, 3.0])
    with tape:
        tape.watch(x)
        h = tf.exp(x)  # an intermediate only the tape refers to after this function
        y = tf.reduce_sum(h * h)
    return x, y, weakref.ref(h)


def _alive(ref):
    gc.collect()
    return ref() is not None


def test_non_persistent_tape_releases_after_gradient():
    tape = tf.GradientTape()
    x, y, ref = _record(tape)
    assert _alive(ref)  # the tape holds the op that needs exp(x)
    tape.gradient(y, x)
    assert not _alive(ref)


def test_non_persistent_tape_releases_after_jacobian():
    tape = tf.GradientTape()
    x, y, ref = _record(tape)
    tape.jacobian(y * x, x)
    assert not _alive(ref)


def test_persistent_tape_keeps_until_deleted():
    tape = tf.GradientTape(persistent=True)
    x, y, ref = _record(tape)
    tape.gradient(y, x)
    tape.gradient(y, x)
    assert _alive(ref)
    del tape
    assert not _alive(ref)


def test_persistent_tape_keeps_until_reset():
    tape = tf.GradientTape(persistent=True)
    x = tf.constant([1.0, 2.0])
    with tape:
        tape.watch(x)
        h = tf.exp(x)
        y = tf.reduce_sum(h)
        ref = weakref.ref(h)
        del h
        tape.gradient(y, x)
        assert _alive(ref)
        tape.reset()
        assert not _alive(ref)


def test_forward_accumulator_releases_with_the_accumulator():
    x = tf.constant([1.0, 2.0])
    acc = tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 0.0]))
    with acc:
        h = tf.exp(x)
        y = h * h
    ref = weakref.ref(h)
    del h
    assert float(acc.jvp(y)[0]) > 0
    assert _alive(ref)
    del acc
    assert not _alive(ref)
