import tensorflow as tf
import tensorflow.experimental.numpy as tnp

tnp.experimental_enable_numpy_behavior()
tnp.random.seed(1)


class Model(object):
    def __init__(self):
        self.weights = None

    def predict(self, inputs):
        if self.weights is None:
            size = inputs.shape[1]
            stddev = tnp.sqrt(size).astype(tnp.float32)
            w1 = tnp.random.randn(size, 4).astype(tnp.float32) / stddev
            bias = tnp.random.randn(4).astype(tnp.float32)
            w2 = tnp.random.randn(4, 2).astype(tnp.float32) / 8
            self.weights = (w1, bias, w2)
        else:
            w1, bias, w2 = self.weights
        y = tnp.matmul(inputs, w1) + bias
        y = tnp.maximum(y, 0)
        return tnp.matmul(y, w2)


model = Model()
print(model.predict(tnp.ones([2, 3], dtype=tnp.float32)))
inputs = tnp.random.randn(5, 3).astype(tnp.float32)
labels = tnp.random.randn(5, 2).astype(tnp.float32)
with tf.GradientTape() as tape:
    tape.watch(model.weights)
    loss = tnp.sum(tnp.square(model.predict(inputs) - labels))
grads = tape.gradient(loss, model.weights)
print(loss)
for g in grads:
    print(g)
with tf.GradientTape() as tape:
    tape.watch(inputs)
    out = model.predict(inputs)
print(tape.batch_jacobian(out, inputs).shape)
print(isinstance(grads[0], tnp.ndarray))
