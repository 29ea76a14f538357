"""Without protobuf (the optional [proto] extra), TF's protocol buffer messages say how to get them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SNIPPET = """
import sys
sys.modules["google.protobuf"] = None  # as if protobuf were not installed
import tfshim as tf
for call in (lambda: tf.make_tensor_proto([1.0, 2.0]), lambda: tf.train.Example()):
    try:
        call()
    except NotImplementedError as e:
        print(e)
print(tf.make_ndarray.__name__)
"""


def test_messages_without_protobuf_name_the_extra() -> None:
    out = subprocess.run([sys.executable, "-c", SNIPPET], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    lines = out.splitlines()
    assert lines[0] == ("TensorProto is a protocol buffer message: tfshim implements it with the protobuf package, "
                        "which is not installed (pip install tfshim[proto])")
    assert lines[1].startswith("tf.train.Example is a protocol buffer message") and "tfshim[proto]" in lines[1]
    assert lines[2] == "make_ndarray"
