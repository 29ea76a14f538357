"""tf.linalg.LinearOperatorCirculant, Circulant2D and Circulant3D (TF: linear_operator_circulant.py).

A circulant operator is diagonal in the Fourier basis: it is given by its spectrum (the FFT of its convolution
kernel), and matmul/solve run FFT, multiply/divide by the spectrum, inverse FFT, as TF's do. The 2D and 3D
operators are block circulant with circulant blocks (FFT over the last 2 or 3 spectrum dimensions).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.framework.tensor_shape import TensorShape
from tfshim.ops.linalg.linear_operator import LinearOperator, ops, static_shape
from tfshim.ops.linalg.linear_operator_full_matrix import as_operand
from tfshim.util.tf_export import tf_export


def _to_complex(x: Tensor) -> Tensor:
    m = ops()[3]
    return m.cast(x, dtypes.complex128 if x.dtype in (dtypes.float64, dtypes.complex128) else dtypes.complex64)


def _fft(x: Tensor, depth: int, inverse: bool = False) -> Tensor:
    from tfshim.ops.signal import fft_ops

    fn = {(1, False): fft_ops.fft, (2, False): fft_ops.fft2d, (3, False): fft_ops.fft3d,
          (1, True): fft_ops.ifft, (2, True): fft_ops.ifft2d, (3, True): fft_ops.ifft3d}[(depth, inverse)]
    return fn(_to_complex(x))


class _BaseLinearOperatorCirculant(LinearOperator):
    """The shared circulant machinery, parameterized by the block depth (1, 2 or 3)."""

    _tf_module = "tensorflow.python.ops.linalg.linear_operator_circulant"

    def __init__(self, spectrum: Any, block_depth: int, input_output_dtype: Any = dtypes.complex64,
                 is_non_singular: bool | None = None, is_self_adjoint: bool | None = None,
                 is_positive_definite: bool | None = None, is_square: bool = True, parameters: dict | None = None,
                 name: str = "LinearOperatorCirculant") -> None:
        if block_depth not in (1, 2, 3):
            raise ValueError(f"Argument `block_depth` must be one of [1, 2, 3]. Received: {block_depth}.")
        self._block_depth = block_depth
        self._spectrum = as_operand(spectrum)
        if self._spectrum.shape.ndims < block_depth:
            raise ValueError(f"Argument `spectrum` must have at least {block_depth} dimensions. "
                             f"Received: {self._spectrum}.")
        if not self._spectrum.dtype.is_complex:
            if is_self_adjoint is False:
                raise ValueError("A real spectrum always corresponds to a self-adjoint operator. Expected argument "
                                 "`is_self_adjoint` to be True when `spectrum.dtype.is_complex` = True. "
                                 f"Received: {is_self_adjoint}.")
            is_self_adjoint = True
        if is_square is False:
            raise ValueError("A [[nested] block] circulant operator is always square. Expected argument `is_square` "
                             f"to be True. Received: {is_square}.")
        super().__init__(dtype=dtypes.as_dtype(input_output_dtype), is_non_singular=is_non_singular,
                         is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite, is_square=True,
                         parameters=parameters, name=name)

    @property
    def block_depth(self) -> int:
        return self._block_depth

    @property
    def spectrum(self) -> Any:
        return self._spectrum

    @property
    def block_shape(self) -> TensorShape:
        return self._spectrum.shape[-self._block_depth:]

    def block_shape_tensor(self) -> Tensor:
        return convert_to_tensor(self.block_shape.as_list(), dtype=dtypes.int32)

    def _spec(self) -> Tensor:
        return convert_to_tensor(self._spectrum)

    def _shape(self) -> TensorShape:
        s = self._spectrum.shape
        n = int(np.prod(s[-self._block_depth:].as_list()))
        return s[:-self._block_depth].concatenate([n, n])

    def convolution_kernel(self, name: str = "convolution_kernel") -> Tensor:
        return ops()[3].cast(_fft(self._spec(), self._block_depth, inverse=True), self.dtype)

    def _apply(self, x: Tensor, adjoint: bool, adjoint_arg: bool, divide: bool) -> Tensor:
        """FFT x's columns (as blocks), multiply (or divide) by the spectrum, inverse FFT (TF's _matmul/_solve)."""
        a_ops, la, _, m = ops()
        x = la.adjoint(x) if adjoint_arg else x
        spectrum = _to_complex(self._spec())
        if adjoint:
            spectrum = m.conj(spectrum)
        if not divide:
            x = m.cast(x, spectrum.dtype)
        block = self.block_shape.as_list()
        batch = self.batch_shape.as_list()
        spec_mat = a_ops.reshape(spectrum, batch + [-1, 1])
        out_batch = list(np.broadcast_shapes(tuple(batch), tuple(static_shape(x)[:-2])))
        x = a_ops.broadcast_to(x, out_batch + static_shape(x)[-2:])
        spec_mat = a_ops.broadcast_to(spec_mat, out_batch + static_shape(spec_mat)[-2:])
        spectrum = a_ops.reshape(spec_mat, out_batch + block)
        rank = len(static_shape(x))
        vec = a_ops.transpose(x, [rank - 1] + list(range(rank - 1)))   # columns first
        vec = a_ops.reshape(vec, static_shape(vec)[:-1] + block)
        fx = _fft(vec, self._block_depth)
        y = _fft(fx / spectrum if divide else spectrum * fx, self._block_depth, inverse=True)
        y = a_ops.reshape(y, static_shape(y)[:-self._block_depth] + [int(np.prod(block))])
        y = a_ops.transpose(y, list(range(1, rank)) + [0])
        return m.cast(y, self.dtype)

    def _matmul(self, x: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        return self._apply(x, adjoint, adjoint_arg, divide=False)

    def _solve(self, rhs: Tensor, adjoint: bool = False, adjoint_arg: bool = False) -> Tensor:
        return self._apply(rhs, adjoint, adjoint_arg, divide=True)

    def _axes(self) -> list:
        return [-(i + 1) for i in range(self._block_depth)]

    def _determinant(self) -> Tensor:
        m = ops()[3]
        return m.cast(m.reduce_prod(self._spec(), axis=self._axes()), self.dtype)

    def _log_abs_determinant(self) -> Tensor:
        m = ops()[3]
        return m.cast(m.reduce_sum(m.log(m.abs(self._spec())), axis=self._axes()), self.dtype)

    def _trace(self) -> Tensor:
        m = ops()[3]
        rank = self._spectrum.shape.ndims
        axis = list(range(rank - self._block_depth, rank))
        re = m.reduce_sum(m.real(self._spec()), axis=axis)
        if not self.dtype.is_complex:
            return m.cast(re, self.dtype)
        im = ops()[0].zeros_like(re) if self.is_self_adjoint else m.reduce_sum(m.imag(self._spec()), axis=axis)
        return m.cast(m.complex(re, im), self.dtype)

    def _diag_part(self) -> Tensor:
        n = int(self.domain_dimension)
        ones = ops()[0].ones(self.shape[:-1].as_list(), dtype=self.dtype)
        return (self.trace() / ops()[3].cast(n, self.dtype))[..., None] * ones

    def _flat_spectrum(self) -> Tensor:
        s = static_shape(self._spec())
        return ops()[0].reshape(self._spec(), s[:-self._block_depth] + [int(np.prod(s[-self._block_depth:]))])

    def _eigvals(self) -> Tensor:
        return self._flat_spectrum()

    def _cond(self) -> Tensor:
        m = ops()[3]
        a = m.abs(self._flat_spectrum())
        return m.reduce_max(a, axis=-1) / m.reduce_min(a, axis=-1)

    def _same(self, spectrum: Tensor, **hints: Any) -> LinearOperator:
        cls = type(self)
        return cls(spectrum, **hints)

    def _linop_adjoint(self) -> LinearOperator:
        s = self._spec()
        return self._same(ops()[3].conj(s) if s.dtype.is_complex else s, is_non_singular=self.is_non_singular,
                          is_self_adjoint=self.is_self_adjoint, is_positive_definite=self.is_positive_definite,
                          is_square=True)

    def _linop_inverse(self) -> LinearOperator:
        return self._same(1. / self._spec(), is_non_singular=self.is_non_singular,
                          is_self_adjoint=self.is_self_adjoint, is_positive_definite=self.is_positive_definite,
                          is_square=True, input_output_dtype=self.dtype)


class _CirculantOfDepth(_BaseLinearOperatorCirculant):
    """The public circulant classes: TF's constructor signature over a fixed block depth."""

    _depth = 1

    def __init__(self, spectrum: Any, input_output_dtype: Any = dtypes.complex64, is_non_singular: bool | None = None,
                 is_self_adjoint: bool | None = None, is_positive_definite: bool | None = None,
                 is_square: bool = True, name: str | None = None) -> None:
        name = type(self).__name__ if name is None else name
        parameters = dict(spectrum=spectrum, input_output_dtype=input_output_dtype, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                          is_square=is_square, name=name)
        super().__init__(spectrum, block_depth=self._depth, input_output_dtype=input_output_dtype,
                         is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                         is_positive_definite=is_positive_definite, is_square=is_square, parameters=parameters,
                         name=name)


@tf_export("linalg.LinearOperatorCirculant")
class LinearOperatorCirculant(_CirculantOfDepth):
    """TF: tf.linalg.LinearOperatorCirculant, a circulant matrix given by its spectrum."""

    _depth = 1


@tf_export("linalg.LinearOperatorCirculant2D")
class LinearOperatorCirculant2D(_CirculantOfDepth):
    """TF: tf.linalg.LinearOperatorCirculant2D, block circulant with circulant blocks."""

    _depth = 2


@tf_export("linalg.LinearOperatorCirculant3D")
class LinearOperatorCirculant3D(_CirculantOfDepth):
    """TF: tf.linalg.LinearOperatorCirculant3D, block circulant with block circulant (circulant-block) blocks."""

    _depth = 3
