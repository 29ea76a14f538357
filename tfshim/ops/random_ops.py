"""tf.random: TF random streams reproduced bit for bit on kernels/philox.py (TF: ops/random_ops.py).

Also stateless_random_ops.py, stateful_random_ops.py (``tf.random.Generator``) and
framework/random_seed.py.  The raw ops are declared with ``defop`` and marked
not differentiable, as TF does; the Python-level arithmetic (``rnd * stddev +
mean``, ``rnd * (maxval - minval) + minval``) uses tfshim's math ops, so values and
gradients w.r.t. mean/stddev/minval/maxval tensors are TF's.

tfshim differs: bfloat16 outputs are not supported (NotImplementedError); only
the Philox algorithm exists (``alg="threefry"`` raises NotImplementedError).
"""

from __future__ import annotations

import enum
import os
from collections.abc import Sequence
from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor, match_inputs
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.framework.tensor_shape import TensorShape
from tfshim.framework.variables import Variable
from tfshim.kernels import philox as P
from tfshim.ops.math_ops import add, multiply, subtract
from tfshim.ops.op import (
    KernelError,
    check_attr,
    check_kernel,
    defop,
    disallowed_dtype,
    dtype_mismatch,
    not_differentiable,
    tf_export,
)

# TF's eager context is per process; so is tfshim's random state.
_CTX = P.RandomContext()

_FLOATS = (dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64)
_UNIFORM_DTYPES = _FLOATS + (dtypes.int32, dtypes.int64)
_STATELESS_DTYPES = _UNIFORM_DTYPES + (dtypes.uint32, dtypes.uint64)


def _dtypes_text(ds: Sequence[Any]) -> str:
    return "(" + ", ".join(repr(d) for d in ds) + ")"


def _check_dtype(dtype: Any, accepted: Sequence[Any]) -> Any:
    dtype = dtypes.as_dtype(dtype)
    if dtype not in accepted:
        raise ValueError(
            f"Argument `dtype` got invalid value {dtype}. Accepted dtypes are {_dtypes_text(accepted)}.")
    return dtype


def _np(dtype: Any) -> np.dtype:
    return np.dtype(dtype.as_numpy_dtype)  # refuses bfloat16 with tfshim's one bfloat16 error


def _convert(value: Any, dtype: Any, name: str) -> Tensor:
    """``ops.convert_to_tensor(value, dtype, name=name)``: TF prefixes a tensor's dtype mismatch with the name
    (and nothing else: not the error for None)."""
    return convert_to_tensor(value, dtype, name=name)


def _shape_tensor(shape: Any) -> Tensor:
    """``shape_util.shape_tensor``: TensorShape -> list; ints -> int32 tensor (an int64 tensor stays)."""
    if isinstance(shape, TensorShape):
        shape = shape.as_list()
    if isinstance(shape, Variable):
        shape = shape.value()
    if isinstance(shape, Tensor):
        return shape
    if isinstance(shape, (list, tuple)) and not shape:
        return _wrap_as(np.zeros([0], np.int32), dtypes.int32)
    return convert_to_tensor(shape)  # TF: int32 where the dims fit, else int64


def _shape_of(op: str, shape: Tensor, attr: str = "T") -> tuple[int, ...]:
    """The output shape; TF's checks (attr dtype, vector, non-negative dims) with TF's texts."""
    if shape._dtype not in (dtypes.int32, dtypes.int64):
        raise disallowed_dtype(op, shape._dtype, attr)
    v = shape._value
    if v.ndim != 1:
        _raise(op, "shape must be a vector of {{int32,int64}}, got shape [{}]".format(",".join(map(str, v.shape))))
    dims = tuple(int(d) for d in v)
    n = 1
    for d in dims:
        if d < 0:
            _raise(op, f"Dimension {d} must be >= 0")
        n *= d
    if n > 2**63 - 1:
        _raise(op, "Shape [%s] would have more than 2**63 - 1 elements" % ",".join(map(str, dims)))
    return dims


def _raise(op: str, message: str, suffix: str = " name: ") -> None:
    from tfshim.ops.op import raise_op_error

    raise_op_error(op, KernelError(errors.InvalidArgumentError, message, suffix=suffix))


def _size(shape: tuple[int, ...]) -> int:
    return int(np.prod(shape, dtype=np.int64)) if shape else 1


# ----- raw stateful ops (gen_random_ops) ------------------------------------------------


def _fill_kernel(op: str, dist: Any) -> Any:
    def kernel(shape_value: np.ndarray, shape: tuple, dtype: np.dtype, seed: Any, seed2: Any,
               tshape: str) -> np.ndarray:
        n = _size(shape)
        gen = _CTX.kernel_state(op, dtype, seed, seed2, tshape).reserve(n)
        return dist(gen, n, dtype).reshape(shape)

    return kernel


RandomUniform = defop("RandomUniform", _fill_kernel("RandomUniform", P.dist_uniform))
RandomStandardNormal = defop("RandomStandardNormal", _fill_kernel("RandomStandardNormal", P.dist_normal))
TruncatedNormal = defop("TruncatedNormal", _fill_kernel("TruncatedNormal", P.dist_truncated_normal))


def _uniform_int_kernel(shape_value: np.ndarray, lo: np.ndarray, hi: np.ndarray, shape: tuple,
                        seed: Any, seed2: Any, tshape: str) -> np.ndarray:
    for name, v in (("minval", lo), ("maxval", hi)):
        if v.ndim != 0:
            raise KernelError(errors.InvalidArgumentError,
                              "{} must be 0-D, got shape [{}]".format(name, ",".join(map(str, v.shape))))
    n = _size(shape)
    if n == 0:
        return np.zeros(shape, lo.dtype)
    if not int(lo) < int(hi):
        raise KernelError(errors.InvalidArgumentError, f"Need minval < maxval, got {int(lo)} >= {int(hi)}")
    gen = _CTX.kernel_state("RandomUniformInt", lo.dtype, seed, seed2, tshape).reserve(n)
    return P.dist_uniform_int(gen, n, int(lo), int(hi), lo.dtype).reshape(shape)


