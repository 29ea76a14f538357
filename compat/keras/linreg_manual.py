import numpy as np
import tensorflow as tf

x = tf.constant(np.linspace(-1.0, 1.0, 20, dtype=np.float32))
y = 3.0 * x + 2.0 + tf.constant(np.sin(np.arange(20, dtype=np.float32)) * 0.1)

w = tf.Variable(0.0)
b = tf.Variable(0.0)
lr = 0.1
for step in range(30):
    with tf.GradientTape() as tape:
        pred = w * x + b
        loss = tf.reduce_mean(tf.square(pred - y))
    dw, db = tape.gradient(loss, [w, b])
    w.assign_sub(lr * dw)
    b.assign_sub(lr * db)
    if step % 5 == 0:
        print(step, loss.numpy(), w.numpy(), b.numpy())
print(w)
print(b)
