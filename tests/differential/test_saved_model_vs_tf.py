"""SavedModels written by tfshim load in real TF and the reverse; tfshim's GraphDefs parse in TF and list the
nodes TF's own graph lists (real TF in-process; skipped without it)."""

from __future__ import annotations

import numpy as np
import pytest

import tfshim

tf = pytest.importorskip("tensorflow")


def _module(lib):
    class Net(lib.Module):
        def __init__(self):
            super().__init__()
            self.w = lib.Variable(np.arange(6, dtype=np.float32).reshape(3, 2) / 4.0, name="w")
            self.b = lib.Variable([0.5, -1.0], name="b")
            self.count = lib.Variable(0, dtype=lib.int64, name="count")
            self.extra = [lib.Variable(np.arange(3, dtype=np.int32))]
            self.table = {"flag": lib.Variable([True, False])}

        @lib.function
        def __call__(self, x):
            return lib.nn.relu(lib.matmul(x, self.w) + self.b)

        @lib.function(input_signature=[lib.TensorSpec([None, 3], lib.float32)])
        def serve(self, x):
            self.count.assign_add(1)
            y = lib.matmul(x, self.w) * 2.0 - self.b
            return {"y": y, "total": lib.reduce_sum(y, axis=1), "mean": lib.reduce_mean(y),
                    "cat": lib.concat([y, y], 0), "exp": lib.exp(-lib.abs(y)) / 2.0,
                    "first": y[:, 0], "rev": y[::-1, lib.newaxis, 1:]}

    return Net()


def _check(loaded, lib):
    x = np.array([[1.0, -2.0, 0.5], [0.0, 1.0, 2.0]], dtype=np.float32)
    out = loaded(lib.constant(x))
    expected = np.maximum(x @ (np.arange(6, dtype=np.float32).reshape(3, 2) / 4.0) + [0.5, -1.0], 0)
    np.testing.assert_allclose(out.numpy(), expected, rtol=1e-6)
    served = loaded.signatures["serving_default"](x=lib.constant(x))
    assert sorted(served) == ["cat", "exp", "first", "mean", "rev", "total", "y"]
    y = x @ (np.arange(6, dtype=np.float32).reshape(3, 2) / 4.0) * 2.0 - [0.5, -1.0]
    np.testing.assert_allclose(served["y"].numpy(), y, rtol=1e-6)
    np.testing.assert_allclose(served["total"].numpy(), y.sum(axis=1), rtol=1e-6)
    np.testing.assert_allclose(served["exp"].numpy(), np.exp(-abs(y)) / 2.0, rtol=1e-6)
    assert served["cat"].shape == (4, 2)
    assert served["first"].numpy().tolist() == y[:, 0].tolist()
    assert served["rev"].numpy().tolist() == y[::-1, None, 1:].tolist()
    assert int(loaded.count.numpy()) == 1
    assert loaded.extra[0].numpy().tolist() == [0, 1, 2]
    assert loaded.table["flag"].numpy().tolist() == [True, False]


def test_tfshim_saved_model_loads_in_tf(tmp_path):
    m = _module(tfshim)
    m(tfshim.ones([2, 3]))
    tfshim.saved_model.save(m, str(tmp_path), signatures=m.serve)
    _check(tf.saved_model.load(str(tmp_path)), tf)


def test_tf_saved_model_loads_in_tfshim(tmp_path):
    m = _module(tf)
    m(tf.ones([2, 3]))
    tf.saved_model.save(m, str(tmp_path), signatures=m.serve)
    loaded = tfshim.saved_model.load(str(tmp_path))
    _check(loaded, tfshim)
    with tfshim.GradientTape() as tape:
        y = tfshim.reduce_sum(loaded(tfshim.ones([2, 3])))
    assert tape.gradient(y, loaded.b).numpy().tolist() == [2.0, 2.0]


def test_graph_def_matches_tf():
    def build(lib):
        v = lib.Variable([[1.0, 2.0], [3.0, 4.0]])

        @lib.function
        def f(x):
            y = lib.nn.relu(lib.matmul(x, v) + 1.0)
            return lib.reduce_sum(y, axis=1), lib.concat([y, x], 0), lib.cast(x, lib.int32), x - 2.0

        return f.get_concrete_function(lib.ones([2, 2])).graph.as_graph_def()

    ours, theirs = build(tfshim), build(tf)
    parsed = tf.compat.v1.GraphDef.FromString(ours.SerializeToString())
    assert [(n.name, n.op, list(n.input)) for n in parsed.node] == [
        (n.name, n.op, list(n.input)) for n in theirs.node]
    for a, b in zip(parsed.node, theirs.node):
        for key in ("T", "dtype", "DstT", "SrcT", "N", "Tidx", "keep_dims", "transpose_a"):
            if key in b.attr:
                assert a.attr[key] == b.attr[key], (b.name, key)
        if b.op == "Const":  # tfshim's reductions record the axis as a tuple: a scalar axis becomes a vector
            ours_value, tf_value = (tf.make_ndarray(n.attr["value"].tensor) for n in (a, b))
            assert ours_value.ravel().tolist() == tf_value.ravel().tolist()
