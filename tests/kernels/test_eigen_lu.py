"""Bitwise tests of tf.linalg.inv/det/slogdet/solve (tfshim.kernels.eigen_lu) against goldens recorded
from TF 2.21 (no TF needed).  Goldens come from ``tests/kernels/record_eigen_lu_goldens.py``."""

from __future__ import annotations

import json

import numpy as np
import pytest

import tfshim

from .bitcheck import load_goldens
from .record_eigen_lu_goldens import FAMILIES, cases, digest, matrices, rhs, run

CASES = [(dt, n) for dt, n, _ in cases()]


@pytest.fixture(scope="module")
def golden():
    g = load_goldens("eigen_lu")
    return dict(zip(g["keys"].tolist(), g["digests"])), dict(zip(g["det_keys"].tolist(), g["dets"])), g["__meta__"]


def test_metadata(golden):
    meta = json.loads(str(golden[2]))
    assert meta["tensorflow"].startswith("2.21") and meta["machine"] == "x86_64"


@pytest.mark.parametrize("dtype, n", CASES, ids=[f"{dt}-{n}" for dt, n in CASES])
def test_matches_tf(golden, dtype, n):
    """Every op on every matrix family: same values, signed zeros and errors as TF (NaN sign aside)."""
    digests, dets, _ = golden
    a = matrices(dtype, n)
    bad = []
    for key in (k for k in digests if k.startswith(f"{dtype}/{n}/")):
        op = key.rsplit("/", 1)[1]
        res = [run(tfshim, op, a[f], rhs(dtype, n, f)) for f in range(FAMILIES)]
        bad += [(op, f, res[f]) for f in range(FAMILIES) if digest(res[f]) != int(digests[key][f])]
        if op == "det" and f"{dtype}/{n}" in dets:
            np.testing.assert_array_equal(np.array([r[0] for r in res], np.float64), dets[f"{dtype}/{n}"])
    assert not bad, f"{len(bad)} results differ from TF's (op, family, tfshim result): {bad[:4]}"


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_batched_det_slogdet(golden, dtype):
    """A batch gives each matrix's own result (det and slogdet never raise)."""
    digests = golden[0]
    for n in (3, 9, 17):
        a = matrices(dtype, n).reshape(1, FAMILIES, n, n)
        d = tfshim.linalg.det(a).numpy()[0]
        sign, logdet = (t.numpy()[0] for t in tfshim.linalg.slogdet(a))
        for f in range(FAMILIES):
            assert digest((d[f : f + 1].reshape(()),)) == int(digests[f"{dtype}/{n}/det"][f])
            got = (sign[f : f + 1].reshape(()), logdet[f : f + 1].reshape(()))
            assert digest(got) == int(digests[f"{dtype}/{n}/slogdet"][f])
