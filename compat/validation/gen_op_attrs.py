# Generated op wrappers take their attrs before their inputs: TF's eager fast path, then its Python fallback.
import numpy as np
import tensorflow as tf



def show(f, label=None):
    try:
        f()
        text = "OK"
    except (TypeError, ValueError, MemoryError, OverflowError, IndexError, AttributeError, tf.errors.OpError) as e:
        text = "%s %s" % (type(e).__name__, str(e).split("\n")[0])
    print(text if label is None else "%s %s" % (label, text))


x5 = tf.zeros([1, 2, 2, 2, 1])
cases = {
    "0-d tensor": tf.constant(3),
    "1-d tensor": tf.constant([1, 1, 1, 1, 1]),
    "variable": tf.Variable([1, 1, 1, 1, 1]),
    "0-d array": np.array(True),
    "1-d array": np.array([1, 1, 1, 1, 1]),
    "int": 3,
    "str": "ab",
    "bytes": b"b",
    "None": None,
    "list with a str": [1, "a"],
    "list with None": [None],
    "list of floats": [2.5],
    "TensorShape": tf.TensorShape([1]),
    "list of numpy ints": [np.int64(1)] * 5,
}
for label, v in cases.items():
    show(lambda: tf.extract_volume_patches(x5, v, [1, 1, 1, 1, 1], "SAME"), label)

calls = [
    lambda: tf.extract_volume_patches(x5, [1] * 5, [1] * 5, None),
    lambda: tf.extract_volume_patches(x5, None, None, 3),
    lambda: tf.extract_volume_patches(x5, [1] * 5, tf.constant(3), None),
    lambda: tf.extract_volume_patches([[1.0]], tf.constant(3), [1] * 5, "SAME"),
    lambda: tf.nn.depthwise_conv2d_backprop_filter(tf.zeros([1, 2, 2, 1]), [1, 1, 1, 1], tf.zeros([1, 2, 2, 1]),
                                                   [1, 1, 1, 1], 3),
    lambda: tf.nn.depthwise_conv2d_backprop_input(tf.zeros([4]), tf.zeros([1, 1, 1, 1]), tf.zeros([1, 2, 2, 1]),
                                                  None, "SAME"),
    lambda: tf.nn.depthwise_conv2d_backprop_input([1, 2, 2, 1], np.uint8(200), [1.5, 2.0], [1, 1, 1, 1], "SAME"),
    lambda: tf.nn.depthwise_conv2d_backprop_input(tf.constant([1, 2, 2, 1], tf.int64), tf.zeros([1, 1, 1, 1]),
                                                  tf.zeros([1, 2, 2, 1]), [1, 1, 1, 1], "VALID"),
    lambda: tf.nn.depthwise_conv2d_backprop_filter([1, 2, 2, 1], [1.0, 1.0, 1.0, 1.0], tf.zeros([1, 2, 2, 1]),
                                                   [1, 1, 1, 1], "VALID"),
]
for f in calls:
    show(f)

# LRN: float attrs take the fast path only as Python floats (TF's defaults bias=1, alpha=1 take the fallback,
# whose errors end at [Op:LRN]); float64 is not an allowed type
x = tf.ones([1, 1, 3, 3])
for f in [
    lambda: tf.nn.local_response_normalization(tf.cast(x, tf.float64), 1),
    lambda: tf.nn.local_response_normalization(x[0], 1),
    lambda: tf.nn.local_response_normalization(x[0], 1, 1.0, 1.0, 0.5),
    lambda: tf.nn.local_response_normalization("a", tf.constant([1])),
    lambda: tf.nn.local_response_normalization(x, 1, bias="a"),
    lambda: tf.nn.local_response_normalization(x, -1),
    lambda: tf.nn.local_response_normalization(np.int64(3), depth_radius=-np.inf),
]:
    show(f)

# bool, float and int attrs before the inputs
logits = tf.zeros([2, 1, 3])
for f in [
    lambda: tf.nn.ctc_greedy_decoder(logits, tf.constant([2, 2], tf.int64), "a"),
    lambda: tf.nn.ctc_greedy_decoder(None, [2], tf.constant([1])),
    lambda: tf.nn.ctc_greedy_decoder(tf.constant(["a"]), [2], merge_repeated=np.array(1.0)),
    lambda: tf.nn.leaky_relu(np.True_, "a"),
    lambda: tf.nn.leaky_relu(tf.constant([True]), 1),
    lambda: tf.nn.leaky_relu(tf.constant([True]), 1.0),
    lambda: tf.nn.space_to_depth(tf.zeros([2, 2]), b"b"),
    lambda: tf.nn.space_to_depth("a", 2.5),
    lambda: tf.nn.depth_to_space(tf.zeros([1, 1, 1, 4]), 2, data_format=3),
]:
    show(f)

# the fast path falls back when it cannot convert an input: the fallback's attr checks come first
for f in [
    lambda: tf.nn.dilation2d(1e40, tf.zeros([3], tf.float64), None, "SAME", "NHWC", [1, 1, 1, 1]),
    lambda: tf.nn.dilation2d(tf.zeros([3]), tf.zeros([1], tf.complex64), tf.constant([1, 1, 1]), "SAME", "NHWC",
                             [1, 1, 1, 1]),
    lambda: tf.nn.dilation2d(tf.zeros([1, 3, 3, 1]), tf.zeros([1, 1, 1]), [1, 1, 1, 1], "SAME", "NHWC", [1]),
    lambda: tf.nn.erosion2d(tf.constant(1), tf.constant(1), [2], 3, "NHWC", tf.constant(1)),
]:
    show(f)

