"""Every public TF 2.21 name either exists in tfshim or raises NotImplementedError naming it (never a bare
AttributeError); names TF does not have keep TF's AttributeError text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tfshim as tf
from tfshim.util.unimplemented import NotImplementedAPIError

RECORD = json.loads((Path(__file__).resolve().parents[2] / "compat" / "tf_public_names.json").read_text())


def _namespace(path: str) -> object:
    obj: object = tf
    for part in path.split(".")[1:]:
        obj = getattr(obj, part)
    return obj


def test_no_public_tf_name_raises_a_bare_attribute_error():
    bare = []
    for path, names in RECORD["names"].items():
        try:
            ns = _namespace(path)
        except NotImplementedError:  # a namespace tfshim lacks: its own name said so
            continue
        for name in names:
            try:
                getattr(ns, name)
            except NotImplementedError as e:
                assert isinstance(e, AttributeError)
                assert str(e) == f"{path}.{name} is not implemented by tfshim" or str(e).endswith(
                    " is not implemented by tfshim")
            except AttributeError as e:
                bare.append(f"{path}.{name}: {e}")
    assert not bare, "\n".join(bare[:20])


def test_missing_tf_name_is_not_implemented_and_hasattr_false():
    with pytest.raises(NotImplementedError, match=r"^tf\.lite\.TFLiteConverter is not implemented by tfshim$"):
        tf.lite.TFLiteConverter  # noqa: B018
    assert not hasattr(tf.raw_ops, "Abs")
    assert getattr(tf.raw_ops, "Abs", 7) == 7
    assert type(NotImplementedAPIError("x")).__name__ == "NotImplementedError"
    with pytest.raises(AttributeError):
        tf.keras.ops  # noqa: B018  (a Keras namespace tfshim lacks)


def test_names_tf_does_not_have_keep_tfs_text():
    with pytest.raises(AttributeError) as e:
        tf.no_such_name  # noqa: B018
    assert str(e.value) == "module 'tensorflow' has no attribute 'no_such_name'"
    assert not isinstance(e.value, NotImplementedError)
    with pytest.raises(AttributeError, match="^module 'tensorflow._api.v2.math' has no attribute 'nope'$"):
        tf.math.nope  # noqa: B018
    with pytest.raises(AttributeError, match="^module 'keras._tf_keras.keras.layers' has no attribute 'Nope'$"):
        tf.keras.layers.Nope  # noqa: B018


def test_real_attributes_and_aliases_win():
    assert tf.math.abs is tf.abs
    assert tf.losses is tf.keras.losses  # TF's alias
    assert tf.keras.__name__ == "tfshim.keras"
