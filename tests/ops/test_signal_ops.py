"""tf.signal: FFT gradients and frame/stft shapes (values as TF prints them: compat/signal/fft_frame_stft)."""

from __future__ import annotations

import numpy as np
import pytest

import tfshim as tf
from tests.gradcheck import check_gradients

X = np.array([1.0, -2.0, 3.0, 0.5, 0.25, -1.5])


def test_fft_gradients():
    check_gradients(lambda x: tf.math.real(tf.signal.fft(tf.complex(x, x * x)) * tf.complex(x, -x)), X)
    check_gradients(lambda x: tf.math.imag(tf.signal.ifft(tf.complex(x * 2, x))), X)
    check_gradients(lambda x: tf.signal.frame(x, 3, 2, pad_end=True) * 2.0, X)


X2 = np.array([[1.0, -2.0, 3.0, 0.5, 0.25], [-1.5, 2.0, 0.75, -0.5, 1.25], [0.3, 0.2, -0.1, 0.9, -2.0]])
W = np.array([0.5, -1.0, 2.0, 1.5, -0.25])


def test_rfft_irfft_gradients():
    """RFFT/IRFFT (1-D and 2-D) gradients, TF's _rfft_grad_helper / _irfft_grad_helper, even and odd lengths."""
    for n in (6, 7, 8):
        check_gradients(lambda x, n=n: tf.math.real(tf.signal.rfft(x, [n])) * W[:n // 2 + 1]
                        + tf.math.imag(tf.signal.rfft(x, [n])) * W[::-1][:n // 2 + 1], X)
        check_gradients(lambda x, n=n: tf.signal.irfft(tf.complex(x[:n // 2 + 1], x[::-1][:n // 2 + 1]), [n])
                        * tf.signal.irfft(tf.complex(x[:n // 2 + 1] * 2, x[:n // 2 + 1]), [n]), X)
    check_gradients(lambda x: tf.math.real(tf.signal.rfft2d(x)) * W[:3]
                    + tf.math.imag(tf.signal.rfft2d(x)) * W[2::-1], X2)
    check_gradients(lambda x: tf.signal.irfft2d(tf.complex(x, x * x), [3, 8]) ** 2, X2)


def test_rfft3d_has_no_gradient():
    x = tf.constant(np.ones((2, 2, 2)))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.signal.rfft3d(x)
    with pytest.raises(LookupError, match="gradient registry has no entry for: RFFT3D"):
        tape.gradient(y, x)


def test_frame_and_stft_shapes():
    assert tf.signal.frame(tf.range(10), 4, 3).shape == (3, 4)
    assert tf.signal.stft(tf.zeros([32]), 8, 4).shape == (7, 5)
