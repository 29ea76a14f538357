import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.constant([1.0, 2.0, 0.0, -1.0, 0.5, 4.0, -2.0, 1.0])
c = tf.complex(x, tf.reverse(x, [0]))


def r(t):
    """FFT values rounded (DUCC and pocketfft can differ in the last bit of float32)."""
    return t.dtype.name, t.shape, np.round(t.numpy(), 4) + 0


print(r(tf.signal.fft(tf.complex(x, tf.zeros_like(x)))))
print(r(tf.signal.ifft(tf.signal.fft(c))))
print(r(tf.signal.rfft(x)))
print(r(tf.signal.rfft(x, fft_length=[6])))
print(r(tf.signal.irfft(tf.signal.rfft(x))))
print(r(tf.signal.irfft(tf.signal.rfft(x), fft_length=[7])))
m = tf.reshape(x, [2, 4])
print(r(tf.signal.fft2d(tf.complex(m, m))))
print(r(tf.signal.rfft2d(m)), r(tf.signal.irfft2d(tf.signal.rfft2d(m), fft_length=[2, 4])))
print(r(tf.signal.fft3d(tf.complex(tf.reshape(x, [2, 2, 2]), 0.0 * tf.reshape(x, [2, 2, 2])))))
print(r(tf.signal.ifft2d(tf.signal.fft2d(tf.complex(m, m)))), r(tf.signal.rfft3d(tf.reshape(x, [2, 2, 2]))))
print(r(tf.signal.irfft3d(tf.signal.rfft3d(tf.reshape(x, [2, 2, 2])))))
print(tf.signal.fftshift(tf.range(5)), tf.signal.ifftshift(tf.range(6)))
print(tf.signal.fftshift(tf.reshape(tf.range(6), [2, 3]), axes=1))
show(lambda: tf.signal.fft(x))
show(lambda: tf.signal.fft2d(tf.complex(x, x)))
print(tf.signal.hann_window(5), tf.signal.hann_window(5, periodic=False))
print(tf.signal.hamming_window(4, dtype=tf.float64), tf.signal.hann_window(1))
show(lambda: tf.signal.hann_window(4, dtype=tf.int32))
print(tf.signal.frame(tf.range(10), 4, 3))
print(tf.signal.frame(tf.range(10), 4, 3, pad_end=True, pad_value=-1))
print(tf.signal.frame(tf.reshape(tf.range(12.0), [2, 6]), 3, 2, axis=1))
print(tf.signal.frame(tf.reshape(tf.range(12.0), [6, 2]), 2, 2, axis=0))
sig = tf.constant(np.sin(np.arange(32) / 3.0).astype(np.float32))
s = tf.signal.stft(sig, frame_length=8, frame_step=4)
print(s.shape, np.round(np.abs(s.numpy()), 4))
print(tf.signal.stft(sig, 8, 8, fft_length=16, window_fn=None, pad_end=True).shape)
v = tf.complex(tf.constant([1.0, -2.0, 3.0, 0.5], tf.float64), tf.constant([0.5, 0.0, -1.0, 2.0], tf.float64))
with tf.GradientTape(persistent=True) as t:
    t.watch(v)
    y1 = tf.math.real(tf.signal.fft(v) * tf.constant([1.0, 2.0, 3.0, 4.0], tf.complex128))
    y2 = tf.math.imag(tf.signal.ifft(v * v))
print(t.gradient(y1, v), t.gradient(y2, v))
