# tf.quantization's fake-quant ops (quantization-aware training): values, gradients, errors.
import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


x = tf.constant([-7., -6., -1.3, -0.02, 0., 0.01, 0.5, 1.234, 3.3, 5.99, 6., 7.5])
show(lambda: tf.quantization.fake_quant_with_min_max_args(x))
show(lambda: tf.quantization.fake_quant_with_min_max_args(x, min=-1., max=2.5, num_bits=4))
show(lambda: tf.quantization.fake_quant_with_min_max_args(x, min=-1., max=2.5, num_bits=4, narrow_range=True))
show(lambda: tf.quantization.fake_quant_with_min_max_args(x, min=0.5, max=2.5))
show(lambda: tf.quantization.fake_quant_with_min_max_args(x, min=2.5, max=0.5))
show(lambda: tf.quantization.fake_quant_with_min_max_args(x, num_bits=1))
show(lambda: tf.quantization.fake_quant_with_min_max_args(x, num_bits=17))
show(lambda: tf.quantization.fake_quant_with_min_max_args(tf.constant([1., 2.], tf.float64)))
show(lambda: tf.quantization.fake_quant_with_min_max_args([1., 2.]))
show(lambda: tf.quantization.fake_quant_with_min_max_args_gradient(tf.ones_like(x), x, min=-1., max=2.5))
show(lambda: tf.quantization.fake_quant_with_min_max_vars(x, -1., 2.5))
show(lambda: tf.quantization.fake_quant_with_min_max_vars(x, tf.constant(-1.), tf.constant(2.5), num_bits=5,
                                                          narrow_range=True))
show(lambda: tf.quantization.fake_quant_with_min_max_vars(x, 0., 0.))
show(lambda: tf.quantization.fake_quant_with_min_max_vars(x, 3., 1.))
show(lambda: tf.quantization.fake_quant_with_min_max_vars(x, [-1.], [2.]))
show(lambda: tf.quantization.fake_quant_with_min_max_vars_gradient(tf.ones_like(x) * 0.5, x, -1., 2.5))
show(lambda: tf.quantization.fake_quant_with_min_max_vars_gradient(tf.ones_like(x), x, 0., 0.))
v = tf.Variable(x)
mn, mx = tf.Variable(-1.), tf.Variable(2.5)
with tf.GradientTape(persistent=True) as tape:
    y1 = tf.quantization.fake_quant_with_min_max_args(v, min=-1., max=2.5)
    y2 = tf.quantization.fake_quant_with_min_max_vars(v, mn, mx)
    loss = tf.reduce_sum(y2 * tf.range(12, dtype=tf.float32))
print(tape.gradient(y1, v))
print(tape.gradient(loss, [v, mn, mx]))
m = tf.reshape(tf.linspace(-3., 3., 12), [4, 3])
show(lambda: tf.quantization.fake_quant_with_min_max_vars_per_channel(m, [-1., -2., 0.], [1., 2., 3.]))
show(lambda: tf.quantization.fake_quant_with_min_max_vars_per_channel_gradient(tf.ones_like(m), m, [-1., -2., 0.],
                                                                               [1., 2., 3.]))
show(lambda: tf.quantization.fake_quant_with_min_max_vars_per_channel(m, [-1., -2.], [1., 2.]))
x64 = tf.constant(np.array([1.5]))
y = tf.constant([1.5])
show(lambda: tf.quantization.fake_quant_with_min_max_args(x64, min=-6.0, max=6.0))
show(lambda: tf.quantization.fake_quant_with_min_max_args(x64, min=-6, max=6.0))
show(lambda: tf.quantization.fake_quant_with_min_max_args(x64, min=-6.0, max=6))
show(lambda: tf.quantization.fake_quant_with_min_max_args(y, min=-6.0, max=6.0, num_bits=1))
show(lambda: tf.quantization.fake_quant_with_min_max_args(y, min=-6, max=6, num_bits=1))
show(lambda: tf.quantization.fake_quant_with_min_max_args(y, min=6.0, max=-6.0))
show(lambda: tf.quantization.fake_quant_with_min_max_args(y, min=6, max=-6))
show(lambda: tf.quantization.fake_quant_with_min_max_vars(y, 1., -1., num_bits=1))
show(lambda: tf.quantization.fake_quant_with_min_max_args(y, min=np.float32(-1), max=2.0))
for a in [np.array([], np.float64), np.array([1.5]), np.array(2.0), np.zeros((2, 0))]:
    x = tf.constant(a)
    show(lambda: tf.quantization.fake_quant_with_min_max_args(x, min=-1.5, max=2.7))
    show(lambda: tf.quantization.fake_quant_with_min_max_args(x))
