import tempfile

import tensorflow as tf


class M(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(tf.reshape(tf.range(12, dtype=tf.float32), [3, 4]))

    @tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32)])
    def f(self, x):
        y = x * self.v[0]
        return {"a": y[:, 1], "b": y[..., ::2], "c": y[1:, tf.newaxis, :3], "d": y[-1]}


@tf.function
def g(x):
    return x[0, 1:3], x[..., -1]


for node in g.get_concrete_function(tf.ones([3, 4])).graph.as_graph_def().node:
    print(node.name, node.op, list(node.input))
m = M()
x = tf.reshape(tf.range(8, dtype=tf.float32), [2, 4])
expected = m.f(x)
d = tempfile.mkdtemp()
tf.saved_model.save(m, d)
loaded = tf.saved_model.load(d)
out = loaded.f(x)
for k in sorted(out):
    print(k, out[k])
print(all(bool(tf.reduce_all(out[k] == expected[k])) for k in out))
