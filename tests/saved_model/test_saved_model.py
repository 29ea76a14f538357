"""tf.saved_model.save/load within tfshim, the wire format of the protos it writes, and Graph.as_graph_def."""

from __future__ import annotations

import os

import numpy as np
import pytest

import tfshim as tf
from tfshim.saved_model import graph_proto, nested_structure_coder
from tfshim.training.proto_wire import first, parse


class _Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([[1.0, 2.0], [3.0, 4.0]], name="w")
        self.step = tf.Variable(0, dtype=tf.int64, name="step")
        self.children_ = [tf.Variable([True, False]), tf.Variable(np.arange(3, dtype=np.int32))]

    @tf.function
    def __call__(self, x):
        return tf.nn.relu(tf.matmul(x, self.w) - 5.0)

    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
    def stats(self, x):
        self.step.assign_add(1)
        return {"sum": tf.reduce_sum(x, axis=1), "mean": tf.reduce_mean(x), "both": tf.concat([x, x], 0)}


def test_round_trip_values_variables_and_signatures(tmp_path):
    m = _Model()
    x = tf.constant([[1.0, 2.0]])
    expected = m(x).numpy()
    tf.saved_model.save(m, str(tmp_path))
    assert sorted(os.listdir(tmp_path)) == ["assets", "saved_model.pb", "variables"]
    loaded = tf.saved_model.load(str(tmp_path))
    np.testing.assert_array_equal(loaded(x).numpy(), expected)
    out = loaded.stats(tf.constant([[1.0, 3.0], [2.0, 2.0]]))
    assert out["sum"].numpy().tolist() == [4.0, 4.0] and float(out["mean"]) == 2.0
    assert out["both"].shape == (4, 2)
    assert int(loaded.step.numpy()) == 1 and int(m.step.numpy()) == 0
    assert loaded.children_[1].numpy().tolist() == [0, 1, 2] and loaded.children_[0].dtype == tf.bool
    # the one tf.function with an input signature and tensor outputs is the default signature
    assert list(loaded.signatures) == ["serving_default"]
    sig = loaded.signatures["serving_default"]
    assert sorted(sig.structured_outputs) == ["both", "mean", "sum"]
    assert sig(x=tf.constant([[1.0, 1.0]]))["sum"].numpy().tolist() == [2.0]
    with pytest.raises(ValueError, match="Could not find matching concrete function"):
        loaded(tf.constant([1, 2]))


def test_saved_functions_are_retraced_once(tmp_path, capsys):
    class M(tf.Module):
        @tf.function
        def f(self, x):
            print("tracing", x.shape)
            return x + 1

    m = M()
    m.f(tf.constant(1.0))
    capsys.readouterr()
    tf.saved_model.save(m, str(tmp_path / "a"))
    assert capsys.readouterr().out == "tracing ()\n"
    tf.saved_model.save(m, str(tmp_path / "b"))
    assert capsys.readouterr().out == ""


def test_uncalled_function_with_signature_traces_once(tmp_path, capsys):
    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def f(self, x):
            print("tracing")
            return x[1:] * 2.0

    tf.saved_model.save(M(), str(tmp_path))
    assert capsys.readouterr().out == "tracing\n"
    loaded = tf.saved_model.load(str(tmp_path))
    assert loaded.f(tf.constant([1.0, 2.0, 3.0])).numpy().tolist() == [4.0, 6.0]


def test_gradients_flow_through_loaded_functions(tmp_path):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(3.0)

        @tf.function
        def __call__(self, x):
            return x * self.v * self.v

    m = M()
    m(tf.constant(1.0))
    tf.saved_model.save(m, str(tmp_path))
    loaded = tf.saved_model.load(str(tmp_path))
    with tf.GradientTape() as tape:
        y = loaded(tf.constant(2.0))
    assert tape.gradient(y, loaded.v).numpy() == 12.0


def test_errors(tmp_path):
    with pytest.raises(OSError, match="SavedModel file does not exist"):
        tf.saved_model.load(str(tmp_path))
    with pytest.raises(ValueError, match="Expected an object of type `Trackable`"):
        tf.saved_model.save(3, str(tmp_path))

    class Printer(tf.Module):
        @tf.function
        def f(self, x):
            tf.print(x)
            return x

    p = Printer()
    p.f(tf.constant(1.0))
    with pytest.raises(NotImplementedError, match="tf.print"):
        tf.saved_model.save(p, str(tmp_path / "p"))
    untracked = tf.Variable(1.0)

    class Captures(tf.Module):
        @tf.function
        def f(self, x):
            return x * untracked

    c = Captures()
    c.f(tf.constant(1.0))
    with pytest.raises(ValueError, match="untracked"):
        tf.saved_model.save(c, str(tmp_path / "c"))


def test_function_def_wire_round_trip():
    @tf.function
    def f(x):
        return tf.cast(x, tf.int32) * 2, tf.stack([x, x], axis=1)

    c = f.get_concrete_function(tf.ones([3]))
    from tfshim.saved_model.function_serialization import function_def

    fdef, captured = function_def(c._graph, "__inference_f_1")
    back = graph_proto.decode_function(graph_proto.encode_function(fdef))
    assert back.name == "__inference_f_1" and captured == []
    assert [n.op for n in back.nodes] == [n.op for n in fdef.nodes]
    cast = next(n for n in back.nodes if n.op == "Cast")
    assert cast.attr["DstT"].value == tf.int32 and cast.attr["SrcT"].value == tf.float32
    pack = next(n for n in back.nodes if n.op == "Pack")
    assert pack.attr["N"].value == 2 and pack.attr["axis"].value == 1
    assert back.ret == {"identity": "Identity:output:0", "identity_1": "Identity_1:output:0"}


def test_tensor_and_structure_codecs():
    for value, dtype in [(np.arange(6, dtype=np.float32).reshape(2, 3), tf.float32),
                         (np.array([b"a", b"bc"], dtype=object), tf.string), (np.array(True), tf.bool)]:
        back, d = graph_proto.decode_tensor(graph_proto.encode_tensor(value, dtype))
        assert d == dtype and back.tolist() == value.tolist()
    spec = tf.TensorSpec([None, 2], tf.float32, name="x")
    value = ((spec, 3, -7, 2.5, "s", None, True), {"k": [tf.TensorShape(None), tf.int64]})
    assert nested_structure_coder.decode(nested_structure_coder.encode(value)) == value


def test_as_graph_def_lists_nodes_as_tf():
    v = tf.Variable(2.0)

    @tf.function
    def f(x):
        return x * v + 1.0

    g = f.get_concrete_function(tf.constant(1.0)).graph.as_graph_def()
    assert [(n.name, n.op, n.input) for n in g.node] == [
        ("x", "Placeholder", []), ("mul/ReadVariableOp/resource", "Placeholder", []),
        ("mul/ReadVariableOp", "ReadVariableOp", ["mul/ReadVariableOp/resource"]),
        ("mul", "Mul", ["x", "mul/ReadVariableOp"]), ("add/y", "Const", []), ("add", "AddV2", ["mul", "add/y"]),
        ("Identity", "Identity", ["add", "^NoOp"]), ("NoOp", "NoOp", ["^mul/ReadVariableOp"])]
    graph = parse(g.SerializeToString())
    assert len(graph[1]) == 8 and first(parse(graph[1][3]), 2) == b"Mul"
