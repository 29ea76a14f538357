"""tfshim.keras._ops.result_type against Keras' own `keras.backend.result_type` (TF backend), for every pair of
Keras dtypes and Python scalar types; Keras' losses and metrics promote their operands by it."""

import importlib.util
import itertools

import pytest

from tfshim.keras import _ops

if importlib.util.find_spec("tensorflow") is None:
    pytest.skip("real TensorFlow is not installed; differential test skipped", allow_module_level=True)

from .real_tf import import_real_tf  # noqa: E402

keras_result_type = import_real_tf().keras.backend.result_type

DTYPES = ["bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64", "float16", "float32",
          "float64", "complex64", "complex128", int, float, None]


def _outcome(fn, *args):
    try:
        return fn(*args)
    except ValueError as e:
        return ("ValueError", str(e))


def test_result_type_matches_keras_for_every_pair():
    for a, b in itertools.product(DTYPES, repeat=2):
        assert _outcome(_ops.result_type, a, b) == _outcome(keras_result_type, a, b), (a, b)
    for args in [(), ("int8", "uint8", float), ("int32", "float16", int), ("string", "int32")]:
        assert _outcome(_ops.result_type, *args) == _outcome(keras_result_type, *args), args
