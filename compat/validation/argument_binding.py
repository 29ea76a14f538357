# Calls whose arguments do not bind: most public ops answer with TF's own texts (its C++ argument
# canonicalizer), the generated ones (tf.negative is gen_math_ops.neg) with Python's.
import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except TypeError as e:
        print("TypeError:", e)


x = tf.constant([[1.0, 3.0], [2.0, 0.5]])
show(lambda: tf.argmax(x, 0, None, None, 5))
show(lambda: tf.argmax(x, axis=1, foo=2))
show(lambda: tf.argmax(x, input=x))
show(lambda: tf.argmax(axis=1))
show(lambda: tf.reduce_sum(x, 1, input_tensor=x))
show(lambda: tf.reduce_sum(x, axis=1, keepdims=True))
show(lambda: tf.add(x))
show(lambda: tf.add(x, x, None, 4))
show(lambda: tf.add(x, y=x, x=x))
show(lambda: tf.math.add_n())
show(lambda: tf.nn.softmax(x, -1, None, 7))
show(lambda: tf.nn.softmax(logits=x, axis=0))
show(lambda: tf.matmul(x, b=x, a=x))
show(lambda: tf.reshape(x, [4], shape=[4]))
show(lambda: tf.concat([x, x], axis=0, values=[x]))
show(lambda: tf.nn.relu(x, features=x))
show(lambda: tf.cast(x))
show(lambda: tf.zeros())
show(lambda: tf.linalg.matvec(x))
show(lambda: tf.negative())
