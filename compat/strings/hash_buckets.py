# String hashing into buckets: FarmHash fingerprints, keyed SipHash and the legacy hash.
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)


words = tf.constant(["", "a", "hello", "Hello, World!", "The quick brown fox jumps over the lazy dog",
                     "x" * 17, "y" * 40, "z" * 64, "w" * 65, "é" * 100])
print(tf.strings.to_hash_bucket_fast(words, 1000))
print(tf.strings.to_hash_bucket_fast(words, 2**62 + 12345))
print(tf.strings.to_hash_bucket_strong(words, 1000, [1, 2]))
print(tf.strings.to_hash_bucket_strong(words, 2**62 + 12345, [-5, 2**62 + 7]))
print(tf.strings.to_hash_bucket(words, 1000))
print(tf.strings.to_hash_bucket_fast([["a", "b"], ["c", "d"]], 10))
show(lambda: tf.strings.to_hash_bucket_fast(["a", "b"], 0))
show(lambda: tf.strings.to_hash_bucket_fast(tf.constant(["a", "b"]), 0))
show(lambda: tf.strings.to_hash_bucket_strong(["a", "b"], 10, [1]))
show(lambda: tf.strings.to_hash_bucket_fast(tf.constant([1]), 10))