RandomUniformInt = defop("RandomUniformInt", _uniform_int_kernel)


def _shuffle_kernel(value: np.ndarray, seed: Any, seed2: Any) -> np.ndarray:
    state = _CTX.kernel_state("RandomShuffle", value.dtype if value.dtype.kind != "O" else "O", seed, seed2)
    return P.random_shuffle(state, value)


RandomShuffle = defop("RandomShuffle", _shuffle_kernel)


def _multinomial_checks(logits: np.ndarray, num_samples: np.ndarray) -> tuple[int, int, int]:
    if logits.ndim != 2:
        raise KernelError(errors.InvalidArgumentError,
                          "logits should be a matrix, got shape [{}]".format(",".join(map(str, logits.shape))))
    if num_samples.ndim != 0:
        dims = ",".join(map(str, num_samples.shape))
        raise KernelError(errors.InvalidArgumentError, f"num_samples should be a scalar, got shape [{dims}]",
                          suffix="")
    ns = int(num_samples)
    if ns < 0:
        raise KernelError(errors.InvalidArgumentError, f"num_samples should be non-negative, got {ns}")
    batch, classes = logits.shape
    if classes <= 0:
        raise KernelError(errors.InvalidArgumentError, f"num_classes should be positive, got {classes}")
    return batch, classes, ns


def _multinomial_kernel(logits: np.ndarray, num_samples: np.ndarray, seed: Any, seed2: Any,
                        output_dtype: np.dtype) -> np.ndarray:
    batch, _, ns = _multinomial_checks(logits, num_samples)
    if batch * ns == 0:
        return np.empty((batch, ns), output_dtype)
    state = _CTX.kernel_state("Multinomial", logits.dtype, seed, seed2, np.dtype(output_dtype).str)
    gen = P.multinomial_reserve(state, batch, ns)
    return P.multinomial(gen, logits, ns, output_dtype)


Multinomial = defop("Multinomial", _multinomial_kernel)
not_differentiable(RandomUniform, RandomStandardNormal, TruncatedNormal, RandomShuffle, Multinomial)


# ----- seeds --------------------------------------------------------------------------------


@tf_export("random.set_seed")
def set_seed(seed: Any) -> None:
    """TF: random_seed.set_seed: the global seed; resets the op-seed counter and the kernel cache."""
    _CTX.set_seed(None if seed is None else int(seed))


def get_seed(op_seed: Any) -> tuple[Any, Any]:
    """TF: random_seed.get_seed in eager mode (tf.compat.v1.random.get_seed)."""
    if op_seed is not None:
        op_seed % 2147483647  # TF truncates the seed with `%`: a string seed fails there
    return _CTX.get_seed(None if op_seed is None else int(op_seed))


def _seeds(seed: Any) -> tuple[int, int]:
    s1, s2 = get_seed(seed)
    return (0 if s1 is None else s1), (0 if s2 is None else s2)


# ----- tf.random.* (stateful) ---------------------------------------------------------------


def _float_fill(op: Any, shape: Any, dtype: Any, seed: Any) -> Tensor:
    st = _shape_tensor(shape)
    dims = _shape_of(op.name, st)
    s1, s2 = _seeds(seed)
    return op(st, shape=dims, dtype=_np(dtype), seed=s1, seed2=s2, tshape=st._dtype.name)


def _scaled_fill(op: Any, shape: Any, mean: Any, stddev: Any, dtype: Any, seed: Any) -> Tensor:
    """`op`'s draws * stddev + mean, in TF's order of conversions and arithmetic."""
    dtype = dtypes.as_dtype(dtype)
    st = _shape_tensor(shape)
    mean_t = _convert(mean, dtype, "mean")
    stddev_t = _convert(stddev, dtype, "stddev")
    rnd = _float_fill(op, st, dtype, seed)
    return add(multiply(rnd, stddev_t), mean_t)


@tf_export("random.normal")
def random_normal(shape: Any, mean: Any = 0.0, stddev: Any = 1.0, dtype: Any = dtypes.float32, seed: Any = None,
                  name: Any = None) -> Tensor:
    """TF: ``RandomStandardNormal * stddev + mean``."""
    return _scaled_fill(RandomStandardNormal, shape, mean, stddev, dtype, seed)


@tf_export("random.truncated_normal")
def truncated_normal(shape: Any, mean: Any = 0.0, stddev: Any = 1.0, dtype: Any = dtypes.float32, seed: Any = None,
                     name: Any = None) -> Tensor:
    """TF: ``TruncatedNormal * stddev + mean`` (|rnd| < 2)."""
    return _scaled_fill(TruncatedNormal, shape, mean, stddev, dtype, seed)


