"""tf.experimental.numpy (TF: tensorflow/python/ops/numpy_ops/): the NumPy API on tensors.

np_dtypes: the dtype constants and TF NumPy's promotion (NumPy 2's rules, TF's flags); np_array_ops and
np_math_ops: the functions, thin wrappers over tfshim's ops; np_random: tnp.random; np_config:
experimental_enable_numpy_behavior (Tensor methods, NumPy-style operator promotion and indexing).
"""
