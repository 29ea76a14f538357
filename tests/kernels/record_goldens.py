"""Record bit-exact goldens for tfshim.kernels.eigen_math from real TensorFlow.

Run under the TF oracle python (``/work/shared/tools/tf-oracle``)::

    tf-oracle tests/kernels/record_goldens.py

It writes ``tests/kernels/goldens/eigen_math.npz``: for every op and dtype the
inputs and TF's outputs for (a) one big tensor (packet path) and (b) many
7-element tensors (scalar tail path), plus metadata on the CPU and TF build.
The input generators are shared with the live differential test.
"""

from __future__ import annotations

import json
import os
import platform
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "goldens", "eigen_math.npz")

DTYPES = ("float16", "float32", "float64")
# op name -> (tf expression as text, input domain tag)
OPS = {
    "exp": "tf.exp(x)",
    "log": "tf.math.log(x)",
    "tanh": "tf.tanh(x)",
    "sigmoid": "tf.sigmoid(x)",
    "log1p": "tf.math.log1p(x)",
    "expm1": "tf.math.expm1(x)",
    "sin": "tf.sin(x)",
    "cos": "tf.cos(x)",
    "softplus": "tf.nn.softplus(x)",
    "erf": "tf.math.erf(x)",
    "sqrt": "tf.sqrt(x)",
    "elu": "tf.nn.elu(x)",
    "selu": "tf.nn.selu(x)",
}


SIZE_OPS = ("exp", "log", "tanh", "sigmoid", "sin", "expm1")
SIZES = (1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33, 100)


def special_values(dt: np.dtype) -> np.ndarray:
    fi = np.finfo(dt)
    tiny = float(fi.tiny)
    sub = float(fi.smallest_subnormal)
    vals = [0.0, -0.0, np.inf, -np.inf, np.nan, -np.nan, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0,
            sub, -sub, tiny, -tiny, tiny * 0.75, -tiny * 0.75, float(fi.max), -float(fi.max),
            float(fi.eps), 88.72, 88.723, 88.7228, 89.0, -87.0, 87.0, -103.9, -104.0, -104.1,
            709.78, 709.79, -745.1, -745.6, 16.6355324, 7.90738964, -7.90738964, 17.714196,
            25966.0, 18838.0, 117435.99, 1e10, -1e10, 3.14159265, 1.5707963, 0.7853981,
            -15.9, -13.94, 13.94, -36.04, 4.0, -4.0, 11.0, 28.0, 1e-5, -1e-5, 1e-20, 65504.0,
            -65504.0, 6e-5, 6e-8, 1e30, -1e30, 1e300, -1e300]  # fmt: skip
    with np.errstate(over="ignore"):
        return np.array(vals, dtype=np.float64).astype(dt)


