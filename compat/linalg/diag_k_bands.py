# tf.linalg.diag / diag_part / set_diag with k (one diagonal or a band), alignments, num_rows/num_cols,
# padding_value, gradients, and TF's argument errors
import numpy as np
import tensorflow as tf

d = tf.constant([[1, 2, 3], [4, 5, 6]])
print(tf.linalg.diag(d, k=1))
print(tf.linalg.diag(d, k=-1))
print(tf.linalg.diag(d, k=1, num_rows=3))
print(tf.linalg.diag(d, k=1, num_cols=5, padding_value=9))
band = tf.constant([[[1, 2, 3, 0], [4, 5, 6, 7], [0, 8, 9, 1]]])  # k=(-1, 1), RIGHT_LEFT
for align in ("RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"):
    print(align, tf.linalg.diag(band, k=(-1, 1), align=align))
print(tf.linalg.diag(tf.constant([[1.0, 2.0], [3.0, 4.0]]), k=(-2, -1), num_rows=3, num_cols=4))

x = tf.reshape(tf.range(1, 25), [2, 3, 4])
for k in (0, 1, -1, 3, -2, (0, 2), (-1, 1), (-2, 0), (1, 3)):
    print("diag_part k=%s" % (k,), tf.linalg.diag_part(x, k=k))
for align in ("RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"):
    print(align, tf.linalg.diag_part(x, k=(-1, 2), padding_value=-1, align=align))
print(tf.linalg.set_diag(x, tf.constant([[7, 7, 7], [8, 8, 8]]), k=1))
print(tf.linalg.set_diag(x, -tf.linalg.diag_part(x, k=(-1, 1)), k=(-1, 1)))
for align in ("LEFT_RIGHT", "RIGHT_RIGHT"):
    print(align, tf.linalg.set_diag(x, tf.linalg.diag_part(x, k=(0, 2), align=align) * 0, k=(0, 2), align=align))

v = tf.Variable(np.arange(12.0).reshape(3, 4))
w = tf.Variable([[1.0, 2.0, 3.0], [4.0, 5.0, 0.0]])
with tf.GradientTape(persistent=True) as tape:
    a = tf.linalg.diag_part(v * v, k=(-1, 1))
    b = tf.linalg.diag(w * w, k=(0, 1))
    c = tf.linalg.set_diag(v * 2.0, tf.linalg.diag_part(v, k=(0, 1)) * 3.0, k=(0, 1))
print(tape.gradient(a, v))
print(tape.gradient(b, w))
print(tape.gradient(c, v))

for f in (lambda: tf.linalg.diag(d, k=(1, 0)),
          lambda: tf.linalg.diag(d, k=(0, 1)),
          lambda: tf.linalg.diag(d, k=(0, 1, 2)),
          lambda: tf.linalg.diag(d, k=[[1]]),
          lambda: tf.linalg.diag(d, k=1, num_rows=2, num_cols=2),
          lambda: tf.linalg.diag(tf.ones([2, 2]), k=(-2, -1), num_rows=4, num_cols=3),
          lambda: tf.linalg.diag(d, k=1, align="MIDDLE"),
          lambda: tf.linalg.diag_part(x, k=(2, 1)),
          lambda: tf.linalg.diag_part(x, k=4),
          lambda: tf.linalg.diag_part(x, k=-3),
          lambda: tf.linalg.set_diag(x, tf.ones([2, 3], tf.int32), k=(0, 1)),
          lambda: tf.linalg.set_diag(x, tf.ones([2, 2], tf.int32), k=1),
          lambda: tf.linalg.set_diag(x, tf.ones([2, 3], tf.int32), k=5)):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])

print(tf.linalg.diag(tf.constant([[True, False]]), k=1))
print(tf.linalg.diag_part(tf.ones([1, 3]), k=(0, 2), padding_value=7.0, align="LEFT_LEFT"))
for f in (lambda: tf.linalg.diag(True),
          lambda: tf.linalg.diag(d, k=tf.constant([0.5])),
          lambda: tf.linalg.diag(d, k=tf.constant([], tf.int32)),
          lambda: tf.linalg.diag_part(x, k=(0, 1), padding_value=[1, 2]),
          lambda: tf.linalg.diag_part(tf.ones([3]), k=(0, 1), name=None),
          lambda: tf.linalg.set_diag(x, tf.ones([2, 3, 3], tf.int32), k=(-1, 1), align="LEFT")):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e))
