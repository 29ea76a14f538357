import tensorflow as tf

for cls in (tf.keras.layers.SimpleRNN, tf.keras.layers.LSTM, tf.keras.layers.GRU):
    layer = cls(2, kernel_initializer="ones", recurrent_initializer="ones", bias_initializer="ones",
                kernel_regularizer=tf.keras.regularizers.l2(0.1), recurrent_regularizer="l1",
                bias_regularizer=tf.keras.regularizers.L1L2(0.5, 0.25))
    layer(tf.ones([1, 3, 2]))
    print(cls.__name__, [round(float(v), 4) for v in layer.losses])
cell = tf.keras.layers.LSTMCell(3, kernel_regularizer=tf.keras.regularizers.l2(1.0), kernel_initializer="ones")
cell.build((None, 2))
print(len(cell.losses), round(float(cell.losses[0]), 4))