@tf_export("random.uniform")
def random_uniform(shape: Any, minval: Any = 0, maxval: Any = None, dtype: Any = dtypes.float32, seed: Any = None,
                   name: Any = None) -> Tensor:
    """TF: RandomUniform (raw, ``* maxval`` or ``* (maxval - minval) + minval``) or RandomUniformInt."""
    dtype = _check_dtype(dtype, _UNIFORM_DTYPES)
    if maxval is None:
        if dtype.is_integer:
            raise ValueError(f"Must specify maxval for integer dtype {dtype!r}")
        maxval = 1
    st = _shape_tensor(shape)
    minval_is_zero = isinstance(minval, int) and minval == 0
    maxval_is_one = isinstance(maxval, int) and maxval == 1
    if not minval_is_zero or not maxval_is_one or dtype.is_integer:
        minval = _convert(minval, dtype, "min")
        maxval = _convert(maxval, dtype, "max")
    if dtype.is_integer:
        dims = _shape_of("RandomUniformInt", st)
        s1, s2 = _seeds(seed)
        return RandomUniformInt(st, minval, maxval, shape=dims, seed=s1, seed2=s2, tshape=st._dtype.name)
    result = _float_fill(RandomUniform, st, dtype, seed)
    if minval_is_zero:
        if not maxval_is_one:
            result = multiply(result, maxval)
    else:
        result = add(multiply(result, subtract(maxval, minval)), minval)
    return result


@tf_export("random.shuffle")
def random_shuffle(value: Any, seed: Any = None, name: Any = None) -> Tensor:
    """TF: RandomShuffle along the first dimension (Fisher-Yates on the op's Philox stream)."""
    v = convert_to_tensor(value)
    s1, s2 = _seeds(seed)
    return RandomShuffle(v, seed=s1, seed2=s2)


_MULTINOMIAL_KERNELS = "".join(
    f"  device='CPU'; T in [{t}]; output_dtype in [{o}]\n"
    for t in ("DT_DOUBLE", "DT_FLOAT", "DT_BFLOAT16", "DT_HALF") for o in ("DT_INT64", "DT_INT32"))


def _categorical_prep(logits: Any, num_samples: Any, dtype: Any) -> tuple[Tensor, Tensor, Any]:
    lt = convert_to_tensor(logits)
    dtype = _check_dtype(dtype if dtype else dtypes.int64, (dtypes.int32, dtypes.int64))
    ns = convert_to_tensor(num_samples, dtypes.int32)
    return lt, ns, dtype


@tf_export("random.categorical")
def categorical(logits: Any, num_samples: Any, dtype: Any = None, seed: Any = None, name: Any = None) -> Tensor:
    """TF: Multinomial: per row, inverse-CDF sampling of exp(logits - max) with doubles from Philox."""
    if hasattr(num_samples, "assign"):
        num_samples = num_samples.value()
    if isinstance(num_samples, Tensor):  # the fast path: the kernel checks the tensor's dtype (below)
        lt = convert_to_tensor(logits)
        dtype = _check_dtype(dtype if dtype else dtypes.int64, (dtypes.int32, dtypes.int64))
        ns = num_samples
    else:
        lt, ns, dtype = _categorical_prep(logits, num_samples, dtype)
    s1, s2 = _seeds(seed)
    check_attr("Multinomial", lt, "T")
    if lt._dtype not in (dtypes.float16, dtypes.float32, dtypes.float64):
        if lt._dtype is dtypes.bfloat16:
            raise NotImplementedError("tfshim: bfloat16 logits are not supported")
        raise _not_found("Multinomial", lt._dtype, dtype, f"seed={s1}, seed2={s2}")
    if ns._dtype is not dtypes.int32:
        raise dtype_mismatch("Multinomial", 1, dtypes.int32, ns._dtype)
    return Multinomial(lt, ns, seed=s1, seed2=s2, output_dtype=np.dtype(dtype.as_numpy_dtype))


def _not_found(op: str, t: Any, out: Any, extra: str) -> Exception:
    xla = ("  device='XLA_CPU_JIT'; output_dtype in [DT_INT32, DT_INT64]; T in [DT_FLOAT, DT_DOUBLE, DT_INT32, "
           "DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]")
    if op == "StatelessMultinomial":
        xla += "; Tseed in [DT_INT32]"
    return errors.NotFoundError(None, None, (
        f"Could not find device for node: {{{{node {op}}}}} = {op}[T={_enum(t)}, output_dtype={_enum(out)}, {extra}]\n"
        f"All kernels registered for op {op}:\n{xla}\n{_MULTINOMIAL_KERNELS} [Op:{op}] name: "))


def _enum(d: Any) -> str:
    return "DT_" + {"float16": "HALF", "float32": "FLOAT", "float64": "DOUBLE"}.get(d.name, d.name.upper())


# ----- stateless ops (stateless_random_ops.py, V2 kernels) ----------------------------------


def _seed_input(seed: Any, slow: bool = False) -> tuple[Tensor, str]:
    """A stateless op's `seed` input (type attr Tseed, default int64) as TF's eager paths convert it, with the suffix
    of TF's errors: the fast path takes a tensor as it is and a Python scalar strictly to int64 (1.5 is a
    TypeError); a list, a string or a NumPy scalar (or any such argument of the call: `slow`) goes through the
    slow path, where the seed keeps its own dtype if allowed, else takes int64 where it can (np.float32(1.5)), and
    errors end without ` name: `."""
    if isinstance(seed, Variable):
        seed = seed.value()
    if isinstance(seed, Tensor):
        return seed, "" if slow else " name: "
    if not slow and isinstance(seed, (bool, int, float)) and not isinstance(seed, np.generic):
        return convert_to_tensor(seed, dtypes.int64), " name: "
    return match_inputs([seed], allowed=(dtypes.int32, dtypes.int64), default=dtypes.int64, slow=True)[0], ""


def _slow_call(*raw: Any) -> bool:
    """Whether TF's eager fast path gives up on these op arguments (Python sequences, strings, NumPy scalars)."""
    return any(isinstance(v, (list, tuple, str, bytes, np.generic)) for v in raw)


