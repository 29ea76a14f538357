"""A differential bad-input fuzzer: the same random call, valid or not, in real TF 2.21 and in tfshim.

Each case is a public entry point (a function of the op library, a Tensor or Variable protocol, GradientTape,
`tf.random`, a Keras loss/metric/layer/optimizer) and arguments drawn, for its parameters, from pools of valid and
invalid values: tensors of every dtype and rank 0-5 (empty dims too), Python scalars, lists (ragged ones too),
NumPy arrays and scalars, strings, None, out-of-range ints, NaN/inf, negative, huge and float dims, bad dtypes.
An argument is a *description* (`Arg`), made into a TF or a tfshim object on each side, so that both get the
same input. Outcomes are classified (`classify`):

    same              both return equal results (dtype, shape, values; exact for non-floats), or both raise
                      the same exception class with the same first message line
    silent divergence tfshim returns where TF raises (the worst: a snippet "works" and is wrong)
    internal error    tfshim raises a Python/NumPy exception (IndexError, KeyError, OverflowError, ...) that TF
                      does not raise there
    class mismatch    both raise, other classes (or TF returns where tfshim raises a TF error class)
    message mismatch  both raise the same class, other first lines
    value mismatch    both return, other dtype, shape or values
    not implemented   tfshim raises NotImplementedError for an API (or an option) it does not implement

    python tests/differential/fuzz.py [--per-entry N] [--seed S] [--show CLASS] [--only NAME]

prints the counts by class (and, with --show, the cases of one class). The CI test is test_fuzz_vs_tf.py.
Cases are deterministic: each entry point's case i draws from a generator seeded by the entry's name and i.
"""

from __future__ import annotations

import collections
import dataclasses
import inspect
import math
import os
import random
import sys
import zlib
from typing import Any

import numpy as np

# ---------------------------------------------------------------------------------------------------------------
# Arguments: descriptions made into objects on each side

DTYPES = ("float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
          "uint64", "bool", "complex64", "complex128", "string")
COMMON_DTYPES = ("float32", "float32", "float32", "float64", "int32", "int32", "int64", "bool", "float16",
                 "uint8", "complex64", "string")


@dataclasses.dataclass(frozen=True)
class Arg:
    """One argument: kind plus data; `make(mod)` builds it for tf or tfshim."""

    kind: str  # tensor, variable, array, npscalar, py, dtype, shape
    data: Any
    dtype: str = ""

    def make(self, mod: Any) -> Any:
        if self.kind == "tensor":
            return mod.constant(self.data, dtype=getattr(mod, self.dtype))
        if self.kind == "variable":
            return mod.Variable(self.data, dtype=getattr(mod, self.dtype))
        if self.kind == "array":
            return np.array(self.data)
        if self.kind == "dtype":
            return getattr(mod, self.data) if self.data in DTYPES else self.data
        if self.kind == "shape":
            return mod.TensorShape(self.data)
        return self.data  # py, npscalar

    def __repr__(self) -> str:
        if self.kind in ("tensor", "variable"):
            return f"{self.kind}({self.dtype}{list(np.shape(self.data))})"
        if self.kind == "array":
            return f"np.array({self.data.dtype}{list(self.data.shape)})"
        if self.kind == "dtype":
            return f"dtype:{self.data!r}"
        return repr(self.data)


