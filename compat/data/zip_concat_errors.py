import tensorflow as tf

a = tf.data.Dataset.range(3)
b = tf.data.Dataset.from_tensor_slices(["x", "y", "z", "w"])
z = tf.data.Dataset.zip((a, b))
print(z, z.cardinality().numpy())
print(list(z.as_numpy_iterator()))
print(tf.data.Dataset.zip(a, b).element_spec)
print(tf.data.Dataset.zip({"n": a, "s": b}).element_spec)
c = a.concatenate(tf.data.Dataset.range(10, 12))
print(c, list(c.as_numpy_iterator()))
try:
    a.concatenate(b)
except TypeError as e:
    print(type(e).__name__, e)
try:
    tf.data.Dataset.zip(1)
except TypeError as e:
    print(type(e).__name__, e)
try:
    tf.data.Dataset.from_tensor_slices(([1, 2, 3], [1, 2]))
except ValueError as e:
    print(type(e).__name__, e)
try:
    tf.data.Dataset.range(3).unbatch()
except ValueError as e:
    print(type(e).__name__, e)
