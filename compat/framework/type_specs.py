# tf.TypeSpec (the base of every spec), tf.type_spec_from_value, tf.IndexedSlicesSpec, tf.NoneTensorSpec.
import numpy as np
import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


values = [tf.constant([1, 2]), np.ones((2, 3)), [1., 2.], 3, "a", tf.sparse.from_dense([[1, 0]]),
          tf.ragged.constant([[1], [2, 3]]), tf.Variable(1.), None, tf.data.Dataset.range(3),
          tf.IndexedSlices(tf.constant([1.]), tf.constant([0]), tf.constant([3])),
          tf.IndexedSlices(tf.constant([[1., 2.]]), tf.constant([0], tf.int64)),
          tf.TensorArray(tf.float32, 2), {"a": 1}, (1, 2), [[1], [2, 3]], tf.constant([1, 2], tf.qint8)]
for v in values:
    show(lambda: tf.type_spec_from_value(v))
try:
    tf.type_spec_from_value(object())
except TypeError as e:
    print(str(e).split(" at ")[0], str(e).split(">")[1])
s = tf.IndexedSlicesSpec()
print(repr(s), s.value_type.__name__)
print(repr(tf.IndexedSlicesSpec([None, 3], tf.float64, tf.int32, tf.int32, [5])))
print(repr(tf.IndexedSlicesSpec([None, 3], dense_shape_dtype=tf.int64)))
show(lambda: tf.IndexedSlicesSpec([None, 3], tf.float64, tf.int32, tf.int32, [5, 3]))
show(lambda: tf.IndexedSlicesSpec([2], "float16", "int32"))
show(lambda: tf.IndexedSlicesSpec([2], "nope"))
print(repr(tf.NoneTensorSpec()), tf.NoneTensorSpec() == tf.NoneTensorSpec(), tf.NoneTensorSpec() != tf.NoneTensorSpec())
print(isinstance(tf.TensorSpec([1]), tf.TypeSpec), isinstance(tf.SparseTensorSpec([1], tf.int32), tf.TypeSpec),
      isinstance(tf.RaggedTensorSpec([1, None], tf.int32), tf.TypeSpec), isinstance(tf.NoneTensorSpec(), tf.TypeSpec),
      isinstance(tf.IndexedSlicesSpec(), tf.TypeSpec), isinstance(tf.TensorArraySpec(), tf.TypeSpec),
      isinstance(tf.data.DatasetSpec(tf.TensorSpec([])), tf.TypeSpec), isinstance(3, tf.TypeSpec))
print(issubclass(tf.TensorSpec, tf.TypeSpec), issubclass(tf.IndexedSlicesSpec, tf.TypeSpec), tf.TypeSpec.__name__)
try:  # Python's own abstract-class error, whose wording changed in Python 3.12: its class and subject only
    tf.TypeSpec()
except TypeError as e:
    print(type(e).__name__, str(e).startswith("Can't instantiate abstract class TypeSpec"))
print(tf.IndexedSlicesSpec([2]).is_compatible_with(tf.IndexedSlicesSpec([None])),
      tf.IndexedSlicesSpec([2]).is_compatible_with(tf.IndexedSlicesSpec([3])),
      tf.IndexedSlicesSpec([2]).is_compatible_with(tf.IndexedSlicesSpec([2], tf.int32)),
      tf.IndexedSlicesSpec([2]).is_compatible_with(tf.TensorSpec([2])))
print(tf.IndexedSlicesSpec([2]) == tf.IndexedSlicesSpec([2]), tf.IndexedSlicesSpec([2]) == tf.IndexedSlicesSpec([3]),
      hash(tf.IndexedSlicesSpec([2])) == hash(tf.IndexedSlicesSpec([2])))
print(tf.IndexedSlicesSpec([2]).most_specific_common_supertype([tf.IndexedSlicesSpec([3])]))
print(tf.IndexedSlicesSpec([2, 4]).most_specific_common_supertype([tf.IndexedSlicesSpec([3, 4])]))
print(tf.IndexedSlicesSpec([2]).most_specific_common_supertype([tf.IndexedSlicesSpec([2], tf.int32)]))
print(tf.IndexedSlicesSpec([2]).is_subtype_of(tf.IndexedSlicesSpec([None])),
      tf.IndexedSlicesSpec([None]).is_subtype_of(tf.IndexedSlicesSpec([2])))
print(tf.NoneTensorSpec().is_compatible_with(None), tf.NoneTensorSpec().is_compatible_with(tf.NoneTensorSpec()),
      tf.NoneTensorSpec().is_compatible_with(tf.TensorSpec([])))
print(tf.TensorSpec([2]).is_compatible_with(tf.NoneTensorSpec()))
print(tf.NoneTensorSpec().most_specific_common_supertype([tf.NoneTensorSpec()]))
g = tf.IndexedSlices(tf.constant([[1., 2.]]), tf.constant([1]), tf.constant([3, 2]))
spec = tf.type_spec_from_value(g)
print(spec, spec.is_compatible_with(g))
