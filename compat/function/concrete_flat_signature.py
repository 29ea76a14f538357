import re

import tensorflow as tf
class SimpleModel(tf.Module):
  def __init__(self):
    self.bias = 0.
    self.weight = 2.
def evaluate(model, x):
  return model.weight * x + model.bias
x = tf.constant(10.)
new_model = SimpleModel()
evaluate_no_bias = tf.function(evaluate).get_concrete_function(new_model, x)
print(evaluate_no_bias(x))
print(evaluate_no_bias(x=tf.constant(3.0)))
new_model.bias += 5.0
evaluate_with_bias = tf.function(evaluate).get_concrete_function(new_model, x)
print(evaluate_with_bias(x))
for call in [lambda: evaluate_no_bias(x, x), lambda: evaluate_no_bias(2.0), lambda: evaluate_no_bias(y=x),
             lambda: evaluate_no_bias(), lambda: evaluate_no_bias(x, x=x)]:
  try:
    call()
  except TypeError as e:
    print(type(e).__name__, str(e).splitlines()[-1])

@tf.function
def f(a, b, c=1):
  return a + b[0] * b[1] + c
cf = f.get_concrete_function(tf.TensorSpec([], tf.float32), [tf.TensorSpec([], tf.float32), tf.TensorSpec([], tf.float32)])
print(cf(tf.constant(1.0), tf.constant(2.0), tf.constant(3.0)))
print(cf(a=tf.constant(1.0), b=tf.constant(2.0), b_1=tf.constant(3.0)))
try:
  cf(tf.constant(1.0), tf.constant(2.0), tf.constant(3.0), tf.constant(3.0))
except TypeError as e:
  print(type(e).__name__, re.sub(r"__inference_f_\d+", "__inference_f_N", str(e).splitlines()[-1]))
try:
  cf(tf.constant(1.0), tf.constant(2.0), tf.constant(3, tf.int32))
except Exception as e:
  print(type(e).__name__, re.sub(r"__inference_f_\d+", "__inference_f_N", str(e).splitlines()[-1]))
v = tf.Variable(2.0)
@tf.function
def g(v, t):
  return v * t
cg = g.get_concrete_function(v, tf.constant(1.0))
print(cg(v, tf.constant(4.0)))
print(cg(t=tf.constant(5.0), v=v))
