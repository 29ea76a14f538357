"""The compiled kernels (tfshim/_kernels.c), twins of the NumPy emulations in this package.

tfshim uses them when the extension was built (``pip install`` with a C compiler) and ``TFSHIM_PURE=1`` is not
set; otherwise every kernel runs its NumPy emulation. Both give the same bits (tests/kernels/
test_compiled_twins.py); the compiled ones are 10-100x faster. ``tfshim doctor`` prints which path runs.
"""

from __future__ import annotations

import os
from typing import Any

lib: Any = None
eager: Any = None  # tfshim._eager: the dispatcher's per-op path (twins of op.py _eager_call, tensor.py _wrap, tape.py)
_why = ""
if os.environ.get("TFSHIM_PURE", "") == "1":
    _why = "TFSHIM_PURE=1"
else:
    try:
        from tfshim import _kernels as lib  # type: ignore[attr-defined, no-redef]
    except ImportError:
        _why = "the C extension tfshim._kernels is not built"
    else:
        # Process-wide (glibc only; skipped when MALLOC_* or GLIBC_TUNABLES is set): big temporaries stay in the
        # heap instead of one mmap and ~1,000 page faults per 4 MB op result (see tune_malloc in _kernels.c).
        lib.tune_malloc()
        try:
            from tfshim import _eager as eager  # type: ignore[attr-defined, no-redef]
        except ImportError:  # (an install from before it existed, or its build failed alone)
            eager = None

AVAILABLE = lib is not None


def describe() -> str:
    """Which kernels run: the compiled ones (and their instruction set) or the NumPy emulations, and why."""
    if lib is not None:
        path = "compiled dispatcher (tfshim._eager)" if eager is not None else "Python dispatcher"
        return f"compiled C kernels (tfshim._kernels, {lib.isa()}); {path}"
    return f"pure NumPy kernels ({_why})"
