"""Builds tfshim's optional C extensions, tfshim._kernels (tfshim/_kernels.c: the kernels) and tfshim._eager
(tfshim/_eager.c: the dispatcher's per-op path); all other metadata is in pyproject.toml.

Where no C compiler works the build goes on without it (a one-line notice) and tfshim runs its NumPy kernels.
TFSHIM_PURE=1 at build time leaves the extension out: a pure py3-none-any wheel.
"""

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """build_ext that never fails the install: without a working compiler tfshim is the pure package."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # noqa: BLE001 - any compiler/toolchain failure
            self._notice(e)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as e:  # noqa: BLE001
            self._notice(e)

    @staticmethod
    def _notice(e: Exception) -> None:
        msg = (str(e).strip().splitlines() or [type(e).__name__])[-1]
        msg = msg if len(msg) <= 100 else msg[:97] + "..."
        print(f"tfshim: C extension not built ({type(e).__name__}: {msg}); installing the pure NumPy package",
              file=sys.stderr)


def _args() -> list:
    if sys.platform == "win32":
        return ["/O2", "/fp:precise"]
    # -ffp-contract=off: no multiply-add is fused unless written as one (Eigen's pmadd rounds twice on TF's
    # build); -fno-trapping-math lets the compiler vectorise the selects (values are unchanged).
    return ["-O3", "-g0", "-std=c99", "-ffp-contract=off", "-fno-math-errno", "-fno-trapping-math"]


def _extensions() -> list:
    """Both extensions; tfshim._eager also reads and makes 0-d arrays through NumPy's C API, so it needs NumPy's
    headers (pyproject.toml's build requirements install NumPy; its default target API runs under NumPy 1.26 and
    2.x alike). Without them it is left out, with the notice, and tfshim runs the Python dispatcher."""
    exts = [Extension("tfshim._kernels", ["tfshim/_kernels.c"], extra_compile_args=_args())]
    try:
        import numpy
    except ImportError:
        print("tfshim: NumPy's headers are not available at build time; tfshim._eager is not built (the Python "
              "dispatcher runs)", file=sys.stderr)
        return exts
    return exts + [Extension("tfshim._eager", ["tfshim/_eager.c"], include_dirs=[numpy.get_include()],
                             extra_compile_args=_args())]


pure = os.environ.get("TFSHIM_PURE", "") == "1"
setup(
    ext_modules=[] if pure else _extensions(),
    cmdclass={"build_ext": OptionalBuildExt},
)
