"""TF's floating-point environment: every TF CPU kernel runs with denormals flushed to zero.

TF wraps kernels in `port::ScopedFlushDenormal`, which sets MXCSR's FTZ (results) and DAZ (inputs)
bits: `tf.constant(0.0) + 1e-40` is 0.0 and `1e-40 == 0.0` is True in TF. tfshim sets the same
bits around each kernel with glibc's fesetenv (two C calls, ~1 us). Where that is unavailable
(non-x86 or non-glibc), kernels run unflushed: a documented difference (compat/DIFFERENCES.md).
"""

from __future__ import annotations

import ctypes
import functools
import platform
import threading

from tfshim.kernels import native

_MXCSR_OFFSET = 28  # offsetof(fenv_t, __mxcsr) in glibc's x86-64 fenv_t


def _load_libm() -> ctypes.CDLL | None:
    """The C math library: glibc's by its soname first, as `ctypes.util.find_library` runs ldconfig and a compiler
    in subprocesses (tens of milliseconds of `import tfshim`)."""
    try:
        return ctypes.CDLL("libm.so.6")
    except OSError:  # pragma: no cover - not glibc
        from ctypes.util import find_library

        name = find_library("m")
        try:
            return ctypes.CDLL(name) if name else None
        except OSError:
            return None


LIBM = _load_libm()
AVAILABLE = False
_fesetenv = None
_fegetenv = None
if LIBM is not None and platform.machine() in ("x86_64", "AMD64") and platform.system() == "Linux":
    try:
        _fegetenv, _fesetenv = LIBM.fegetenv, LIBM.fesetenv
        AVAILABLE = True
    except AttributeError:  # pragma: no cover - exotic libc
        AVAILABLE = False


class _Envs(threading.local):
    """Per thread: the environment seen on first use, and the same with FTZ|DAZ set.

    Capturing it once keeps a kernel call to two fesetenv calls; it assumes the program does
    not change MXCSR (rounding mode, flags) itself while tfshim runs ops.
    """

    def __init__(self) -> None:
        self.saved = (ctypes.c_uint8 * 32)()
        _fegetenv(self.saved)
        self.flushing = (ctypes.c_uint8 * 32).from_buffer_copy(self.saved)
        self.flushing[_MXCSR_OFFSET] |= 0x40  # DAZ
        self.flushing[_MXCSR_OFFSET + 1] |= 0x80  # FTZ
        self.depth = 0
        self.csr = 0


_envs = _Envs() if AVAILABLE else None


# The compiled kernels' MXCSR switch (a register read and write) where built: ~20x cheaper than fesetenv by ctypes.
_lib = native.lib if AVAILABLE and native.AVAILABLE else None


def enter() -> None:
    """Sets FTZ|DAZ for the current thread (nestable)."""
    e = _envs
    if e.depth == 0:
        if _lib is not None:
            e.csr = _lib.mxcsr_enter()
        else:
            _fesetenv(e.flushing)
    e.depth += 1


def exit() -> None:  # noqa: A001 - pairs with enter()
    e = _envs
    e.depth -= 1
    if e.depth == 0:
        if _lib is not None:
            _lib.mxcsr_restore(e.csr)
        else:
            _fesetenv(e.saved)


_C_DEPTH = _lib is not None and hasattr(_lib, "fp_push")
if _C_DEPTH:
    # The depth and the saved MXCSR kept per thread in C: one builtin call each (~0.05 us against ~0.25 us)
    enter = _lib.fp_push  # noqa: F811
    exit = _lib.fp_pop  # noqa: A001, F811


class flush_denormals:  # noqa: N801 - used like a function
    """Context manager: run the body with FTZ|DAZ set (no-op if already set or unavailable)."""

    __slots__ = ()

    def __enter__(self) -> None:
        if AVAILABLE:
            enter()

    def __exit__(self, *exc: object) -> None:
        if AVAILABLE:
            exit()


class unflushed:  # noqa: N801 - used like a function
    """Context manager: the body runs without FTZ|DAZ even inside a kernel.

    For the ctypes conversions around a C library call: Python float -> C float must not flush a
    subnormal argument that TF's kernel hands to glibc untouched."""

    __slots__ = ()

    def __enter__(self) -> None:
        if _C_DEPTH:
            _lib.fp_unflushed(1)
        elif AVAILABLE and _envs.depth:
            _fesetenv(_envs.saved)

    def __exit__(self, *exc: object) -> None:
        if _C_DEPTH:
            _lib.fp_unflushed(0)
        elif AVAILABLE and _envs.depth:
            _fesetenv(_envs.flushing)


# NumPy's warnings (overflow, division by zero, invalid) are silenced inside kernels: TF returns
# inf/nan quietly. Setting NumPy's error-state context variable directly costs a tenth of
# `np.errstate`; NumPy < 2 has no such variable and takes the np.seterr path.
try:
    from numpy._core import _ufunc_config as _uc

    _ERRSTATE_VAR = _uc._extobj_contextvar
    _IGNORE_ALL = _uc._make_extobj(all="ignore")
except (ImportError, AttributeError):  # NumPy 1.x
    _ERRSTATE_VAR = None


def quiet() -> object:
    """Silences NumPy floating-point warnings; returns the token for unquiet()."""
    if _ERRSTATE_VAR is not None:
        return _ERRSTATE_VAR.set(_IGNORE_ALL)
    import numpy as np

    return np.seterr(all="ignore")


def unquiet(token: object) -> None:
    if _ERRSTATE_VAR is not None:
        _ERRSTATE_VAR.reset(token)  # type: ignore[arg-type]
    else:
        import numpy as np

        np.seterr(**token)  # type: ignore[arg-type]


if _ERRSTATE_VAR is not None:
    # The same two switches as the context variable's own C methods: no Python frame around them (per op, ~0.2 us).
    quiet = functools.partial(_ERRSTATE_VAR.set, _IGNORE_ALL)  # noqa: F811
    unquiet = _ERRSTATE_VAR.reset  # noqa: F811


class kernel_env:  # noqa: N801 - used like a function
    """Context manager: the state Op.__call__ runs every kernel in (NumPy's warnings off, FTZ|DAZ on), for kernel
    code that may also run outside it. Inside a kernel it costs two counter steps and a context-variable switch,
    a third of ``np.errstate(all="ignore")`` plus ``flush_denormals()``."""

    __slots__ = ("token",)

    def __enter__(self) -> None:
        self.token = quiet()
        if AVAILABLE:
            enter()

    def __exit__(self, *exc: object) -> None:
        if AVAILABLE:
            exit()
        unquiet(self.token)
