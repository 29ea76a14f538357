import tensorflow as tf

x = tf.constant([[1.0, -2.0, 3.0], [-4.0, 5.0, -6.0]])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    m = tf.boolean_mask(x, x > 0)
    rows = tf.boolean_mask(x, [False, True])
    cols = tf.boolean_mask(x, [True, False, True], axis=1)
    w = tf.where(x > 0, x, 0.1 * x)
    wb = tf.where([True, False, True], x, tf.zeros([1, 3]))
print(m)
print(rows)
print(cols)
print(w)
print(wb)
for y in (m, rows, cols, w, wb):
    print(tape.gradient(y, x))
print(tf.where([[True, False], [False, True]]))
print(tf.where(x < 0))
for f in (lambda: tf.boolean_mask(x, [True, False, True]), lambda: tf.boolean_mask(x, True),
          lambda: tf.where([True, False], x, 0.0), lambda: tf.where([True, False], [1.0, 2.0], [1.0, 2.0, 3.0])):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
