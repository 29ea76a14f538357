"""Special functions (TF: python/ops/special_math_ops.py, the Erfinv/Ndtri/Igamma/Betainc ops of math_ops.py) and
approximate top-k (TF: nn_ops.approx_max_k / approx_min_k, gen_nn_ops.approx_top_k).

Each op is declared once with its kernel (kernels/eigen_bessel.py, kernels/eigen_special.py,
kernels/tf_special_misc.py: bit-exact emulations of TF's CPU kernels) and its gradient from TF's math_grad.py.
"""

from __future__ import annotations

import collections
from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor, match_inputs
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.kernels import eigen_bessel, eigen_special, tf_special_misc
from tfshim.ops.array_ops import SelectV2, _topk_grad, _topk_kernel
from tfshim.ops.math_ops import (
    AddV2,
    Cos,
    Exp,
    Lgamma,
    Log,
    Mul,
    Neg,
    RealDiv,
    Reciprocal,
    Sign,
    Sin,
    Square,
    Sub,
    Xlog1py,
    Xlogy,
    _const,
    binary,
    reduce_to_shape,
    unary,
)
from tfshim.ops.op import (
    KERNELS,
    KernelError,
    as_called,
    defop,
    error_suffix,
    make_bool,
    make_float,
    make_int,
    op_def,
    run_op,
    tf_export,
)
from tfshim.util import dispatch

# ===== inverse error function, inverse normal CDF =====

Erfinv = defop("Erfinv", eigen_special.erfinv)
Ndtri = defop("Ndtri", eigen_special.ndtri)


@Erfinv.gradient
def _erfinv_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * sqrt(pi) / 2 * exp(erfinv(x)**2)."""
    return Mul(Mul(grad, _const(np.sqrt(np.pi) / 2, grad)), Exp(Square(op.outputs[0])))


@Ndtri.gradient
def _ndtri_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * sqrt(2 * pi) * exp(ndtri(x)**2 / 2)."""
    y = op.outputs[0]
    return Mul(Mul(grad, _const(np.sqrt(2 * np.pi), grad)), Exp(RealDiv(Square(y), _const(2.0, y))))