def _random_array(rng: random.Random, dtype: str, shape: tuple) -> np.ndarray:
    n = int(np.prod(shape)) if shape else 1
    if dtype == "string":
        words = ["", "a", "bc", "héllo", "1.5", "x y"]
        return np.array([rng.choice(words).encode() for _ in range(n)], dtype=object).reshape(shape)
    if dtype == "bool":
        return np.array([rng.random() < 0.5 for _ in range(n)]).reshape(shape)
    np_dtype = np.dtype(dtype)
    if np_dtype.kind in "iu":
        info = np.iinfo(np_dtype)
        lo, hi = max(info.min, -20), min(info.max, 20)
        vals = [rng.randint(lo, hi) for _ in range(n)]
        if n and rng.random() < 0.1:
            vals[0] = rng.choice([info.min, info.max, 0])
        return np.array(vals, dtype=np_dtype).reshape(shape)
    specials = [0.0, -0.0, 1.0, -1.0, 0.5, math.inf, -math.inf, math.nan, 1e-40, 65504.0, 1e30]
    vals = [rng.uniform(-3, 3) if rng.random() < 0.85 else rng.choice(specials) for _ in range(n)]
    arr = np.array(vals, dtype=np.float64)
    if np_dtype.kind == "c":
        arr = arr + 1j * np.array([rng.uniform(-2, 2) for _ in range(n)])
    with np.errstate(all="ignore"):
        return arr.astype(np_dtype).reshape(shape)


def random_shape(rng: random.Random, max_rank: int = 4) -> tuple:
    rank = rng.choice([0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 5][: max(1, 2 * max_rank + 2)])
    rank = min(rank, max_rank)
    return tuple(rng.choice([0, 1, 1, 2, 2, 3, 3, 4]) if rng.random() < 0.95 else 0 for _ in range(rank))


def tensor_arg(rng: random.Random, dtype: str | None = None, shape: tuple | None = None) -> Arg:
    dtype = dtype or rng.choice(COMMON_DTYPES)
    shape = random_shape(rng) if shape is None else shape
    return Arg("tensor", _random_array(rng, dtype, shape), dtype)


def value_arg(rng: random.Random) -> Arg:
    """Anything a user may hand to a tensor parameter."""
    r = rng.random()
    if r < 0.55:
        return tensor_arg(rng)
    if r < 0.62:
        dtype = rng.choice(("float32", "float64", "int32", "int64", "bool"))
        return Arg("array", _random_array(rng, dtype, random_shape(rng, 3)))
    if r < 0.66:
        return Arg("npscalar", rng.choice([np.float32(1.5), np.int64(3), np.float64(-2.0), np.bool_(True),
                                           np.int8(-7), np.uint8(200), np.float16(0.5)]))
    if r < 0.70:
        return Arg("variable", _random_array(rng, "float32", random_shape(rng, 2)), "float32")
    pool = [0, 1, -1, 3, 2.5, -0.0, True, False, None, "a", b"b", [], [1, 2, 3], [1.5, 2.0], [[1, 2], [3, 4]],
            [[1, 2], [3]], [1, "a"], [True, False], 2**63, 2**64, -2**63 - 1, math.nan, math.inf, -math.inf,
            1e40, 1 + 2j, (1, 2), {"a": 1}, [None], [[]], [1, [2]]]
    return Arg("py", rng.choice(pool))


def axis_arg(rng: random.Random) -> Arg:
    return Arg("py", rng.choice([0, 0, 1, -1, 2, -2, 3, 5, -6, None, None, [0, 1], [0, 0], [], (1,), 1.5, "a",
                                 [-1, 0], True, 2**40]))


def dims_arg(rng: random.Random) -> Arg:
    """Shape-like arguments: small valid shapes, and invalid ones (negative, float, None, too many elements)."""
    r = rng.random()
    if r < 0.6:
        return Arg("py", list(random_shape(rng, 3)))
    if r < 0.7:
        return Arg("shape", list(random_shape(rng, 3)))
    if r < 0.75:
        return tensor_arg(rng, rng.choice(("int32", "int64")), (rng.choice([0, 1, 2, 3]),))
    return Arg("py", rng.choice([[-1], [2, -3], [2.5], [None, 2], [2**40, 2**40], [[2]], 3, -1, None, "a", [],
                                 (2, 2), [True, 2], [2**62, 4], 1.5]))


