"""tnp's promotion (np_dtypes.np_result_type) against real TF's tnp, and its independence of the NumPy version.

TF computes result dtypes with NumPy 2's np.result_type (NEP 50: Python scalars are weak); tfshim applies those
rules itself, so the table is the same on NumPy 1.26. The live comparison skips without TensorFlow.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import tfshim.experimental.numpy as tnp
from tfshim.ops.numpy_ops import np_dtypes

TYPES = [np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64, np.float16,
         np.float32, np.float64, np.complex64, np.complex128]
SCALARS = [True, 3, 2.5, 1j]


def _table(result_type, ones, prefer: bool) -> list:
    rows = []
    for a, b in itertools.product(TYPES, TYPES):
        rows.append(result_type(ones(a), ones(b)).name)
    for a, s in itertools.product(TYPES, SCALARS):
        rows.append(result_type(ones(a), s).name)
    for s, r in itertools.product(SCALARS, SCALARS):
        rows.append(result_type(s, r).name)
    rows += [result_type(float).name, result_type(int).name, result_type("float16", 1.5).name]
    return rows


@pytest.mark.parametrize("prefer_float32", [False, True])
def test_result_type_table_matches_tf(prefer_float32: bool) -> None:
    tf = pytest.importorskip("tensorflow", reason="TensorFlow not installed: live TF comparison skipped")
    from tensorflow.python.ops.numpy_ops import np_dtypes as tf_np_dtypes

    tf_tnp = tf.experimental.numpy
    tf_np_dtypes.set_prefer_float32(prefer_float32)
    np_dtypes.set_prefer_float32(prefer_float32)
    try:
        theirs = _table(tf_tnp.result_type, lambda t: tf.ones([1], t), prefer_float32)
        ours = _table(tnp.result_type, lambda t: tnp.ones([1], t), prefer_float32)
    finally:
        tf_np_dtypes.set_prefer_float32(False)
        np_dtypes.set_prefer_float32(False)
    assert ours == theirs


def test_weak_scalars_follow_nep50_on_every_numpy() -> None:
    """NumPy 1.26's value-based np.result_type would give int16 for int8 + 300; NEP 50 keeps int8."""
    assert np_dtypes.np_result_type(np.dtype(np.int8), 300) == np.int8
    assert np_dtypes.np_result_type(np.dtype(np.float32), 1e300) == np.float32
    assert np_dtypes.np_result_type(np.dtype(np.int32), 1.5) == np.float64
    if int(np.__version__.split(".")[0]) >= 2:
        for a, s in itertools.product(TYPES, SCALARS):
            assert np_dtypes.np_result_type(np.dtype(a), s) == np.result_type(np.dtype(a), s), (a, s)


def test_tnp_binary_functions_match_tf() -> None:
    tf = pytest.importorskip("tensorflow", reason="TensorFlow not installed: live TF comparison skipped")
    tf_tnp = tf.experimental.numpy
    args = [([1, 2, 3], 2.5), (np.array([1, 2], np.int32), np.float32(2)), ([True, False], 3), ([1.5, -2.0], [2, 3])]
    for name in ["add", "subtract", "multiply", "true_divide", "floor_divide", "mod", "power", "maximum", "minimum",
                 "less", "equal", "logical_and", "outer", "dot"]:
        for x, y in args:
            theirs = getattr(tf_tnp, name)(x, y)
            ours = getattr(tnp, name)(x, y)
            assert ours.dtype.name == theirs.dtype.name, (name, x, y)
            np.testing.assert_array_equal(ours.numpy(), theirs.numpy())
