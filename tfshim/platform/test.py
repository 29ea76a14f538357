"""tf.test's device queries (TF: python/platform/test.py, python/framework/test_util.py).

tfshim is a CPU-only NumPy runtime: it has no GPU, CUDA, ROCm or XLA support, and says so as TF's CPU build does
(TF's CPU wheel reports XLA as built in; tfshim compiles nothing, so it answers False).
"""

from __future__ import annotations

import sys

from tfshim.util import tf_logging
from tfshim.util.tf_export import tf_export


def _log_deprecated(name: str, module: str, instructions: str, warn_once: bool = False) -> None:
    """TF's `deprecation.deprecated` warning, logged once per call site as TF does (once per function where TF's
    decorator has warn_once=True)."""
    caller = sys._getframe(2)
    key = ("deprecated", name) if warn_once else ("deprecated", name, caller.f_code, caller.f_lineno)
    if tf_logging._counts.get(key):
        return
    tf_logging._counts[key] = 1
    tf_logging.get_logger().warning(
        f"From {caller.f_code.co_filename}:{caller.f_lineno}: {name} (from {module}) is deprecated and will be "
        f"removed in a future version.\nInstructions for updating:\n{instructions}")


@tf_export("test.is_gpu_available")
def is_gpu_available(cuda_only: bool = False, min_cuda_compute_capability: tuple | None = None) -> bool:
    """False: tfshim has no GPU. Deprecated in TF, with TF's warning."""
    _log_deprecated("is_gpu_available", "tensorflow.python.framework.test_util",
                    "Use `tf.config.list_physical_devices('GPU')` instead.")
    return False


@tf_export("test.gpu_device_name")
def gpu_device_name() -> str:
    """The name of a GPU device: "" as there is none."""
    return ""


@tf_export("test.is_built_with_cuda")
def is_built_with_cuda() -> bool:
    return False


@tf_export("test.is_built_with_rocm")
def is_built_with_rocm() -> bool:
    return False


@tf_export("test.is_built_with_gpu_support")
def is_built_with_gpu_support() -> bool:
    return False


@tf_export("test.is_built_with_xla")
def is_built_with_xla() -> bool:
    """False: tfshim has no XLA compiler (TF's CPU wheel answers True)."""
    return False


@tf_export("test.is_cpu_target_available")
def is_cpu_target_available(target: str) -> bool:
    """Whether TF's compiler can target the CPU architecture `target`; tfshim compiles nothing."""
    return False
