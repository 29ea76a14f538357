# A subclassed model whose layers are not built yet is built on its first call by running `call` once
# symbolically (Keras' _maybe_build), then for real: Python code in `call` runs twice on that first call.
import tensorflow as tf


class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(4, activation="relu")
        self.out = tf.keras.layers.Dense(2)
        self.calls = 0

    def call(self, x):
        self.calls += 1
        print("call", x.shape)
        return self.out(self.hidden(x))


tf.keras.utils.set_random_seed(7)
net = Net()
y = net(tf.ones([3, 5]))
print(y)
print("calls after the first call:", net.calls)
net(tf.ones([3, 5]))
print("calls after the second call:", net.calls)
print([v.path for v in net.trainable_variables])


class Counter(tf.keras.Model):
    """A variable written in `call`: the symbolic run's write is dropped (Keras' StatelessScope)."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1, kernel_initializer="ones")
        self.count = tf.Variable(0)

    def call(self, x):
        self.count.assign_add(1)
        return self.dense(x)


c = Counter()
print(c(tf.ones([1, 2])))
print("count:", c.count.numpy())


class Built(tf.keras.Model):
    """A model with its own build() is not run symbolically first."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1, kernel_initializer="ones")

    def build(self, input_shape):
        print("build", input_shape)

    def call(self, x):
        print("call", x.shape)
        return self.dense(x)


print(Built()(tf.ones([1, 2])))
