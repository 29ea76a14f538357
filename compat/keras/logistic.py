import numpy as np
import tensorflow as tf

X = np.array([[0.5, 1.0], [1.5, -0.5], [-1.0, -1.5], [2.0, 0.5], [-0.5, 0.5], [-2.0, 1.0],
              [1.0, 1.0], [-1.5, -0.5]], dtype=np.float32)
Y = np.array([[1.0], [1.0], [0.0], [1.0], [0.0], [0.0], [1.0], [0.0]], dtype=np.float32)

w = tf.Variable(tf.zeros([2, 1]), name="w")
b = tf.Variable(tf.zeros([1]), name="b")
loss_fn = tf.keras.losses.BinaryCrossentropy(from_logits=True)
acc = tf.keras.metrics.BinaryAccuracy(threshold=0.5)
opt = tf.keras.optimizers.SGD(learning_rate=0.5)
for epoch in range(10):
    with tf.GradientTape() as tape:
        logits = tf.matmul(X, w) + b
        loss = loss_fn(Y, logits)
    grads = tape.gradient(loss, [w, b])
    opt.apply_gradients(zip(grads, [w, b]))
    acc.reset_state()
    acc.update_state(Y, tf.sigmoid(logits))
    print(epoch, loss.numpy(), acc.result().numpy())
print(w.numpy())
print(b.numpy())
probs = tf.sigmoid(tf.matmul(X, w) + b)
print(tf.keras.losses.BinaryCrossentropy()(Y, probs))
print(tf.keras.losses.binary_crossentropy(Y, probs))
