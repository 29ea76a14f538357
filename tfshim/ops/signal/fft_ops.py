"""tf.signal FFTs (TF: signal/fft_ops.py): fft/ifft 1-3D on complex tensors, rfft/irfft 1-3D, fftshift.

TF's CPU kernels run DUCC's FFT; tfshim runs tfshim.kernels.ducc_fft, a NumPy emulation of the same passes
in the tensor's precision, so values are TF's bit for bit under any NumPy version. Gradients are TF's:
FFT/IFFT (inverse transform times the size), RFFT/IRFFT and their 2-D forms (TF's _rfft_grad_helper /
_irfft_grad_helper); TF registers none for RFFT3D/IRFFT3D (LookupError), nor does tfshim.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import config, dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.kernels import ducc_fft
from tfshim.ops.op import KernelError, defop, disallowed_dtype, tf_export

_COMPLEX = (dtypes.complex64, dtypes.complex128)


def _threads() -> int | None:
    """TF's intra-op pool size (DUCC splits the rows of tensors >= 32768 elements among its threads)."""
    n = config.get_intra_op_parallelism_threads()
    return n if n > 0 else None


def _c2c(rank: int, inverse: bool) -> Any:
    def kernel(x: np.ndarray) -> Any:
        if x.ndim < rank:
            raise KernelError(errors.InvalidArgumentError, "Input must have rank of at least %d but got: [%s]"
                              % (rank, ",".join(map(str, x.shape))))
        if x.size == 0:
            return x.copy()
        axes = list(range(x.ndim - rank, x.ndim))
        # TF's DuccFftImpl: scale 1 forward, 1/prod(lengths) (a double, rounded for complex64) backward
        scale = 1.0 / float(np.prod(x.shape[-rank:], dtype=np.float64)) if inverse else 1.0
        return ducc_fft.c2c(np.ascontiguousarray(x), axes, not inverse, scale, _threads())

    return kernel


def _fit(x: np.ndarray, sizes: list[int]) -> np.ndarray:
    """The innermost len(sizes) dimensions cropped (TF's kernel) or zero-padded (TF's Python wrapper)."""
    rank = len(sizes)
    x = x[(Ellipsis,) + tuple(slice(0, s) for s in sizes)]
    pad = [(0, 0)] * (x.ndim - rank) + [(0, max(0, s - d)) for s, d in zip(sizes, x.shape[-rank:])]
    return np.pad(x, pad) if any(p[1] for p in pad) else x


