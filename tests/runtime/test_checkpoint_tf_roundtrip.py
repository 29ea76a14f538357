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
