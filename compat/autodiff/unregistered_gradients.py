import tensorflow as tf

# Ops with no entry in TF's gradient registry (neither a gradient nor NotDifferentiable): a gradient that reaches one
# of their float outputs is TF's LookupError, not None. Ops whose outputs are integers or strings never receive one.


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


x = tf.Variable([0.5, -1.0, 2.0, 0.0])
with tf.GradientTape(persistent=True) as tape:
    idx = tf.where(x > 0)
    y, i, c = tf.unique_with_counts(x)
    lb = tf.searchsorted(tf.sort(x), x)
    h = tf.histogram_fixed_width(x, [-2.0, 2.0], nbins=4)
    s = tf.strings.as_string(x)
    n = tf.strings.length(s)
    loss = tf.reduce_sum(y) + tf.reduce_sum(tf.cast(idx, tf.float32)) + tf.reduce_sum(tf.cast(lb, tf.float32))
    loss2 = tf.reduce_sum(tf.cast(h, tf.float32)) + tf.reduce_sum(tf.cast(n, tf.float32))
show(lambda: tape.gradient(loss, x))  # UniqueWithCounts' float output y
show(lambda: tape.gradient(loss2, x))  # integer and string outputs only
show(lambda: tape.gradient(i, x))

# bincount with float weights: DenseBincount
w = tf.Variable([0.5, 1.0, 2.0, 4.0])
with tf.GradientTape() as tape:
    counts = tf.math.bincount(tf.constant([0, 1, 1, 3]), weights=w)
    total = tf.reduce_sum(counts)
show(lambda: tape.gradient(total, w))

# the second derivative of a sparse segment reduction: SparseSegmentSumGrad
data = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
with tf.GradientTape() as t2:
    with tf.GradientTape() as t1:
        out = tf.sparse.segment_sum(data, [0, 2, 1], [0, 0, 1])
        l1 = tf.reduce_sum(out * out)
    g = t1.gradient(l1, data)
    gg = tf.reduce_sum(g * g)
print(g)
show(lambda: t2.gradient(gg, data))

# a sparse result's values: SparseReduceSumSparse has no gradient, SparseReshape's values pass through
vals = tf.Variable([1.0, 2.0])
with tf.GradientTape() as t3:
    sp = tf.sparse.SparseTensor([[0, 0], [1, 1]], vals * 1.0, [2, 2])
    r = tf.sparse.reduce_sum(sp, axis=1, output_is_sparse=True)
    l3 = tf.reduce_sum(r.values)
show(lambda: t3.gradient(l3, vals))
with tf.GradientTape() as t4:
    sp = tf.sparse.SparseTensor([[0, 0], [1, 1]], vals * 1.0, [2, 2])
    r = tf.sparse.reshape(sp, [4])
    l4 = tf.reduce_sum(r.values)
show(lambda: t4.gradient(l4, vals))