def dtype_arg(rng: random.Random) -> Arg:
    r = rng.random()
    if r < 0.8:
        return Arg("dtype", rng.choice(DTYPES))
    return Arg("dtype", rng.choice([None, "float32", "int32", "foo", 3, np.float32, float, int, bool, object]))


def int_arg(rng: random.Random) -> Arg:
    return Arg("py", rng.choice([0, 1, 2, 3, -1, -2, 1.5, None, True, 2**40, "2", 10]))


def bool_arg(rng: random.Random) -> Arg:
    return Arg("py", rng.choice([True, False, True, False, None, 0, 1, "yes", 2]))


def name_arg(rng: random.Random) -> Arg:
    return Arg("py", rng.choice([None, "n", "my_op"]))


# parameter name -> generator; anything else is a value
_BY_NAME = {
    "axis": axis_arg, "axes": axis_arg, "batch_dims": int_arg, "dim": axis_arg,
    "shape": dims_arg, "dims": dims_arg, "multiples": dims_arg, "size": dims_arg, "begin": dims_arg,
    "end": dims_arg, "strides": dims_arg, "perm": dims_arg, "paddings": value_arg, "ksize": dims_arg,
    "dtype": dtype_arg, "out_type": dtype_arg, "dtype_hint": dtype_arg, "output_type": dtype_arg,
    "name": name_arg, "keepdims": bool_arg, "transpose_a": bool_arg, "transpose_b": bool_arg,
    "adjoint_a": bool_arg, "adjoint_b": bool_arg, "exclusive": bool_arg, "reverse": bool_arg,
    "sorted": bool_arg, "from_logits": bool_arg, "num": int_arg, "k": int_arg, "depth": int_arg,
    "num_rows": int_arg, "num_columns": int_arg, "seed": int_arg, "num_or_size_splits": int_arg,
    "validate_args": bool_arg, "use_nesterov": bool_arg, "alpha": value_arg, "padding": None,
    "data_format": None, "equation": None,
}


def padding_arg(rng: random.Random) -> Arg:
    return Arg("py", rng.choice(["SAME", "VALID", "same", "FULL", 3, None]))


def format_arg(rng: random.Random) -> Arg:
    return Arg("py", rng.choice([None, "NHWC", "NCHW", "NWC", "bad"]))


def equation_arg(rng: random.Random) -> Arg:
    return Arg("py", rng.choice(["ij,jk->ik", "i,i->", "ij->ji", "...i,...i->...", "ii", "ij,jk", "i1->i",
                                 "ij,jk->iz", "ab,bc->ac", "b...,b...->b"]))


_BY_NAME.update(padding=padding_arg, data_format=format_arg, equation=equation_arg)


# ---------------------------------------------------------------------------------------------------------------
# Entry points

@dataclasses.dataclass
class Entry:
    name: str  # as a TF user writes it: "tf.math.add", "Tensor.__getitem__", "tf.keras.losses.mse"
    params: list  # parameter names drawn for (positional, then keyword)
    required: int  # how many of them are always passed
    call: Any  # call(mod, args, kwargs) -> result
    values_only: bool = False  # compare dtype/shape only (unseeded randomness)


def _resolve(mod: Any, dotted: str) -> Any:
    obj = mod
    for part in dotted.split("."):
        obj = getattr(obj, part)
    return obj


# Functions that would allocate without bound, block, print to the real streams, or change process-wide state
SKIP = {
    "print", "py_function", "numpy_function", "function", "custom_gradient", "recompute_grad", "map_fn",
    "while_loop", "cond", "case", "switch_case", "vectorized_map", "scan", "foldl", "foldr", "get_logger",
    "set_seed", "init_scope", "device", "name_scope", "control_dependencies", "executing_eagerly",
    "make_ndarray", "make_tensor_proto", "Assert", "group", "tuple", "no_op", "stop_gradient", "autodiff",
    "import_graph_def", "load_library", "load_op_library", "register_tensor_conversion_function",
    "get_static_value", "constant_initializer", "ones_initializer", "zeros_initializer",
    "random_normal_initializer", "random_uniform_initializer", "grad_pass_through", "gradients", "hessians",
    "summary", "debugging", "io", "experimental", "create_relu_op",
}


