# SparseTensors as tf.data elements (TF's sparse tensor guide).
import tensorflow as tf


def pprint_sparse_tensor(st):
    s = "<SparseTensor shape=%s \n values={" % (st.dense_shape.numpy().tolist(),)
    for (index, value) in zip(st.indices, st.values):
        s += f"\n  %s: %s" % (index.numpy().tolist(), value.numpy().tolist())
    return s + "}>"


sparse_data = tf.sparse.SparseTensor(indices=[(0, 0), (0, 1), (0, 2), (4, 3), (5, 0), (5, 1)],
                                     values=[1, 1, 1, 1, 1, 1], dense_shape=(6, 4))
dataset = tf.data.Dataset.from_tensor_slices(sparse_data)
print(dataset.element_spec)
for element in dataset:
    print(pprint_sparse_tensor(element))

batched_dataset = dataset.batch(2)
print(batched_dataset.element_spec)
for element in batched_dataset:
    print(pprint_sparse_tensor(element))

unbatched_dataset = batched_dataset.unbatch()
print(unbatched_dataset.element_spec)
for element in unbatched_dataset:
    print(pprint_sparse_tensor(element))

transform_dataset = dataset.map(lambda x: x * 2)
print(transform_dataset.element_spec)
for i in transform_dataset:
    print(pprint_sparse_tensor(i))

pairs = tf.data.Dataset.from_tensor_slices((sparse_data, tf.range(6)))
for st, n in pairs.batch(4):
    print(tf.sparse.to_dense(st), n)
print(pairs.map(lambda st, n: tf.sparse.reduce_sum(st) + n).element_spec)
print(list(pairs.map(lambda st, n: tf.sparse.reduce_sum(st) + n).as_numpy_iterator()))

one = tf.data.Dataset.from_tensors(tf.sparse.from_dense([[0.0, 2.5], [1.0, 0.0]]))
print(one.element_spec)
for st in one:
    print(st)
for st in one.unbatch():
    print(tf.sparse.to_dense(st))
