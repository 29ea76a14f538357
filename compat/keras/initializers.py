import tensorflow as tf

print(tf.keras.initializers.GlorotUniform(seed=1)((2, 3)))
print(tf.keras.initializers.HeNormal(seed=7)((3, 2)))
print(tf.keras.initializers.RandomNormal(mean=0.0, stddev=0.5, seed=3)((2, 2)))
print(tf.keras.initializers.Zeros()((2,)))
print(tf.keras.initializers.Ones()((1, 2)))
print(tf.keras.initializers.Constant(3.0)((2,)))
tf.keras.utils.set_random_seed(42)
d = tf.keras.layers.Dense(3)
d.build((None, 2))
print(d.kernel)
print(d.bias)
tf.keras.utils.set_random_seed(42)
model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(2, activation="relu"),
                             tf.keras.layers.Dense(1, kernel_initializer="he_normal")])
for w in model.get_weights():
    print(w)
print(model(tf.constant([[1.0, -1.0]])))
