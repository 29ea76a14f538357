"""jacobian / batch_jacobian: unconnected sources, nested sources, and TF's errors."""
import tensorflow as tf


def show(label, fn):
    try:
        print(label, fn())
    except Exception as e:  # noqa: BLE001
        print(label, type(e).__name__, str(e))


x = tf.constant([1.0, 2.0, 3.0])
c = tf.constant([5.0, 6.0])
i = tf.constant([1, 2])
with tf.GradientTape(persistent=True) as g:
    g.watch([x, c])
    y = x * x
    s = tf.reduce_sum(y)
    e = tf.zeros([0]) * x[0]
show("none", lambda: g.jacobian(y, c))
show("zero", lambda: g.jacobian(y, c, unconnected_gradients="zero"))
show("zero_enum", lambda: g.jacobian(y, [c, x], unconnected_gradients=tf.UnconnectedGradients.ZERO))
show("int", lambda: g.jacobian(y, i))
show("nested", lambda: g.jacobian(y, {"a": x, "b": [c, x]}))
show("scalar", lambda: g.jacobian(s, x))
show("empty", lambda: g.jacobian(e, x))
show("list_target", lambda: g.jacobian([y], x))
show("bogus", lambda: g.jacobian(y, x, unconnected_gradients="bogus"))
show("bogus_nopfor", lambda: g.jacobian(y, x, unconnected_gradients="bogus", experimental_use_pfor=False))
show("par1", lambda: g.jacobian(y, x, parallel_iterations=1))
show("par2", lambda: g.jacobian(y, x, parallel_iterations=2))
show("nopfor", lambda: g.jacobian(y, x, experimental_use_pfor=False))
show("none_target", lambda: g.jacobian(None, x))

with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
    print("inside", g.jacobian(y, x))
    z = y * 2.0
show("reuse", lambda: g.jacobian(z, x))
with tf.GradientTape() as g:
    g.watch(x)
    y = x * x
show("nopfor_nonpersistent", lambda: g.jacobian(y, x, experimental_use_pfor=False))
show("after", lambda: g.jacobian(y, x))

xb = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
with tf.GradientTape(persistent=True) as g:
    g.watch(xb)
    g.watch(x)
    yb = xb * xb
show("bj", lambda: g.batch_jacobian(yb, xb))
show("bj_rank1", lambda: g.batch_jacobian(x * x, x))
show("bj_mismatch", lambda: g.batch_jacobian(yb, tf.ones([2, 2])))
show("bj_unconnected", lambda: g.batch_jacobian(yb, tf.ones([3, 2])))
show("bj_par1", lambda: g.batch_jacobian(yb, xb, parallel_iterations=1))
with tf.GradientTape() as g:
    g.watch(xb)
    yb = xb * xb
show("bj_nopfor_nonpersistent", lambda: g.batch_jacobian(yb, xb, experimental_use_pfor=False))
show("bj_once", lambda: g.batch_jacobian(yb, xb))
show("bj_twice", lambda: g.batch_jacobian(yb, xb))
