import numpy as np
import tensorflow as tf
import tensorflow.experimental.numpy as tnp


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", str(e).splitlines()[0][:150])


show(lambda: tnp.ones([2], dtype=None))
show(lambda: tnp.eye(2, dtype=None))
show(lambda: tnp.zeros([2], None))
show(lambda: tnp.asarray("ab"))
show(lambda: tnp.asarray(2**63))
show(lambda: tnp.sum(tf.Variable([1, 2])))
show(lambda: tnp.add(tf.Variable([1., 2.]), 1))
show(lambda: tnp.asarray(tf.Variable([1., 2.])))
show(lambda: tnp.arange(2.5))
show(lambda: tnp.linspace(0, 1, 4, endpoint=False, retstep=True))
show(lambda: tnp.linspace(0, 10, 3, dtype=int))
show(lambda: tnp.std(tnp.asarray([1, 2, 4])))
show(lambda: tnp.cumsum(tnp.asarray([True, True])))
show(lambda: tnp.diag([1, 2], k=1))
show(lambda: tnp.eye(3, k=-1))
show(lambda: tnp.tile(tnp.asarray([[1, 2]]), 2))
show(lambda: tnp.split(tnp.arange(5), 2))
show(lambda: tnp.take(tnp.arange(5), [7], mode="raise"))
show(lambda: tnp.matmul(tnp.ones([2, 3]), tnp.ones([2])))
show(lambda: tnp.squeeze(tnp.ones([1, 2]), axis=1))
show(lambda: tnp.stack(tnp.ones([2, 3]), axis=1))
show(lambda: tnp.moveaxis(tnp.ones([2, 3, 4]), [0, 1], [2, 0]).shape)
show(lambda: tnp.argmax(tnp.asarray(3)))
show(lambda: tnp.einsum("ij->ji", [[1, 2]], optimize="bad"))
show(lambda: tnp.random.randint(5, size=2).dtype)
show(lambda: tnp.random.uniform(size=2).dtype)