def op_library_entries(tfshim: Any, tf: Any) -> list:
    """Every public function of tfshim's op library that TF has too (tf, tf.math, tf.nn, tf.linalg, tf.random,
    tf.bitwise, tf.dtypes), with the parameters of tfshim's signature (TF's own, by design)."""
    out = []
    seen = set()
    for ns in ("", "math", "nn", "linalg", "random", "bitwise", "dtypes"):
        shim_ns = _resolve(tfshim, ns) if ns else tfshim
        for name in sorted(getattr(shim_ns, "__all__", dir(shim_ns))):
            if name.startswith("_") or name in SKIP:
                continue
            fn = getattr(shim_ns, name, None)
            if not inspect.isfunction(fn):
                continue
            dotted = f"{ns}.{name}" if ns else name
            try:
                _resolve(tf, dotted)
            except AttributeError:
                continue
            if id(fn) in seen:
                continue
            seen.add(id(fn))
            try:
                sig = inspect.signature(fn)
            except (TypeError, ValueError):
                continue
            params, required = [], 0
            varargs = False
            for p in sig.parameters.values():
                if p.kind is p.VAR_POSITIONAL:
                    varargs = True
                    continue
                if p.kind is p.VAR_KEYWORD:
                    continue
                params.append(p.name)
                if p.default is p.empty:
                    required += 1
            if varargs:  # tf.einsum(equation, *inputs), tf.meshgrid(*args)
                params += ["x", "y"]
                required += 2 if name != "meshgrid" else 1
            out.append(Entry("tf." + dotted, params, required,
                             lambda mod, a, kw, d=dotted, va=varargs: _resolve(mod, d)(*a, **kw),
                             values_only=ns == "random" and "stateless" not in name))
    return out


def _protocol(name: str, fn: Any, params: list, required: int) -> Entry:
    return Entry(name, params, required, fn)


