import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.constant(np.linspace(-1.0, 2.0, 24).reshape(2, 3, 4).astype(np.float32))
print(tf.nn.l2_loss(x), tf.nn.l2_loss(tf.constant([3.0, 4.0], tf.float64)))
show(lambda: tf.nn.l2_loss(tf.constant([1, 2])))
mean, var = tf.nn.moments(x, axes=[0, 1])
print(tf.nn.batch_normalization(x, mean, var, offset=tf.constant(0.5), scale=tf.constant(2.0), variance_epsilon=1e-3))
print(tf.nn.batch_normalization(x, mean, var, None, None, 1e-5))
counts, m_ss, v_ss, shift = tf.nn.sufficient_statistics(x, [0, 1])
print(counts, m_ss, v_ss, shift)
print(tf.nn.normalize_moments(counts, m_ss, v_ss, None))
print(tf.nn.sufficient_statistics(x, [2], shift=0.5, keepdims=True))
print(tf.nn.weighted_moments(x, [1], tf.constant([[[1.0], [2.0], [0.5]]])))
print(tf.nn.log_poisson_loss(tf.constant([0.0, 0.5, 2.0, 3.0]), tf.constant([0.1, -0.5, 1.0, 2.0])))
print(tf.nn.log_poisson_loss(tf.constant([0.0, 0.5, 2.0, 3.0]), tf.constant([0.1, -0.5, 1.0, 2.0]), compute_full_loss=True))
print(tf.nn.crelu(tf.constant([[-1.0, 2.0]])))
params = tf.reshape(tf.range(15.0), [5, 3])
print(tf.nn.embedding_lookup(params, [[0, 4], [2, 2]]))
print(tf.nn.embedding_lookup([params[:3], params[3:]], [4, 0, 3]))
print(tf.nn.embedding_lookup(params, [1, 3], max_norm=5.0))
show(lambda: tf.nn.embedding_lookup(params, [7]))
img = tf.reshape(tf.range(32.0), [1, 2, 2, 8])
print(tf.nn.depth_to_space(img, 2).shape, tf.nn.depth_to_space(img, 2)[0, :, :, 0])
print(tf.nn.space_to_depth(tf.nn.depth_to_space(img, 2), 2)[0, 0, 0])
show(lambda: tf.nn.depth_to_space(img, 3))
print(tf.math.in_top_k(tf.constant([0, 2, 1]), tf.constant([[0.1, 0.9, 0.0], [0.3, 0.3, 0.3], [0.5, 0.2, 0.3]]), 1))
print(tf.nn.in_top_k(tf.constant([0, 2, 5]), tf.constant([[0.1, 0.9, 0.0], [0.3, 0.3, 0.3], [0.5, 0.2, 0.3]]), 2))
inp = tf.constant(np.linspace(-1.0, 1.0, 18).reshape(1, 3, 3, 2).astype(np.float32))
k = tf.constant(np.arange(1, 13, dtype=np.float32).reshape(2, 2, 3, 1) / 10.0)
print(tf.nn.conv2d_transpose(tf.ones([1, 2, 2, 1]), k, [1, 4, 4, 3], strides=2, padding="SAME"))
print(tf.nn.conv1d_transpose(tf.ones([1, 3, 1]), tf.constant([[[1.0]], [[2.0]]]), [1, 6, 1], 2))
dw = tf.constant(np.arange(1, 17, dtype=np.float32).reshape(2, 2, 2, 2) / 8.0)
print(tf.nn.depthwise_conv2d(inp, dw, [1, 1, 1, 1], "SAME"))
print(tf.nn.separable_conv2d(inp, dw, tf.ones([1, 1, 4, 2]) * 0.5, [1, 1, 1, 1], "VALID"))
print(np.round(tf.nn.local_response_normalization(tf.reshape(tf.range(1.0, 9.0), [1, 1, 2, 4]), depth_radius=1), 5))
print(tf.nn.lrn(tf.reshape(tf.range(1.0, 9.0), [1, 1, 2, 4]), 2, 0.5, 0.25, 0.75))
v = tf.Variable(x)
with tf.GradientTape(persistent=True) as t:
    ys = [tf.nn.l2_loss(v), tf.nn.batch_normalization(v, 0.5, 2.0, 1.0, 3.0, 1e-3), tf.nn.crelu(v),
          tf.nn.embedding_lookup(v, [1, 0, 1]), tf.nn.depth_to_space(tf.reshape(v, [1, 2, 3, 4]), 2)]
    lrn = tf.nn.local_response_normalization(tf.reshape(v, [1, 2, 3, 4]), 1)
for y in ys:
    print(t.gradient(y, v))
print(np.round(t.gradient(lrn, v).numpy(), 5))
