# tf.sparse.concat and tf.sparse.slice, from the sparse tensor guide.
import tensorflow as tf

sparse_pattern_A = tf.sparse.SparseTensor(indices=[[2, 4], [3, 3], [3, 4], [4, 3], [4, 4], [5, 4]],
                                          values=[1, 1, 1, 1, 1, 1], dense_shape=[8, 5])
sparse_pattern_B = tf.sparse.SparseTensor(indices=[[0, 2], [1, 1], [1, 3], [2, 0], [2, 4], [2, 5], [3, 5],
                                                   [4, 5], [5, 0], [5, 4], [5, 5], [6, 1], [6, 3], [7, 2]],
                                          values=[1] * 14, dense_shape=[8, 6])
sparse_pattern_C = tf.sparse.SparseTensor(indices=[[3, 0], [4, 0]], values=[1, 1], dense_shape=[8, 6])
sparse_pattern = tf.sparse.concat(axis=1, sp_inputs=[sparse_pattern_A, sparse_pattern_B, sparse_pattern_C])
print(tf.sparse.to_dense(sparse_pattern))
print(sparse_pattern.indices[:5])
print(tf.sparse.concat(0, [sparse_pattern_C, sparse_pattern_C]))
print(tf.sparse.concat(1, [sparse_pattern_C, tf.SparseTensor([[0, 0]], [5], [2, 2])], expand_nonconcat_dims=True))
try:
    tf.sparse.concat(1, [sparse_pattern_C, tf.SparseTensor([[0, 0]], [5], [2, 2])])
except Exception as e:  # noqa: BLE001
    print(type(e).__name__, e)
print(tf.sparse.to_dense(tf.sparse.slice(sparse_pattern_A, start=[0, 0], size=[8, 5])))
print(tf.sparse.to_dense(tf.sparse.slice(sparse_pattern_B, start=[0, 5], size=[8, 6])))
print(tf.sparse.to_dense(tf.sparse.slice(sparse_pattern_C, start=[0, 10], size=[8, 6])))
print(tf.sparse.slice(sparse_pattern_B, [1, 1], [2, 3]))
