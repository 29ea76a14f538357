import tensorflow as tf

queries = tf.ragged.constant(
    [['Who', 'is', 'George', 'Washington'],
     ['What', 'is', 'the', 'weather', 'tomorrow'],
     ['Goodnight']])
print(queries[1])
print(queries[1, 2])
print(queries[1:])
print(queries[:, :3])
print(queries[:, -2:])
print(queries[-1])
print(queries[::2])
print(queries[:, 1:])
rt = tf.ragged.constant([[[1, 2, 3], [4]], [[5], [], [6]], [[7]], [[8, 9], [10]]])
print(rt[1])
print(rt[3, 0])
print(rt[:, 1:3])
print(rt[:, -1:])
print(rt[1:3, :1])
print(rt[..., :1])
try:
    queries[:, 1]
except ValueError as e:
    print(type(e).__name__, e)
