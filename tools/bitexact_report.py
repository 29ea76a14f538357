"""Print, per elementwise op and dtype, how often plain NumPy and tfshim differ from TF 2.21 bit for bit.

Run under a Python that has TensorFlow (the oracle)::

    PYTHONPATH=. ~/.cache/tfshim-tf-oracle/bin/python tools/bitexact_report.py [--markdown]

"NumPy" is the obvious NumPy formula for the op (tests/differential/bitexact.py), evaluated in the input dtype;
"tfshim" is the public op.  Rates are over the >= 100,000 packet-path inputs plus the scalar-path tensors of
test_bitexact_vs_tf.py; NaN results count as equal when both are NaN (NaN bits are reported separately).
"""

from __future__ import annotations

import os
import sys
import warnings

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import tensorflow as tf  # noqa: E402

import tfshim  # noqa: E402
from tests.differential import bitexact as bx  # noqa: E402


def _rate(want: np.ndarray, got: np.ndarray) -> tuple[float, int]:
    bad, nan_bad = bx.mismatch(want, got)
    return 100.0 * bad.mean(), int(nan_bad.sum())


def main() -> None:
    md = "--markdown" in sys.argv
    rows = []
    cases = [(n, 1, f, b) for n, (f, b) in bx.UNARY.items()] + [(n, 2, f, b) for n, (f, b) in bx.BINARY.items()]
    for name, arity, fn, base in cases:
        for dtype in bx.DTYPES:
            xs = [bx.inputs(dtype, seed) for seed in (11, 13)[:arity]]
            try:
                want = np.asarray(fn(tf, *xs).numpy())
            except Exception as e:  # noqa: BLE001 - TF has no kernel for this dtype
                rows.append((name, dtype, f"TF: {type(e).__name__}", "", ""))
                continue
            got = np.asarray(fn(tfshim, *xs).numpy())
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                plain = np.asarray(base(*xs)).astype(want.dtype)
            before, _ = _rate(want, plain)
            after, nan_bits = _rate(want, got)
            rows.append((name, dtype, f"{before:.3f}%", f"{after:.3f}%", str(nan_bits)))
    head = ("op", "dtype", "NumPy vs TF", "tfshim vs TF", "NaNs with other bits")
    if md:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        for r in rows:
            print("| " + " | ".join(r) + " |")
    else:
        for r in (head, *rows):
            print(f"{r[0]:24} {r[1]:8} {r[2]:>14} {r[3]:>14} {r[4]:>8}")


if __name__ == "__main__":
    main()