def _key_counter(seed: Any, op: str = "StatelessRandomGetKeyCounter", slow: bool = False) -> tuple[int, tuple]:
    """``StatelessRandomGetKeyCounter``: TF's seed checks and texts, then the scrambled (key, counter)."""
    st, suffix = _seed_input(seed, slow)
    check_attr(op, st, "Tseed", suffix)
    v = st._value
    if v.shape != (2,):
        _raise(op, "seed must have shape [2], not [{}]".format(",".join(map(str, v.shape))), suffix=suffix)
    return P.stateless_key_counter([int(x) for x in v])


def _stateless_kernel(dist: Any) -> Any:
    def kernel(shape_value: np.ndarray, shape: tuple, dtype: np.dtype, key: int, counter: tuple) -> np.ndarray:
        n = _size(shape)
        return dist(P.PhiloxRandom.from_key_counter(key, counter), n, dtype).reshape(shape)

    return kernel


StatelessRandomUniformV2 = defop("StatelessRandomUniformV2", _stateless_kernel(P.dist_uniform))
StatelessRandomNormalV2 = defop("StatelessRandomNormalV2", _stateless_kernel(P.dist_normal))
StatelessTruncatedNormalV2 = defop("StatelessTruncatedNormalV2", _stateless_kernel(P.dist_truncated_normal))
StatelessRandomUniformFullIntV2 = defop("StatelessRandomUniformFullIntV2",
                                        _stateless_kernel(P.dist_uniform_full_int))


def _stateless_int_kernel(shape_value: np.ndarray, lo: np.ndarray, hi: np.ndarray, shape: tuple, key: int,
                          counter: tuple) -> np.ndarray:
    for name, v in (("minval", lo), ("maxval", hi)):
        if v.ndim != 0:
            raise KernelError(errors.InvalidArgumentError,
                              "{} must be 0-D, got shape [{}]".format(name, ",".join(map(str, v.shape))))
    n = _size(shape)
    if n == 0:
        return np.zeros(shape, lo.dtype)
    if not int(lo) < int(hi):
        raise KernelError(errors.InvalidArgumentError, f"Need minval < maxval, got {int(lo)} >= {int(hi)}")
    gen = P.PhiloxRandom.from_key_counter(key, counter)
    return P.dist_uniform_int(gen, n, int(lo), int(hi), lo.dtype).reshape(shape)


StatelessRandomUniformIntV2 = defop("StatelessRandomUniformIntV2", _stateless_int_kernel)


def _stateless_multinomial_kernel(logits: np.ndarray, num_samples: np.ndarray, key: int, counter: tuple,
                                  output_dtype: np.dtype) -> np.ndarray:
    batch, _, ns = _multinomial_checks(logits, num_samples)
    if batch * ns == 0:
        return np.empty((batch, ns), output_dtype)
    return P.multinomial(P.PhiloxRandom.from_key_counter(key, counter), logits, ns, output_dtype)


StatelessMultinomial = defop("StatelessMultinomial", _stateless_multinomial_kernel)
not_differentiable(StatelessRandomUniformV2, StatelessRandomNormalV2, StatelessTruncatedNormalV2,
                   StatelessRandomUniformFullIntV2, StatelessRandomUniformIntV2, StatelessMultinomial)


def _check_alg(alg: Any) -> None:
    a = convert_alg_to_int(alg)
    if a == Algorithm.THREEFRY.value:
        raise NotImplementedError("tfshim: only the Philox algorithm is implemented")
    if a not in (Algorithm.PHILOX.value, Algorithm.AUTO_SELECT.value):
        raise ValueError(_unsupported_alg(alg))


def _stateless_fill(op: Any, shape: Tensor, dtype: Any, key: int, counter: tuple) -> Tensor:
    dims = _shape_of(op.name, shape, "Tshape")
    return op(shape, shape=dims, dtype=_np(dtype), key=key, counter=counter)


@tf_export("random.stateless_uniform")
def stateless_random_uniform(shape: Any, seed: Any, minval: Any = 0, maxval: Any = None, dtype: Any = dtypes.float32,
                             name: Any = None, alg: Any = "auto_select") -> Tensor:
    """TF: StatelessRandomUniform(Int|FullInt)V2 on the scrambled seed; floats ``rnd * (max - min) + min``."""
    dtype = _check_dtype(dtype, _STATELESS_DTYPES)
    if dtype.is_integer:
        if (minval is None) != (maxval is None):
            raise ValueError(
                f"For integer `dtype` argument {dtype}, argument `minval` and `maxval` must be both None or not "
                f"None. Got `minval`={minval} and `maxval`={maxval}.")
        if minval is not None and dtype in (dtypes.uint32, dtypes.uint64):
            raise ValueError(
                f"Argument `dtype` got invalid value {dtype} when argument `minval` is not None. Please don't use "
                "unsigned integers in this case.")
    elif maxval is None:
        maxval = 1
    st = _shape_tensor(shape)
    if dtype.is_integer and minval is None:
        _check_alg(alg)
        key, counter = _key_counter(seed)
        return _stateless_fill(StatelessRandomUniformFullIntV2, st, dtype, key, counter)
    minval = _convert(minval, dtype, "min")
    maxval = _convert(maxval, dtype, "max")
    _check_alg(alg)
    key, counter = _key_counter(seed)
    if dtype.is_integer:
        dims = _shape_of("StatelessRandomUniformIntV2", st, "Tshape")
        return StatelessRandomUniformIntV2(st, minval, maxval, shape=dims, key=key, counter=counter)
    rnd = _stateless_fill(StatelessRandomUniformV2, st, dtype, key, counter)
    return add(multiply(rnd, subtract(maxval, minval)), minval)


