"""Segment reductions: gradients checked numerically (values and errors as TF prints them: compat/math/segment_ops)."""

from __future__ import annotations

import numpy as np
import pytest

import tfshim as tf
from tests.gradcheck import check_gradients

X = np.array([[0.5, -1.5], [2.0, 0.25], [-0.75, 1.25], [1.5, 3.0], [0.3, -0.2]])
SORTED = [0, 0, 1, 3, 3]
UNSORTED = [2, 0, -1, 1, 0]


@pytest.mark.parametrize("name", ["segment_sum", "segment_mean", "segment_max", "segment_min", "segment_prod"])
def test_segment_gradients(name):
    check_gradients(lambda x: getattr(tf.math, name)(x, SORTED), X)


@pytest.mark.parametrize("name", ["unsorted_segment_sum", "unsorted_segment_mean", "unsorted_segment_max",
                                  "unsorted_segment_min", "unsorted_segment_prod", "unsorted_segment_sqrt_n"])
def test_unsorted_segment_gradients(name):
    check_gradients(lambda x: getattr(tf.math, name)(x, UNSORTED, 3), X)


def test_segment_sum_is_sequential():
    # TF sums a segment's rows left to right: (1e8 + 1) + -1e8 == 0 in float32.
    x = tf.constant([1e8, 1.0, -1e8], tf.float32)
    assert tf.math.segment_sum(x, [0, 0, 0]).numpy().tolist() == [0.0]
