# Converting between sparse and dense tensors.
import tensorflow as tf


def pprint_sparse_tensor(st):
    s = "<SparseTensor shape=%s \n values={" % (st.dense_shape.numpy().tolist(),)
    for (index, value) in zip(st.indices, st.values):
        s += f"\n  %s: %s" % (index.numpy().tolist(), value.numpy().tolist())
    return s + "}>"


st2 = tf.sparse.from_dense([[1, 0, 0, 8], [0, 0, 0, 0], [0, 0, 3, 0]])
print(pprint_sparse_tensor(st2))
print(tf.sparse.to_dense(st2))
print(tf.sparse.to_dense(st2, default_value=-1))
print(tf.sparse.from_dense(tf.constant([[0.0, 2.5], [-1.0, 0.0]])))
print(tf.sparse.from_dense(["a", "", "b"]))
print(tf.sparse.to_dense(tf.SparseTensor([[0, 1], [1, 0]], ["x", "y"], [2, 2])))
print(tf.sparse.to_dense(tf.SparseTensor([[0, 1], [1, 0]], ["x", "y"], [2, 2]), default_value="?"))
print(tf.sparse.from_dense(tf.zeros([2, 2])))
print(tf.sparse.to_dense(tf.sparse.from_dense(tf.reshape(tf.range(8), [2, 2, 2]))))
