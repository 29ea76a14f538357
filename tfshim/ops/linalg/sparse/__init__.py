"""tf.linalg.experimental sparse solvers (TF: python/ops/linalg/sparse/)."""
