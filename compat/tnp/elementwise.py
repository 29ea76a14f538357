import tensorflow as tf
import tensorflow.experimental.numpy as tnp

tnp.experimental_enable_numpy_behavior()

i = tnp.asarray([1, 2, 3, 4])
x = tnp.asarray([0.5, -1.5, 2.0, 4.0], dtype=tnp.float32)
for r in [tnp.add(i, 1), tnp.add(True, False), tnp.subtract(i, 0.5), tnp.multiply(i, x), tnp.divide(i, 2),
          tnp.true_divide(i, i), tnp.floor_divide(i, 3), tnp.mod(i, 3), tnp.remainder(x, 1.0), tnp.power(i, 2),
          tnp.maximum(x, 0), tnp.minimum(i, 2.5), tnp.sqrt(i), tnp.sqrt(x), tnp.exp(i), tnp.log(x), tnp.log1p(i),
          tnp.sin(x), tnp.cos(i), tnp.tan(x), tnp.tanh(x), tnp.abs(x), tnp.sign(x), tnp.square(i), tnp.negative(x),
          tnp.isnan(x), tnp.isinf(tnp.asarray([1.0, tnp.inf])), tnp.isfinite(x), tnp.floor(x), tnp.ceil(x),
          tnp.around(x), tnp.round(tnp.asarray([1.25, 2.675]), 1), tnp.clip(i, 2, 3), tnp.clip(x, None, 1),
          tnp.logical_and(i, x), tnp.logical_or(i > 2, False), tnp.logical_not(i), tnp.logical_xor(True, i),
          tnp.equal(i, 2.0), tnp.less(x, i), tnp.greater_equal(i, 3), tnp.arctan2(x, 2.0), tnp.hypot(3, 4),
          tnp.isclose(x, 0.5), tnp.allclose(x, x), tnp.array_equal(i, [1, 2, 3, 4]), tnp.log2(i), tnp.log10(100.0),
          tnp.exp2(i), tnp.deg2rad(180), tnp.reciprocal(x), tnp.divmod(i, 3), tnp.pi, tnp.e, tnp.inf]:
    print(repr(r))
