"""Live differential test: softmax and the cross entropies vs real TensorFlow, bit for bit.

Skips unless TensorFlow is importable.  Covers the kernels of tfshim.kernels.eigen_softmax directly (both outputs
of SoftmaxCrossEntropyWithLogits and SparseSoftmaxCrossEntropyWithLogits, Softmax, LogSoftmax) on random
[batch, classes] shapes up to thousands of classes and rows, the public tf.nn functions with their tape
gradients, and Keras 3's (Sparse)CategoricalCrossentropy(from_logits=True) losses and gradients.  float32
Softmax is oneDNN's avx512_core kernel in TF (16 lanes): on a CPU where TF picks another oneDNN ISA (AVX2:
8 lanes) its sums differ in the last bits: there float32 Softmax is checked to the bound of two summation orders
(tests/differential/cpu_tables.py), and the goldens of test_eigen_softmax.py still check the reference's bits.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np
import pytest

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
tf = pytest.importorskip("tensorflow", reason="TensorFlow not installed: live TF comparison skipped")

import tfshim  # noqa: E402


def _resolve_real_keras() -> None:
    """Loads TF's Keras now, while tests/ (whose keras/ package shadows it on sys.path) is out of the way."""
    tests_dir = Path(__file__).resolve().parent.parent
    ours, saved = sys.modules.pop("keras", None), list(sys.path)
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != tests_dir]
    try:
        tf.keras.losses.CategoricalCrossentropy  # noqa: B018 - resolves TF's lazy keras loader
    finally:
        sys.path[:] = saved
        if ours is not None:
            sys.modules["keras"] = ours


_resolve_real_keras()

from tests.differential import cpu_tables  # noqa: E402

from .bitcheck import assert_bits_equal  # noqa: E402
from .record_eigen_softmax_goldens import (  # noqa: E402
    OUTPUTS,
    log_probe_inputs,
    probe_inputs,
    shim_outputs,
    special_inputs,
    tf_outputs,
)

DTYPES = ("float16", "float32", "float64")


def random_cases(seed: int, n: int):
    """(logits, labels, sparse labels): shapes from 1x1 to thousands of rows or classes, incl. class counts
    around Eigen's tiling blocks (1777 / 2539 / 4507 / 5079 / 6464) and reduction-tree leaves (> 1600 / 4096 /
    8192), logits of scale 0.5 to 40 (underflowing exp)."""
    rng = np.random.default_rng(seed)
    special = (1777, 1778, 2539, 2540, 4096, 4507, 4508, 5079, 5080, 6464, 6465, 8192)
    for i in range(n):
        dt = DTYPES[i % 3]
        r = rng.random()
        if r < 0.25:
            k, b = int(rng.choice(special)) + int(rng.integers(-9, 10)), int(rng.integers(1, 6))
        elif r < 0.5:
            k, b = int(rng.integers(1, 64)), int(rng.integers(1, 4000))
        else:
            k = int(rng.integers(1, 3000))
            b = int(rng.integers(1, max(2, 200_000 // k)))
        x = (rng.uniform(0.5, 40) * rng.standard_normal((b, k))).astype(dt)
        labels = rng.random((b, k)).astype(dt)
        yield x, labels, rng.integers(0, k, b).astype(np.int32)


@pytest.mark.parametrize("seed", [1, 2])
def test_kernels_random_shapes(seed):
    for x, labels, sparse in random_cases(seed, 24):
        for name, got, want in zip(OUTPUTS, shim_outputs(x, labels, sparse), tf_outputs(tf, x, labels, sparse)):
            if name == "softmax" and x.dtype == np.float32 and not cpu_tables.tf_uses_reference_isa(tf):
                # each output is exp / (a sum of k exponentials): relative to itself, the sum's bound
                magnitude = np.maximum(np.abs(got), np.abs(want))
                cpu_tables.assert_within_sum_bound(got, want, magnitude, x.shape[1], f"softmax {x.shape}")
                continue
            assert_bits_equal(got, want, f"{name} {x.dtype} {x.shape}")


@pytest.mark.parametrize("dt", DTYPES)
def test_kernels_probes_and_specials(dt):
    for inputs, nan_bits in ((probe_inputs, True), (log_probe_inputs, True), (special_inputs, False)):
        args = inputs(dt)
        for name, got, want in zip(OUTPUTS, shim_outputs(*args), tf_outputs(tf, *args)):
            assert_bits_equal(got, want, f"{inputs.__name__} {name} {dt}", nan_bits=nan_bits)


def _losses(mod, logits, labels, sparse, kind: str):
    """The loss under test, computed under `mod` (tf or tfshim)."""
    if kind == "xent":
        return mod.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    if kind == "sparse":
        return mod.nn.sparse_softmax_cross_entropy_with_logits(labels=sparse, logits=logits)
    if kind == "keras_sparse":
        return mod.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(sparse, logits)
    return mod.keras.losses.CategoricalCrossentropy(from_logits=True)(labels, logits)


def _tape(mod, x, labels, sparse, kind: str):
    logits, lab = mod.constant(x), mod.constant(labels)
    with mod.GradientTape(persistent=True) as tape:
        tape.watch([logits, lab])
        loss = _losses(mod, logits, lab, mod.constant(sparse), kind)
        mean = mod.reduce_mean(loss)
    out = [loss, *tape.gradient(loss, [logits, lab]), tape.gradient(mean, logits)]
    return [None if t is None else t.numpy() for t in out]


@pytest.mark.parametrize("kind", ["xent", "sparse", "keras_sparse", "keras_categorical"])
def test_public_losses_and_tape_gradients(kind):
    rng = np.random.default_rng(7)
    for i, (b, k) in enumerate([(1, 2), (4, 3), (32, 10), (64, 1000), (7, 2600), (500, 17), (2, 9000)]):
        dt = DTYPES[i % 3] if kind.startswith("keras") else DTYPES[(i + len(kind)) % 3]
        x = (rng.uniform(1, 10) * rng.standard_normal((b, k))).astype(dt)
        labels = rng.random((b, k)).astype(dt)
        labels /= labels.sum(axis=1, keepdims=True)
        sparse = rng.integers(0, k, b).astype(np.int32)
        want, got = _tape(tf, x, labels, sparse, kind), _tape(tfshim, x, labels, sparse, kind)
        for what, g, w in zip(("loss", "d/dlogits", "d/dlabels", "d mean/dlogits"), got, want):
            assert (g is None) == (w is None), f"{kind} {what}: tfshim {g!r}, TF {w!r}"
            if w is not None:
                assert_bits_equal(g, w, f"{kind} {what} {dt} {(b, k)}")
