"""experimental_enable_numpy_behavior changes tf.Tensor for the whole process, so these tests run in a child
process; the default Tensor (before enabling) must stay as it is, since every other area shares the class."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np

import tfshim as tf
import tfshim.experimental.numpy as tnp
from tests.gradcheck import check_gradients

ROOT = Path(__file__).resolve().parents[2]
_IMPORTS = {"tfshim": "import tfshim as tf\nimport tfshim.experimental.numpy as tnp\n",
            "tensorflow": "import tensorflow as tf\nimport tensorflow.experimental.numpy as tnp\n"}


def _run(code: str, module: str = "tfshim") -> str:
    env = dict(os.environ, PYTHONPATH=str(ROOT), TF_CPP_MIN_LOG_LEVEL="3")
    src = _IMPORTS[module] + textwrap.dedent(code)
    out = subprocess.run([sys.executable, "-c", src], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_enabling_adds_methods_and_off_restores_the_default_operators() -> None:
    """TF's values for the enabled behaviour are in compat/tnp/ (operators_enabled, tensor_methods, indexing);
    here: the default Tensor class is exactly restored by dtype_conversion_mode="off" (same functions)."""
    out = _run("""
        from tfshim.framework.tensor import Tensor
        from tfshim.framework.variables import Variable
        ops = [n for n in vars(Tensor) if n.startswith("__") and n[2:-2] in (
            "add radd sub rsub mul rmul truediv rtruediv floordiv rfloordiv mod rmod pow rpow and rand or ror "
            "xor rxor matmul rmatmul lt le gt ge eq ne getitem").split()]
        before = {n: vars(Tensor)[n] for n in ops}
        t = tf.constant([1, 2])
        names = ["reshape", "T", "astype", "ravel", "size", "tolist", "clip", "transpose", "flatten", "data"]
        print(len(ops) >= 26, any(hasattr(t, n) for n in names))
        tnp.experimental_enable_numpy_behavior()
        print(all(hasattr(t, n) for n in names), sum(vars(Tensor)[n] is before[n] for n in ops))
        tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="off")
        print(all(vars(Tensor)[n] is before[n] for n in ops if n != "__getitem__"), (t + 1).dtype.name)
    """)
    assert out.split() == ["True", "False", "True", "0", "True", "int32"]


def test_default_tensor_attributes_untouched_in_this_process() -> None:
    t = tf.constant([1.0])
    assert not hasattr(t, "reshape") and not hasattr(t, "T") and not hasattr(t, "tolist")


def test_gradients_through_tnp() -> None:
    check_gradients(lambda x: tnp.sum(tnp.square(x) * tnp.arange(3.0)), np.array([1.0, -2.0, 0.5]))
    check_gradients(lambda x: tnp.matmul(x, tnp.asarray([1.0, 2.0])), np.array([[1.0, 2.0], [3.0, 4.0]]))
    check_gradients(lambda x: tnp.take_along_axis(x, tnp.asarray([[1], [0]]), 1), np.array([[1.0, 2.0], [3.0, 4.0]]))
    check_gradients(lambda x: tnp.mean(tnp.tril(x)) + tnp.var(x), np.array([[1.0, 2.0], [3.0, 5.0]]))
