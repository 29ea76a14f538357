"""tf.train.Example and tf.train.Feature (TF: tensorflow/core/example/)."""
