"""tf.custom_gradient and tf.recompute_grad (TF: ops/custom_gradient.py)."""
