"""tf.autodiff.ForwardAccumulator: forward-mode autodiff (TF: eager/forwardprop.py)."""
