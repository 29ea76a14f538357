"""Array ops: numeric gradient checks (float64), edge cases, and TF's error texts (recorded from TF 2.21)."""

import numpy as np
import pytest

import tfshim as tf
from tests.gradcheck import check_gradients

RNG = np.random.default_rng(0)
X = RNG.standard_normal((2, 3))
X3 = RNG.standard_normal((2, 3, 4))


@pytest.mark.parametrize("f, args", [
    (lambda x: tf.expand_dims(x, 1) * 2.0, [X]),
    (lambda x: tf.squeeze(tf.expand_dims(x, 0)) ** 2, [X]),
    (lambda x, y: tf.concat([x, y * y], axis=1), [X, X]),
    (lambda x: tf.split(x, 3, axis=1)[1] * x[:, :1], [X]),
    (lambda x: tf.split(x, [1, -1], 1)[1] ** 2, [X]),
    (lambda x: tf.tile(x, [2, 3]) ** 2, [X]),
    (lambda x: tf.pad(x, [[1, 0], [2, 1]]) ** 2, [X]),
    (lambda x: tf.pad(x, [[1, 1], [2, 2]], "REFLECT") ** 2, [X]),
    (lambda x: tf.pad(x, [[1, 1], [2, 1]], "SYMMETRIC") ** 2, [X]),
    (lambda x: tf.gather(x, [2, 0, 2], axis=1) ** 2, [X]),
    (lambda x: tf.gather(x * 1.0, [1, 1, 0]) ** 2, [X]),  # x * 1.0: dense, not IndexedSlices
    (lambda x: tf.gather(x, [[1], [0]], axis=1, batch_dims=1) ** 2, [X]),
    (lambda x: tf.gather_nd(x, [[0, 1], [1, 2], [0, 1]]) ** 2, [X]),
    (lambda x: tf.boolean_mask(x, [[True, False, True], [False, True, True]]) ** 2, [X]),
    (lambda x: x[::-1, 1:] ** 2, [X3]),
    (lambda x: x[..., 0] * x[:, ::-1, -1], [X3]),
    (lambda x: tf.slice(x, [0, 1, 1], [2, -1, 2]) ** 2, [X3]),
    (lambda x: tf.strided_slice(x, [0, 0, 0], [2, 3, 4], [1, 2, 3]) ** 2, [X3]),
    (lambda x: tf.reverse(x, [0, 2]) * x, [X3]),
    (lambda x: tf.sort(x) * tf.constant([1.0, 2.0, 3.0], tf.float64), [X]),
    (lambda x: tf.math.top_k(x, 2).values ** 2, [X]),
    (lambda x: tf.tensor_scatter_nd_update(x, [[0, 0]], tf.constant([5.0], tf.float64)) ** 2, [X]),
    (lambda x: tf.broadcast_to(x, [4, 2, 3]) ** 2, [X]),
    (lambda x: tf.clip_by_norm(x, 1.0), [X]),
    (lambda x: tf.meshgrid(x[0], x[1])[0] * tf.meshgrid(x[0], x[1])[1], [X]),
    (lambda a, b: tf.linspace(a, b, 5) ** 2, [np.array(0.5), np.array(2.0)]),
])
def test_numeric_gradients(f, args):
    check_gradients(f, *args)


def test_dtypes_and_edges():
    assert tf.range(5).dtype == tf.int32
    assert tf.range(0.0, 1.0, 0.1).dtype == tf.float32
    assert tf.range(1, 5.5).dtype == tf.float32
    assert tf.argsort([3.0, 1.0]).dtype == tf.int32
    assert tf.math.top_k([1.0, 2.0]).indices.dtype == tf.int32
    assert tf.where([True, False]).dtype == tf.int64
    assert tf.shape(tf.ones([2, 3])).dtype == tf.int32
    assert tf.unique([3, 3, 1]).idx.dtype == tf.int32
    assert tf.unique([3, 3, 1]).y.numpy().tolist() == [3, 1]
    assert tf.linspace(0, 1, 5).dtype == tf.float64
    assert tf.concat([tf.constant(1.0)[tf.newaxis]], 0).shape == (1,)
    assert tf.squeeze(tf.constant([[7]])).shape == ()
    assert tf.one_hot([0, 5, -1], 3).numpy().tolist() == [[1, 0, 0], [0, 0, 0], [0, 0, 0]]
    assert tf.eye(2, 3, dtype=tf.int32).numpy().tolist() == [[1, 0, 0], [0, 1, 0]]
    assert tf.range(10, 0, -3).numpy().tolist() == [10, 7, 4, 1]
    assert tf.split(tf.zeros([0, 2]), 2, 1)[0].shape == (0, 1)