def _stateless_scaled_fill(op: Any, shape: Any, seed: Any, mean: Any, stddev: Any, dtype: Any, alg: Any) -> Tensor:
    """A stateless `op`'s draws * stddev + mean, in TF's order of checks and arithmetic."""
    dtype = dtypes.as_dtype(dtype)
    st = _shape_tensor(shape)
    mean_t = _convert(mean, dtype, "mean")
    stddev_t = _convert(stddev, dtype, "stddev")
    _check_alg(alg)
    key, counter = _key_counter(seed)
    rnd = _stateless_fill(op, st, dtype, key, counter)
    return add(multiply(rnd, stddev_t), mean_t)


@tf_export("random.stateless_normal")
def stateless_random_normal(shape: Any, seed: Any, mean: Any = 0.0, stddev: Any = 1.0, dtype: Any = dtypes.float32,
                            name: Any = None, alg: Any = "auto_select") -> Tensor:
    """TF: ``StatelessRandomNormalV2 * stddev + mean``."""
    return _stateless_scaled_fill(StatelessRandomNormalV2, shape, seed, mean, stddev, dtype, alg)


@tf_export("random.stateless_truncated_normal")
def stateless_truncated_normal(shape: Any, seed: Any, mean: Any = 0.0, stddev: Any = 1.0,
                               dtype: Any = dtypes.float32, name: Any = None, alg: Any = "auto_select") -> Tensor:
    """TF: ``StatelessTruncatedNormalV2 * stddev + mean``."""
    return _stateless_scaled_fill(StatelessTruncatedNormalV2, shape, seed, mean, stddev, dtype, alg)


@tf_export("random.stateless_categorical")
def stateless_categorical(logits: Any, num_samples: Any, seed: Any, dtype: Any = dtypes.int64,
                          name: Any = None) -> Tensor:
    """TF: StatelessMultinomial (the Multinomial kernel on a generator at the scrambled seed)."""
    op = "StatelessMultinomial"
    slow = _slow_call(logits, num_samples, seed)
    if hasattr(num_samples, "assign"):
        num_samples = num_samples.value()
    if isinstance(num_samples, Tensor) and not slow:  # the fast path: the op checks the tensor's dtype (below)
        lt = convert_to_tensor(logits)
        dtype = _check_dtype(dtype if dtype else dtypes.int64, (dtypes.int32, dtypes.int64))
        ns = num_samples
    else:
        lt, ns, dtype = _categorical_prep(logits, num_samples, dtype)
    st, suffix = _seed_input(seed, slow)
    check_attr(op, lt, "T", suffix)
    check_attr(op, st, "Tseed", suffix)
    check_kernel(op, lt._dtype, suffix, attrs=f"T={_enum(lt._dtype)}, Tseed={_enum(st._dtype)}, "
                 f"output_dtype={_enum(dtype)}")
    if lt._dtype is dtypes.bfloat16:
        raise NotImplementedError("tfshim: bfloat16 logits are not supported")
    if ns._dtype is not dtypes.int32:
        raise dtype_mismatch(op, 1, dtypes.int32, ns._dtype)
    key, counter = _key_counter(st, op, slow)
    return StatelessMultinomial(lt, ns, key=key, counter=counter, output_dtype=np.dtype(dtype.as_numpy_dtype))


@tf_export("random.split", "random.experimental.stateless_split")
def split(seed: Any, num: Any = 2, alg: Any = "auto_select") -> Tensor:
    """TF: full-range ``stateless_uniform([num, 2])`` in the seed's dtype."""
    st = convert_to_tensor(seed)
    return stateless_random_uniform([num, 2], st, dtype=st._dtype, minval=None, maxval=None, alg=alg)


@tf_export("random.fold_in", "random.experimental.stateless_fold_in")
def fold_in(seed: Any, data: Any, alg: Any = "auto_select") -> Tensor:
    """TF: ``stack([stateless_uniform([], seed, full-range ints of data's dtype), data])``."""
    from tfshim.ops.array_ops import stack

    d = convert_to_tensor(data)
    s1 = stateless_random_uniform([], seed, dtype=d._dtype, minval=None, maxval=None, alg=alg)
    return stack([s1, d])


# ----- tf.random.Generator (stateful_random_ops.py) -----------------------------------------


@tf_export("random.Algorithm", "random.experimental.Algorithm")
class Algorithm(enum.Enum):
    """TF: the RNG algorithms (framework/rng_alg.h numbering)."""

    PHILOX = 1
    THREEFRY = 2
    AUTO_SELECT = 3


def _unsupported_alg(alg: Any) -> str:
    if isinstance(alg, int):
        names: tuple[Any, ...] = (1, 2, 3)
    elif isinstance(alg, str):
        names = ("philox", "threefry", "auto_select")
    else:
        names = (Algorithm.PHILOX, Algorithm.THREEFRY, Algorithm.AUTO_SELECT)
    return (f"Argument `alg` got unsupported value {alg}. Supported values are {names[0]} for the Philox "
            f"algorithm, {names[1]} for the ThreeFry algorithm, and {names[2]} for auto-selection.")


def convert_alg_to_int(alg: Any) -> int:
    """TF: random_ops_util.convert_alg_to_int."""
    if isinstance(alg, int):
        return alg
    if isinstance(alg, Algorithm):
        return alg.value
    if isinstance(alg, Tensor):
        bool(alg == Algorithm.AUTO_SELECT.value)  # TF compares it first (`if alg == 3:`), with that comparison's errors
        return int(alg._value.reshape(-1)[0])
    if isinstance(alg, str):
        canon = alg.strip().lower().replace("-", "").replace("_", "")
        table = {"philox": 1, "threefry": 2, "autoselect": 3}
        if canon in table:
            return table[canon]
        raise ValueError(_unsupported_alg(alg))
    raise TypeError(f"Can't convert argument `alg` (of value {alg} and type {type(alg)}) to int.")


