import tensorflow as tf


@tf.function
def f(x):
    v = tf.Variable(1.0)
    return v


try:
    f(1.0)
except ValueError as e:
    print(type(e).__name__, str(e).splitlines()[-1].strip())


class Count(tf.Module):
    def __init__(self):
        self.count = None

    @tf.function
    def __call__(self):
        if self.count is None:
            print("creating")
            self.count = tf.Variable(0)
        return self.count.assign_add(1)


c = Count()
print(c())
print(c())
print(c.count)
