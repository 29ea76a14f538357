import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.constant([1.0, -2.0, 0.5])
print(tf.bitcast(x, tf.int32))
print(tf.bitcast(x, tf.uint8))
print(tf.bitcast(tf.constant([[1, 2, 3, 4], [0, 0, 128, 63]], tf.uint8), tf.float32))
print(tf.bitcast(tf.constant([1 + 2j, -0.5j], tf.complex64), tf.float32))
print(tf.bitcast(tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.complex64))
show(lambda: tf.bitcast(tf.constant([1.0, 2.0, 3.0, 4.0]), tf.complex64))
print(tf.bitcast(tf.constant([1, 2], tf.int64), tf.float64))
print(tf.bitcast(tf.constant([1.5, -0.0], tf.float16), tf.int16))
print(tf.bitcast(tf.constant(1.0), tf.uint32), tf.bitcast([1, 2], tf.float32), tf.bitcast(x, "int32"))
show(lambda: tf.bitcast(tf.constant([1, 2, 3], tf.uint8), tf.int32))
show(lambda: tf.bitcast(tf.constant(1, tf.uint8), tf.int32))
show(lambda: tf.bitcast(x, tf.string))
show(lambda: tf.bitcast(tf.constant("a"), tf.int32))
show(lambda: tf.bitcast(tf.constant([True]), tf.int8))
v = tf.Variable([1.0, 2.0])
with tf.GradientTape() as tape:
    y = tf.bitcast(v, tf.int32)
show(lambda: tape.gradient(y, v))

print(tf.guarantee_const(tf.constant([1.0, 2.0])), tf.guarantee_const([1, 2]), tf.guarantee_const("a"))
print(tf.guarantee_const(v))
with tf.GradientTape() as tape:
    y = tf.guarantee_const(v) * 2.0
show(lambda: tape.gradient(y, v))

print(tf.fingerprint(tf.constant(["a", "hello", "", "a longer string of more than sixty-four bytes, to reach the loop"])))
print(tf.fingerprint(tf.constant([[1, 2], [3, 4]])))
print(tf.fingerprint(tf.constant([1.0, 2.0, 3.0], tf.float64)))
print(tf.fingerprint(tf.constant([["ab", "c"], ["", "x"]])))
print(tf.fingerprint(tf.constant([[["ab", "c"]]])))
print(tf.fingerprint(tf.zeros([0, 3])), tf.fingerprint(tf.zeros([2, 0], tf.int8)))
print(tf.fingerprint([True, False]), tf.fingerprint(tf.constant([1 + 2j])))
print(tf.fingerprint(tf.constant(["a"]), method=tf.constant("farmhash64")))
show(lambda: tf.fingerprint(tf.constant(3.0)))
show(lambda: tf.fingerprint(tf.constant(["a"]), method="md5"))
show(lambda: tf.fingerprint(tf.constant(["a"]), method=3))
