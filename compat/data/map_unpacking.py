import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices(([1, 2, 3], [10, 20, 30]))
print(list(ds.map(lambda x, y: x + y).as_numpy_iterator()))
print(ds.map(lambda x, y: {"sum": x + y, "x": x}).element_spec)
d = tf.data.Dataset.from_tensor_slices({"a": [1.0, 2.0], "b": [3.0, 4.0]})
print(list(d.map(lambda e: e["a"] * e["b"]).as_numpy_iterator()))
print(d.map(lambda e: (e["a"], e["b"])))
nested = tf.data.Dataset.zip((tf.data.Dataset.range(3), (tf.data.Dataset.range(3), tf.data.Dataset.range(3))))
print(list(nested.map(lambda a, bc: a + bc[0] + bc[1]).as_numpy_iterator()))


def show(x):
    print("tracing with", x)
    return x * 2


print(list(tf.data.Dataset.range(3).map(show).as_numpy_iterator()))
m = tf.data.Dataset.range(4).map(lambda x: [x, x + 1])
print(m.element_spec)
print(tf.data.Dataset.range(4).map(lambda x: tf.cast(x, tf.float32) / 2, num_parallel_calls=tf.data.AUTOTUNE))
print(tf.data.Dataset.range(3).map(lambda x: "s").element_spec)
