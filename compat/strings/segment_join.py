# tf.strings.unsorted_segment_join: strings joined per segment id.
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)


print(tf.strings.unsorted_segment_join(["a", "b", "c", "d"], [0, 1, 0, 3], 4, separator=","))
print(tf.strings.unsorted_segment_join([["a", "b"], ["c", "d"]], [1, 1], 2))
print(tf.strings.unsorted_segment_join([["a", "b"], ["c", "d"]], [[0, 1], [1, 0]], 2, separator="+"))
show(lambda: tf.strings.unsorted_segment_join(["a", "b"], [0, 5], 2))
show(lambda: tf.strings.unsorted_segment_join(["a", "b"], [0, -1], 2))
