import numpy as np
import tensorflow as tf


class MLP(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(4, activation="relu")
        self.out = tf.keras.layers.Dense(3)

    def call(self, x):
        return self.out(self.hidden(x))


X = np.array([[0.1, 0.2, 0.3], [0.9, 0.1, 0.0], [0.2, 0.8, 0.5], [0.5, 0.5, 0.5],
              [0.0, 0.3, 0.9], [0.7, 0.2, 0.1], [0.3, 0.9, 0.2], [0.1, 0.1, 0.8]], dtype=np.float32)
y = np.array([2, 0, 1, 1, 2, 0, 1, 2], dtype=np.int32)

model = MLP()
print(model.built, len(model.trainable_variables))
model(X[:1])
print(model.built, len(model.trainable_variables))
print([v.path for v in model.trainable_variables])
print([w.shape for w in model.get_weights()])
k1 = np.array([[0.5, -0.3, 0.8, 0.1], [-0.6, 0.9, 0.2, -0.4], [0.3, 0.2, -0.7, 0.9]], dtype=np.float32)
k2 = np.array([[0.4, -0.5, 0.1], [0.2, 0.6, -0.3], [-0.7, 0.1, 0.5], [0.3, -0.2, 0.8]], dtype=np.float32)
model.set_weights([k1, np.full([4], 0.1, np.float32), k2, np.zeros([3], np.float32)])
print(model.hidden.kernel.shape, model.out.bias.shape)
print(model.out.bias)

loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
optimizer = tf.keras.optimizers.Adam(learning_rate=0.1)
acc = tf.keras.metrics.SparseCategoricalAccuracy()
mean_loss = tf.keras.metrics.Mean(name="loss")
for epoch in range(10):
    mean_loss.reset_state()
    acc.reset_state()
    for i in range(0, 8, 4):
        xb, yb = X[i:i + 4], y[i:i + 4]
        with tf.GradientTape() as tape:
            logits = model(xb, training=True)
            loss = loss_fn(yb, logits)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        mean_loss.update_state(loss)
        acc.update_state(yb, logits)
    print("epoch", epoch, "loss", mean_loss.result().numpy(), "acc", acc.result().numpy())
print(model(X).numpy())
print(optimizer.iterations.numpy())
print(len(optimizer.variables))
print(model.out.kernel)
