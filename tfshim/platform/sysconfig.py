"""tf.sysconfig: how TF was built (TF: python/platform/sysconfig.py, build_info.py).

tfshim is not a C++ build of TF: it has no headers or `libtensorflow_framework` to compile custom ops against,
so the include/lib/flags queries raise NotImplementedError; the build information says what tfshim is.
"""

from __future__ import annotations

from tfshim.util.tf_export import tf_export
from tfshim.util.unimplemented import not_implemented

CXX11_ABI_FLAG = 1
CXX_VERSION = 201703
MONOLITHIC_BUILD = 0
tf_export("sysconfig.CXX11_ABI_FLAG").export_constant(__name__, "CXX11_ABI_FLAG")
tf_export("sysconfig.CXX_VERSION").export_constant(__name__, "CXX_VERSION")
tf_export("sysconfig.MONOLITHIC_BUILD").export_constant(__name__, "MONOLITHIC_BUILD")


@tf_export("sysconfig.get_build_info")
def get_build_info() -> dict[str, bool]:
    """TF's CPU build: no CUDA, ROCm or TensorRT."""
    return {"is_cuda_build": False, "is_rocm_build": False, "is_tensorrt_build": False}


def _no_native_library(api: str) -> NotImplementedError:
    err = not_implemented(api)
    err.args = (f"{err.args[0]} (tfshim has no C++ headers or libtensorflow_framework for custom ops)",)
    return err


@tf_export("sysconfig.get_include")
def get_include() -> str:
    raise _no_native_library("tf.sysconfig.get_include")


@tf_export("sysconfig.get_lib")
def get_lib() -> str:
    raise _no_native_library("tf.sysconfig.get_lib")


@tf_export("sysconfig.get_compile_flags")
def get_compile_flags() -> list[str]:
    raise _no_native_library("tf.sysconfig.get_compile_flags")


@tf_export("sysconfig.get_link_flags")
def get_link_flags() -> list[str]:
    raise _no_native_library("tf.sysconfig.get_link_flags")
