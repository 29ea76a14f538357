# tf.io.parse_example of serialized tf.train.Example records (bytes as read from a TFRecord file).
import tensorflow as tf

records = [
    b'\n(\n\x17\n\x06colors\x12\r\n\x0b\n\x03red\n\x04blue\n\r\n\x07lengths\x12\x02\x1a\x00',
    b'\n#\n\x0f\n\x06colors\x12\x05\n\x03\n\x01a\n\x10\n\x07lengths\x12\x05\x1a\x03\n\x01\x00',
    b'\n)\n\x14\n\x06colors\x12\n\n\x08\n\x01b\n\x01c\n\x00\n\x11\n\x07lengths\x12\x06\x1a\x04\n\x02\x03\x05',
    b'',
]
spec = {"colors": tf.io.RaggedFeature(tf.string), "lengths": tf.io.VarLenFeature(tf.int64),
        "count": tf.io.FixedLenFeature([], tf.int64, default_value=0)}
for name, value in tf.io.parse_example(records, spec).items():
    print(name, value)
for record in records:
    print(tf.io.parse_single_example(record, {"colors": tf.io.RaggedFeature(tf.string)}))

parsed = tf.io.parse_example(records, {"colors": tf.io.RaggedFeature(tf.string),
                                       "lengths": tf.io.RaggedFeature(tf.int64)})
dataset = tf.data.Dataset.from_tensor_slices(parsed)
print(dataset.element_spec)
for element in dataset.batch(2):
    print(element)
batched = tf.data.Dataset.from_tensor_slices(records).batch(3).map(lambda r: tf.io.parse_example(r, spec))
for element in batched:
    print(element["colors"], tf.sparse.to_dense(element["lengths"]))
for bad in (records[2][:-3], b"\x0a"):
    try:
        tf.io.parse_example([records[2], bad], {"lengths": tf.io.FixedLenFeature([2], tf.int64)})
    except tf.errors.InvalidArgumentError as e:
        print(e)
