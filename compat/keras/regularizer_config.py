import tensorflow as tf

layer = tf.keras.layers.Dense(3, kernel_regularizer=tf.keras.regularizers.L2(0.5), bias_regularizer="l1",
                              activity_regularizer=tf.keras.regularizers.L1L2(0.1, 0.2))
config = layer.get_config()
print(list(config))
print(config["kernel_regularizer"])
print(config["bias_regularizer"])
print(config["activity_regularizer"])
clone = tf.keras.layers.Dense.from_config(config)
print(type(clone.kernel_regularizer).__name__, clone.kernel_regularizer.get_config())
print(type(clone.bias_regularizer).__name__, clone.bias_regularizer.get_config())
print(type(clone.activity_regularizer).__name__, clone.activity_regularizer.get_config())
plain = tf.keras.layers.Dense(2).get_config()
print("activity_regularizer" in plain, plain["kernel_regularizer"])
conv = tf.keras.layers.Conv2D(2, 3, kernel_regularizer="l2").get_config()
print(conv["kernel_regularizer"])
bn = tf.keras.layers.BatchNormalization(gamma_regularizer="l1").get_config()
print(bn["gamma_regularizer"], bn["beta_regularizer"])
for c in (tf.keras.layers.Conv1D(2, 3), tf.keras.layers.Conv2D(2, 3, activity_regularizer="l2")):
    print(type(c).__name__, list(c.get_config()))
