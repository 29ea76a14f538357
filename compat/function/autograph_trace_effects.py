import tensorflow as tf


@tf.function
def fizzbuzz(n):
    for i in tf.range(1, n + 1):
        print("Tracing for loop")
        if i % 15 == 0:
            print("Tracing fizzbuzz branch")
        elif i % 3 == 0:
            print("Tracing fizz branch")
        elif i % 5 == 0:
            print("Tracing buzz branch")
        else:
            print("Tracing default branch")


fizzbuzz(tf.constant(5))
fizzbuzz(tf.constant(20))
print(fizzbuzz.experimental_get_tracing_count())


@tf.function
def branches(x):
    if x > 0:
        print("traced: positive branch")
        y = x * 2
    else:
        print("traced: other branch")
        y = x - 1
    return y


print(branches(tf.constant(3)))
print(branches(tf.constant(-3)))
print(branches(tf.constant(5.0)))
print(branches(-4))


@tf.function
def loop_sum(x):
    total = tf.constant(0)
    for v in x:
        print("traced: loop body")
        total += v
    return total


print(loop_sum(tf.constant([1, 2, 3])))
print(loop_sum(tf.constant([4, 5, 6])))
print(loop_sum(tf.constant([], dtype=tf.int32)))


@tf.function
def count_down(n):
    steps = tf.constant(0)
    while n > 0:
        print("traced: while body")
        n -= 1
        steps += 1
    return steps


print(count_down(tf.constant(4)))
print(count_down(tf.constant(0)))


@tf.function
def python_loop(x):
    for k in range(3):  # a Python range unrolls: the body is traced each time
        print("traced: python loop", k)
        x = x + k
    return x


print(python_loop(tf.constant(1)))

v = tf.Variable(1.0)


@tf.function
def update(flag):
    if flag:
        v.assign_add(10.0)
    else:
        v.assign_sub(1.0)
    return v.read_value()


print(update(tf.constant(True)), v.numpy())
print(update(tf.constant(False)), v.numpy())


class Counter(tf.Module):
    def __init__(self):
        self.calls = 0

    @tf.function
    def __call__(self, x):
        for _ in tf.range(3):
            print("traced: method loop")
            x = x + 1
        return x


c = Counter()
print(c(tf.constant(0)))
print(c(tf.constant(10)))
