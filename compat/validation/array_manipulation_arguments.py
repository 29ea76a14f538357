import tensorflow as tf
import numpy as np


def show(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__ + ":", e)


# Tensor.__array__ gives TF's _numpy() (a NumPy scalar for a 0-d tensor); np.asarray still gives an array.
for t in [tf.constant(1.5, tf.float64), tf.constant(True), tf.constant([1.5, 2.0]), tf.constant("a")]:
    print(repr(t.__array__()), repr(t.__array__(np.float64) if t.dtype != tf.string else None), repr(np.asarray(t)))
show("identity_n rank-2 array", lambda: tf.identity_n(np.array([[1, 2]])))
show("identity_n rank-1 array", lambda: tf.identity_n(np.array([1, 2])))
show("Variable caching_device vector", lambda: tf.Variable(1.0, caching_device=tf.constant([1, 2, 3])))
show("Variable caching_device scalar", lambda: tf.Variable(1.0, caching_device=tf.constant(3)))
show("Variable caching_device int", lambda: tf.Variable(1.0, caching_device=5))
show("Variable caching_device cpu", lambda: tf.Variable(1.0, caching_device="/cpu:0"))

# Integer-typed op inputs (axis, multiples) convert as TF's generated wrappers convert them.
x = tf.constant([[1.0, 2.0]])
for v in [1.5, "a", [1.5], True, None, [True], np.array([1]), [[1]], tf.constant(1.5), [1, "a"]]:
    show("cumsum axis %r" % (v,), lambda: tf.cumsum(x, v))
    show("argmin axis %r" % (v,), lambda: tf.argmin(x, v))
    show("argmax axis %r" % (v,), lambda: tf.argmax(x, v))
    show("tile multiples %r" % (v,), lambda: tf.tile(x, v))
show("cumsum exclusive=1", lambda: tf.cumsum(x, 1.5, exclusive=1))
show("argmin output_type", lambda: tf.argmin(x, 0, output_type="x"))
show("argmax np.int32 axis", lambda: tf.argmax(x, np.int32(1)))
show("argmax int8 axis", lambda: tf.argmax(x, tf.constant(1, tf.int8)))
show("tile [2**40, 1]", lambda: tf.tile(tf.ones([0, 1]), [2**40, 1]))

# strided_slice: masks are int attrs (checked first), begin/end/strides share the Index attr.
m = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
for b, e in [([2.5], [4, 3]), ([None, 2], [3]), ([0, 3], [True, 2]), ([3], []), (1.5, [1]), (np.array([0]), [1]),
             (tf.constant([0.0]), [1]), ([[0]], [[1]]), (0, 1), ([-2**63 - 1], [1]),
             (tf.constant([0], tf.int64), tf.constant([1])), ([0], tf.constant([1], tf.int64)),
             (tf.constant([0], tf.int16), tf.constant([1], tf.int16))]:
    show("strided_slice %r %r" % (b, e), lambda: tf.strided_slice(m, b, e))
    show("strided_slice %r %r strides=[1]" % (b, e), lambda: tf.strided_slice(m, b, e, [1]))
for kw in [dict(begin_mask="a"), dict(end_mask=tf.constant(["a", "b"])), dict(begin_mask=np.int8(-7)),
           dict(shrink_axis_mask=1.5), dict(begin_mask=None)]:
    show("strided_slice %r" % (kw,), lambda: tf.strided_slice(m, [0], [1], [1], **kw))
show("constant [True, 2]", lambda: tf.constant([True, 2]))
show("constant [2, True]", lambda: tf.constant([2, True]))
show("constant [True, 2] int64", lambda: tf.constant([True, 2], tf.int64))
show("constant [True, 2.5] int64", lambda: tf.constant([True, 2.5], tf.int64))
show("constant [1.5, True]", lambda: tf.constant([1.5, True]))

# dynamic_stitch: TF's fast path iterates tensors given as lists (N from the indices); its slow path wants lists.
# (Without data, TF's error quotes a KernelDef whose proto debug text TF randomizes from run to run: not shown.)
for i, d in [(tf.constant([[1.0]]), tf.constant([1.0, 2.0])), (tf.constant([1, 2]), b"b"),
             (tf.constant([0, 1]), tf.constant([1.0, 2.0])), (tf.constant([0.0, 1.0]), tf.constant([1.0, 2.0])),
             ([[0], [1]], [[1.0], [2.0]]), (tf.constant([0, 1]), [[]]), ((tf.constant([0]),), [1.0, 2.0])]:
    show("dynamic_stitch", lambda: tf.dynamic_stitch(i, d))
# fingerprint's method is a string input
show("fingerprint method float", lambda: tf.fingerprint(tf.constant(["a"]), tf.constant(1.5)))
show("fingerprint method variable", lambda: tf.fingerprint(0, tf.Variable(1.0)))
show("fingerprint method 'x'", lambda: tf.fingerprint(tf.constant(["a"]), "x"))

