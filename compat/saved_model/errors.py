import os
import tempfile

import tensorflow as tf

d = tempfile.mkdtemp()
try:
    tf.saved_model.load(d)
except Exception as e:
    print(type(e).__name__, str(e).replace(d, "DIR"))
try:
    tf.saved_model.save([1, 2], os.path.join(d, "x"))
except Exception as e:
    print(type(e).__name__, str(e).split(".")[0])
print(tf.saved_model.contains_saved_model(d))


class Empty(tf.Module):
    pass


tf.saved_model.save(Empty(), os.path.join(d, "empty"))
print(tf.saved_model.contains_saved_model(os.path.join(d, "empty")))
loaded = tf.saved_model.load(os.path.join(d, "empty"))
print(len(loaded.signatures))
print(sorted(os.listdir(os.path.join(d, "empty", "variables"))))


class Untraced(tf.Module):
    @tf.function
    def f(self, x):
        return x


tf.saved_model.save(Untraced(), os.path.join(d, "untraced"))
u = tf.saved_model.load(os.path.join(d, "untraced"))
print(hasattr(u, "f"), type(u).__name__)
try:
    u.f(tf.constant(1.0))
except Exception as e:
    print(type(e).__name__, e)
