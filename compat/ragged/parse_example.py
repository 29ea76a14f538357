# compat: requires google.protobuf
# tf.io.parse_example of tf.train.Example protos (TF's ragged tensor guide, and the other feature kinds).
import google.protobuf.text_format as pbtext
import tensorflow as tf


def build_tf_example(s):
    return pbtext.Merge(s, tf.train.Example()).SerializeToString()


example_batch = [
    build_tf_example(r'''
    features {
      feature {key: "colors" value {bytes_list {value: ["red", "blue"]} } }
      feature {key: "lengths" value {int64_list {value: [7]} } } }'''),
    build_tf_example(r'''
    features {
      feature {key: "colors" value {bytes_list {value: ["orange"]} } }
      feature {key: "lengths" value {int64_list {value: []} } } }'''),
    build_tf_example(r'''
    features {
      feature {key: "colors" value {bytes_list {value: ["black", "yellow"]} } }
      feature {key: "lengths" value {int64_list {value: [1, 3]} } } }'''),
    build_tf_example(r'''
    features {
      feature {key: "colors" value {bytes_list {value: ["green"]} } }
      feature {key: "lengths" value {int64_list {value: [3, 5, 2]} } } }''')]

feature_specification = {
    'colors': tf.io.RaggedFeature(tf.string),
    'lengths': tf.io.RaggedFeature(tf.int64),
}
feature_tensors = tf.io.parse_example(example_batch, feature_specification)
for name, value in feature_tensors.items():
    print("{}={}".format(name, value))
print(feature_tensors["lengths"].row_splits)
print(feature_specification)

specs = {
    "lengths": tf.io.VarLenFeature(tf.int64),
    "colors": tf.io.FixedLenSequenceFeature([], tf.string, allow_missing=True, default_value="?"),
    "first": tf.io.FixedLenFeature([], tf.int64, default_value=-1),
}
for name, value in tf.io.parse_example(example_batch, specs).items():
    print(name, value)
specs = {
    "split": tf.io.RaggedFeature(tf.int64, value_key="lengths", partitions=[tf.io.RaggedFeature.UniformRowLength(1)],
                                 row_splits_dtype=tf.int64),
    "colors": tf.io.RaggedFeature(tf.string),
    "first": tf.io.FixedLenFeature([], tf.int64, default_value=-1),
}
for name, value in tf.io.parse_example(example_batch, specs).items():
    print(name, value)
for name, value in tf.io.parse_single_example(example_batch[2], specs).items():
    print(name, value)
print(tf.io.parse_example(tf.constant([], tf.string), {"c": tf.io.RaggedFeature(tf.string, value_key="colors")}))

nested = build_tf_example(r'''
    features {
      feature {key: "v" value {float_list {value: [1.5, 2.5, 3.5, 4.5, 5.5]} } }
      feature {key: "len" value {int64_list {value: [2, 0, 3]} } }
      feature {key: "ids" value {int64_list {value: [0, 0, 2, 2, 2]} } }
      feature {key: "outer" value {int64_list {value: [0, 2, 3]} } } }''')
partitions = {
    "lengths": tf.io.RaggedFeature(tf.float32, value_key="v", partitions=[tf.io.RaggedFeature.RowLengths("len")]),
    "rowids": tf.io.RaggedFeature(tf.float32, value_key="v", partitions=[tf.io.RaggedFeature.ValueRowIds("ids")]),
    "two": tf.io.RaggedFeature(tf.float32, value_key="v", partitions=[tf.io.RaggedFeature.RowSplits("outer"),
                                                                      tf.io.RaggedFeature.RowLengths("len")]),
    "limits": tf.io.RaggedFeature(tf.float32, value_key="v", partitions=[tf.io.RaggedFeature.RowLimits("outer")]),
    "starts": tf.io.RaggedFeature(tf.float32, value_key="v", partitions=[tf.io.RaggedFeature.RowStarts("ids")]),
}
for name, value in tf.io.parse_example([nested, nested], partitions).items():
    print(name, value)
for name, value in tf.io.parse_single_example(nested, partitions).items():
    print(name, value)


def show(fn):
    try:
        for name, value in fn().items():
            print(name, value)
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])


show(lambda: tf.io.parse_example(example_batch, {"colors": tf.io.FixedLenFeature([1], tf.string)}))
show(lambda: tf.io.parse_example(example_batch, {"missing": tf.io.FixedLenFeature([2], tf.float32)}))
show(lambda: tf.io.parse_example(example_batch, {"lengths": tf.io.RaggedFeature(tf.float32)}))
show(lambda: tf.io.parse_example(example_batch, {"colors": tf.io.VarLenFeature(tf.int64)}))
show(lambda: tf.io.parse_example(example_batch, {"lengths": tf.io.FixedLenFeature([1], tf.float32)}))
show(lambda: tf.io.parse_example([b"not a proto"], feature_specification))
show(lambda: tf.io.parse_example(example_batch, {}))
show(lambda: tf.io.parse_example(example_batch, {"colors": tf.io.VarLenFeature(tf.string),
                                                 "c": tf.io.RaggedFeature(tf.string, value_key="colors")}))
show(lambda: tf.io.parse_example(example_batch, {"a": tf.io.FixedLenFeature([None], tf.int64)}))
show(lambda: tf.io.parse_example(example_batch, {"a": tf.io.VarLenFeature(tf.int32)}))
show(lambda: tf.io.parse_example(example_batch, {"a": tf.io.FixedLenSequenceFeature([], tf.int64)}))
show(lambda: tf.io.parse_example(example_batch, {"a": tf.io.FixedLenFeature([], tf.int64), "b": 7}))
for bad in (lambda: tf.io.RaggedFeature(tf.int32), lambda: tf.io.RaggedFeature(tf.string, value_key=""),
            lambda: tf.io.RaggedFeature(tf.string, partitions="x")):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