def make_inputs(dt, n: int, seed: int = 0) -> np.ndarray:
    """Inputs spanning the domain: bit patterns, several ranges, specials."""
    dt = np.dtype(dt)
    rng = np.random.default_rng(seed)
    if dt == np.float16:
        allbits = np.arange(65536, dtype=np.uint16).view(np.float16)
        reps = max(1, -(-n // 65536))
        body = np.concatenate([rng.permutation(allbits) for _ in range(reps)])
    else:
        ut = np.uint32 if dt == np.float32 else np.uint64
        q = n // 6
        bits = rng.integers(0, np.iinfo(ut).max, size=q, dtype=ut, endpoint=True).view(dt)
        parts = [
            bits,
            rng.uniform(-10, 10, q),
            rng.uniform(-120, 120, q),
            rng.uniform(-1e5, 1e5, q // 2),
            rng.uniform(-800, 800, q // 2),
            np.copysign(10.0 ** rng.uniform(-45, 6, q), rng.uniform(-1, 1, q)),
            rng.standard_normal(q),
        ]
        body = np.concatenate([p.astype(dt) for p in parts])
    x = np.concatenate([special_values(dt), body])
    m = -(-x.size // 8) * 8  # packet multiple
    x = np.resize(x, max(m, n - n % 8))
    return np.ascontiguousarray(x)


def tf_apply(tf, expr: str, x: np.ndarray) -> np.ndarray:
    return eval(expr, {"tf": tf, "x": tf.constant(x)}).numpy()  # noqa: S307


def tf_apply_tail(tf, expr: str, x: np.ndarray, width: int = 7) -> np.ndarray:
    """Evaluate x in tensors of `width` (< packet size) elements: scalar path."""
    out = np.empty_like(x)
    for i in range(0, x.size, width):
        out[i : i + width] = tf_apply(tf, expr, x[i : i + width])
    return out


def record_ops(tf, data: dict, dt: str, ops: dict, x: np.ndarray, xt: np.ndarray) -> None:
    """``<dt>/x``, ``<dt>/xtail`` and per op ``<dt>/<op>`` (x as one tensor: packet path) and
    ``<dt>/<op>/tail`` (xt as 7-element tensors: scalar path)."""
    data[f"{dt}/x"] = x
    data[f"{dt}/xtail"] = xt
    for name, expr in ops.items():
        data[f"{dt}/{name}"] = tf_apply(tf, expr, x)
        data[f"{dt}/{name}/tail"] = tf_apply_tail(tf, expr, xt)


def record_sizes(tf, data: dict, dt: str, ops: dict, names, sizes, x: np.ndarray) -> None:
    """Sizes around the packet width, a 2-D and a 0-d tensor: per op in ``names``, ``sizes/<dt>/<op>/<n>``
    (x[:n] for n in ``sizes``), ``sizes/<dt>/<op>/2d`` (x[:63] as 7 x 9) and ``sizes/<dt>/<op>/0d`` (x[5])."""
    for name in names:
        for n in sizes:
            data[f"sizes/{dt}/{name}/{n}"] = tf_apply(tf, ops[name], x[:n])
        data[f"sizes/{dt}/{name}/2d"] = tf_apply(tf, ops[name], x[:63].reshape(7, 9))
        data[f"sizes/{dt}/{name}/0d"] = tf_apply(tf, ops[name], x[5])


def metadata(tf) -> dict:
    flags = ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name") and not flags:
                    model = line.split(":", 1)[1].strip()
                if line.startswith("flags"):
                    flags = " ".join(t for t in line.split(":", 1)[1].split() if t.startswith(("avx", "fma", "sse4")))
                    break
    except OSError:
        model = "unknown"
    return {
        "tensorflow": tf.__version__,
        "numpy": np.__version__,
        "cpu_model": model,
        "cpu_flags": flags,
        "machine": platform.machine(),
        "libc": " ".join(platform.libc_ver()),
        "python": sys.version.split()[0],
    }


def save_goldens(path: str, data: dict, tf) -> None:
    """Write ``data`` plus ``__meta__`` (``metadata(tf)`` as JSON) to the compressed .npz ``path``; print both."""
    meta = metadata(tf)
    data["__meta__"] = np.array(json.dumps(meta))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    np.savez_compressed(path, **data)
    print(json.dumps(meta))
    print("wrote", path, os.path.getsize(path), "bytes")


def main() -> None:
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf

    data: dict[str, np.ndarray] = {}
    n_packet = {"float16": 8192, "float32": 4096, "float64": 2048}
    n_tail = 504
    for dt in DTYPES:
        x = make_inputs(dt, n_packet[dt], seed=1)
        xt = make_inputs(dt, n_tail, seed=2)[:n_tail]
        record_ops(tf, data, dt, OPS, x, xt)
    # Shape / position dependence: sizes around the packet width and 0-d.
    for dt in ("float32", "float64"):
        xs = make_inputs(dt, 200, seed=3)[:200]
        data[f"sizes/{dt}/x"] = xs
        record_sizes(tf, data, dt, OPS, SIZE_OPS, SIZES, xs)
    save_goldens(GOLDEN_PATH, data, tf)


if __name__ == "__main__":
    main()