def protocol_entries() -> list:
    """Tensor and Variable operators and Python protocols, GradientTape, Keras pieces."""
    binops = ["__add__", "__sub__", "__mul__", "__truediv__", "__floordiv__", "__mod__", "__pow__", "__matmul__",
              "__and__", "__or__", "__xor__", "__lt__", "__le__", "__gt__", "__ge__", "__eq__", "__ne__",
              "__radd__", "__rsub__", "__rmul__", "__rtruediv__", "__rpow__", "__rmatmul__", "__lshift__"]
    unops = ["__neg__", "__abs__", "__invert__", "__pos__", "__bool__", "__len__", "__index__", "__int__",
             "__float__", "__hash__", "__iter__", "__array__", "__repr__", "__str__", "__nonzero__"]
    out = []
    for op in binops:
        out.append(_protocol(f"Tensor.{op}", lambda mod, a, kw, op=op: getattr(a[0], op)(a[1]), ["x", "y"], 2))
    for op in unops:
        def call(mod: Any, a: Any, kw: Any, op: str = op) -> Any:
            r = getattr(a[0], op)()
            return list(r) if op == "__iter__" else r
        out.append(_protocol(f"Tensor.{op}", call, ["x"], 1))
    out.append(_protocol("Tensor.__getitem__", lambda mod, a, kw: a[0][a[1]], ["x", "key"], 2))
    out.append(_protocol("Tensor.__format__", lambda mod, a, kw: format(a[0], a[1]), ["x", "spec"], 2))
    out.append(_protocol("Tensor.__setitem__", _setitem, ["x", "key", "y"], 3))
    out.append(_protocol("Variable.assign", lambda mod, a, kw: _var(mod, a[0]).assign(a[1]), ["x", "y"], 2))
    out.append(_protocol("Variable.assign_add", lambda mod, a, kw: _var(mod, a[0]).assign_add(a[1]), ["x", "y"], 2))
    out.append(_protocol("Variable.__getitem__.assign",
                         lambda mod, a, kw: _var(mod, a[0])[a[1]].assign(a[2]), ["x", "key", "y"], 3))
    out.append(_protocol("Variable.__init__", lambda mod, a, kw: mod.Variable(*a, **kw),
                         ["initial_value", "trainable", "validate_shape", "caching_device", "name", "variable_def",
                          "dtype", "import_scope", "constraint", "synchronization", "aggregation", "shape"], 1))
    out.append(_protocol("GradientTape.gradient", _tape_gradient, ["x", "target", "output_gradients"], 2))
    out.append(_protocol("GradientTape.jacobian", _tape_jacobian, ["x", "target"], 2))
    for loss in ("mean_squared_error", "mean_absolute_error", "binary_crossentropy", "categorical_crossentropy",
                 "sparse_categorical_crossentropy", "huber", "kl_divergence", "mse", "mae", "hinge",
                 "log_cosh", "poisson", "cosine_similarity"):
        out.append(_protocol(f"tf.keras.losses.{loss}",
                             lambda mod, a, kw, loss=loss: getattr(mod.keras.losses, loss)(*a, **kw),
                             ["y_true", "y_pred", "from_logits"] if "entropy" in loss else ["y_true", "y_pred"], 2))
    for layer, arg in (("Dense", "units"), ("Dropout", "rate"), ("Softmax", "axis"), ("ReLU", "max_value")):
        out.append(_protocol(f"tf.keras.layers.{layer}", lambda mod, a, kw, layer=layer, arg=arg:
                             getattr(mod.keras.layers, layer)(a[1])(a[0]), ["x", arg], 2))
    for opt in ("SGD", "Adam", "RMSprop", "Adagrad"):
        out.append(_protocol(f"tf.keras.optimizers.{opt}", lambda mod, a, kw, opt=opt:
                             _optimizer_step(mod, opt, a[0], a[1]), ["learning_rate", "x"], 2))
    return out


def _setitem(mod: Any, a: Any, kw: Any) -> Any:
    a[0][a[1]] = a[2]
    return a[0]


def _var(mod: Any, x: Any) -> Any:
    return mod.Variable(x)


def _tape_gradient(mod: Any, a: Any, kw: Any) -> Any:
    x = a[0]
    with mod.GradientTape() as tape:
        if isinstance(x, (mod.Tensor,)):
            tape.watch(x)
        target = a[1] if not callable(a[1]) else a[1](x)
    return tape.gradient(target, x, *a[2:])


def _tape_jacobian(mod: Any, a: Any, kw: Any) -> Any:
    x = a[0]
    with mod.GradientTape() as tape:
        if isinstance(x, (mod.Tensor,)):
            tape.watch(x)
        y = x * 2 if isinstance(x, mod.Tensor) else a[1]
    return tape.jacobian(y, x)


def _optimizer_step(mod: Any, name: str, lr: Any, x: Any) -> Any:
    v = mod.Variable(x)
    opt = getattr(mod.keras.optimizers, name)(learning_rate=lr)
    opt.apply_gradients([(mod.ones_like(v), v)])
    return v.value()


# ---------------------------------------------------------------------------------------------------------------
# Cases

# TF aborts the whole process (a failed C++ CHECK, not an exception) on some malformed inputs to these ops: the
# first argument always gets the rank the op needs, so the fuzzer's process survives; other arguments vary.
_INPUT_RANK = {"tf.nn.conv1d": 3, "tf.nn.conv2d": 4, "tf.nn.conv3d": 5, "tf.nn.max_pool1d": 3,
               "tf.nn.max_pool2d": 4, "tf.nn.avg_pool1d": 3, "tf.nn.avg_pool2d": 4, "tf.nn.max_pool": 4,
               "tf.nn.avg_pool": 4, "tf.nn.max_pool3d": 5, "tf.nn.avg_pool3d": 5, "tf.nn.convolution": 4,
               "tf.nn.depthwise_conv2d": 4, "tf.nn.pool": 4, "tf.nn.conv2d_transpose": 4}


