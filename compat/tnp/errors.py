import tensorflow as tf
import tensorflow.experimental.numpy as tnp


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", str(e).splitlines()[0])


show(lambda: tnp.arange(0, 5, 0))
show(lambda: tnp.reshape(tnp.ones([2]), [3], order="X"))
show(lambda: tnp.clip(tnp.ones([2]), None, None))
show(lambda: tnp.concatenate([]))
show(lambda: tnp.mean(tnp.ones([2]), out=1))
show(lambda: tnp.argsort([1, 2], kind="heapsort"))
show(lambda: tnp.sort([1, 2], kind="stable"))
show(lambda: tnp.full_like([1, 2], 3, order="F"))
show(lambda: tnp.array(1, ndmin=33))
show(lambda: tnp.einsum("i,i", [1, 2], [3, 4], casting="unsafe"))
show(lambda: tnp.meshgrid([1], [2], sparse=True))
show(lambda: tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="bogus"))
show(lambda: tnp.size(tnp.ones([2, 3]), axis=0))
show(lambda: tnp.where([True], 1))
show(lambda: tnp.take([1, 2], [0], mode="bad"))
show(lambda: tnp.select([], []))
show(lambda: tnp.floor_divide(True, False))
show(lambda: tf.constant([1]).T)
show(lambda: tnp.arctan2(tnp.asarray([1, 2]), 2))
show(lambda: tnp.pad(tnp.ones([2]), 1, "constant"))
show(lambda: tnp.pad(tnp.ones([2]), [[1, 1]], "edge"))


def assign(key):
    t = tf.constant([1, 2])
    if isinstance(key, slice):
        t[0:1] = 5
    else:
        t[key] = 5


show(lambda: assign(0))
show(lambda: assign(slice(0, 1)))
show(lambda: tf.constant([1, 2]).__setitem__(0, 5))
