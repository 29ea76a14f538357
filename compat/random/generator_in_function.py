import tensorflow as tf

# A Generator passed to a tf.function: one trace per generator, and each call draws anew.
num_traces = 0


@tf.function
def foo(g):
    global num_traces
    num_traces += 1
    return g.normal([])


print(foo(tf.random.Generator.from_seed(1)), num_traces)
print(foo(tf.random.Generator.from_seed(2)), num_traces)

# A generator made on the first call (the function traces twice, then runs its graph).
g = None


@tf.function
def first_call():
    global g
    if g is None:
        g = tf.random.Generator.from_seed(1)
    return g.normal([])


print(first_call())
print(first_call())

# Draws of every kind inside one function; tracing leaves the state where it was.
g2 = tf.random.Generator.from_seed(5)


@tf.function
def draws(n):
    print("tracing")
    return g2.uniform([n]), g2.normal([2], mean=3.0), g2.uniform([2], 0, 10, dtype=tf.int32)


print(draws(tf.constant(2)))
print(draws(tf.constant(3)))
print(g2.state)
print(g2.normal([2]))
concrete = tf.function(lambda: g2.truncated_normal([2])).get_concrete_function()
print(g2.state, len(concrete.variables))
print(concrete(), g2.state)
