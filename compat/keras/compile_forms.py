# compile() in the forms Keras accepts: strings and instances, "accuracy" resolved from the shapes,
# loss_weights, several metrics, and what model.metrics / metrics_names report.
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(2)
x = np.random.rand(32, 4).astype("float32")
labels = np.random.randint(0, 3, size=(32,))
onehot = tf.keras.utils.to_categorical(labels, 3)
binary = (labels > 0).astype("float32").reshape(-1, 1)


def model_with(units, activation):
    return tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(units, activation=activation)])


cases = [
    (3, "softmax", "sparse_categorical_crossentropy", labels, ["accuracy"]),
    (3, "softmax", "categorical_crossentropy", onehot, ["accuracy", "mse"]),
    (1, "sigmoid", "binary_crossentropy", binary, ["acc", "mae"]),
    (3, "softmax", tf.keras.losses.CategoricalCrossentropy(), onehot, [tf.keras.metrics.CategoricalAccuracy()]),
    (3, None, tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), labels,
     [tf.keras.metrics.SparseCategoricalAccuracy(name="acc")]),
    (1, None, tf.keras.losses.mse, binary, [tf.keras.metrics.mae]),
    (1, None, "mean_absolute_error", binary, None),
    (1, "sigmoid", "crossentropy", binary, ["binary_accuracy"]),
]
for units, act, loss, target, metrics in cases:
    model = model_with(units, act)
    model.compile(optimizer="sgd", loss=loss, metrics=metrics)
    print(model.metrics_names)
    logs = model.fit(x, target, epochs=2, batch_size=8, verbose=0).history
    print({k: [round(v, 4) for v in vals] for k, vals in logs.items()})
    print([m.name for m in model.metrics], [type(m).__name__ for m in model.metrics[1].metrics]
          if metrics else None)
    result = model.evaluate(x, target, verbose=0)
    print(np.round(result, 4))

model = model_with(1, None)
model.compile(optimizer=tf.keras.optimizers.Adam(0.01), loss="mse", loss_weights=2.0)
print(round(model.evaluate(x, binary, verbose=0), 4))
for opt in ["adam", "sgd", "rmsprop", "adagrad", "adamw"]:
    model = model_with(1, None)
    model.compile(optimizer=opt, loss="mse")
    print(type(model.optimizer).__name__, round(float(model.optimizer.learning_rate.numpy()), 4))
    print(round(model.fit(x, binary, epochs=2, verbose=0).history["loss"][-1], 4))
model = model_with(1, None)
model.compile(loss="mse")
print(type(model.optimizer).__name__, model.run_eagerly, model.jit_compile, model.compiled)
model.compile(loss="mse", run_eagerly=True)
print(model.run_eagerly, model.jit_compile)
try:
    model.compile(loss="nope")
    model.fit(x, binary, verbose=0)
except ValueError as e:
    print(type(e).__name__, e)
try:
    model.compile(loss="mse", metrics="accuracy")
except ValueError as e:
    print(type(e).__name__, e)
