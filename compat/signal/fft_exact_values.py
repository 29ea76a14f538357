import numpy as np
import tensorflow as tf


def show(f):
    try:
        t = f()
        print(t.dtype.name, t.shape)
        # every float's bits: TF's DUCC arithmetic, not just its rounded print
        bits = np.ascontiguousarray(t.numpy()).view(np.uint32 if t.dtype in (tf.float32, tf.complex64) else np.uint64)
        print(" ".join("%x" % b for b in bits.ravel()[:24].tolist()))
    except Exception as e:
        print(type(e).__name__, e)


def signal(n, dtype=tf.float32):
    return tf.cast(tf.math.sin(tf.range(n, dtype=tf.float64) * 1.3) * 2.0 + 0.25, dtype)


for n in (3, 4, 5, 7, 8, 11, 12, 13, 16, 17, 30):
    x = signal(n)
    c = tf.complex(x, signal(n) * 0.5)
    print(n, tf.signal.fft(c)[:3].numpy().tolist())
    show(lambda: tf.signal.fft(c))
    show(lambda: tf.signal.ifft(c))
    show(lambda: tf.signal.rfft(x))
    show(lambda: tf.signal.irfft(tf.signal.rfft(x), fft_length=[n]))

x64 = signal(12, tf.float64)
show(lambda: tf.signal.rfft(x64))
show(lambda: tf.signal.ifft(tf.complex(x64, -x64)))
m = tf.reshape(signal(24), [2, 3, 4])
show(lambda: tf.signal.fft2d(tf.complex(m, m * m)))
show(lambda: tf.signal.rfft2d(m))
show(lambda: tf.signal.irfft3d(tf.signal.rfft3d(m)))
show(lambda: tf.signal.rfft(signal(10), fft_length=[16]))
show(lambda: tf.signal.rfft(signal(10), fft_length=[6]))

# conversions as TF's Python wrappers do them: float32 preferred for rfft, complex64 for irfft
print(tf.signal.rfft(np.array([1.0, 2.0, 4.0])))
print(tf.signal.rfft([1, 2, 3]))
show(lambda: tf.signal.rfft(tf.constant([1, 2, 3])))
show(lambda: tf.signal.irfft(tf.constant([1.5, 2.5])))
show(lambda: tf.signal.fft(tf.constant([1.5, 2.5])))
