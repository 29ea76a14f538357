import tensorflow as tf

params = tf.reshape(tf.range(5 * 3, dtype=tf.float32) % 7 - 2, [5, 3])
ids = tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0], [2, 0], [2, 1], [2, 2]],
                             tf.constant([1, 3, 0, 1, 1, 4], tf.int64), [4, 3])
weights = tf.sparse.SparseTensor(ids.indices, [2.0, 0.5, 1.0, 3.0, -1.0, 0.25], [4, 3])
for combiner in ("sum", "mean", "sqrtn"):
    print(combiner)
    print(tf.nn.embedding_lookup_sparse(params, ids, None, combiner=combiner))
    print(tf.nn.embedding_lookup_sparse(params, ids, weights, combiner=combiner))
    print(tf.nn.embedding_lookup_sparse([params[:3], params[3:]], ids, weights, combiner=combiner, max_norm=2.0))
ids2 = tf.sparse.SparseTensor([[0, 0], [0, 1], [2, 0], [3, 1]], tf.constant([1, -1, 4, 2], tf.int64), [4, 2])
weights2 = tf.sparse.SparseTensor(ids2.indices, [1.0, 2.0, 0.0, 0.5], [4, 2])
for combiner in ("sum", "mean", "sqrtn"):
    print(combiner)
    print(tf.nn.safe_embedding_lookup_sparse(params, ids2, combiner=combiner))
    print(tf.nn.safe_embedding_lookup_sparse(params, ids2, weights2, combiner=combiner))
    print(tf.nn.safe_embedding_lookup_sparse(params, ids2, weights2, combiner=combiner, default_id=3))
ids3 = tf.sparse.SparseTensor([[0, 0, 0], [0, 1, 1], [1, 1, 0]], tf.constant([2, 0, 4], tf.int64), [2, 2, 2])
print(tf.nn.safe_embedding_lookup_sparse(params, ids3))
table = tf.Variable(params)
with tf.GradientTape(persistent=True) as tape:
    weighted = tf.nn.embedding_lookup_sparse(table, ids, weights, combiner="sqrtn")
    unweighted = tf.nn.embedding_lookup_sparse(table, ids, None, combiner="mean")
    safe = tf.nn.safe_embedding_lookup_sparse(table, ids2, weights2)
for y in (weighted, unweighted, safe):
    g = tape.gradient(y, table, output_gradients=tf.ones_like(y) * tf.range(3.0))
    print(type(g).__name__, tf.convert_to_tensor(g))
g = tape.gradient(unweighted, table)
print(g.indices, g.values)
print(tf.sparse.segment_mean(tf.constant([[1e-45], [-0.0], [3.0]]), [0, 1, 2, 2], [0, 1, 2, 2]).numpy().tolist())
for bad in (lambda: tf.nn.embedding_lookup_sparse(params, ids, None, combiner="max"),
            lambda: tf.nn.embedding_lookup_sparse(params, tf.constant([[1]]), None),
            lambda: tf.nn.embedding_lookup_sparse(params, ids, tf.constant([1.0])),
            lambda: tf.nn.safe_embedding_lookup_sparse(None, ids),
            lambda: tf.nn.safe_embedding_lookup_sparse([], ids)):
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
