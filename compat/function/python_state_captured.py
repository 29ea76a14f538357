import tensorflow as tf

foo = 1


@tf.function
def buggy_add():
    return 1 + foo


@tf.function
def recommended_add(foo):
    return 1 + foo


print("Buggy:", buggy_add())
print("Correct:", recommended_add(foo))
foo = 100
print("Buggy:", buggy_add())
print("Correct:", recommended_add(foo))

v = tf.Variable(1)


@tf.function
def variable_add():
    return 1 + v


print(variable_add())
v.assign(100)
print(variable_add())