def test_gather_gradient_is_indexed_slices():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.gather(v, [1, 1]))
    g = tape.gradient(loss, v)
    assert type(g).__name__ == "IndexedSlices"
    assert tf.convert_to_tensor(g).numpy().tolist() == [[0.0, 0.0], [2.0, 2.0]]


PREFIX = "{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} "


@pytest.mark.parametrize("f, cls, msg", [
    (lambda: tf.expand_dims(tf.ones([2, 3]), 3), tf.errors.InvalidArgumentError,
     PREFIX % "ExpandDims" + "Tried to expand dim index 3 for tensor with 2 dimensions. [Op:ExpandDims] name: "),
    (lambda: tf.concat([tf.ones([2, 3]), tf.ones([3])], 0), tf.errors.InvalidArgumentError,
     PREFIX % "ConcatV2_N_2" + "ConcatOp : Ranks of all input tensors should match: shape[0] = [2,3] vs. "
     "shape[1] = [3] [Op:ConcatV2] name: concat"),
    (lambda: tf.split(tf.ones([2, 3]), 2, 1), tf.errors.InvalidArgumentError,
     PREFIX % "Split_num_split_2" + "Number of ways to split should evenly divide the split dimension, but got "
     "split_dim 1 (size = 3) and num_split 2 [Op:Split] name: split"),
    (lambda: tf.tile(tf.ones([2, 3]), [2]), tf.errors.InvalidArgumentError,
     PREFIX % "Tile" + "Expected multiples argument to be a vector of length 2 but got length 1 [Op:Tile]"),
    (lambda: tf.gather(tf.ones([2, 3]), [5]), tf.errors.InvalidArgumentError,
     PREFIX % "GatherV2" + "indices[0] = 5 is not in [0, 2) [Op:GatherV2]"),
    (lambda: tf.gather(tf.ones([2, 3]), tf.constant([5])), tf.errors.InvalidArgumentError,
     PREFIX % "GatherV2" + "indices[0] = 5 is not in [0, 2) [Op:GatherV2] name: "),
    (lambda: tf.range(0, 5, 0), tf.errors.InvalidArgumentError,
     PREFIX % "Range" + "Requires delta != 0: 0 [Op:Range] name: "),
    (lambda: tf.math.top_k(tf.ones([3]), 5), tf.errors.InvalidArgumentError,
     PREFIX % "TopKV2" + "input must have at least k columns. Had 3, needed 5 [Op:TopKV2] name: "),
    (lambda: tf.pad(tf.ones([2, 3]), [[1, 1], [1, 1]], "WRAP"), ValueError,
     'Value of argument `mode` expected to be one of "CONSTANT", "REFLECT", or "SYMMETRIC". Received `mode` = WRAP'),
    (lambda: tf.boolean_mask(tf.ones([2, 3]), [True, False, True]), ValueError, "Shapes (2,) and (3,) are "
        "incompatible"),
    (lambda: tf.reverse(tf.ones([2, 3]), [2]), tf.errors.InvalidArgumentError,
     PREFIX % "ReverseV2" + "'axis'[0] = 2 is out of valid range [0, 1 [Op:ReverseV2]"),
])
def test_errors(f, cls, msg):
    with pytest.raises(cls) as e:
        f()
    assert str(e.value) == msg


