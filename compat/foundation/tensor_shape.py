import tensorflow as tf

s = tf.TensorShape([2, 3])
print(s, repr(s), s.as_list(), s.rank, len(s), s[0], s[-1], s[1:], repr(s[1:]))
print(s == [2, 3], s == (2, 3), s == [3, 2], s == tf.TensorShape([2, 3]))
u = tf.TensorShape([None, 3])
print(u, repr(u), u.as_list(), u.is_fully_defined(), u.num_elements())
print(tf.TensorShape([]), repr(tf.TensorShape([])), tf.TensorShape([5]), tf.TensorShape(None), repr(tf.TensorShape(None)))
print(s.num_elements(), s.concatenate([4]), s + [7], list(s))
print(u.is_compatible_with(s), u.merge_with(s))
try:
    tf.TensorShape(None).as_list()
except ValueError as e:
    print(type(e).__name__, e)
