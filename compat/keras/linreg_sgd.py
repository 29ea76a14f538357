import numpy as np
import tensorflow as tf

x = tf.constant(np.linspace(-1.0, 1.0, 20, dtype=np.float32))
y = 3.0 * x + 2.0 + tf.constant(np.sin(np.arange(20, dtype=np.float32)) * 0.1)

w = tf.Variable(0.0, name="w")
b = tf.Variable(0.0, name="b")
opt = tf.keras.optimizers.SGD(learning_rate=0.1)
for step in range(30):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(w * x + b - y))
    grads = tape.gradient(loss, [w, b])
    opt.apply_gradients(zip(grads, [w, b]))
    if step % 5 == 0:
        print(step, loss.numpy(), w.numpy(), b.numpy())
print(w)
print(b)
print(repr(opt.iterations))
print(opt.iterations.numpy(), opt.learning_rate.numpy())

# momentum and nesterov on the same data
for kw in [dict(momentum=0.9), dict(momentum=0.9, nesterov=True)]:
    w = tf.Variable(0.0, name="w")
    b = tf.Variable(0.0, name="b")
    opt = tf.keras.optimizers.SGD(learning_rate=0.05, **kw)
    for _ in range(20):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(w * x + b - y))
        opt.apply(tape.gradient(loss, [w, b]), [w, b])
    print(kw, loss.numpy(), w.numpy(), b.numpy())
    print([v.path for v in opt.variables])
