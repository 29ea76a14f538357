# compat: mask-keras-timing
# Sequence models as the text tutorials write them: Embedding + LSTM / GRU / SimpleRNN, Conv1D + pooling.
# The recurrent kernels use glorot_uniform: the default "orthogonal" needs a QR decomposition, where tfshim
# (NumPy's LAPACK) and TF (Eigen) round differently.
import numpy as np
import tensorflow as tf
from tensorflow.keras import layers

tf.keras.utils.set_random_seed(8)
vocab, length = 50, 7
tokens = np.random.randint(1, vocab, size=(96, length))
labels = (tokens[:, 0] > 25).astype("float32")
series = np.cumsum(np.random.normal(size=(96, length, 2)), axis=1).astype("float32")
target = series[:, -1, :1] * 0.5

init = "glorot_uniform"
for rnn in (layers.LSTM(6, recurrent_initializer=init), layers.GRU(6, recurrent_initializer=init),
            layers.SimpleRNN(6, recurrent_initializer=init)):
    model = tf.keras.Sequential([
        layers.Input(shape=(length, 2)),
        rnn,
        layers.Dense(1),
    ])
    model.summary()
    model.compile(optimizer=tf.keras.optimizers.SGD(0.05), loss="mse", metrics=["mae"])
    h = model.fit(series, target, epochs=3, batch_size=32, verbose=2)
    print(type(rnn).__name__, [round(v, 3) for v in h.history["loss"]])
    print(np.round(model.predict(series[:2], verbose=0), 3).ravel().tolist())

text = tf.keras.Sequential([layers.Input(shape=(length,)), layers.Embedding(vocab, 8), layers.LSTM(4),
                            layers.Dense(1, activation="sigmoid")])
text.summary()
print(text.predict(tokens[:3], verbose=0).shape)

seq = layers.LSTM(3, return_sequences=True, return_state=True)
out, h_state, c_state = seq(np.ones((2, 4, 5), "float32"))
print(out.shape, h_state.shape, c_state.shape)
print(layers.GRU(2, return_sequences=True, go_backwards=True)(np.ones((1, 3, 2), "float32")).shape)

conv = tf.keras.Sequential([
    layers.Input(shape=(length,)),
    layers.Embedding(vocab, 4),
    layers.Conv1D(6, 3, activation="relu"),
    layers.MaxPooling1D(2),
    layers.GlobalAveragePooling1D(),
    layers.Dense(1),
])
conv.summary()
conv.compile(optimizer="sgd", loss="mse")
print([round(v, 4) for v in conv.fit(tokens, labels, epochs=2, verbose=0).history["loss"]])
