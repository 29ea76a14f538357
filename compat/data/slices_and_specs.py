import numpy as np
import tensorflow as tf

features = np.arange(12, dtype=np.float32).reshape(4, 3)
labels = np.array([0, 1, 0, 1])
ds = tf.data.Dataset.from_tensor_slices((features, labels))
print(ds)
print(ds.element_spec)
for x, y in ds:
    print(x, y)
print(len(ds), ds.cardinality())

d = tf.data.Dataset.from_tensor_slices({"a": [1, 2, 3], "b": [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]})
print(d.element_spec)
for e in d:
    print(e)
t = tf.data.Dataset.from_tensors(([1, 2, 3], "text"))
print(t)
print(list(t.as_numpy_iterator()))
s = tf.data.Dataset.from_tensor_slices(["alpha", "beta"])
print(s.element_spec)
print(list(s.as_numpy_iterator()))
