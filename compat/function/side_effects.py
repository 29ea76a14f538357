import sys

import tensorflow as tf

external_list = []


@tf.function
def side_effect(x):
    print("Python side effect")
    tf.print("tf.print", x, output_stream=sys.stdout)
    external_list.append(x)
    return x + 1


for i in range(3):
    print(side_effect(tf.constant(i)).numpy())
print(len(external_list))
side_effect(tf.constant([1, 2]))
print(len(external_list))
