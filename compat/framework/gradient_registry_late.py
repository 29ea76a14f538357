# A gradient registered (tf.RegisterGradient) for an op TF gives none, before any use of the op: the op's later
# calls under a tape use it.
import tensorflow as tf


@tf.RegisterGradient("Bincount")
def _bincount_grad(op, grad):
    print("Bincount grad called:", op.type, grad.shape)
    return [None, None, tf.gather(grad, op.inputs[0])]


@tf.RegisterGradient("DenseBincount")
def _dense_bincount_grad(op, grad):
    print("DenseBincount grad called:", op.type, grad.shape)
    return [None, None, tf.gather(grad, op.inputs[0])]


w = tf.Variable([0.5, 1.0, 2.0, 4.0])
with tf.GradientTape() as tape:
    counts = tf.math.bincount(tf.constant([0, 1, 1, 3]), weights=w)
    loss = tf.reduce_sum(counts * tf.constant([1.0, 2.0, 3.0, 4.0]))
print(counts)
print(tape.gradient(loss, w))
