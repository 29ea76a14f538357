"""tf.signal's implementation (TF: tensorflow/python/ops/signal/); the public namespace is generated."""
