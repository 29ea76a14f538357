import numpy as np
import tensorflow as tf

# A tensor used several times gets the sum of its gradients (TF: one AddN, in the order the gradients arrive).
# Where they are NaN, the NaN that wins tells the order: each upstream term carries its own payload.


def nan(payload, sign=0):
    return np.array([(sign << 31) | 0x7F800000 | payload], np.uint32).view(np.float32)


def bits(t):
    return [hex(v) for v in t.numpy().view(np.uint32).ravel()[:3]]


for n in (1, 8, 9, 2051):
    cs = [tf.constant(np.repeat(nan(0x100 + i, i % 2), n)) for i in range(3)]
    x = tf.constant(np.ones(n, np.float32))
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * cs[0] + x * cs[1] + x * cs[2]
    print(n, "tensor", bits(g.gradient(y, x)))
    v = tf.Variable(np.ones(n, np.float32))
    with tf.GradientTape() as g:
        y = v * cs[2] + v * cs[0] + v * cs[1] + v * cs[2]
    print(n, "variable", bits(g.gradient(y, v)))
    with tf.GradientTape() as g:
        y = tf.reduce_sum(v * cs[1]) + tf.reduce_sum(v * 2.0) + tf.reduce_sum(v * cs[0])
    print(n, "mixed", bits(g.gradient(y, v)))

# many reads of one variable (a loop): 1001 gradients summed
x = tf.Variable(1.0001)
with tf.GradientTape() as g:
    y = x * 1.0
    for _ in range(1000):
        y = y * x + 1.0
print(g.gradient(y, x))
print(tf.add_n([tf.constant(nan(5)), tf.constant(nan(7, 1)), tf.constant([1.0])]).numpy().view(np.uint32))
