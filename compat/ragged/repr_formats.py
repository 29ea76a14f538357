import tensorflow as tf

print(tf.ragged.constant([["Hi"], ["How", "are", "you"]]))
print(tf.ragged.constant([[b"\xff", b"caf\xc3\xa9"], []]))
print(tf.ragged.constant([[[1, 2], [3]], [[4, 5]]]))
print(tf.RaggedTensor.from_row_splits(
    values=[[1, 3], [0, 0], [1, 3], [5, 3], [3, 3], [1, 2]],
    row_splits=[0, 3, 4, 6]))
print(tf.RaggedTensor.from_uniform_row_length(
    values=tf.RaggedTensor.from_row_splits(
        values=[10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
        row_splits=[0, 3, 5, 9, 10]),
    uniform_row_length=2))
print(tf.ragged.constant([[0.5, 1.25], [3.0], [1e-8, 1e10]]))
print(tf.ragged.constant([list(range(30)), [1]]))
x = tf.ragged.constant([[[[1], [2]], [], [[3]], [[4]]], [[[5], [6]], [[7]]]], ragged_rank=2)
print(x + tf.constant([10, 20, 30]))
print(tf.ragged.constant([[1, 2], [3]]).with_flat_values(tf.constant([1.0, 2.0, 3.0])))