def _state_size(alg: Any) -> int:
    """TF: stateful_random_ops._get_state_size. A tensor alg is compared as TF compares it (`if alg == 1:`), and
    TF's error path for an unknown alg calls a helper its module lacks: an AttributeError."""
    if alg == 1 or alg == 3:
        return 3
    if alg == 2:  # noqa: PLR2004
        return 2
    raise AttributeError("module 'tensorflow.python.ops.stateless_random_ops' has no attribute "
                         "'unsupported_alg_error_msg'")


def _make_state(seed: Any, alg: int) -> np.ndarray:
    """TF: _make_1d_state: an int seed in 64-bit chunks, or the first words of a vector, left-padded."""
    size = _state_size(alg)
    if isinstance(seed, Tensor):
        seed = seed._value
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
        s = int(seed)
        words = []
        for _ in range(size):
            words.append(s & P._M64)
            s >>= 64
    else:
        words = [int(w) for w in np.asarray(seed).reshape(-1)][:size]
    words = [P._to_int64(w) for w in words]
    return np.array([0] * (size - len(words)) + words, dtype=np.int64)


@tf_export("random.create_rng_state", "random.experimental.create_rng_state")
def create_rng_state(seed: Any, alg: Any) -> Tensor:
    """TF: the int64 state vector a Generator created from ``seed`` starts with."""
    if not isinstance(alg, Tensor):
        alg = convert_alg_to_int(alg)
    _state_size(alg)
    return _wrap_as(_make_state(seed, alg if not isinstance(alg, Tensor) else int(alg._value.reshape(-1)[0])),
                    dtypes.int64)


