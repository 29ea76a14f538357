# tf.CriticalSection in eager mode: execute(fn) runs fn under the section's lock and returns its tensors.
import tensorflow as tf


def show(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


cs = tf.CriticalSection()
v = tf.Variable(0)


def count():
    v.assign_add(1)
    return v.read_value()


print(cs.execute(count), cs.execute(count))
show(lambda: cs.name)
print(cs.execute(lambda: (tf.constant(1), tf.constant(2.))))
show(lambda: cs.execute(lambda: {"a": tf.constant(1), "b": None}))
show(lambda: cs.execute(lambda: None))
show(lambda: cs.execute(lambda: 5))
show(lambda: cs.execute(lambda: [1, 2]))
show(lambda: cs.execute(count, exclusive_resource_access=False))
show(lambda: tf.CriticalSection(name="x").name)
show(lambda: tf.CriticalSection(critical_section_def=1))
show(lambda: tf.CriticalSection(name="x", critical_section_def=1))
outer, inner = tf.CriticalSection(shared_name="outer"), tf.CriticalSection(shared_name="inner")
print(outer.execute(lambda: inner.execute(lambda: tf.constant(3)) + 1))
# last: TF keeps the section locked after this error (its next execute would block)
try:
    cs.execute(lambda: cs.execute(lambda: tf.constant(1)))
except ValueError as e:
    print(type(e).__name__ + ":", str(e).split(" (")[0], str(e).split(")")[-1])
