import tensorflow as tf
def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
x = tf.constant([1.0, 2.0])
show(lambda: tf.no_op())
show(lambda: tf.group(x, x * 2))
show(lambda: tf.group())
show(lambda: tf.tuple([x, x * 2]))
show(lambda: tf.tuple([x, None]))
show(lambda: tf.tuple(x))
with tf.control_dependencies([x]):
    print(x + 1)
show(lambda: tf.dynamic_partition(tf.constant([10, 20, 30, 40]), [0, 1, 0, 2], 3))
show(lambda: tf.dynamic_stitch([[0, 2], [1, 3]], [[1.0, 2.0], [3.0, 4.0]]))
show(lambda: tf.dynamic_stitch([[0, 2], [2, 3]], [[1.0, 2.0], [3.0, 4.0]]))
show(lambda: tf.dynamic_partition(tf.constant([10, 20]), [0, 5], 3))
show(lambda: tf.clip_by_global_norm([x, tf.constant([[3.0]])], 2.0))
show(lambda: tf.parallel_stack([x, x]))
v = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape(persistent=True) as t:
    parts = tf.dynamic_partition(v * v, [1, 0, 1], 2)
    st = tf.dynamic_stitch([[2, 0], [1]], [v[:2] * 3, v[2:]])
    cg, n = tf.clip_by_global_norm([v, v * 2], 1.0)
print(t.gradient(parts[1], v), t.gradient(st, v), t.gradient(cg[1], v), n)