@tf_export("random.Generator", "random.experimental.Generator")
class Generator:
    """TF: tf.random.Generator (Philox): an int64[3] state variable [counter_lo, counter_hi, key].

    Each draw does ``rng_read_and_skip(prod(shape))`` (counter += 256 * n) and runs the
    stateless V2 kernel on the old (key, counter), as TF's CPU kernels do.
    """

    def __init__(self, copy_from: Generator | None = None, state: Any = None, alg: Any = None) -> None:
        from tfshim.distribute import distribute_lib

        # made in a strategy's scope: each replica draws its own stream (see _key_counter)
        self._distribution_strategy = distribute_lib.get_strategy() if distribute_lib.has_strategy() else None
        if copy_from is not None:
            self._alg = copy_from._alg
            self._state_var = Variable(copy_from.state._value, dtype=dtypes.int64, trainable=False, name="StateVar")
            return
        if alg is None or state is None:
            raise AssertionError()
        self._alg = convert_alg_to_int(alg)
        if self._alg == Algorithm.THREEFRY.value:
            raise NotImplementedError("tfshim: only the Philox algorithm is implemented")
        if isinstance(state, Variable):
            self._state_var = state
        else:
            self._state_var = Variable(np.asarray(convert_to_tensor(state, dtypes.int64)._value),
                                       trainable=False, name="StateVar")
        if self._state_var.shape.as_list() != [_state_size(self._alg)]:
            raise ValueError(f"Shapes {self._state_var.shape} and ({_state_size(self._alg)},) are incompatible")

    @classmethod
    def from_state(cls, state: Any, alg: Any) -> Generator:
        return cls(alg=alg, state=state)

    @classmethod
    def from_seed(cls, seed: Any, alg: Any = None) -> Generator:
        alg = convert_alg_to_int(Algorithm.PHILOX.value if alg is None else alg)
        return cls(state=_make_state(seed, alg), alg=alg)

    @classmethod
    def from_non_deterministic_state(cls, alg: Any = None) -> Generator:
        """TF: NonDeterministicInts; here os.urandom."""
        alg = convert_alg_to_int(Algorithm.PHILOX.value if alg is None else alg)
        words = np.frombuffer(os.urandom(8 * _state_size(alg)), dtype=np.int64).copy()
        return cls(state=words, alg=alg)

    @classmethod
    def from_key_counter(cls, key: Any, counter: Any, alg: Any) -> Generator:
        c = np.asarray(convert_to_tensor(counter, dtypes.int64)._value).reshape(-1)
        k = np.asarray(convert_to_tensor(key, dtypes.int64)._value).reshape(1)
        return cls(state=np.concatenate([c, k]), alg=alg)

    # ---- state ------------------------------------------------------------------
    @property
    def state(self) -> Variable:
        return self._state_var

    @property
    def algorithm(self) -> int:
        return self._alg

    @property
    def key(self) -> Tensor:
        return self._state_var[-1]

    def reset(self, state: Any) -> None:
        self._state_var.assign(convert_to_tensor(state, dtypes.int64))

    def reset_from_seed(self, seed: Any) -> None:
        self._state_var.assign(_make_state(seed, self._alg))

    def reset_from_key_counter(self, key: Any, counter: Any) -> None:
        c = np.asarray(convert_to_tensor(counter, dtypes.int64)._value).reshape(-1)
        k = np.asarray(convert_to_tensor(key, dtypes.int64)._value).reshape(1)
        self._state_var.assign(np.concatenate([c, k]))

    def _read_and_skip(self, delta: int) -> P.PhiloxRandom:
        """``RngReadAndSkip``: the generator at the current state; the state advances by 256 * delta.

        Outside `run` a mirrored state advances on every replica (TF's `extended.update`), the first one's drawn."""
        components = getattr(self._state_var, "values", None)
        if self._distribution_strategy is None or self._replica_id() is not None or components is None:
            gs = P.GeneratorState(self._state_var._value.tolist())  # in a replica: that replica's component
            gen = gs.skip(delta)
            self._state_var.assign(np.array(gs.state, dtype=np.int64), read_value=False)
            return gen
        gens = []
        for var in components:
            gs = P.GeneratorState(var._value.tolist())
            gens.append(gs.skip(delta))
            # each component on its own (a mirrored variable's own assign would copy the first to all)
            Variable._set(var, np.array(gs.state, dtype=np.int64), False)
        return gens[0]

    def _replica_id(self) -> int | None:
        """The replica drawing, inside a `run` of the generator's strategy; None in cross-replica context."""
        from tfshim.distribute import distribute_lib

        stack = distribute_lib._scopes.stack
        if not stack or stack[-1][1] is None:
            return None
        return stack[-1][1]._replica_index  # type: ignore[no-any-return]

    def skip(self, delta: Any) -> Tensor:
        """TF: RngReadAndSkip; returns the old state as int64."""
        old = self._state_var._value.copy()
        self._read_and_skip(int(delta))
        return _wrap_as(old, dtypes.int64)

    def _key_counter(self, shape: Tensor, op: str) -> tuple[tuple[int, ...], int, tuple[int, int]]:
        dims = _shape_of(op, shape, "Tshape")
        gen = self._read_and_skip(_size(dims))
        lo, hi = gen.counter_u64()
        key = gen.key_u64()
        replica = self._replica_id() if self._distribution_strategy is not None else None
        if replica is not None:  # TF: key = hash(key, replica id), one uint64 of the stateless stream
            hashed = StatelessRandomUniformFullIntV2(_shape_tensor([1]), shape=(1,), dtype=np.uint64, key=key,
                                                     counter=(replica, 0))
            key = int(hashed._value[0])
        return dims, key, (lo, hi)

    def _fill(self, op: Any, shape: Any, dtype: Any) -> Tensor:
        return self._draw(op.name, lambda dims, key, counter, st: op(st, shape=dims, dtype=_np(dtype), key=key,
                                                                    counter=counter), _shape_tensor(shape))

    def _draw(self, name: str, run: Any, st: Tensor, *inputs: Tensor) -> Tensor:
        """`run(dims, key, counter, st, *inputs)` at the generator's state, which then advances.

        Inside a tf.function trace the draw is a node that the function runs on every call (TF: RngReadAndSkip
        on the state variable, then the stateless kernel), so a traced function draws anew each call without
        running its Python again; tracing itself leaves the state where it was, as in TF."""
        from tfshim.framework import func_graph

        def draw(st: Tensor, *inputs: Tensor) -> Tensor:
            dims, key, counter = self._key_counter(st, name)
            return run(dims, key, counter, st, *inputs)

        if func_graph.current() is None:
            return draw(st, *inputs)
        with func_graph.init_scope():  # the trace-time value, from the state as it is, left unchanged
            states = list(getattr(self._state_var, "values", None) or [self._state_var])
            saved = [v._value.copy() for v in states]
            try:
                out = draw(st, *inputs)
            finally:
                for v, value in zip(states, saved):
                    Variable._set(v, value, False)
        if len(states) == 1 and states[0] is self._state_var:
            self._state_var.value()  # a read node: the function captures the state variable, as TF's does
        func_graph.record_call(lambda *args: [draw(*args)], [st, *inputs], [out])
        return out

    # ---- distributions ------------------------------------------------------------
    def normal(self, shape: Any, mean: Any = 0.0, stddev: Any = 1.0, dtype: Any = dtypes.float32,
               name: Any = None) -> Tensor:
        dtype = dtypes.as_dtype(dtype)
        mean_t = _convert(mean, dtype, "mean")
        stddev_t = _convert(stddev, dtype, "stddev")
        rnd = self._fill(StatelessRandomNormalV2, shape, dtype)
        return add(multiply(rnd, stddev_t), mean_t)

    def truncated_normal(self, shape: Any, mean: Any = 0.0, stddev: Any = 1.0, dtype: Any = dtypes.float32,
                         name: Any = None) -> Tensor:
        dtype = dtypes.as_dtype(dtype)
        mean_t = _convert(mean, dtype, "mean")
        stddev_t = _convert(stddev, dtype, "stddev")
        rnd = self._fill(StatelessTruncatedNormalV2, shape, dtype)
        return add(multiply(rnd, stddev_t), mean_t)

    def uniform(self, shape: Any, minval: Any = 0, maxval: Any = None, dtype: Any = dtypes.float32,
                name: Any = None) -> Tensor:
        dtype = dtypes.as_dtype(dtype)
        if dtype.is_integer:
            if (minval is None) != (maxval is None):
                raise ValueError(
                    f"For integer dtype {dtype}, minval and maxval must be both `None` or both non-`None`; "
                    f"got minval={minval} and maxval={maxval}")
        elif maxval is None:
            maxval = 1
        if dtype.is_integer and minval is None:
            return self._fill(StatelessRandomUniformFullIntV2, shape, dtype)
        minval = _convert(minval, dtype, "min")
        maxval = _convert(maxval, dtype, "max")
        if dtype.is_integer:
            return self._draw("StatelessRandomUniformIntV2",
                              lambda dims, key, counter, st, lo, hi: StatelessRandomUniformIntV2(
                                  st, lo, hi, shape=dims, key=key, counter=counter),
                              _shape_tensor(shape), minval, maxval)
        rnd = self._fill(StatelessRandomUniformV2, shape, dtype)
        return add(multiply(rnd, subtract(maxval, minval)), minval)

    def uniform_full_int(self, shape: Any, dtype: Any = dtypes.uint64, name: Any = None) -> Tensor:
        return self._fill(StatelessRandomUniformFullIntV2, shape, dtypes.as_dtype(dtype))

    def make_seeds(self, count: int = 1) -> Tensor:
        """TF: int64 [2, count] = stack([uniform_full_int([count], int64), zeros])."""
        from tfshim.ops.array_ops import stack, zeros_like

        keys = self.uniform_full_int([count], dtypes.int64)
        return stack([keys, zeros_like(keys)])

    def split(self, count: int = 1) -> list[Generator]:
        """TF: ``count`` generators with state [0, 0, key] for keys = uniform_full_int([count], int64)."""
        keys = self.uniform_full_int([count], dtypes.int64)
        return [Generator(state=[0, 0, int(k)], alg=self._alg) for k in keys._value]