# nn_ops._get_sequence keeps the items as given; the generated wrappers check them (conv3d_transpose, pool3d);
# conv_transpose dispatches by output_shape's length
x5 = tf.zeros([1, 2, 2, 2, 1])
for f in [
    lambda: tf.nn.conv3d_transpose(tf.constant("a"), "a", [1, "a"], [4], "FULL"),
    lambda: tf.nn.conv3d_transpose(x5, tf.zeros([1, 1, 1, 1, 1]), [1, 2, 2, 2, 1], [[2]], "SAME", dilations=[]),
    lambda: tf.nn.conv3d_transpose(x5, tf.zeros([1, 1, 1, 1, 1]), [1, 2, 2, 2, 1], [[2]], "SAME"),
    lambda: tf.nn.conv3d_transpose(1, [1, [2]], -np.inf, [3], padding=3),
    lambda: tf.nn.max_pool3d(tf.zeros([2, 3, 1, 4, 1], tf.int32), [-1], [-1], 3, data_format=None),
    lambda: tf.nn.avg_pool3d(x5, [None, 2], [], "SAME"),
    lambda: tf.nn.avg_pool3d(x5, [None], [1], "SAME"),
    lambda: tf.nn.conv_transpose(x5, tf.zeros([1]), tf.Variable([1.0, 2.0]), [1]),
    lambda: tf.nn.conv_transpose(x5, tf.zeros([1]), tf.constant(1), [1]),
    lambda: tf.nn.conv_transpose(x5, tf.zeros([1]), 1e40, [1]),
    lambda: tf.nn.conv_transpose(x5, tf.zeros([1]), np.int8(-7), [1]),
]:
    show(f)

# conv2d / conv1d: convert_padding, _get_sequence, the input's shape, then gen_nn_ops.conv2d's attrs
x4 = tf.zeros([1, 3, 3, 2])
for f in [
    lambda: tf.nn.conv2d(tf.zeros([1, 4, 3, 2], tf.float64), tf.constant([1]), [], None),
    lambda: tf.nn.conv2d(x4, [True, False], [4, 3], None),
    lambda: tf.nn.conv2d(x4, -9223372036854775809, [1, 1], None),
    lambda: tf.nn.conv2d(x4, tf.zeros([1, 1, 2, 1]), 1, "same"),
    lambda: tf.nn.conv2d([[1.0]], tf.zeros([1, 1, 2, 1]), 1, "SAME"),
    lambda: tf.nn.conv1d(tf.zeros([1, 3, 1], tf.int32), -np.inf, tf.zeros([3, 4], tf.float64), None),
    lambda: tf.nn.conv1d(tf.zeros([2, 3, 2]), np.array([1, 2]), 1 + 2j, "VALID"),
    lambda: tf.nn.conv1d(tf.zeros([4, 2, 3], tf.float16), -0.0, tf.constant([1], tf.int64), "VALID"),
    lambda: tf.nn.conv1d(tf.zeros([4, 2, 3]), tf.zeros([1, 3, 1]), 1, "VALID", data_format="bad"),
]:
    show(f)

# MaxPool's windows start from the lowest finite value: NaN and -inf are skipped, equal zeros keep the first
edge = tf.constant([[[[np.nan, -np.inf, 1.0], [np.inf, -0.0, 0.0]]]])
print(tf.nn.max_pool2d(edge, [1], None, "VALID").numpy().ravel().tolist())
print(tf.nn.max_pool2d(tf.cast(edge, tf.float64), [1, 2], 1, "VALID").numpy().ravel().tolist())
print(tf.nn.max_pool1d(tf.cast(edge[0], tf.float16), 2, 1, "SAME").numpy().ravel().tolist())

# tf.conv and the kernel-less Conv2DBackprop*V2: attrs first, then the inputs (matched: T is the first one's)
x4 = tf.zeros([1, 3, 3, 2])
for f in [
    lambda: tf.conv(np.inf, tf.constant([1, 2, 3], tf.int64), [0], "FULL", tf.constant([1, 2, 3], tf.int64)),
    lambda: tf.conv({"a": 1}, np.int64(3), tf.constant([1, 2, 3], tf.int64), "SAME"),
    lambda: tf.conv(tf.constant(1), np.nan, [], "VALID"),
    lambda: tf.conv2d_backprop_filter_v2(False, tf.constant([True]), np.array([1.0]), tf.TensorShape([3]), "SAME"),
    lambda: tf.conv2d_backprop_filter_v2(tf.zeros([0]), -np.inf, tf.zeros([3], tf.float16), [2.5], "SAME"),
    lambda: tf.conv2d_backprop_input_v2(tf.zeros([0]), [[]], b"b", [2, -3], "same"),
]:
    show(f)

# bias_add: in eager mode both go to the generated op, whose inputs share T (no Python conversion first)
for f in [
    lambda: tf.nn.bias_add(tf.zeros([3, 2], tf.float64), tf.zeros([2, 2, 0]), "NHWC"),
    lambda: tf.nn.bias_add(np.nan, tf.constant([1, 2, 3], tf.int64)),
    lambda: tf.nn.bias_add(np.zeros([0, 2], np.int64), tf.zeros([4])),
    lambda: tf.nn.bias_add(1e40, tf.constant([1, 2, 3])),
    lambda: tf.nn.bias_add(np.uint8(200), tf.constant([[True, False, True]])),
    lambda: tf.nn.bias_add(tf.zeros([2, 3]), tf.zeros([3]), "HWC"),
]:
    show(f)
