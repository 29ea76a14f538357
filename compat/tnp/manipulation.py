import tensorflow as tf
import tensorflow.experimental.numpy as tnp

tnp.experimental_enable_numpy_behavior()

a = tnp.arange(6).reshape([2, 3])
for r in [tnp.reshape(a, [3, 2]), tnp.reshape(a, 6), tnp.reshape(a, [3, 2], order="F"), tnp.transpose(a),
          tnp.swapaxes(a, 0, 1), tnp.moveaxis(tnp.zeros([2, 3, 4]), 0, -1).shape, tnp.expand_dims(a, 1).shape,
          tnp.squeeze(tnp.ones([1, 2, 1])).shape, tnp.concatenate([a, a]), tnp.concatenate([a, [[1.5, 2, 3]]]),
          tnp.stack([a, a], axis=1), tnp.vstack([[1, 2], [3, 4]]), tnp.hstack([[1, 2], [3.0]]), tnp.dstack([a, a]).shape,
          tnp.split(tnp.arange(6), 3), tnp.split(tnp.arange(6), [1, 4]), tnp.tile(a, 2), tnp.tile([1, 2], [2, 2]),
          tnp.repeat(a, 2), tnp.repeat(a, [1, 2], axis=0), tnp.broadcast_to([1, 2], [2, 2]), tnp.ravel(a),
          tnp.pad(a, [[1, 1], [1, 1]], "constant"), tnp.pad(a, [[0, 0], [1, 2]], "reflect"), tnp.flip(a), tnp.flip(a, 1),
          tnp.fliplr(a), tnp.roll(a, 1), tnp.roll(a, -1, axis=1), tnp.atleast_2d(3), tnp.atleast_3d([1, 2]).shape,
          tnp.where(a > 2, a, -1), tnp.where(a > 3), tnp.nonzero([0, 3, 0, 4]), tnp.take(a, [0, 5, 7]),
          tnp.take(a, [2, 0], axis=1), tnp.take_along_axis(a, tnp.asarray([[2], [0]]), 1), tnp.tril(a), tnp.triu(a, 1),
          tnp.diag([1, 2]), tnp.diag(a), tnp.diagonal(a, 1), tnp.sort([3, 1, 2]), tnp.argsort([3.0, 1.0, 2.0]),
          tnp.append(a, [7, 8]), tnp.diff([1, 4, 9, 16]), tnp.meshgrid([1, 2], [3, 4, 5]),
          tnp.broadcast_arrays([1, 2], [[3], [4]]), tnp.select([a < 2, a > 4], [a, a * 10], -1),
          tnp.compress([True, False, True], a, axis=1)]:
    print(repr(r))
