import tensorflow as tf

a = tf.Variable(1.0, name="a")
b = tf.Variable(2.0, name="b")
c = tf.Variable(3.0, name="c")
with tf.GradientTape() as g:
    y = c * b
    y = y * a
print([v.name for v in g.watched_variables()])
print(type(g.watched_variables()).__name__)
with tf.GradientTape(watch_accessed_variables=False) as g:
    g.watch(b)
    y = a * b
print(g.watched_variables())
