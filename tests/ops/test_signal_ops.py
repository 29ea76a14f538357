"""tf.signal: FFT gradients and frame/stft shapes (values as TF prints them: compat/signal/fft_frame_stft)."""

from __future__ import annotations

import numpy as np

import tfshim as tf
from tests.gradcheck import check_gradients

X = np.array([1.0, -2.0, 3.0, 0.5, 0.25, -1.5])


def test_fft_gradients():
    check_gradients(lambda x: tf.math.real(tf.signal.fft(tf.complex(x, x * x)) * tf.complex(x, -x)), X)
    check_gradients(lambda x: tf.math.imag(tf.signal.ifft(tf.complex(x * 2, x))), X)
    check_gradients(lambda x: tf.signal.frame(x, 3, 2, pad_end=True) * 2.0, X)


def test_frame_and_stft_shapes():
    assert tf.signal.frame(tf.range(10), 4, 3).shape == (3, 4)
    assert tf.signal.stft(tf.zeros([32]), 8, 4).shape == (7, 5)
