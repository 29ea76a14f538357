import tensorflow as tf


class Dense(tf.Module):
    def __init__(self, in_features, out_features, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(tf.ones([in_features, out_features]), name="w")
        self.b = tf.Variable(tf.zeros([out_features]), name="b")

    def __call__(self, x):
        y = tf.matmul(x, self.w) + self.b
        return tf.nn.relu(y)


class MySequentialModule(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.dense_1 = Dense(in_features=3, out_features=3)
        self.dense_2 = Dense(in_features=3, out_features=2)
        self.counter = tf.Variable(0, trainable=False, name="counter")

    def __call__(self, x):
        x = self.dense_1(x)
        return self.dense_2(x)


m = MySequentialModule(name="the_model")
print(m.name, m.name_scope.name)
print(m(tf.constant([[2.0, 2.0, 2.0]])))
print("trainable:", [v.name for v in m.trainable_variables])
print("all:", [v.name for v in m.variables])
print("submodules:", [s.name for s in m.submodules])
print(len(m.trainable_variables), len(m.variables))
print(Dense(1, 1).name, MySequentialModule().name)


class MLPBlock(tf.Module):
    pass


print(MLPBlock().name, tf.Module().name, tf.Module(name="abc").name_scope.name)

with tf.Module(name="outer").name_scope:
    v = tf.Variable(1.0, name="v")
print(v.name)


class Scoped(tf.Module):
    def __init__(self):
        super().__init__()
        with self.name_scope:
            self.v = tf.Variable(1.0, name="v")

    @tf.Module.with_name_scope
    def make(self):
        return tf.Variable(2.0, name="made")


s = Scoped()
print(s.v.name, s.make().name)

try:
    tf.Module(name="not valid")
except ValueError as e:
    print(type(e).__name__, e)


class Holder(tf.Module):
    def __init__(self):
        super().__init__()
        self.items = [tf.Variable(1.0, name="a"), {"k": tf.Variable(2.0, name="b")}]
        self.tup = (tf.Variable(3.0, name="c", trainable=False),)
        self.child = tf.Module(name="child")
        self.child.z = tf.Variable(4.0, name="z")


h = Holder()
print([v.name for v in h.variables])
print([v.name for v in h.trainable_variables])
print([x.name for x in h.submodules])