_global_generator: Generator | None = None


@tf_export("random.get_global_generator", "random.experimental.get_global_generator")
def get_global_generator() -> Generator:
    """TF: the process-wide Generator, created from a non-deterministic state on first use."""
    global _global_generator
    if _global_generator is None:
        _global_generator = Generator.from_non_deterministic_state()
    return _global_generator


@tf_export("random.set_global_generator", "random.experimental.set_global_generator")
def set_global_generator(generator: Generator) -> None:
    """TF: replaces the global generator."""
    global _global_generator
    _global_generator = generator


# ----- random_index_shuffle (TF: kernels/random_index_shuffle_op.cc) -----------------------------------------


def _index_shuffle_kernel(index: np.ndarray, seed: np.ndarray, max_index: np.ndarray, rounds: int) -> Any:
    from tfshim.kernels.index_shuffle import index_shuffle as shuffle

    n = max(index.size, max_index.size, seed.size // 3)
    if not (index.ndim == 0 or (index.ndim == 1 and index.shape[0] == n)):
        raise KernelError(errors.InvalidArgumentError, "Index bust be a scalar or vector.")
    if not ((seed.ndim == 1 and seed.shape[0] == 3) or (seed.ndim == 2 and seed.shape == (n, 3))):
        raise KernelError(errors.InvalidArgumentError, "Seed must be a vector of size [3] or a matrix of size [%d, 3] "
                          "but got [%s]." % (n, ",".join(str(d) for d in seed.shape)))
    if not (max_index.ndim == 0 or (max_index.ndim == 1 and max_index.shape[0] == n)):
        raise KernelError(errors.InvalidArgumentError, "Maxval must be a scalar or a vector of the same size as index "
                          "but got [%s]" % ",".join(str(d) for d in max_index.shape))
    mask = (1 << (8 * index.dtype.itemsize)) - 1
    out = np.empty(index.shape if index.ndim == 0 and seed.ndim == 1 and max_index.ndim == 0 else (n,), index.dtype)
    flat = out.reshape(-1)
    for i in range(n):
        # TF reads all three as uint64 (static_cast): negative values wrap around
        idx = int(index.reshape(-1)[i if index.ndim else 0]) & ((1 << 64) - 1)
        top = int(max_index.reshape(-1)[i if max_index.ndim else 0]) & ((1 << 64) - 1)
        row = seed.reshape(-1, 3)[i if seed.ndim == 2 else 0]
        if top < idx:
            raise KernelError(errors.InvalidArgumentError, "max_index must be >= index, but %d < %d" % (top, idx))
        key = tuple(int(v) & 0xFFFFFFFF for v in row)
        new = shuffle(idx, key, top, rounds) & mask
        flat[i] = np.array(new, np.uint64).astype(index.dtype) if index.dtype.kind == "i" else new
    return out


RandomIndexShuffle = defop("RandomIndexShuffle", _index_shuffle_kernel)
not_differentiable(RandomIndexShuffle)


@tf_export("random_index_shuffle")
def random_index_shuffle(index: Any, seed: Any, max_index: Any, rounds: int = 4, name: Any = None) -> Tensor:
    """TF: tf.random_index_shuffle (RandomIndexShuffle): the position of `index` in a pseudorandom permutation of
    [0, max_index] for a 3-word seed (a Simon block cipher, cycle-walked: tfshim/kernels/index_shuffle.py)."""
    from tfshim.framework.constant_op import match_inputs
    from tfshim.ops.op import check_attr, make_int, run_op

    r = make_int(4 if rounds is None else rounds, "rounds")
    raw = (index, seed, max_index)
    i, m = match_inputs((index, max_index))
    s = convert_to_tensor(seed, dtype_hint=dtypes.int32)
    from tfshim.ops.op import as_called, dtype_mismatch, error_suffix

    suffix = error_suffix(raw)
    check_attr("RandomIndexShuffle", i, "dtype", suffix)
    check_attr("RandomIndexShuffle", s, "Tseed", suffix)
    if m._dtype is not i._dtype:
        raise as_called(dtype_mismatch("RandomIndexShuffle", 2, i._dtype, m._dtype), raw)
    if r < 4 or r % 2:
        # TF asserts this only in debug builds; its release kernel reads past its round keys or never ends
        raise NotImplementedError("tf.random_index_shuffle with rounds=%d (TF needs an even number >= 4) is not "
                                  "implemented by tfshim" % r)
    return run_op(RandomIndexShuffle, raw, i, s, m, rounds=r)


@tf_export("random.experimental.index_shuffle")
def index_shuffle(index: Any, seed: Any, max_index: Any) -> Tensor:
    """TF: tf.random.experimental.index_shuffle: random_index_shuffle with the 2-word seed padded in front to 3
    words (TF pads the first dimension, also of an [n, 2] seed)."""
    from tfshim.ops.array_ops import pad

    s = convert_to_tensor(seed)
    s = pad(s, [[1, 0]] + [[0, 0]] * (s.shape.rank - 1), constant_values=498247692)
    return random_index_shuffle(index, seed=s, max_index=max_index, rounds=4)
