"""Record bit-exact goldens for tfshim.kernels.eigen_rcp from real TensorFlow.

Run under the TF oracle python::

    PYTHONPATH=. ~/.cache/tfshim-tf-oracle/bin/python tests/kernels/record_eigen_rcp_goldens.py

It writes ``tests/kernels/goldens/eigen_rcp.npz``: per op and dtype TF's outputs for one packet-path
tensor and for 7-element (scalar tail path) tensors, float32 inputs hitting every VRCPPS / VRSQRTPS
table entry, tensors of assorted sizes (packet/tail split), and metadata on the CPU (the VRCPPS and
VRSQRTPS bits are CPU specific).  The op list and input generators are shared with the live test.
"""

from __future__ import annotations

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "goldens", "eigen_rcp.npz")

try:
    from .record_goldens import make_inputs, record_ops, record_sizes, save_goldens, tf_apply
except ImportError:  # run as a script
    sys.path.insert(0, HERE)
    from record_goldens import make_inputs, record_ops, record_sizes, save_goldens, tf_apply

DTYPES = ("float16", "float32", "float64")
# op name -> TF expression (x: the input tensor).
OPS = {
    "reciprocal": "tf.math.reciprocal(x)",
    "rsqrt": "tf.math.rsqrt(x)",
    "erfc": "tf.math.erfc(x)",
    "gelu": "tf.nn.gelu(x)",
    "gelu_approx": "tf.nn.gelu(x, approximate=True)",
    "pow3": "tf.math.pow(x, 3)",
}
SIZES = (1, 2, 3, 5, 7, 8, 9, 15, 17)
SIZE_OPS = ("reciprocal", "rsqrt", "pow3")
N_PACKET = {"float16": 1024, "float32": 1024, "float64": 512}
N_TAIL = 252


def shim_ops():
    """op name -> tfshim.kernels.eigen_rcp function of x (imported lazily: recorder runs without it)."""
    import tfshim
    from tfshim.kernels import eigen_pow
    from tfshim.kernels import eigen_rcp as er

    return {
        "reciprocal": er.reciprocal,
        "rsqrt": er.rsqrt,
        "erfc": er.erfc,
        "gelu": lambda x: tfshim.nn.gelu(x, approximate=False).numpy(),  # composed of the ops above, as in TF
        "gelu_approx": lambda x: tfshim.nn.gelu(x, approximate=True).numpy(),
        "pow3": lambda x: eigen_pow.pow(x, np.asarray(3, x.dtype)),
    }


def table_inputs(exponents: tuple, index_bits: int) -> np.ndarray:
    """float32 inputs hitting every table entry (top ``index_bits`` mantissa bits) at each biased
    exponent, with hashed (deterministic, RNG-free) low mantissa bits and alternating signs."""
    idx = np.arange(1 << index_bits, dtype=np.uint64)
    low_bits = 23 - index_bits
    low = (idx * np.uint64(2654435761)) & np.uint64((1 << low_bits) - 1)
    out = []
    for k, e in enumerate(exponents):
        sign = ((idx + np.uint64(k)) & np.uint64(1)) << np.uint64(31)
        out.append((sign | (np.uint64(e) << np.uint64(23)) | (idx << np.uint64(low_bits)) | low).astype(np.uint32))
    return np.concatenate(out).view(np.float32)


def rcp_table_inputs(exponents=(127, 253)) -> np.ndarray:
    return table_inputs(exponents, 11)


def rsqrt_table_inputs(exponents=(126, 127)) -> np.ndarray:
    x = table_inputs(exponents, 10)
    return np.abs(x)  # negative inputs only give the default NaN


def pow_y(dt, n: int) -> np.ndarray:
    return make_inputs(dt, n, seed=13)[:n]


def main() -> None:
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf

    data: dict[str, np.ndarray] = {}
    for dt in DTYPES:
        x = make_inputs(dt, N_PACKET[dt], seed=1)[: N_PACKET[dt]]
        xt = make_inputs(dt, N_TAIL, seed=2)[:N_TAIL]
        record_ops(tf, data, dt, OPS, x, xt)
        if dt != "float16":
            y = pow_y(dt, x.size)
            data[f"{dt}/powy"] = y
            data[f"{dt}/pow"] = tf.math.pow(tf.constant(x), tf.constant(y)).numpy()
        record_sizes(tf, data, dt, OPS, SIZE_OPS, SIZES, xt)
    data["table/reciprocal"] = tf_apply(tf, OPS["reciprocal"], rcp_table_inputs())
    data["table/rsqrt"] = tf_apply(tf, OPS["rsqrt"], rsqrt_table_inputs())
    save_goldens(GOLDEN_PATH, data, tf)


if __name__ == "__main__":
    main()