# pad: a zero scalar constant pads with Pad, others with PadV2; paddings under the Tpaddings attr.
x = tf.constant([[1.0, 2.0]])
for args, kw in [((x, 2.5), {}), ((None, tf.constant([[1, 1]], tf.uint8), tf.constant([[1, 1]], tf.uint8)), {}),
                 (([True, False], tf.ones([1, 4, 1])), {}), ((0, float("nan")), {}),
                 ((x, [[1, 1], [0, 1]]), dict(constant_values=tf.constant(1))),
                 ((x, [[1, 1], [0, 1]]), dict(constant_values=1.5)), ((x, [[0, 0], [1, 1]]), dict(mode="x")),
                 ((x, [[1.5, 0], [1, 1]]), {}), ((x, [1, 1]), {}), ((tf.constant([True]), [[1, 1]]), {}),
                 ((tf.constant(["a"]), [[1, 1]]), {}), ((tf.constant(["a"]), [[1, 1]]), dict(constant_values="z")),
                 ((x, np.array([[1, 1], [0, 1]])), dict(constant_values=[1.0]))]:
    show("pad", lambda: tf.pad(*args, **kw))

# On TF's slow path (a list among the inputs) a Python float index converts to float: the attr error.
x = tf.ones([4, 1, 1, 1])
show("batch_to_space inf, list crops", lambda: tf.batch_to_space(x, float("inf"), [[0, 0]]))
show("batch_to_space 2.5, tensor crops", lambda: tf.batch_to_space(x, 2.5, tf.constant([[0, 0]])))
show("space_to_batch_nd 2.5", lambda: tf.space_to_batch_nd(x, 2.5, [True, False]))
show("argmin list input, 1.5", lambda: tf.argmin([1.0], 1.5))
show("tile list input, 1.5", lambda: tf.tile([1.0], 1.5))
show("pad list input, 1.5", lambda: tf.pad([1.0], 1.5))

# split: a Python integer is Split's num_split attr (bools too), anything else a SplitV sizes tensor.
# (Not shown: split(v, []), where TF reports one of two failing attrs at random.)
v = tf.constant([1, 2, 3, 4])
for args, kw in [(("2",), {}), ((1.5,), {}), ((2**40,), {}), ((2**40, 1.5), {}), ((0,), {}), ((0, [0, 0]), {}),
                 ((-1,), {}), ((2, 1.5), {}), ((2, [0, 0]), {}), ((2, "a"), {}), ((tf.constant(2),), {}),
                 ((np.int64(2),), {}), (([1.5, 2.5],), {}), (([1, 3],), dict(num=3)), ((True,), {})]:
    show("split %r %r" % (args, kw), lambda: tf.split(v, *args, **kw))

# reduce_all/any: TF's eager fallback converts the input to bool first; the fast path converts the axis first.
for f in [lambda: tf.reduce_all(tf.zeros([1, 1, 0]), "a"), lambda: tf.reduce_all(tf.zeros([2]), (1,), 2),
          lambda: tf.reduce_any(tf.zeros([3, 1], tf.int64), axis=[]), lambda: tf.reduce_any(tf.Variable(1.0), axis=1.5),
          lambda: tf.reduce_any([True, False], axis=5), lambda: tf.reduce_all([1, 0]),
          lambda: tf.reduce_all(tf.constant([1.0]), 0), lambda: tf.reduce_all([True], "a")]:
    show("reduce_all/any", f)

# one_hot: the axis attr first, depth an int32 input, then the kernel's scalar checks.
for f in [lambda: tf.one_hot((1, 2), 2**40, on_value=tf.zeros([3, 0])), lambda: tf.one_hot(tf.zeros([4, 1, 3]), 1.5),
          lambda: tf.one_hot(float("inf"), 2, tf.zeros([1, 3]), np.zeros([1], np.float32), axis=[0, 0]),
          lambda: tf.one_hot([1, 2], [3]), lambda: tf.one_hot([1, 2], tf.constant([3])),
          lambda: tf.one_hot([1, 2], 3, off_value=[0.0, 1.0]), lambda: tf.one_hot([1, 2], 3, axis=5),
          lambda: tf.one_hot(tf.constant([1, 2]), tf.constant(3, tf.int64)), lambda: tf.one_hot([1, 2], 3, axis="a")]:
    show("one_hot", f)

# meshgrid: TF stacks each input (a scalar fails at values[0]) and multiplies with the operator (bools too).
for f in [lambda: tf.meshgrid(tf.constant([True, False])), lambda: tf.meshgrid(np.array(True)),
          lambda: tf.meshgrid([1, "a"], tf.constant(1j, tf.complex64)), lambda: tf.meshgrid(2**63, tf.constant(True)),
          lambda: tf.meshgrid(tf.zeros([0, 3], tf.bool), tf.zeros([1, 1, 4], tf.int64)), lambda: tf.meshgrid(5, [1, 2]),
          lambda: tf.meshgrid([1, 2], [1.5, 2.0]), lambda: tf.meshgrid(tf.constant(["a", "b"]))]:
    show("meshgrid", f)

