"""tf.random: TF random streams reproduced bit for bit on kernels/philox.py (TF: ops/random_ops.py)."""
