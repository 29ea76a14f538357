import tensorflow as tf

y_true = tf.constant([[0.0, 1.0, 0.0], [1.0, 0.0, 1.0]])
y_pred = tf.constant([[0.2, 0.7, 0.1], [0.6, 0.3, 0.9]])

M = tf.keras.metrics
for fn in (M.hinge, M.squared_hinge, M.categorical_hinge, M.mape, M.MAPE, M.msle, M.MSLE, M.kld, M.KLD,
           M.kullback_leibler_divergence, M.logcosh, M.poisson, M.binary_focal_crossentropy,
           M.categorical_focal_crossentropy):
    print(fn.__name__, fn(y_true, y_pred))

for cls in (M.Hinge, M.SquaredHinge, M.CategoricalHinge, M.MeanAbsolutePercentageError,
            M.MeanSquaredLogarithmicError, M.KLDivergence, M.LogCoshError, M.Poisson, M.CosineSimilarity,
            M.RootMeanSquaredError):
    m = cls()
    m.update_state(y_true, y_pred)
    m.update_state([[1.0, 0.0, 0.0]], [[0.9, 0.05, 0.05]], sample_weight=[0.5])
    print(cls.__name__, m.name, m.result(), m.get_config())
    m.reset_state()
    print("  reset:", m.result(), [v.name for v in m.variables])

print(M.CosineSimilarity(axis=0)(y_true, y_pred))
print(type(M.get("mape")).__name__, type(M.get("Hinge")).__name__, type(M.get("log_cosh_error")).__name__)

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2, kernel_initializer="ones")])
model.compile(optimizer="sgd", loss=tf.keras.losses.Hinge(),
              metrics=["mape", tf.keras.metrics.RootMeanSquaredError(), "kl_divergence", "squared_hinge"])
history = model.fit(tf.ones([4, 3]), tf.constant([[1.0, -1.0]] * 4), epochs=2, verbose=0)
print({k: [round(x, 5) for x in v] for k, v in history.history.items()})
