"""Counterparts of TF's tensorflow/core protos that its Python API exposes (tf.train.Example)."""
