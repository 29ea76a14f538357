"""Checkpoints written by tfshim restore in real TF and the reverse (real TF in-process; skipped without it)."""

from __future__ import annotations

import numpy as np
import pytest

import tfshim

tf = pytest.importorskip("tensorflow")


def _module(lib, seed):
    class Net(lib.Module):
        def __init__(self):
            super().__init__()
            rng = np.random.default_rng(seed)
            self.w = lib.Variable(rng.standard_normal((3, 2)).astype(np.float32), name="w")
            self.layers = [lib.Variable(np.arange(4, dtype=np.int64)), lib.Variable(rng.standard_normal(2))]
            self.named = {"b": lib.Variable([True, False]), "s": lib.Variable([b"x", b"yz"])}

    return Net()


def _values(module):
    return [np.asarray(v.numpy()).tolist() for v in sorted(module.variables, key=lambda v: v.name)]


def test_tfshim_checkpoint_restores_in_tf_and_files_are_identical(tmp_path):
    ours = _module(tfshim, 1)
    path = tfshim.train.Checkpoint(model=ours, step=tfshim.Variable(3, dtype=tfshim.int64)).write(
        str(tmp_path / "shim"))
    theirs = _module(tf, 2)
    step = tf.Variable(0, dtype=tf.int64)
    tf.train.Checkpoint(model=theirs, step=step).read(path).assert_consumed()
    assert _values(theirs) == _values(ours) and int(step.numpy()) == 3
    tf_path = tf.train.Checkpoint(model=_module(tf, 1), step=tf.Variable(3, dtype=tf.int64)).write(
        str(tmp_path / "tf"))
    for suffix in (".index", ".data-00000-of-00001"):
        assert (tmp_path / ("shim" + suffix)).read_bytes() == (tmp_path / ("tf" + suffix)).read_bytes()
    assert tf_path.endswith("tf")


def test_tf_checkpoint_manager_restores_in_tfshim(tmp_path):
    theirs = _module(tf, 5)
    ckpt = tf.train.Checkpoint(model=theirs)
    manager = tf.train.CheckpointManager(ckpt, str(tmp_path), max_to_keep=2)
    for _ in range(3):
        manager.save()
    ours = _module(tfshim, 6)
    ours_ckpt = tfshim.train.Checkpoint(model=ours)
    status = ours_ckpt.restore(tfshim.train.latest_checkpoint(str(tmp_path)))
    status.assert_consumed()
    assert _values(ours) == _values(theirs) and int(ours_ckpt.save_counter.numpy()) == 3
    assert tfshim.train.list_variables(str(tmp_path)) == tf.train.list_variables(str(tmp_path))
    # and tfshim's manager continues TF's numbering and state file, which TF reads back
    shim_manager = tfshim.train.CheckpointManager(ours_ckpt, str(tmp_path), max_to_keep=2)
    assert shim_manager.checkpoints == manager.checkpoints
    saved = shim_manager.save()
    assert saved.endswith("ckpt-4") and tf.train.latest_checkpoint(str(tmp_path)) == saved
    assert tf.train.get_checkpoint_state(str(tmp_path)).all_model_checkpoint_paths[:] == shim_manager.checkpoints


def _keras_trained(lib, steps):
    model = lib.keras.Sequential([lib.keras.Input((3,)), lib.keras.layers.Dense(4), lib.keras.layers.Dense(2)])
    opt = lib.keras.optimizers.Adam(0.1)
    x = lib.constant(np.linspace(-1, 1, 12, dtype=np.float32).reshape(4, 3))
    for _ in range(steps):
        with lib.GradientTape() as tape:
            loss = lib.reduce_mean(lib.square(model(x)))
        opt.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
    return model, opt


def _keras_values(model, opt):
    return [np.asarray(v.numpy()).tolist() for v in list(model.variables) + list(opt.variables)]


@pytest.mark.parametrize("writer,reader", [(tfshim, tf), (tf, tfshim)])
def test_keras_model_and_optimizer_round_trip(tmp_path, writer, reader):
    try:
        tf.keras.layers  # noqa: B018
    except Exception:  # TF without Keras 3 (tf.keras is then missing)
        pytest.skip("tf.keras is not installed beside tensorflow")
    model, opt = _keras_trained(writer, 2)
    path = writer.train.Checkpoint(model=model, optimizer=opt).write(str(tmp_path / "k"))
    model2, opt2 = _keras_trained(reader, 1)  # built, with other values
    # TF's Sequential also tracks a `_functional` twin, which tfshim's has not: match existing objects
    reader.train.Checkpoint(model=model2, optimizer=opt2).read(path).assert_existing_objects_matched()
    assert _keras_values(model2, opt2) == _keras_values(model, opt)


@pytest.mark.parametrize("writer,reader", [(tfshim, tf), (tf, tfshim)])
def test_random_generator_state_round_trip(tmp_path, writer, reader):
    g = writer.random.Generator.from_seed(7)
    g.normal([3])
    path = writer.train.Checkpoint(g=g).write(str(tmp_path / "g"))
    g2 = reader.random.Generator.from_seed(1)
    reader.train.Checkpoint(g=g2).read(path).assert_consumed()
    assert g2.normal([4]).numpy().tolist() == g.normal([4]).numpy().tolist()


def test_iterator_states_are_not_exchanged_but_the_variables_are(tmp_path):
    it = iter(tf.data.Dataset.range(5))
    next(it)
    path = tf.train.Checkpoint(iterator=it, v=tf.Variable(2.0)).write(str(tmp_path / "tf"))
    ours = iter(tfshim.data.Dataset.range(5))
    with pytest.raises(NotImplementedError, match="iterator from a checkpoint written by TensorFlow"):
        tfshim.train.Checkpoint(iterator=ours, v=tfshim.Variable(0.0)).read(path)
    v = tfshim.Variable(0.0)
    tfshim.train.Checkpoint(v=v).read(path).expect_partial()
    assert float(v.numpy()) == 2.0
    with pytest.raises(tfshim.errors.InternalError, match="type 21 not convertible"):
        tfshim.train.load_checkpoint(path).get_tensor("iterator/.ATTRIBUTES/ITERATOR_STATE")
    ours = iter(tfshim.data.Dataset.range(5))
    next(ours)
    path = tfshim.train.Checkpoint(iterator=ours, v=tfshim.Variable(3.0)).write(str(tmp_path / "shim"))
    v = tf.Variable(0.0)
    tf.train.Checkpoint(v=v).read(path).expect_partial()
    assert float(v.numpy()) == 3.0
