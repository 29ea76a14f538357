"""tf.bitwise: and/or/xor/invert/shifts on integer tensors (TF: ops/bitwise_ops.py). Not differentiable."""
