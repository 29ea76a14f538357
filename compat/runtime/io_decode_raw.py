import tensorflow as tf

print(tf.io.decode_raw(tf.constant("Duck"), tf.uint8))
print(tf.io.decode_raw(tf.constant(["abcd", "efgh"]), tf.int16))
print(tf.io.decode_raw(tf.constant(["abcd", "efgh"]), tf.int16, little_endian=False))
print(tf.io.decode_raw([b"\x00\x00\x80\x3f", b"\x00\x00\x00\x40"], tf.float32))
print(tf.io.decode_raw(tf.constant([[b"\x01\x00\x00\x00\x00\x00\x00\x00"]]), tf.int64))
print(tf.io.decode_raw(tf.constant(["ab", "c"]), tf.uint8, fixed_length=4))
print(tf.io.decode_raw(tf.constant(["abcdef", "c"]), tf.int16, fixed_length=4))
print(tf.io.decode_raw(tf.constant(""), tf.uint8))
print(tf.io.decode_raw(tf.constant(["", ""]), tf.int32))
print(tf.io.decode_raw(tf.constant("\x01\x02"), tf.bool))
for args in [(tf.constant(["abcd", "ef"]), tf.uint8), (tf.constant("abc"), tf.int16),
             (tf.constant("abcd"), tf.string), (tf.constant(1), tf.uint8),
             (tf.constant("abcd"), tf.int16, True, 3), (tf.constant("abcd"), tf.int16, True, 0)]:
    try:
        print(tf.io.decode_raw(*args))
    except Exception as e:
        print(type(e).__name__, e)
x = tf.constant([b"\x3f\xf0\x00\x00\x00\x00\x00\x00\x40\x00\x00\x00\x00\x00\x00\x00"])
print(tf.io.decode_raw(x, tf.float64, little_endian=False))
print(tf.io.decode_raw(x, tf.complex64))
print(tf.io.decode_raw(x, tf.float16))
