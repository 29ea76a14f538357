# A SparseTensor is not a dense tensor: what works on it (tf.shape, tf.rank, tf.size) and what does not.
import tensorflow as tf


def t(f):
    try:
        print(f())
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)


st = tf.SparseTensor([[0]], [1.0], [2])
t(lambda: st.op)
t(lambda: st.graph)
t(lambda: len(st))
t(lambda: st[0])
t(lambda: st.ndim)
t(lambda: st.numpy())
t(lambda: st == st)
t(lambda: bool(st))
t(lambda: tf.shape(st))
t(lambda: tf.rank(st))
t(lambda: tf.size(st))
t(lambda: tf.shape(st, out_type=tf.int64))
t(lambda: tf.size(tf.SparseTensor([[0, 1]], [1.0], [2, 3]), out_type=tf.int64))
