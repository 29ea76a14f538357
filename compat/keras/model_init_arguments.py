import tensorflow as tf


class DynamicRNN(tf.keras.Model):
    def __init__(self, rnn_cell):
        super(DynamicRNN, self).__init__(self)
        self.cell = rnn_cell


try:
    DynamicRNN(tf.keras.layers.LSTMCell(units=13))
except TypeError as e:
    print(type(e).__name__, e)
try:
    tf.keras.Model(tf.keras.Input((3,)))
except TypeError as e:
    print(type(e).__name__, e)
try:
    tf.keras.Model(1, 2, 3)
except TypeError as e:
    print(type(e).__name__, e)
inputs = tf.keras.Input((3,))
m = tf.keras.Model(inputs, tf.keras.layers.Dense(2)(inputs))
print(type(m).__name__, m.output_shape)
m = tf.keras.Model(inputs=inputs, outputs=tf.keras.layers.Dense(4)(inputs))
print(type(m).__name__, m.output_shape)
