# compat: requires google.protobuf
# tf.train.Example and its parts are protocol buffer messages (one feature per message keeps the output
# deterministic: protobuf maps iterate in a per-process order).
import google.protobuf.text_format as pbtext
import tensorflow as tf

ints = tf.train.Feature(int64_list=tf.train.Int64List(value=[1, -2, 2**40]))
floats = tf.train.Feature(float_list=tf.train.FloatList(value=[1.5, 0.1]))
strings = tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"x", "é".encode()]))
for f in (ints, floats, strings, tf.train.Feature()):
    print(f.WhichOneof("kind"))
    print(f)
    print(f.SerializeToString())

example = tf.train.Example(features=tf.train.Features(feature={"ints": ints}))
print(example)
data = example.SerializeToString()
print(data)
back = tf.train.Example.FromString(data)
print(back == example, back.features.feature["ints"].int64_list.value[2])
other = tf.train.Example()
other.ParseFromString(data)
other.features.feature["ints"].int64_list.value.append(5)
print(other.features.feature["ints"].int64_list.value)
print(other == example)

merged = pbtext.Merge('features { feature { key: "f" value { float_list { value: [1, 2.5] } } } }',
                      tf.train.Example())
print(merged)
print(pbtext.MessageToString(merged, as_one_line=True))
print(tf.io.parse_single_example(merged.SerializeToString(), {"f": tf.io.FixedLenFeature([2], tf.float32)}))

seq = tf.train.SequenceExample(
    context=tf.train.Features(feature={"id": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"a"]))}),
    feature_lists=tf.train.FeatureLists(feature_list={"steps": tf.train.FeatureList(feature=[ints, floats])}))
print(seq)
print(len(seq.SerializeToString()))
print(tf.train.FeatureList(feature=[strings]).feature[0].bytes_list.value)
try:
    tf.train.Feature(int64_list=tf.train.Int64List(value=["a"]))
except TypeError as e:
    print("TypeError")
