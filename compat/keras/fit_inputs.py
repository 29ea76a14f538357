# compat: mask-keras-timing
# fit/evaluate/predict on tensors, Python lists and iterables of (x, y) batches (a generator), with
# steps_per_epoch, initial_epoch and shuffle=False.
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(9)
x = tf.random.normal((40, 2))
y = tf.reduce_sum(x, axis=1, keepdims=True)
model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
print([round(v, 4) for v in model.fit(x, y, epochs=3, batch_size=10, verbose=0).history["loss"]])
print(round(model.evaluate(x, y, verbose=0), 4))
print(np.round(model.predict(x[:2], verbose=0), 4))

xs = [[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [0.5, 0.5]]
ys = [1.0, 1.0, 2.0, 1.0]
try:
    model.fit(xs, ys, epochs=2, verbose=0)
except ValueError as e:
    print(type(e).__name__, e)
print([round(v, 4) for v in model.fit(np.array(xs), np.array(ys).reshape(-1, 1), epochs=2, verbose=0, shuffle=False).history["loss"]])
print(np.round(model.predict(np.array(xs), verbose=0), 4).tolist())


def batches(n):
    for i in range(n):
        yield x[i * 8:(i + 1) * 8], y[i * 8:(i + 1) * 8]


h = model.fit(batches(5), epochs=1, verbose=2)
print([round(v, 4) for v in h.history["loss"]])
h = model.fit(batches(5), epochs=1)
print(round(model.evaluate(batches(5), verbose=0), 4))
print(round(model.evaluate(batches(4)), 4))
print(model.predict(batches(3), verbose=0).shape)
print(model.predict(((x[i:i + 8],) for i in range(0, 24, 8)), verbose=0).shape)
try:
    model.predict((x[i:i + 8] for i in range(0, 24, 8)), verbose=0)
except ValueError as e:
    print(type(e).__name__, str(e)[:150])


class Batches:
    def __iter__(self):
        yield x, y


try:
    model.fit(Batches(), verbose=0)
except ValueError as e:
    print(type(e).__name__, str(e).split(" x=")[0])
h = model.fit(x, y, epochs=4, initial_epoch=2, batch_size=20, verbose=2)
print(h.epoch)
h = model.fit(x, y, epochs=2, steps_per_epoch=2, batch_size=5, verbose=2)
print([round(v, 4) for v in h.history["loss"]])
