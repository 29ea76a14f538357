"""Ragged tensors (TF: tensorflow/python/ops/ragged/).

`ragged_tensor` holds the RaggedTensor class and its spec, `row_partition` the row encodings,
`ragged_factory_ops` tf.ragged.constant, `ragged_math_ops`/`ragged_array_ops`/`ragged_getitem`
the ops, `ragged_dispatch` the handlers that let TF's public ops take ragged arguments, and
`ragged_string_ops` the string ops whose results are ragged.
"""

# First, whichever ragged module is imported first: RaggedTensor's module imports the ops modules (ragged_ops), which
# import it back, so it must be the one to start the cycle.
from tfshim.ops.ragged import ragged_tensor as _ragged_tensor  # noqa: E402, F401
