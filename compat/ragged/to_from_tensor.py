import tensorflow as tf

ragged_sentences = tf.ragged.constant([['Hi'], ['Welcome', 'to', 'the', 'fair'], ['Have', 'fun']])
print(ragged_sentences.to_tensor(default_value='', shape=[None, 10]))
print(ragged_sentences.to_tensor())
x = [[1, 3, -1, -1], [2, -1, -1, -1], [4, 5, 8, 9]]
print(tf.RaggedTensor.from_tensor(x, padding=-1))
print(tf.RaggedTensor.from_tensor(x))
print(tf.RaggedTensor.from_tensor(x).shape)
print(tf.RaggedTensor.from_tensor(x, lengths=[2, 0, 3]))
print(tf.RaggedTensor.from_tensor([[[1, 2], [0, 0]], [[3, 4], [5, 6]]], padding=[0, 0]))
print(tf.RaggedTensor.from_tensor([[[1, 2], [3, 4]], [[5, 6], [7, 8]]], ragged_rank=2))
rt = tf.ragged.constant([[9, 8, 7], [], [6, 5], [4]])
print(rt.to_tensor())
print(rt.to_tensor(shape=[5, 2]))
print(rt.to_tensor(default_value=-1))
rt3 = tf.ragged.constant([[[1, 2], [3]], [[4, 5, 6]]])
print(rt3.to_tensor())
print(tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1).to_tensor(default_value=7))
