import tensorflow as tf

x = None


@tf.function
def leaky_function(a):
    global x
    x = a + 1
    return a + 2


correct_a = leaky_function(tf.constant(1))
print(correct_a.numpy())
try:
    x.numpy()
except AttributeError as expected:
    print(expected)


@tf.function
def inside(a):
    b = a * 3
    try:
        b.numpy()
    except AttributeError as e:
        print("inside:", e)
    return b


print(inside(tf.constant(2)))
