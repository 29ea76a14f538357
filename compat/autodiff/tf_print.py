"""tf.print formatting (to stdout here; TF prints to stderr by default)."""
import sys

import numpy as np
import tensorflow as tf

out = sys.stdout
tf.print(tf.constant([1, 2]), output_stream=out)
tf.print("a", 1, 2.5, [1, 2], {"k": tf.constant(3.0)}, tf.constant([[1.5, 2.0], [3.0, 4.0]]), output_stream=out)
tf.print(tf.constant(1.0), sep=",", end="!\n", output_stream=out)
tf.print(tf.range(20), output_stream=out)
tf.print(tf.range(2000), summarize=3, output_stream=out)
tf.print(tf.constant(["a", "b"]), tf.constant(True), tf.constant(2.5, tf.float64), output_stream=out)
tf.print(tf.zeros([2, 0]), tf.Variable(1.0), output_stream=out)
tf.print(tf.reshape(tf.range(24), [2, 3, 4]), output_stream=out)
tf.print(tf.constant([0.1, 1e-8, 123456789.0]), tf.constant(1e10), tf.constant(-0.0), output_stream=out)
tf.print(tf.constant([True, False]), tf.zeros([0]), tf.zeros([0, 2]), output_stream=out)
tf.print(tf.ones([10, 10]), output_stream=out)
tf.print(tf.constant([1.0, 2.0]), summarize=-1, output_stream=out)
tf.print(tf.constant([1, 2, 3, 4, 5, 6, 7]), summarize=2, output_stream=out)
tf.print(tf.constant(3.0, tf.float64) / 7, tf.constant(1.0) / 3, tf.constant(np.nan), tf.constant(np.inf),
         output_stream=out)
tf.print("x", "y", sep="", output_stream=out)
tf.print(tf.constant([1.5, 2.0], tf.float16), tf.constant([1.5 + 2j]), tf.constant(7, tf.int64), output_stream=out)
tf.print([tf.constant(1.0), tf.constant([1.0, 2.0])], (1, "s"), "str", b"bytes", None, output_stream=out)
tf.print(tf.constant("hello"), tf.constant([b"a\nb"]), output_stream=out)
tf.print(tf.constant("just a string"), output_stream=out)
tf.print("has {} braces", tf.constant(1), output_stream=out)
tf.print(tf.reshape(tf.range(60), [3, 4, 5]), summarize=1, output_stream=out)
tf.print(output_stream=out)
tf.print("to stderr")
try:
    tf.print(1, output_stream=3)
except ValueError as e:
    print(type(e).__name__, e)
try:
    tf.print(1, foo=2)
except ValueError as e:
    print(type(e).__name__, e)