def _r2c(rank: int) -> Any:
    def kernel(x: np.ndarray, fft_length: np.ndarray, Tcomplex: Any = None) -> Any:  # noqa: N803 - TF's attr
        if x.ndim < rank:
            raise KernelError(errors.InvalidArgumentError, "Input must have rank of at least %d but got: [%s]"
                              % (rank, ",".join(map(str, x.shape))))
        n = [int(v) for v in fft_length.reshape(-1)]
        x = np.ascontiguousarray(_fit(x, n), Tcomplex.real_dtype.as_numpy_dtype)
        if x.size == 0:
            shape = x.shape[:-1] + (n[-1] // 2 + 1 if n[-1] else 0,)
            return np.zeros(shape, Tcomplex.as_numpy_dtype)
        return ducc_fft.r2c(x, list(range(x.ndim - rank, x.ndim)), 1.0, _threads())

    return kernel


def _c2r(rank: int) -> Any:
    def kernel(x: np.ndarray, fft_length: np.ndarray, Treal: Any = None) -> Any:  # noqa: N803
        if x.ndim < rank:
            raise KernelError(errors.InvalidArgumentError, "Input must have rank of at least %d but got: [%s]"
                              % (rank, ",".join(map(str, x.shape))))
        n = [int(v) for v in fft_length.reshape(-1)]
        x = np.ascontiguousarray(_fit(x, n[:-1] + [n[-1] // 2 + 1]))
        shape = x.shape[:-1] + (n[-1],)
        if x.size == 0 or 0 in shape:
            return np.zeros(shape, Treal.as_numpy_dtype)
        # TF's DuccFftImpl: scale 1/prod(fft_length) as a double, rounded for float32
        scale = 1.0 / float(np.prod(n, dtype=np.float64))
        return ducc_fft.c2r(x, list(range(x.ndim - rank, x.ndim)), n[-1], scale, _threads())

    return kernel


FFT, IFFT = defop("FFT", _c2c(1, False)), defop("IFFT", _c2c(1, True))
FFT2D, IFFT2D = defop("FFT2D", _c2c(2, False)), defop("IFFT2D", _c2c(2, True))
FFT3D, IFFT3D = defop("FFT3D", _c2c(3, False)), defop("IFFT3D", _c2c(3, True))
RFFT, IRFFT = defop("RFFT", _r2c(1)), defop("IRFFT", _c2r(1))
RFFT2D, IRFFT2D = defop("RFFT2D", _r2c(2)), defop("IRFFT2D", _c2r(2))
RFFT3D, IRFFT3D = defop("RFFT3D", _r2c(3)), defop("IRFFT3D", _c2r(3))

_PAIRS = [(FFT, IFFT, 1), (FFT2D, IFFT2D, 2), (FFT3D, IFFT3D, 3)]


def _size(x: Tensor, rank: int) -> int:
    return int(np.prod(x._value.shape[-rank:], dtype=np.int64))


def _register(forward: Any, inverse: Any, rank: int) -> None:
    @forward.gradient
    def _fft_grad(op: Any, grad: Tensor) -> Tensor:
        """Returns ifft(grad) * size."""
        n = _wrap_as(np.asarray(_size(grad, rank), grad._value.dtype), grad._dtype)
        return inverse(grad) * n

    @inverse.gradient
    def _ifft_grad(op: Any, grad: Tensor) -> Tensor:
        """Returns fft(grad) / size."""
        n = _wrap_as(np.asarray(1.0 / _size(grad, rank), grad._value.dtype), grad._dtype)
        return forward(grad) * n


for _f, _i, _r in _PAIRS:
    _register(_f, _i, _r)


def _complex_input(op: Any, x: Any) -> Tensor:
    t = convert_to_tensor(x)
    if t.dtype not in _COMPLEX:
        raise disallowed_dtype(op.name, t.dtype, "Tcomplex")
    return t


def _real_input(x: Any) -> Tensor:
    """TF's _rfft_wrapper: float32 preferred (a float64 NumPy array becomes float32, as in TF)."""
    t = convert_to_tensor(x, dtype_hint=dtypes.float32)
    if t.dtype not in (dtypes.float32, dtypes.float64):
        raise ValueError("RFFT requires tf.float32 or tf.float64 inputs, got: %s" % t)
    return t


def _irfft_input(x: Any) -> Tensor:
    """TF's _irfft_wrapper: complex64 preferred."""
    t = convert_to_tensor(x, dtype_hint=dtypes.complex64)
    if t.dtype not in _COMPLEX:
        raise ValueError("IRFFT requires tf.complex64 or tf.complex128 inputs, got: %s" % t)
    return t


def _fft_length(x: Tensor, rank: int, fft_length: Any, inverse: bool) -> np.ndarray:
    if fft_length is None:
        dims = list(x._value.shape[-rank:])
        if inverse:
            dims[-1] = 2 * (dims[-1] - 1)
        return np.asarray(dims, np.int32)
    return np.asarray(fft_length._value if isinstance(fft_length, Tensor) else fft_length, np.int32).reshape(-1)


def _export(name: str, op: Any) -> Any:
    def fn(input: Any, name: Any = None) -> Tensor:  # noqa: A002
        return op(_complex_input(op, input))

    fn.__name__ = name
    fn.__doc__ = f"TF: tf.signal.{name} over the innermost dimensions of a complex tensor."
    return tf_export("signal." + name)(fn)


fft = _export("fft", FFT)
ifft = _export("ifft", IFFT)
fft2d = _export("fft2d", FFT2D)
ifft2d = _export("ifft2d", IFFT2D)
fft3d = _export("fft3d", FFT3D)
ifft3d = _export("ifft3d", IFFT3D)


def _pad_for_rfft(x: Tensor, lengths: np.ndarray, inverse: bool) -> Tensor:
    """TF's _maybe_pad_for_rfft: zero-pad the innermost dims up to fft_length (n//2+1 last, inverse)."""
    from tfshim.ops.array_ops import pad

    shape = x._value.shape
    rank = len(lengths)
    if 0 in shape or len(shape) < rank:
        return x
    target = [int(v) for v in lengths]
    if inverse:
        target[-1] = target[-1] // 2 + 1
    paddings = [[0, max(t - d, 0)] for t, d in zip(target, shape[-rank:])]
    if not any(p for _, p in paddings):
        return x
    return pad(x, [[0, 0]] * (len(shape) - rank) + paddings)


def _export_real(name: str, op: Any, rank: int, inverse: bool) -> Any:
    def fn(input_tensor: Any, fft_length: Any = None, name: Any = None) -> Tensor:
        if inverse:
            x = _irfft_input(input_tensor)
            x.shape.with_rank_at_least(rank)  # TF's wrapper checks the rank before any op (a ValueError)
            real = dtypes.float32 if x.dtype == dtypes.complex64 else dtypes.float64
            lengths = _fft_length(x, rank, fft_length, True)
            return op(_pad_for_rfft(x, lengths, True), convert_to_tensor(lengths), Treal=real)
        x = _real_input(input_tensor)
        x.shape.with_rank_at_least(rank)
        cplx = dtypes.complex64 if x.dtype == dtypes.float32 else dtypes.complex128
        lengths = _fft_length(x, rank, fft_length, False)
        return op(_pad_for_rfft(x, lengths, False), convert_to_tensor(lengths), Tcomplex=cplx)

    fn.__name__ = name
    fn.__doc__ = f"TF: tf.signal.{name} (fft_length defaults to the input's innermost sizes)."
    return tf_export("signal." + name)(fn)


rfft = _export_real("rfft", RFFT, 1, False)
irfft = _export_real("irfft", IRFFT, 1, True)
rfft2d = _export_real("rfft2d", RFFT2D, 2, False)
irfft2d = _export_real("irfft2d", IRFFT2D, 2, True)
rfft3d = _export_real("rfft3d", RFFT3D, 3, False)
irfft3d = _export_real("irfft3d", IRFFT3D, 3, True)


def _register_real(forward: Any, inverse: Any, rank: int, irfft_fn: Any, rfft_fn: Any) -> None:
    """TF's _rfft_grad_helper / _irfft_grad_helper (signal/fft_ops.py), for ranks 1 and 2."""
    from tfshim.ops import array_ops, math_ops
    from tfshim.ops.linalg_ops import matmul

    @forward.gradient
    def _rfft_grad(op: Any, grad: Any) -> Any:
        """Returns 0.5 * (irfft(grad) * size + real(terms for the bins Hermitian symmetry dropped))."""
        fft_length = op.inputs[1]
        cdt = grad.dtype
        input_shape = array_ops.shape(op.inputs[0])
        is_even = math_ops.cast(1 - (fft_length[-1] % 2), cdt)

        def ymask(length: Any) -> Tensor:
            return math_ops.cast(1 - 2 * (array_ops.range(length) % 2), cdt)

        y0 = grad[..., 0:1]
        ym = grad[..., -1:]
        if rank == 1:
            extra = y0 + is_even * ym * ymask(input_shape[-1])
        else:
            length = input_shape[-2]
            a = array_ops.tile(array_ops.expand_dims(array_ops.range(length), 0), (length, 1))
            b = array_ops.transpose(a, [1, 0])
            base = math_ops.exp(-2j * np.pi * math_ops.cast(a * b, cdt) / math_ops.cast(length, cdt))
            expanded = array_ops.reshape(base, array_ops.concat(
                [array_ops.ones([array_ops.rank(y0) - 2], dtypes.int32), array_ops.shape(base)], 0))
            tiled = array_ops.tile(expanded, array_ops.concat([array_ops.shape(y0)[:-2], [1, 1]], 0))
            extra = matmul(tiled, math_ops.conj(y0))
            ym_term = matmul(tiled, math_ops.conj(ym))
            inner = input_shape[-1]
            ym_term = array_ops.tile(ym_term, array_ops.concat(
                [array_ops.ones([array_ops.rank(grad) - 1], dtypes.int32), [inner]], 0)) * ymask(inner)
            extra += is_even * ym_term
        size = math_ops.cast(math_ops.reduce_prod(array_ops.shape(op.inputs[0])[-rank:]), cdt.real_dtype)
        return 0.5 * (irfft_fn(grad, fft_length) * size + math_ops.real(extra)), None

    @inverse.gradient
    def _irfft_grad(op: Any, grad: Tensor) -> Any:
        """Returns rfft(grad) * [1, 2, ..., 2(, 1)] / size."""
        fft_length = op.inputs[1]
        rdt = grad.dtype
        cdt = dtypes.complex64 if rdt == dtypes.float32 else dtypes.complex128
        is_odd = int(fft_length._value.reshape(-1)[-1]) % 2
        last = op.inputs[0]._value.shape[-1]
        mask = array_ops.concat([[1.0], 2.0 * array_ops.ones([last - 2 + is_odd], rdt),
                                 array_ops.ones([1 - is_odd], rdt)], 0)
        rsize = math_ops.reciprocal(math_ops.cast(math_ops.reduce_prod(array_ops.shape(grad)[-rank:]), rdt))
        return rfft_fn(grad, fft_length) * math_ops.cast(rsize * mask, cdt), None


_register_real(RFFT, IRFFT, 1, irfft, rfft)
_register_real(RFFT2D, IRFFT2D, 2, irfft2d, rfft2d)


def _shift(x: Any, axes: Any, sign: int) -> Tensor:
    from tfshim.ops.manip_ops import roll

    x = convert_to_tensor(x)
    shape = x._value.shape
    if axes is None:
        axes = list(range(len(shape)))
    elif isinstance(axes, int):
        axes = [axes]
    shift = [sign * (shape[a] // 2) for a in axes]
    return roll(x, shift, list(axes))


@tf_export("signal.fftshift")
def fftshift(x: Any, axes: Any = None, name: Any = None) -> Tensor:
    """TF: tf.signal.fftshift: the zero frequency moved to the center (a roll by size // 2)."""
    return _shift(x, axes, 1)


@tf_export("signal.ifftshift")
def ifftshift(x: Any, axes: Any = None, name: Any = None) -> Tensor:
    """TF: tf.signal.ifftshift, the inverse of fftshift."""
    return _shift(x, axes, -1)
