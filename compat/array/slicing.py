import tensorflow as tf

x = tf.reshape(tf.range(24.0), [2, 3, 4])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    pieces = [x[::-1], x[:, 1:3], x[..., 0], x[tf.newaxis], x[0, -1], x[:, ::2, 1::2], x[1, :, -2:],
              x[..., tf.newaxis, 2], x[:, -1:0:-1, 3]]
    sl = tf.slice(x, [0, 1, 1], [2, -1, 2])
    ss = tf.strided_slice(x, [0, 0, 0], [2, 3, 4], [1, 2, 3])
for p in pieces:
    print(p.shape)
print(pieces[1])
print(pieces[4])
print(pieces[8])
print(sl)
print(ss)
for y in (pieces[0], pieces[5], pieces[8], sl, ss):
    print(tape.gradient(y, x))
print(tf.constant([1, 2, 3, 4, 5])[-3:])
for f in (lambda: x[5], lambda: x[:, 3], lambda: x[0, 0, 0, 0], lambda: x[::0],
          lambda: tf.slice(x, [0, 0, 0], [3, 1, 1]), lambda: tf.slice(x, [0], [1]),
          lambda: tf.strided_slice(x, [0, 0], [2, 3], [1, 0])):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
