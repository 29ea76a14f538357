import tensorflow as tf

print(tf.range(5))
print(tf.range(2, 11, 3))
print(tf.range(0.0, 1.0, 0.1))
print(tf.range(10, 0, -3))
print(tf.range(1, 5.5))
print(tf.range(5, dtype=tf.float64))
print(tf.range(tf.constant(1, tf.int64), 4))
print(tf.range(0, 1, 0.25))
print(tf.range(-1.5, 1.5, 0.7))
print(tf.linspace(0.0, 1.0, 5))
print(tf.linspace(10.0, 12.0, 3))
print(tf.linspace(0, 1, 5))
print(tf.linspace(-1.0, 1.0, 7))
print(tf.linspace([0.0, 5.0], [10.0, 40.0], 5, axis=0))
print(tf.linspace([0.0, 5.0], [10.0, 40.0], 5, axis=-1))
print(tf.linspace(0.0, 1.0, 1))
start = tf.constant(0.0)
stop = tf.constant(2.0)
with tf.GradientTape(persistent=True) as tape:
    tape.watch([start, stop])
    y = tf.reduce_sum(tf.linspace(start, stop, 4) * tf.constant([1.0, 2.0, 3.0, 4.0]))
print(tape.gradient(y, [start, stop]))
for f in (lambda: tf.range(0, 5, 0), lambda: tf.range(5, 0, 1), lambda: tf.range(0, 5, -1),
          lambda: tf.range(0.5, 0.0, 0.5)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
