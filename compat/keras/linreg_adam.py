import numpy as np
import tensorflow as tf

x = tf.constant(np.linspace(-1.0, 1.0, 20, dtype=np.float32))
y = 3.0 * x + 2.0 + tf.constant(np.sin(np.arange(20, dtype=np.float32)) * 0.1)

for opt in [tf.keras.optimizers.Adam(learning_rate=0.1), tf.keras.optimizers.Adam(0.05, amsgrad=True),
            tf.keras.optimizers.AdamW(learning_rate=0.1), tf.keras.optimizers.RMSprop(0.05),
            tf.keras.optimizers.Adagrad(0.5)]:
    w = tf.Variable(0.0, name="w")
    b = tf.Variable(0.0, name="b")
    for step in range(40):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(w * x + b - y))
        grads = tape.gradient(loss, [w, b])
        opt.apply_gradients(zip(grads, [w, b]))
        if step % 10 == 0:
            print(opt.name, step, loss.numpy(), w.numpy(), b.numpy())
    print(opt.name, loss.numpy(), w.numpy(), b.numpy())
    for v in opt.variables:
        print(v)
