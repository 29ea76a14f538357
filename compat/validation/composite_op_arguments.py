import tensorflow as tf
import numpy as np


def show(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__ + ":", e)


t = tf.constant([1.0, 2.0])
show("scalar_mul list", lambda: tf.math.scalar_mul(3, [1.0, 2.0]))
show("scalar_mul array", lambda: tf.math.scalar_mul(2, np.array([1, 2], np.int32)))
show("scalar_mul vector scalar", lambda: tf.math.scalar_mul([1.0, 2.0], t))
show("add_n scalar tensor", lambda: tf.math.add_n(tf.constant(1.0)))
show("add_n int", lambda: tf.math.add_n(3))
show("add_n 0-d array", lambda: tf.math.add_n(np.array(True)))
show("add_n empty", lambda: tf.math.add_n([]))
show("stack int", lambda: tf.stack(-1))
show("stack tensor", lambda: tf.stack(tf.constant([[1.0], [2.0]])))
show("stack empty axis list", lambda: tf.stack(tf.zeros([0]), axis=[0, 0]))
show("huber ints", lambda: tf.keras.losses.huber(3, tf.constant([[1, 2]], tf.uint8)))
show("huber bools", lambda: tf.keras.losses.huber([], [True, False]))
show("softmax axes", lambda: tf.keras.layers.Softmax([0, 1])(tf.constant([[1.0, 2.0], [3.0, 4.0]])))
show("softmax axis [1]", lambda: tf.keras.layers.Softmax([1])(tf.constant([[1.0, 2.0]])))
show("softmax axis []", lambda: tf.keras.layers.Softmax([])(tf.constant([[1.0, 2.0]])))
show("categorical float samples", lambda: tf.random.categorical(tf.zeros([1, 2]), tf.constant(2.0)))
show("categorical int logits", lambda: tf.random.categorical(tf.zeros([1, 2], tf.int32), tf.constant(2.0)))
show("categorical bool logits", lambda: tf.random.categorical(True, tf.constant(1.0)))
show("rmul tensors", lambda: tf.constant([1, 2]).__rmul__(tf.constant(2.0)))
show("radd variable", lambda: tf.constant([1, 2]).__radd__(tf.Variable(1.0)))
show("moments list", lambda: tf.nn.moments([1.5, 2.0], [0]))
show("weighted pos_weight list", lambda: tf.nn.weighted_cross_entropy_with_logits(t, t, []))
show("weighted", lambda: tf.nn.weighted_cross_entropy_with_logits(t, t, 2.0))
show("diag_part string", lambda: tf.linalg.diag_part(tf.constant([["a", "b"]])))
show("shuffle string seed", lambda: tf.random.shuffle(t, seed="2"))
