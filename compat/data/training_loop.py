import numpy as np
import tensorflow as tf

tf.random.set_seed(0)
x = np.linspace(-1, 1, 32).astype(np.float32)
y = 3 * x + 1
ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(32, seed=3).batch(8)
w = tf.Variable(0.0)
b = tf.Variable(0.0)
for epoch in range(3):
    total = 0.0
    for xb, yb in ds:
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((w * xb + b - yb) ** 2)
        gw, gb = tape.gradient(loss, [w, b])
        w.assign_sub(0.5 * gw)
        b.assign_sub(0.5 * gb)
        total += float(loss)
    print(epoch, round(total, 4), w.numpy(), b.numpy())
print(ds.element_spec)
