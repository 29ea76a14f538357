"""tf.image basics: gradients through the compositions (values as TF prints them: compat/image/basic_image_ops)."""

from __future__ import annotations

import numpy as np
import pytest

import tfshim as tf
from tests.gradcheck import check_gradients

IMG = np.linspace(0.1, 0.9, 24).reshape(2, 4, 3)


def test_gradients():
    check_gradients(lambda x: tf.image.rot90(x, 1) * tf.image.transpose(x), IMG[:, :2])
    check_gradients(lambda x: tf.image.flip_up_down(x) * x, IMG)
    check_gradients(lambda x: tf.image.flip_left_right(x) * tf.image.crop_to_bounding_box(x, 0, 0, 2, 4), IMG)
    check_gradients(tf.image.total_variation, IMG)


def test_adjust_contrast_has_no_gradient_like_tf():
    x = tf.constant(IMG, tf.float32)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.image.adjust_contrast(x, 2.0)
    with pytest.raises(LookupError, match="AdjustContrastv2"):
        tape.gradient(y, x)
