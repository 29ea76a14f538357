# tf.RegisterGradient / tf.no_gradient (TF's gradient registry by op type name), tf.grad_pass_through,
# tf.AggregationMethod, and tf.hessians (graph-only, like tf.gradients).
import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except KeyError as e:  # TF's text ends with the file that registered first
        print("KeyError:", str(e).split(" (Previous")[0])
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: tf.RegisterGradient("Exp")(lambda op, g: g))
show(lambda: tf.no_gradient("Exp"))
show(lambda: tf.no_gradient("Shape"))
show(lambda: tf.RegisterGradient(3))
show(lambda: tf.no_gradient(3))
r = tf.RegisterGradient("MyCustomOpX")
print(type(r).__name__)


def my_grad(op, grad):
    return grad


print(r(my_grad) is my_grad)
show(lambda: tf.RegisterGradient("MyCustomOpX")(my_grad))
print(tf.no_gradient("MyOtherOp"))
show(lambda: tf.no_gradient("MyOtherOp"))

# straight-through: forward f, backward identity
x = tf.Variable(2.0)
with tf.GradientTape() as tape:
    y = tf.grad_pass_through(tf.square)(x)
    z = y * 3
print(tape.gradient(z, x), y)
with tf.GradientTape() as tape:
    r = tf.grad_pass_through(tf.round)(x * 1.3)
print(r, tape.gradient(r, x))
print(tf.grad_pass_through(tf.round).__name__)
v = tf.Variable(3.)
with tf.GradientTape() as tape:
    tape.watch(x)
    out = tf.grad_pass_through(lambda t: t * v)(x)
print(tape.gradient(out, [x, v]))
with tf.GradientTape() as tape:
    a, b = tf.constant(2.), tf.constant(5.)
    tape.watch([a, b])
    out = tf.grad_pass_through(lambda a, b: a * b)(a, b)
show(lambda: tape.gradient(out, [a, b]))

print(tf.AggregationMethod.ADD_N, tf.AggregationMethod.DEFAULT, tf.AggregationMethod.EXPERIMENTAL_TREE,
      tf.AggregationMethod.EXPERIMENTAL_ACCUMULATE_N)
print(sorted(n for n in dir(tf.AggregationMethod) if not n.startswith("_")))
show(lambda: tf.hessians(tf.constant(1.), tf.constant(2.)))