# Entry points where TF 2.21 itself aborts the process (a failed C++ CHECK) on some malformed arguments the fuzzer
# draws: an in-process fuzzer cannot run them (found by running it; each is a TF bug, not a tfshim one).
TF_ABORTS: set = {'tf.nn.depth_to_space', 'tf.nn.conv2d_transpose'}


def draw(entry: Entry, rng: random.Random) -> tuple[list, dict]:
    args, kwargs = _draw(entry, rng)
    rank = _INPUT_RANK.get(entry.name)
    if rank is not None and args:
        args[0] = tensor_arg(rng, rng.choice(("float32", "float32", "float64", "float16", "int32")),
                             tuple(rng.choice([1, 2, 3, 4]) for _ in range(rank)))
    return args, kwargs


def _draw(entry: Entry, rng: random.Random) -> tuple[list, dict]:
    n_extra = rng.choice([0, 0, 0, 1, 1, 2, 3])
    n = min(len(entry.params), entry.required + n_extra)
    if rng.random() < 0.05 and entry.required:  # a missing required argument
        n = entry.required - 1
    args: list = []
    kwargs: dict = {}
    first_tensor: Arg | None = None
    for i, p in enumerate(entry.params[:n]):
        gen = _BY_NAME.get(p) or value_arg
        arg = gen(rng)
        # Half the time, later tensors take the first one's dtype and shape (valid calls, not only errors).
        if gen is value_arg and first_tensor is not None and arg.kind == "tensor" and rng.random() < 0.5:
            arg = tensor_arg(rng, first_tensor.dtype, np.shape(first_tensor.data))
        if first_tensor is None and arg.kind == "tensor":
            first_tensor = arg
        if i < entry.required or rng.random() < 0.5:
            args.append(arg)
        else:
            kwargs[p] = arg
    return args, kwargs


def _flatten(x: Any) -> list:
    if isinstance(x, (list, tuple)):
        out: list = []
        for v in x:
            out.extend(_flatten(v))
        return out
    if isinstance(x, dict):
        return _flatten(list(x.values()))
    return [x]


INTERNAL = {"IndexError", "KeyError", "AttributeError", "OverflowError", "ZeroDivisionError", "AssertionError",
            "UnboundLocalError", "NameError", "RecursionError", "AxisError", "LinAlgError", "MemoryError",
            "FloatingPointError", "UFuncTypeError", "_UFuncNoLoopError", "UFuncNoLoopError", "ComplexWarning",
            "StopIteration", "SystemError", "DTypePromotionError", "NotImplementedError"}


def run_side(mod: Any, entry: Entry, args: list, kwargs: dict) -> tuple[Any, BaseException | None]:
    try:
        a = [x.make(mod) for x in args]
        kw = {k: v.make(mod) for k, v in kwargs.items()}
    except Exception as e:  # noqa: BLE001 - input construction failed: no case
        return None, RuntimeError(f"setup: {type(e).__name__}: {e}")
    try:
        with np.errstate(all="ignore"):
            return entry.call(mod, a, kw), None
    except Exception as e:  # noqa: BLE001 - the exception is the outcome
        return None, e


def _first_line(e: BaseException) -> str:
    return str(e).split("\n")[0]


