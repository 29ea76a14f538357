import warnings

import tensorflow as tf

opt = tf.keras.optimizers.SGD(0.1)
v = tf.Variable(1.0, name="v")
try:
    opt.minimize(lambda: v * v, [v])
except AttributeError as e:
    print(type(e).__name__, e)
try:
    tf.keras.optimizers.Adam().minimize  # noqa: B018 - the access is what raises
except AttributeError as e:
    print(type(e).__name__, e)
try:
    opt.apply_gradients([(None, v)])
except ValueError as e:
    print(type(e).__name__, e)
print(opt.iterations.numpy())

u = tf.Variable(2.0, name="u")
opt2 = tf.keras.optimizers.SGD(0.1)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    opt2.apply_gradients([(tf.constant(1.0), v), (None, u)])
    for x in w:
        print(x.category.__name__, x.message)
print(v.numpy(), u.numpy(), opt2.iterations.numpy())

try:
    tf.keras.optimizers.SGD(1)
except ValueError as e:
    print(type(e).__name__, e)
try:
    tf.keras.optimizers.SGD(momentum=1)
except ValueError as e:
    print(type(e).__name__, e)
try:
    tf.keras.optimizers.SGD(foo=1)
except ValueError as e:
    print(type(e).__name__, e)
try:
    opt.apply_gradients([(tf.constant(1.0), tf.Variable(3.0))])
except ValueError as e:
    print(type(e).__name__, e)
try:
    tf.keras.losses.MeanSquaredError(reduction="bad")
except ValueError as e:
    print(type(e).__name__, e)
try:
    tf.keras.layers.Dense(0)
except ValueError as e:
    print(type(e).__name__, e)
d = tf.keras.layers.Dense(2)
try:
    d.kernel  # noqa: B018 - the access is what raises
except AttributeError as e:
    print(type(e).__name__, e)
d(tf.ones([1, 3]))
try:
    d(tf.ones([1, 4]))
except ValueError as e:
    print(type(e).__name__, str(e).splitlines()[0])
try:
    d.set_weights([tf.ones([3, 2])])
except ValueError as e:
    print(type(e).__name__, e)
