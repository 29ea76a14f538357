"""Linear algebra ops: matmul, tensordot, einsum, tf.linalg.* (TF: ops/math_ops.py, linalg_ops.py, linalg_grad.py)."""