def _leaf_text(x: Any) -> Any:
    """A comparable form of a result leaf: (dtype, shape, values) for tensors, repr for the rest."""
    if hasattr(x, "numpy") and hasattr(x, "dtype") and hasattr(x, "shape"):
        try:
            v = x.numpy()
        except Exception as e:  # noqa: BLE001
            return ("unreadable", type(e).__name__)
        return ("tensor", x.dtype.name, tuple(x.shape.as_list()) if hasattr(x.shape, "as_list") else tuple(x.shape),
                np.asarray(v))
    if isinstance(x, np.ndarray):
        return ("array", str(x.dtype), x.shape, x)
    if type(x).__name__ in ("DType", "TensorShape"):
        return ("repr", repr(x))
    if isinstance(x, (bool, int, float, complex, str, bytes, type(None), np.generic)):
        return ("repr", repr(x))
    return ("type", type(x).__name__)


def _same_values(a: np.ndarray, b: np.ndarray) -> bool:
    if a.shape != b.shape:
        return False
    if a.dtype.kind in "fc" and b.dtype.kind in "fc":
        with np.errstate(all="ignore"):
            return bool(np.allclose(a.astype(np.complex128), b.astype(np.complex128), rtol=1e-3, atol=1e-5,
                                    equal_nan=True))
    try:
        return bool(np.array_equal(a, b))
    except Exception:  # noqa: BLE001
        return False


def classify(tf_res: Any, tf_err: BaseException | None, sh_res: Any, sh_err: BaseException | None,
             values_only: bool = False) -> tuple[str, str]:
    """(outcome class, detail) of one case."""
    if tf_err is not None and str(tf_err).startswith("setup:"):
        return "skipped", "input could not be built in TF"
    if tf_err is not None and sh_err is None:
        return "silent divergence", f"TF raised {type(tf_err).__name__}: {_first_line(tf_err)[:160]}"
    if sh_err is not None and (isinstance(sh_err, NotImplementedError) or (
            isinstance(sh_err, AttributeError) and str(sh_err).startswith("module 'tfshim"))):
        return "not implemented", f"tfshim {type(sh_err).__name__}: {_first_line(sh_err)[:160]}"
    if sh_err is not None:
        shim_cls = type(sh_err).__name__
        if tf_err is None:
            if shim_cls in INTERNAL:
                return "internal error", f"tfshim {shim_cls}: {_first_line(sh_err)[:160]} (TF returned)"
            return "class mismatch", f"tfshim {shim_cls}: {_first_line(sh_err)[:160]} (TF returned)"
        tf_cls = type(tf_err).__name__
        if shim_cls != tf_cls:
            kind = "internal error" if shim_cls in INTERNAL else "class mismatch"
            return kind, f"tfshim {shim_cls}: {_first_line(sh_err)[:120]} | TF {tf_cls}: {_first_line(tf_err)[:120]}"
        if _first_line(sh_err) != _first_line(tf_err):
            return "message mismatch", (f"{tf_cls}: tfshim {_first_line(sh_err)[:120]!r} | "
                                        f"TF {_first_line(tf_err)[:120]!r}")
        return "same", "both raised"
    ta, sa = _flatten(tf_res), _flatten(sh_res)
    if len(ta) != len(sa):
        return "value mismatch", f"{len(sa)} outputs, TF {len(ta)}"
    for x, y in zip(ta, sa):
        lx, ly = _leaf_text(x), _leaf_text(y)
        if lx[0] != ly[0]:
            return "value mismatch", f"result kind {ly[0]} != TF {lx[0]}"
        if lx[0] in ("tensor", "array"):
            if lx[1] != ly[1] or lx[2] != ly[2]:
                return "value mismatch", f"dtype/shape {ly[1]}{list(ly[2])} != TF {lx[1]}{list(lx[2])}"
            if not values_only and not _same_values(lx[3], ly[3]):
                return "value mismatch", "values differ"
        elif lx != ly:
            return "value mismatch", f"{ly[1]!s:.80} != TF {lx[1]!s:.80}"
    return "same", ""


PER_ENTRY = 20  # cases per entry point in CI: 20 x 254 entry points (and more as the op library grows) > 5,000

