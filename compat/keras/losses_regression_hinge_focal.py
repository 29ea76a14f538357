import numpy as np
import tensorflow as tf

y_true = tf.constant([[0.0, 1.0, 0.0], [1.0, 0.0, 1.0]])
y_pred = tf.constant([[0.2, 0.7, 0.1], [0.6, 0.3, 0.9]])

L = tf.keras.losses
for fn in (L.hinge, L.squared_hinge, L.categorical_hinge, L.mape, L.MAPE, L.msle, L.MSLE, L.kld, L.KLD,
           L.kullback_leibler_divergence, L.logcosh, L.poisson, L.cosine_similarity, L.binary_focal_crossentropy,
           L.categorical_focal_crossentropy, L.dice, L.tversky):
    print(fn.__name__, fn(y_true, y_pred))

# labels of -1/1 are used as they are, others too
print(L.hinge([[-1.0, 1.0], [1.0, -1.0]], [[0.3, -0.2], [0.5, 0.5]]))
print(L.hinge([[2.0, 0.5]], [[0.3, -0.2]]))
print(L.squared_hinge(np.array([[1, 0, 1]]), np.array([[0.5, 0.5, -1.0]], dtype=np.float32)))

for cls in (L.Hinge, L.SquaredHinge, L.CategoricalHinge, L.MeanAbsolutePercentageError,
            L.MeanSquaredLogarithmicError, L.KLDivergence, L.LogCosh, L.Poisson, L.CosineSimilarity,
            L.BinaryFocalCrossentropy, L.CategoricalFocalCrossentropy, L.Dice, L.Tversky):
    loss = cls()
    print(cls.__name__, loss.name, loss(y_true, y_pred))
    print("  sum:", cls(reduction="sum")(y_true, y_pred))
    print("  none:", cls(reduction=None)(y_true, y_pred))
    print("  weighted:", loss(y_true, y_pred, sample_weight=tf.constant([0.25, 1.0])))
    print("  config:", sorted(loss.get_config().items()))

print(L.BinaryFocalCrossentropy(apply_class_balancing=True, gamma=3.0, from_logits=True,
                                label_smoothing=0.1)(y_true, y_pred))
# (no from_logits here: float32 Softmax is oneDNN's JIT kernel, whose bits depend on the CPU's ISA)
print(L.CategoricalFocalCrossentropy(alpha=0.5, label_smoothing=0.2)(y_true, y_pred))
print(L.Tversky(alpha=0.3, beta=0.7, axis=-1)(y_true, y_pred))
print(L.Dice(axis=1, reduction=None)(y_true, y_pred))
print(L.CosineSimilarity(axis=0)(y_true, y_pred))
print(L.get("hinge").__name__, L.get("KLD").__name__, type(L.get("Poisson")).__name__)

# dtypes follow Keras' rules
print(L.hinge(tf.constant([[1.0, -1.0]], tf.float16), tf.constant([[0.3, 0.2]], tf.float16)))
print(L.hinge(tf.constant([[1.0, -1.0]], tf.float64), tf.constant([[0.3, 0.2]], tf.float64)))
print(L.poisson(tf.constant([[1, 2]], tf.int64), np.float16(0.5)))
print(L.poisson([[1.0, 2.0]], [[0.5, 3.0]]))
print(L.cosine_similarity(tf.constant([[0.0, 1.0], [1.0, 1.0]], tf.float16),
                          tf.constant([[1.0, 0.0], [1.0, 1.0]], tf.float16)))
print(L.msle(tf.constant([[1.0, 2.0]], tf.float64), tf.constant([[0.5, 3.0]], tf.float64)))
print(L.kld(tf.constant([[1.0, 2.0]], tf.float16), tf.constant([[0.5, 3.0]], tf.float16)))
print(L.hinge([[]], [[]]))

for f, args in [(L.hinge, (tf.constant([[1, 3]]), tf.constant([[2, 3]]))),
                (L.cosine_similarity, (tf.constant([[1], [2]], tf.int64), tf.constant([[1], [2]], tf.int64))),
                (L.categorical_hinge, (tf.zeros([2, 0]), tf.zeros([2, 0]))),
                (L.poisson, (tf.constant([[1, 2]]), tf.constant([[1, 2]]))),
                (L.categorical_focal_crossentropy, ([[1.0]], [[0.5]], 0.25, 2.0, False, 0.0, True))]:
    try:
        print(f(*args))
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])

# gradients through the new losses
logits = tf.Variable([[0.2, 0.7, 0.1], [0.6, 0.3, 0.9]])
for cls in (L.Hinge, L.SquaredHinge, L.CategoricalHinge, L.LogCosh, L.Poisson, L.KLDivergence, L.CosineSimilarity,
            L.MeanSquaredLogarithmicError, L.MeanAbsolutePercentageError, L.BinaryFocalCrossentropy, L.Dice,
            L.Tversky):
    with tf.GradientTape() as tape:
        loss = cls()(y_true, logits * 1.5)
    print(cls.__name__, tape.gradient(loss, logits).numpy().tolist())
