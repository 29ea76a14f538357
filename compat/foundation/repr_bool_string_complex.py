import tensorflow as tf

print(tf.constant(True))
print(repr(tf.constant([True, False, True])))
print(tf.constant("hello"))
print(repr(tf.constant("hello")))
print(tf.constant(["a", "bc", "déf"]))
print(repr(tf.constant([[b"x", b"y"], [b"z", b"w"]])))
print(tf.constant(1 + 2j))
print(repr(tf.constant([1 + 2j, 3 - 1j])))
print(repr(tf.constant([1.5, 2.5], dtype=tf.complex64)))
