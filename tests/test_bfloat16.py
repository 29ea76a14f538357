"""tf.bfloat16 is refused everywhere with one NotImplementedError (compat/DIFFERENCES.md says why): never a
tensor computed in another precision, as `tf.Variable(..., dtype=tf.bfloat16)` and `tf.fill` once were."""

import pytest

import tfshim as tf

MAKERS = {
    "constant": lambda: tf.constant([1.1], tf.bfloat16),
    "Variable": lambda: tf.Variable([1.1], dtype=tf.bfloat16),
    "cast": lambda: tf.cast([1.1], tf.bfloat16),
    "zeros": lambda: tf.zeros([2], tf.bfloat16),
    "ones": lambda: tf.ones([2], "bfloat16"),
    "fill": lambda: tf.fill([2], tf.constant(1.0, tf.bfloat16)),
    "range": lambda: tf.range(3, dtype=tf.bfloat16),
    "convert_to_tensor": lambda: tf.convert_to_tensor(1.0, tf.bfloat16),
    "saturate_cast": lambda: tf.dtypes.saturate_cast([1.0], tf.bfloat16),
    "random.uniform": lambda: tf.random.uniform([2], dtype=tf.bfloat16),
    "as_numpy_dtype": lambda: tf.bfloat16.as_numpy_dtype,
    "min": lambda: tf.bfloat16.min,
}


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_bfloat16_is_refused_with_one_error(name):
    with pytest.raises(NotImplementedError, match=r"^tf\.bfloat16 tensors are not implemented by tfshim"):
        MAKERS[name]()


def test_bfloat16_dtype_itself_is_tf_s():
    assert repr(tf.bfloat16) == "tf.bfloat16" and tf.bfloat16.is_floating and tf.bfloat16.size == 2
