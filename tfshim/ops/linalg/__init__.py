"""tf.linalg.LinearOperator and its subclasses (TF: tensorflow/python/ops/linalg/linear_operator*.py)."""
