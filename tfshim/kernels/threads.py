"""TF's intra-op thread pool size: how many shards its CPU kernels split work into (for reductions, the bits).

TF sizes the pool once, when its eager context starts (``port::MaxParallelism``: the CPUs this process may run
on); tfshim reads the same number once.
"""

from __future__ import annotations

import functools
import os


@functools.cache
def intra_op_threads() -> int:
    """The schedulable CPUs, read once (os.sched_getaffinity costs ~1 us, and kernels ask on every call)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1