CLASSES = ("same", "silent divergence", "internal error", "class mismatch", "message mismatch", "value mismatch",
           "not implemented")


def cases(tfshim: Any, tf: Any, per_entry: int, seed: int = 0, only: str = "") -> list:
    """`per_entry` cases for every entry point, each drawn from a generator seeded by the entry's name and the
    case number: adding an entry point leaves every other entry's cases as they were."""
    entries = [e for e in op_library_entries(tfshim, tf) + protocol_entries() if e.name not in TF_ABORTS]
    if only:
        entries = [e for e in entries if only in e.name]
    out = []
    for entry in entries:
        base = zlib.crc32(entry.name.encode()) + seed * 1_000_003
        for i in range(per_entry):
            rng = random.Random(base * 1009 + i)
            args, kwargs = draw(entry, rng)
            out.append((entry, args, kwargs))
    return out


def describe(entry: Entry, args: list, kwargs: dict) -> str:
    parts = [repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items()]
    return f"{entry.name}({', '.join(parts)})"


def _limit_memory() -> Any:
    """Caps the process's data segment (8 GiB), so that a case which would allocate more fails with an error on
    either side instead of the machine's OOM killer ending the run; returns the previous limit."""
    try:
        import resource
    except ImportError:  # not on POSIX: no cap
        return None
    old = resource.getrlimit(resource.RLIMIT_DATA)
    cap = 8 * 2**30
    if old[0] == resource.RLIM_INFINITY or old[0] > cap:
        resource.setrlimit(resource.RLIMIT_DATA, (cap, old[1]))
    return old


def run_all(tfshim: Any, tf: Any, per_entry: int, seed: int = 0, only: str = "") -> list:
    old_limit = _limit_memory()
    try:
        return _run_all(tfshim, tf, per_entry, seed, only)
    finally:
        if old_limit is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_DATA, old_limit)


def _run_all(tfshim: Any, tf: Any, per_entry: int, seed: int = 0, only: str = "") -> list:
    tf.random.set_seed(1)
    tfshim.random.set_seed(1)
    results = []
    trace = os.environ.get("TFSHIM_FUZZ_TRACE")
    for entry, args, kwargs in cases(tfshim, tf, per_entry, seed, only):
        if trace:
            print(describe(entry, args, kwargs), file=sys.stderr, flush=True)
        tf_res, tf_err = run_side(tf, entry, args, kwargs)
        sh_res, sh_err = run_side(tfshim, entry, args, kwargs)
        kind, detail = classify(tf_res, tf_err, sh_res, sh_err, entry.values_only)
        results.append((kind, describe(entry, args, kwargs), detail))
    return results


def main() -> int:
    import argparse
    import os
    import warnings

    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    # The spec is TF with oneDNN on (compat/DIFFERENCES.md); TF turns it on by itself only on CPUs with AVX-512
    # VNNI/BF16 or AMX. Elsewhere its CPU kernels differ (NCHW pooling and depthwise conv raise, other messages).
    os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "1")
    warnings.filterwarnings("ignore")
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per-entry", type=int, default=PER_ENTRY)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", default="")
    parser.add_argument("--only", default="")
    parser.add_argument("--json", action="store_true", help="print every case's (class, call, detail) as JSON")
    opts = parser.parse_args()
    import tensorflow as tf

    import tfshim

    results = run_all(tfshim, tf, opts.per_entry, opts.seed, opts.only)
    if opts.json:
        import json

        print(json.dumps(results))
        return 0
    counts = collections.Counter(k for k, _, _ in results)
    total = sum(counts[c] for c in CLASSES)
    print(f"{total} calls compared ({counts['skipped']} skipped)")
    for c in CLASSES:
        print(f"  {c:18s} {counts[c]:6d}  {100 * counts[c] / max(total, 1):5.1f}%")
    if opts.show:
        for kind, desc, detail in results:
            if kind == opts.show:
                print(f"- {desc}\n    {detail}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