@tf_export("math.erfinv")
def erfinv(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.erfinv (Erfinv): ndtri(x/2 + 1/2) / sqrt(2), Eigen's scalar_erfinv_op."""
    return unary(Erfinv, x)


@tf_export("math.ndtri")
def ndtri(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.ndtri (Ndtri): the inverse of the standard normal CDF (Eigen's generic_ndtri, Cephes)."""
    return unary(Ndtri, x)


@tf_export("math.erfcinv")
def erfcinv(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.erfcinv: -ndtri(x/2) * sqrt(1/2), composed as TF composes it."""
    x = convert_to_tensor(x)
    return -ndtri(0.5 * x) * np.sqrt(0.5)


# ===== Bessel functions (kernels/eigen_bessel.py) =====

BesselI0 = defop("BesselI0", eigen_bessel.bessel_i0)
BesselI0e = defop("BesselI0e", eigen_bessel.bessel_i0e)
BesselI1 = defop("BesselI1", eigen_bessel.bessel_i1)
BesselI1e = defop("BesselI1e", eigen_bessel.bessel_i1e)
BesselK0 = defop("BesselK0", eigen_bessel.bessel_k0)
BesselK0e = defop("BesselK0e", eigen_bessel.bessel_k0e)
BesselK1 = defop("BesselK1", eigen_bessel.bessel_k1)
BesselK1e = defop("BesselK1e", eigen_bessel.bessel_k1e)
BesselJ0 = defop("BesselJ0", eigen_bessel.bessel_j0)
BesselJ1 = defop("BesselJ1", eigen_bessel.bessel_j1)
BesselY0 = defop("BesselY0", eigen_bessel.bessel_y0)
BesselY1 = defop("BesselY1", eigen_bessel.bessel_y1)


def _at_zero(x: Tensor, value: float, elsewhere: Tensor) -> Tensor:
    """where_v2(equal(x, 0.), cast(value, x.dtype), elsewhere): TF's imputed gradient at 0."""
    from tfshim.ops.math_ops import Equal

    return SelectV2(Equal(x, _const(0.0, x)), _const(value, x), elsewhere)


@BesselI0.gradient
def _bessel_i0_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * i1(x)."""
    return Mul(grad, BesselI1(op.inputs[0]))


@BesselI0e.gradient
def _bessel_i0e_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * (i1e(x) - sign(x) * i0e(x))."""
    x, y = op.inputs[0], op.outputs[0]
    return Mul(grad, Sub(BesselI1e(x), Mul(Sign(x), y)))


@BesselI1.gradient
def _bessel_i1_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * (i0(x) - i1(x) / x), 1 at x = 0."""
    x, y = op.inputs[0], op.outputs[0]
    return Mul(grad, _at_zero(x, 1.0, Sub(BesselI0(x), RealDiv(y, x))))


@BesselI1e.gradient
def _bessel_i1e_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * (i0e(x) - i1e(x) * (sign(x) + 1/x)), 1/2 at x = 0."""
    x, y = op.inputs[0], op.outputs[0]
    return Mul(grad, _at_zero(x, 0.5, Sub(BesselI0e(x), Mul(y, AddV2(Sign(x), Reciprocal(x))))))


@BesselK0.gradient
def _bessel_k0_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * -k1(x)."""
    return Mul(grad, Neg(BesselK1(op.inputs[0])))


@BesselK0e.gradient
def _bessel_k0e_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * (k0e(x) - k1e(x))."""
    return Mul(grad, Sub(op.outputs[0], BesselK1e(op.inputs[0])))


@BesselK1.gradient
def _bessel_k1_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * (-k0(x) - k1(x) / x)."""
    x, y = op.inputs[0], op.outputs[0]
    return Mul(grad, Sub(Neg(BesselK0(x)), RealDiv(y, x)))


@BesselK1e.gradient
def _bessel_k1e_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * (k1e(x) * (1 - 1/x) - k0e(x))."""
    x, y = op.inputs[0], op.outputs[0]
    return Mul(grad, Sub(Mul(y, Sub(_const(1.0, x), Reciprocal(x))), BesselK0e(x)))


@BesselJ0.gradient
def _bessel_j0_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * -j1(x)."""
    return Mul(grad, Neg(BesselJ1(op.inputs[0])))


@BesselJ1.gradient
def _bessel_j1_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * (j0(x) - j1(x) / x), 1/2 at x = 0."""
    x, y = op.inputs[0], op.outputs[0]
    return Mul(grad, _at_zero(x, 0.5, Sub(BesselJ0(x), RealDiv(y, x))))


@BesselY0.gradient
def _bessel_y0_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * -y1(x)."""
    return Mul(grad, Neg(BesselY1(op.inputs[0])))


@BesselY1.gradient
def _bessel_y1_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * (y0(x) - y1(x) / x)."""
    x, y = op.inputs[0], op.outputs[0]
    return Mul(grad, Sub(BesselY0(x), RealDiv(y, x)))


@tf_export("math.bessel_i0", "math.special.bessel_i0")
def bessel_i0(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.special.bessel_i0: the modified Bessel function of order 0 (Eigen's Cephes i0)."""
    return unary(BesselI0, x)


@tf_export("math.bessel_i0e", "math.special.bessel_i0e")
def bessel_i0e(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.special.bessel_i0e: exp(-|x|) i0(x)."""
    return unary(BesselI0e, x)


@tf_export("math.bessel_i1", "math.special.bessel_i1")
def bessel_i1(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.special.bessel_i1: the modified Bessel function of order 1."""
    return unary(BesselI1, x)


@tf_export("math.bessel_i1e", "math.special.bessel_i1e")
def bessel_i1e(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.special.bessel_i1e: exp(-|x|) i1(x)."""
    return unary(BesselI1e, x)


@tf_export("math.special.bessel_k0")
def bessel_k0(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.special.bessel_k0: the modified Bessel function of the second kind, order 0."""
    return unary(BesselK0, x)


@tf_export("math.special.bessel_k0e")
def bessel_k0e(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.special.bessel_k0e: exp(x) k0(x)."""
    return unary(BesselK0e, x)


@tf_export("math.special.bessel_k1")
def bessel_k1(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.special.bessel_k1: the modified Bessel function of the second kind, order 1."""
    return unary(BesselK1, x)


@tf_export("math.special.bessel_k1e")
def bessel_k1e(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.special.bessel_k1e: exp(x) k1(x)."""
    return unary(BesselK1e, x)


@tf_export("math.special.bessel_j0")
def bessel_j0(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.special.bessel_j0: the Bessel function of the first kind, order 0."""
    return unary(BesselJ0, x)


@tf_export("math.special.bessel_j1")
def bessel_j1(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.special.bessel_j1: the Bessel function of the first kind, order 1."""
    return unary(BesselJ1, x)


@tf_export("math.special.bessel_y0")
def bessel_y0(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.special.bessel_y0: the Bessel function of the second kind, order 0."""
    return unary(BesselY0, x)


@tf_export("math.special.bessel_y1")
def bessel_y1(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.special.bessel_y1: the Bessel function of the second kind, order 1."""
    return unary(BesselY1, x)


# ===== Dawson, Ei, Fresnel, Spence (kernels/tf_special_misc.py) =====

Dawsn = defop("Dawsn", tf_special_misc.dawsn)
Expint = defop("Expint", tf_special_misc.expint)
FresnelCos = defop("FresnelCos", tf_special_misc.fresnel_cos)
FresnelSin = defop("FresnelSin", tf_special_misc.fresnel_sin)
Spence = defop("Spence", tf_special_misc.spence)


@Dawsn.gradient
def _dawsn_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * (1 - 2 x dawsn(x))."""
    x, y = op.inputs[0], op.outputs[0]
    return Mul(grad, Sub(_const(1.0, x), Mul(Mul(_const(2, x), x), y)))


@Expint.gradient
def _expint_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * exp(x) / x."""
    x = op.inputs[0]
    return RealDiv(Mul(grad, Exp(x)), x)


@FresnelCos.gradient
def _fresnel_cos_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * cos(pi/2 x**2)."""
    x = op.inputs[0]
    return Mul(grad, Cos(Mul(_const(np.pi / 2.0, x), Square(x))))


@FresnelSin.gradient
def _fresnel_sin_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * sin(pi/2 x**2)."""
    x = op.inputs[0]
    return Mul(grad, Sin(Mul(_const(np.pi / 2.0, x), Square(x))))


@Spence.gradient
def _spence_grad(op: Any, grad: Tensor) -> Tensor:
    """Returns grad * log(x) / (1 - x), -1 at x = 1."""
    from tfshim.ops.math_ops import Equal

    x = op.inputs[0]
    partial = RealDiv(Log(x), Sub(_const(1, x), x))
    partial = SelectV2(Equal(x, _const(1.0, x)), Neg(_wrap_as(np.ones_like(x._value), x._dtype)), partial)
    return Mul(grad, partial)


@tf_export("math.special.dawsn")
def dawsn(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.special.dawsn: Dawson's integral exp(-x^2) int_0^x exp(t^2) dt."""
    return unary(Dawsn, x)


@tf_export("math.special.expint")
def expint(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.special.expint: the exponential integral Ei(x) (NaN for x < 0)."""
    return unary(Expint, x)


@tf_export("math.special.fresnel_cos")
def fresnel_cos(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.special.fresnel_cos: int_0^x cos(pi t^2 / 2) dt."""
    return unary(FresnelCos, x)


@tf_export("math.special.fresnel_sin")
def fresnel_sin(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.special.fresnel_sin: int_0^x sin(pi t^2 / 2) dt."""
    return unary(FresnelSin, x)


@tf_export("math.special.spence")
def spence(x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.special.spence: Spence's function -int_1^x log(t) / (t - 1) dt (NaN for x < 0)."""
    return unary(Spence, x)


# ===== incomplete gamma and beta functions =====

Igamma = defop("Igamma", lambda a, x: _broadcasting(eigen_special.igamma, a, x))
Igammac = defop("Igammac", lambda a, x: _broadcasting(eigen_special.igammac, a, x))
IgammaGradA = defop("IgammaGradA", lambda a, x: _broadcasting(eigen_special.igamma_grad_a, a, x))


def _broadcasting(fn: Any, a: np.ndarray, x: np.ndarray) -> np.ndarray:
    from tfshim.ops.math_ops import cwise_binary

    return cwise_binary(fn)(a, x)


def _igamma_grads(op: Any, grad: Tensor) -> tuple:
    a, x = op.inputs
    partial_a = IgammaGradA(a, x)
    # d/dx P(a, x) = x^(a-1) e^-x / Gamma(a), in log space as TF computes it
    partial_x = Exp(Sub(AddV2(Neg(x), Mul(Sub(a, _const(1, a)), Log(x))), Lgamma(a)))
    return (reduce_to_shape(Mul(partial_a, grad), a._value.shape),
            reduce_to_shape(Mul(partial_x, grad), x._value.shape))


@Igamma.gradient
def _igamma_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (grad * igamma_grad_a(a, x), grad * exp(-x + (a-1) log x - lgamma(a)))."""
    return _igamma_grads(op, grad)


@Igammac.gradient
def _igammac_grad(op: Any, grad: Tensor) -> tuple:
    """Returns minus Igamma's gradients (igammac = 1 - igamma)."""
    ga, gx = _igamma_grads(op, grad)
    return Neg(ga), Neg(gx)


@tf_export("math.igamma")
def igamma(a: Any, x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.igamma: the regularized lower incomplete gamma function P(a, x)."""
    return binary(Igamma, a, x)


@tf_export("math.igammac")
def igammac(a: Any, x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.igammac: the regularized upper incomplete gamma function Q(a, x) = 1 - P(a, x)."""
    return binary(Igammac, a, x)


def _betainc_kernel(a: np.ndarray, b: np.ndarray, x: np.ndarray) -> np.ndarray:
    # TF's BetaincOp: inputs are equal-shaped or scalars (no general broadcasting).
    for (na, sa), (nb, sb) in (((("a", a.shape)), ("b", b.shape)), (("a", a.shape), ("x", x.shape)),
                               (("b", b.shape), ("x", x.shape))):
        if sa and sb and sa != sb:
            raise KernelError(errors.InvalidArgumentError, "Shapes of %s and %s are inconsistent: [%s] vs. [%s]" % (
                na, nb, ",".join(map(str, sa)), ",".join(map(str, sb))))
    return eigen_special.betainc(a, b, x)


Betainc = defop("Betainc", _betainc_kernel)


@Betainc.gradient
def _betainc_grad(op: Any, grad: Tensor) -> tuple:
    """Returns (None, None, grad * x^(a-1) (1-x)^(b-1) / B(a, b)), in log space as TF computes it."""
    a, b, x = op.inputs
    log_beta = Sub(AddV2(Lgamma(a), Lgamma(b)), Lgamma(AddV2(a, b)))
    partial_x = Exp(Sub(AddV2(Xlog1py(Sub(b, _const(1, b)), Neg(x)), Xlogy(Sub(a, _const(1, a)), x)), log_beta))
    return None, None, reduce_to_shape(Mul(partial_x, grad), x._value.shape)


def _leaves(v: Any) -> Any:
    if isinstance(v, (list, tuple)):
        for e in v:
            yield from _leaves(e)
    else:
        yield v


def _fast_path_converts(v: Any, raw: tuple) -> bool:
    """Whether TF's eager fast path converts the value `v` to the dtype of the first tensor among `raw`: it takes
    Python bools only to bool and Python floats not to integers (else TF's slow path runs)."""
    d = next((t._dtype for t in raw if isinstance(t, Tensor)), None)
    if d is None or isinstance(v, Tensor):
        return True
    return not any((isinstance(e, bool) and d is not dtypes.bool) or (isinstance(e, float) and d.is_integer)
                   for e in _leaves(v))


@tf_export("math.betainc")
def betainc(a: Any, b: Any, x: Any, name: Any = None) -> Tensor:
    """TF: tf.math.betainc: the regularized incomplete beta function I_x(a, b)."""
    raw = (a, b, x)
    if not all(isinstance(v, Tensor) for v in raw) or len({v._dtype for v in raw}) != 1:  # type: ignore[union-attr]
        a, b, x = match_inputs(raw, convert_tensors=not all(_fast_path_converts(v, raw) for v in raw))
    return run_op(Betainc, raw, a, b, x, check=True)


# ===== approximate top-k =====

def _approx_top_k_namedtuple() -> Any:
    return collections.namedtuple("ApproxTopK", ["values", "indices"])


ApproxTopKOutput = _approx_top_k_namedtuple()


def _approx_top_k_kernel(x: np.ndarray, k: int, reduction_dimension: int = -1, recall_target: float = 0.95,
                         is_max_k: bool = True, reduction_input_size_override: int = -1,
                         aggregate_to_topk: bool = True) -> Any:
    # TF's CPU kernel for ApproxTopK is the exact TopK kernel, registered for reduction_dimension = -1 and
    # is_max_k = true only (other attrs have no CPU kernel: NotFoundError, raised by approx_top_k).
    return _topk_kernel(x, k)


ApproxTopK = defop("ApproxTopK", _approx_top_k_kernel, multi_output=True)


@ApproxTopK.gradient
def _approx_top_k_grad(op: Any, grad: Tensor, _: Any) -> Tensor:
    """Returns grad scattered into zeros at the top-k indices (TF's _ApproxTopKGradient; on CPU the reduction
    dimension is the last, as for TopKV2)."""
    return _topk_grad(op, grad, _)


def _float_attr(v: float) -> str:
    """A float attr as TF's NodeDef summary prints it (FloatToBuffer: %.6g, %.9g if that does not round-trip)."""
    f = np.float32(v)
    s = "%.6g" % f
    return s if np.float32(s) == f else "%.9g" % f


@tf_export("approx_top_k")
def approx_top_k(input: Any, k: Any, reduction_dimension: Any = -1, recall_target: Any = 0.95,  # noqa: A002
                 is_max_k: Any = True, reduction_input_size_override: Any = -1, aggregate_to_topk: Any = True,
                 name: Any = None) -> Any:
    """TF: tf.approx_top_k (ApproxTopK). On CPU TF runs the exact TopK kernel, for reduction_dimension -1 and
    is_max_k only: sorted values and int32 indices, ties to the lower index."""
    attrs: dict[str, Any] = dict(
                 k=make_int(k, "k"), reduction_dimension=make_int(reduction_dimension, "reduction_dimension"),
                 recall_target=make_float(recall_target, "recall_target"), is_max_k=make_bool(is_max_k, "is_max_k"),
                 reduction_input_size_override=make_int(reduction_input_size_override,
                                                        "reduction_input_size_override"),
                 aggregate_to_topk=make_bool(aggregate_to_topk, "aggregate_to_topk"))
    raw = (input,)
    x = convert_to_tensor(input)
    if attrs["k"] < 0:  # the OpDef's `k:int,min=0`
        raise errors.InvalidArgumentError(None, None, (
            "Value for attr 'k' of %d must be at least minimum 0\n\t; NodeDef: {{node ApproxTopK}}; %s "
            "[Op:ApproxTopK]%s" % (attrs["k"], op_def("ApproxTopK")[0], error_suffix(raw))))
    try:
        ApproxTopK.check(x)
    except errors.OpError as e:
        raise as_called(e, raw) from None
    if attrs["reduction_dimension"] != -1 or not attrs["is_max_k"]:
        node = ("ApproxTopK[T=DT_%s, aggregate_to_topk=%s, is_max_k=%s, k=%d, recall_target=%s, "
                "reduction_dimension=%d, reduction_input_size_override=%d]" % (
                    x._dtype._cname.upper(), str(attrs["aggregate_to_topk"]).lower(),
                    str(attrs["is_max_k"]).lower(), attrs["k"], _float_attr(attrs["recall_target"]),
                    attrs["reduction_dimension"], attrs["reduction_input_size_override"]))
        raise errors.NotFoundError(None, None, "Could not find device for node: {{node ApproxTopK}} = %s\n"
                                   "All kernels registered for op ApproxTopK:\n%s [Op:ApproxTopK]%s" % (
                                       node, KERNELS["ApproxTopK"], error_suffix(raw)))
    values, indices = run_op(ApproxTopK, raw, x, **attrs)
    return ApproxTopKOutput(values, indices)


@tf_export("math.approx_max_k", "nn.approx_max_k")
def approx_max_k(operand: Any, k: Any, reduction_dimension: Any = -1, recall_target: Any = 0.95,
                 reduction_input_size_override: Any = -1, aggregate_to_topk: Any = True, name: Any = None) -> Any:
    """TF: tf.math.approx_max_k: approx_top_k with is_max_k=True."""
    return approx_top_k(operand, k, reduction_dimension, recall_target, True, reduction_input_size_override,
                        aggregate_to_topk)


@tf_export("math.approx_min_k", "nn.approx_min_k")
def approx_min_k(operand: Any, k: Any, reduction_dimension: Any = -1, recall_target: Any = 0.95,
                 reduction_input_size_override: Any = -1, aggregate_to_topk: Any = True, name: Any = None) -> Any:
    """TF: tf.math.approx_min_k: approx_top_k with is_max_k=False (no CPU kernel in TF: NotFoundError)."""
    return approx_top_k(operand, k, reduction_dimension, recall_target, False, reduction_input_size_override,
                        aggregate_to_topk)


# TF registers the special functions as unary elementwise APIs (RaggedTensor dispatch).
dispatch.install(
    globals(),
    unary=("erfinv", "ndtri", "erfcinv", "bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e", "bessel_k0",
           "bessel_k0e", "bessel_k1", "bessel_k1e", "bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1", "dawsn",
           "expint", "fresnel_cos", "fresnel_sin", "spence"),
    other=("igamma", "igammac", "betainc"),
)
