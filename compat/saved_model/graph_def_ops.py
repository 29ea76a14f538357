import tensorflow as tf

v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])


@tf.function
def f(x):
    y = tf.nn.relu(tf.matmul(x, v) + 1.0)
    s = tf.reduce_sum(y, axis=1)
    m = tf.reduce_mean(y)
    c = tf.concat([y, x], 0)
    return s, m, c, tf.cast(x, tf.int32), tf.exp(x) / 2.0


c = f.get_concrete_function(tf.ones([2, 2]))
for node in c.graph.as_graph_def().node:
    print(node.name, node.op, list(node.input))
print(f(tf.ones([2, 2]))[0])