def test_differential_regressions_as_tf():
    # Values and messages recorded from TF 2.21 (tests/differential found them).
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.pad(tf.constant(1.0), [])
    assert str(e.value) == ("{{function_node __wrapped__Pad_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
                            "paddings must be a matrix with 2 columns: [0] [Op:Pad]")
    nan = np.nan
    for row, idx in [([nan, 0.0], 1), ([0.0, nan], 0), ([nan, nan], 0), ([-np.inf, -np.inf], 0),
                     ([nan, -np.inf], 1), ([2.0, nan, 2.0], 0), ([nan, -3.4028235e38, 2.0], 2)]:
        for dtype in (tf.float16, tf.float32, tf.float64):
            v = tf.math.top_k(tf.constant(row, dtype), k=1)
            assert v.indices.numpy().tolist() == [idx], (row, dtype)


def test_differential_regressions_as_tf_2():
    # Recorded from TF 2.21.
    u = tf.unique(tf.constant([np.nan, np.nan, 1.0, np.nan, 1.0, -0.0, 0.0]))
    assert u.idx.numpy().tolist() == [0, 1, 2, 3, 2, 4, 4] and u.y.shape == (5,)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.scatter_nd([[1], [1], [0]], tf.zeros([3, 0], tf.float16), [3, 0])
    assert str(e.value) == ("{{function_node __wrapped__ScatterNd_device_/job:localhost/replica:0/task:0/device:"
                            "CPU:0}} Indices and updates specified for empty output shape [Op:ScatterNd]")
    d = np.float32(0.00015253)
    assert tf.range(tf.constant(d), tf.constant(d) + 5 * tf.constant(d), tf.constant(d)).shape == (5,)
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y0, y1 = tf.gather(x, [0, 1, 0], axis=0), tf.gather(x, [0, 1, 0], axis=-1)
    assert type(tape.gradient(y0, x)).__name__ == "IndexedSlices"
    assert type(tape.gradient(y1, x)).__name__ != "IndexedSlices"
    assert tape.gradient(y1, x).numpy().tolist() == [2.0, 1.0]


def test_scatter_nd_flushes_subnormals_as_tf():
    # Recorded from TF 2.21: ScatterNd sums under FTZ/DAZ.
    x = tf.constant(np.float32(1e-40))
    assert tf.scatter_nd([[1], [1], [0]], tf.stack([x, x, x]), [3]).numpy().view(np.uint32).tolist() == [0, 0, 0]


def test_autopacking_an_empty_inner_list_raises_tf_error():
    # TF: "OpKernel 'Pack' has constraint on attr 'T' not in NodeDef '[N=0, axis=0]', ..." (its tail varies by run)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"^OpKernel 'Pack' .*\[N=0, axis=0\].* name: 1$"):
        tf.convert_to_tensor([tf.constant([1.0]), []])


# ----- space_to_batch / batch_to_space / extract_volume_patches: numeric gradients ----------------


def test_space_to_batch_gradient_numeric():
    x = np.linspace(-1.0, 2.0, 2 * 3 * 4 * 2).reshape(2, 3, 4, 2)
    w = np.arange(1.0, 1.0 + 8 * 2 * 2 * 2).reshape(8, 2, 2, 2)
    check_gradients(lambda t: tf.space_to_batch(t, [2, 2], [[1, 0], [0, 0]]) * w, x)


def test_batch_to_space_gradient_numeric():
    x = np.linspace(-1.0, 2.0, 4 * 2 * 3).reshape(4, 2, 3)
    w = np.arange(1.0, 1.0 + 2 * 3 * 3).reshape(2, 3, 3)
    check_gradients(lambda t: tf.batch_to_space(t, [2], [[0, 1]]) * w, x)


def test_extract_volume_patches_gradient_numeric():
    x = np.linspace(-1.0, 2.0, 2 * 3 * 3 * 2 * 2).reshape(2, 3, 3, 2, 2)
    check_gradients(lambda t: tf.square(tf.extract_volume_patches(t, [1, 2, 2, 1, 1], [1, 1, 2, 1, 1], "SAME")), x)


def test_with_space_to_batch_gradient_numeric():
    x = np.linspace(-1.0, 2.0, 5 * 5).reshape(1, 5, 5, 1)
    check_gradients(lambda t: tf.square(tf.nn.with_space_to_batch(
        t, [2, 2], "SAME", lambda u, n, p: tf.nn.avg_pool2d(u, 2, 1, p), filter_shape=[2, 2])), x)
