"""Regenerate ``_TABLES_B64`` in tfshim/kernels/eigen_rcp.py from this CPU's VRCPPS / VRSQRTPS.

Build-time tool only (needs gcc and an x86-64 CPU with AVX)::

    python tools/gen_eigen_rcp_tables.py          # print the constant
    python tools/gen_eigen_rcp_tables.py --check  # compare with the one shipped in eigen_rcp.py

It compiles tools/eigen_rcp_tables.c, which reads the approximation tables from the hardware and
verifies on all 2^32 float inputs (default MXCSR and FTZ|DAZ) that the table model of
eigen_rcp._rcpps / _rsqrtps reproduces the instructions bit for bit (takes ~15 s).

Encoding: the 4096 12-bit result mantissas (2048 for rcp on [1, 2), 1024 for rsqrt on [1, 2),
1024 on [0.5, 1)) as little-endian uint16 deltas (the tables are monotonic), zlib, base64.
"""

from __future__ import annotations

import base64
import os
import subprocess
import sys
import tempfile
import textwrap
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def read_hw_tables() -> np.ndarray:
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "eigen_rcp_tables")
        subprocess.run(["gcc", "-O2", "-mavx", os.path.join(HERE, "eigen_rcp_tables.c"), "-o", exe], check=True)
        out = subprocess.run([exe], check=True, capture_output=True, text=True).stdout
    rows = {line.split()[0]: [int(v, 16) for v in line.split()[1:]] for line in out.splitlines()}
    return np.array(rows["rcp"] + rows["rsqrt_odd"] + rows["rsqrt_even"], dtype=np.uint16)


def encode(tables: np.ndarray) -> str:
    deltas = np.diff(tables.astype(np.int32), prepend=0).astype(np.uint16)
    return base64.b64encode(zlib.compress(deltas.astype("<u2").tobytes(), 9)).decode()


def main() -> None:
    tables = read_hw_tables()
    b64 = encode(tables)
    if "--check" in sys.argv:
        sys.path.insert(0, os.path.dirname(HERE))
        from tfshim.kernels import eigen_rcp

        same = np.array_equal(eigen_rcp._decode_tables(eigen_rcp._TABLES_B64), tables)
        print("shipped tables match this CPU" if same else "shipped tables DIFFER from this CPU")
        sys.exit(0 if same else 1)
    print("_TABLES_B64 = (")
    for line in textwrap.wrap(b64, 100):
        print(f'    "{line}"')
    print(")")


if __name__ == "__main__":
    main()