# einsum reads each operand's .shape first; the kernel lookup for T precedes the other inputs' dtype check.
for f in [lambda: tf.einsum("i1->i", [[1, 2], [3, 4]], np.zeros([0, 2], np.int64)), lambda: tf.einsum("b...,b...->b", 3),
          lambda: tf.einsum("b...,b...->b", tf.constant(1, tf.uint8), tf.zeros([0, 0], tf.complex64)),
          lambda: tf.einsum("ij->ji", tf.zeros([2, 3]), foo=1),
          lambda: tf.einsum("ij,jk->ik", tf.zeros([2, 2]), tf.zeros([2, 2], tf.int32))]:
    show("einsum", f)

# unstack: with `num` given, TF's Unpack attrs (num, axis) and its kernel's checks.
for f in [lambda: tf.unstack(tf.zeros([1, 1]), 1, -6),
          lambda: tf.unstack(np.zeros([0], np.int64), 1, axis=1.5), lambda: tf.unstack(tf.zeros([1, 2]), num="2"),
          lambda: tf.unstack(tf.zeros([1, 2]), 2), lambda: tf.unstack(tf.zeros([1, 2]), 2.0),
          lambda: tf.unstack(tf.zeros([1, 2]), 1, axis="a"), lambda: tf.unstack(tf.zeros([2, 2]), -1),
          lambda: tf.unstack(tf.zeros([1, 2]), axis=1.5), lambda: tf.unstack([[1, 2]], 1)]:
    show("unstack", f)

# A shape list whose own dtype cannot be inferred (a bool first) fails as in TF's slow path.
show("broadcast_to [True, 2]", lambda: tf.broadcast_to(tf.zeros([2, 2]), [True, 2]))
show("slice [True, 2]", lambda: tf.slice(0, [True, 2], [1]))
show("reduce_any(None, 1.5)", lambda: tf.reduce_any(None, 1.5))

# sequence_mask: Max of the lengths first, Range's Tidx attr, TF's formatted maxlen in its ValueError.
for f in [lambda: tf.sequence_mask(tf.zeros([1, 4], tf.bool)), lambda: tf.sequence_mask(tf.constant(["a", "b"]), 1 + 2j),
          lambda: tf.sequence_mask(True), lambda: tf.sequence_mask([1, 2], 3.0), lambda: tf.sequence_mask([1, 2], [3]),
          lambda: tf.sequence_mask(["a"], 2)]:
    show("sequence_mask", f)

# scatter_nd: indices and shape share the Tindices attr (the first tensor's dtype), shape must be a vector.
for f in [lambda: tf.scatter_nd(tf.constant(["a"]), tf.constant([1]), [2**40, 2**40]),
          lambda: tf.scatter_nd(tf.zeros([0]), tf.zeros([0]), [True, 2]), lambda: tf.scatter_nd("a", tf.zeros([0], tf.uint8), [1, 3]),
          lambda: tf.scatter_nd(tf.constant([[0]], tf.int64), [1.0], tf.constant([3])),
          lambda: tf.scatter_nd(tf.constant([[0]], tf.int64), [1.0], [3]), lambda: tf.scatter_nd([[0.5]], [1.0], [3]),
          lambda: tf.scatter_nd([[0]], [1.0], 3)]:
    show("scatter_nd", f)

# Variable.assign_add/sub: TF's kernel wants exactly the variable's shape (no broadcasting).
for f in [lambda: tf.Variable(tf.zeros([3], tf.complex64)).assign_add(np.True_),
          lambda: tf.Variable(tf.zeros([1, 2])).assign_add(-0.0), lambda: tf.Variable(tf.zeros([1, 2])).assign_add([1.0]),
          lambda: tf.Variable(tf.zeros([1, 2])).assign_sub(1.0), lambda: tf.Variable(tf.zeros([1, 2])).assign_add(tf.zeros([2, 1])),
          lambda: tf.Variable(1).assign_add(1.5), lambda: tf.Variable([1.0, 2.0]).assign_add([1.0, 1.0])]:
    show("assign_add/sub", f)

# Operators: TF asks type(y) for the reflected operator, then y itself (every class has `__ror__`).
for f in [lambda: tf.constant(1) | (1 + 2j), lambda: tf.constant([1, 2], tf.uint8) | [None], lambda: tf.constant(1) | 2,
          lambda: tf.constant(1) + "a", lambda: tf.constant(1) & [1.5], lambda: tf.constant(1) - None]:
    show("operator", f)
