# tf.lookup: StaticHashTable and StaticVocabularyTable from tensors or text files (TF's guides' vocabularies).
import os
import tempfile

import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


keys = tf.constant(["emerson", "lake", "palmer"])
vals = tf.constant([0, 1, 2], tf.int64)
init = tf.lookup.KeyValueTensorInitializer(keys, vals)
print(init.key_dtype, init.value_dtype, type(init).__name__)
table = tf.lookup.StaticHashTable(init, default_value=-1)
print(table.key_dtype, table.value_dtype, table.default_value, table.name)
show(lambda: table.lookup(tf.constant(["lake", "tarkus", "emerson"])))
show(lambda: table.lookup(tf.constant([["lake"], ["x"]])))
show(lambda: table.size())
k, v = table.export()  # in the table's own order: sorted here
print(sorted(zip(k.numpy().tolist(), v.numpy().tolist())), k.dtype, v.dtype)
show(lambda: table.lookup(tf.constant([1, 2])))
show(lambda: table.lookup(["lake", "x"]))
show(lambda: table[tf.constant(["palmer"])])
show(lambda: table.lookup(tf.sparse.from_dense(tf.constant([["lake", ""]]))))
show(lambda: table.lookup(tf.ragged.constant([["lake"], ["palmer", "x"]])))
show(lambda: tf.lookup.StaticHashTable(init, default_value="x"))
float_table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer([1, 2], [1.5, 2.5]), -1.)
print(float_table.key_dtype)
show(lambda: float_table.lookup(tf.constant([2, 3])))
show(lambda: tf.lookup.StaticHashTable(
    tf.lookup.KeyValueTensorInitializer([1, 2], [1.5, 2.5], key_dtype=tf.int64), -1.).lookup(tf.constant([2, 3], tf.int64)))
show(lambda: tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer([1, 2, 3], [1, 2]), -1))
show(lambda: tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer([1, 1], [1, 2]), -1))
show(lambda: tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer([1, 1], [2, 2]), -1).size())
show(lambda: tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer([[1, 2]], [[1, 2]]), -1).size())
show(lambda: tf.lookup.KeyValueTensorInitializer([1, 2], [1.5, 2.5], key_dtype=tf.string))
show(lambda: tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(["a"], [1.5]), [0., 1.]))
show(lambda: tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(["a"], ["x"]), "?").lookup(tf.constant(["a", "b"])))

# out-of-vocabulary keys go to num_oov_buckets buckets after the vocabulary's ids
vt = tf.lookup.StaticVocabularyTable(init, num_oov_buckets=5)
show(lambda: vt.lookup(tf.constant(["lake", "tarkus", "emerson", "foo", ""])))
show(lambda: vt.size())
print(vt.name, vt.key_dtype, vt.value_dtype)
vt2 = tf.lookup.StaticVocabularyTable(
    tf.lookup.KeyValueTensorInitializer(tf.constant([10, 20], tf.int64), tf.constant([0, 1], tf.int64)), 3)
show(lambda: vt2.lookup(tf.constant([10, 20, 30, 40, -1], tf.int64)))
show(lambda: vt2.lookup(tf.ragged.constant([[10, 50], [20]], dtype=tf.int64)))
show(lambda: tf.lookup.StaticVocabularyTable(init, 0))
show(lambda: tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer([1, 2], [0, 1]), 2))
show(lambda: tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer(["a"], [0]), 2))
show(lambda: tf.lookup.StaticVocabularyTable(None, 4).lookup(tf.constant(["a", "b"])))
print(tf.lookup.StaticVocabularyTable(None, 4).name, tf.lookup.StaticVocabularyTable(None, 4).size())
vt3 = tf.lookup.StaticVocabularyTable(
    tf.lookup.KeyValueTensorInitializer(tf.constant([10, 20], tf.int64), tf.constant([0, 1], tf.int64)), 3,
    lookup_key_dtype=tf.int32)
show(lambda: vt3.lookup(tf.constant([10, 30], tf.int32)))
show(lambda: vt.lookup(tf.constant([1])))

d = tempfile.mkdtemp()
vocab = os.path.join(d, "vocab.txt")
with open(vocab, "w") as f:
    f.write("apple\tA\nbanana\tB\ncherry\tC\n")
t = tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(
    vocab, tf.string, 0, tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER, delimiter="\t"), -1)
show(lambda: t.lookup(tf.constant(["banana", "x", "apple"])))
t = tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(vocab, tf.string, 0, tf.string, 1), "?")
show(lambda: t.lookup(tf.constant(["cherry", "x"])))
print(tf.lookup.TextFileIndex.WHOLE_LINE, tf.lookup.TextFileIndex.LINE_NUMBER)
show(lambda: tf.lookup.StaticVocabularyTable(tf.lookup.TextFileInitializer(
    vocab, tf.string, 0, tf.int64, -1, vocab_size=2), 1).lookup(tf.constant(["apple", "cherry", "banana"])))
for text in ["apple\tA\nbanana\n", "apple\t1\nbanana\n", "apple\t1\napple\t2\n"]:
    path = os.path.join(d, "bad.txt")
    with open(path, "w") as f:
        f.write(text)
    try:
        tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(path, tf.string, 0, tf.int64, 1), -1)
    except Exception as e:
        print(type(e).__name__ + ":", str(e).replace(d, "DIR"))
show(lambda: tf.lookup.TextFileInitializer(vocab, tf.string, -1, tf.int64, 1))
show(lambda: tf.lookup.TextFileInitializer(vocab, tf.string, 0, tf.int32, -1))
show(lambda: tf.lookup.TextFileInitializer(vocab, tf.string, 0, tf.int64, 1, vocab_size=0))
show(lambda: tf.lookup.TextFileInitializer(vocab, tf.string, -3, tf.int64, 1))
show(lambda: tf.lookup.TextFileInitializer("", tf.string, 0, tf.int64, 1))
numbers = os.path.join(d, "numbers.txt")
with open(numbers, "w") as f:
    f.write("7 a\n8 b\n")
t = tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(numbers, tf.int64, 0, tf.string, 1, delimiter=" "), "?")
show(lambda: t.lookup(tf.constant([8, 9], tf.int64)))
show(lambda: t.size())
try:
    tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(os.path.join(d, "nope.txt"), tf.string, 0, tf.int64, -1), -1)
except Exception as e:
    print(type(e).__name__ + ":", str(e).replace(d, "DIR"))
