import tensorflow as tf

rt = tf.RaggedTensor.from_row_splits(
    values=tf.RaggedTensor.from_row_splits(
        values=[10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
        row_splits=[0, 3, 3, 5, 9, 10]),
    row_splits=[0, 1, 1, 5])
print(rt)
print("Shape: {}".format(rt.shape))
print("Number of partitioned dimensions: {}".format(rt.ragged_rank))
print(rt.flat_values)
print(rt.nested_row_splits)
print(rt.nested_row_lengths())
print(rt.nested_value_rowids())
print(tf.RaggedTensor.from_nested_row_splits(
    flat_values=[10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
    nested_row_splits=([0, 1, 1, 5], [0, 3, 3, 5, 9, 10])))
print(tf.RaggedTensor.from_nested_row_lengths([1, 2, 3, 4, 5], [[2, 1], [1, 0, 4]]))
print(tf.RaggedTensor.from_nested_value_rowids([1, 2, 3, 4, 5], [[0, 0, 1], [0, 2, 2, 2, 2]]))
print(tf.RaggedTensor.from_nested_value_rowids([1, 2, 3], [[0, 0, 2], [0, 2, 2]], nested_nrows=[4, 3]))
conversations = tf.ragged.constant(
    [[[["I", "like", "ragged", "tensors."]],
      [["Oh", "yeah?"], ["What", "can", "you", "use", "them", "for?"]]],
     [[["I", "like", "cheese."], ["Do", "you?"]]]])
print(conversations.shape, conversations.ragged_rank, len(conversations.nested_row_splits))
print(conversations)
