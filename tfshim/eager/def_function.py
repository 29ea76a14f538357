"""tf.function, run eagerly (TF: eager/polymorphic_function/polymorphic_function.py), and the
eager-context helpers that go with it: tf.executing_eagerly, tf.config.run_functions_eagerly,
tf.print, tf.TensorSpec.

TF traces the Python function into a graph once per input signature and then runs the graph, so
Python side effects (`print`) happen only while tracing, and tensors inside print symbolically.
tfshim runs the Python function on every call, with the same values, but keeps TF's trace cache
(dtype and shape for tensors and variables, value for Python objects; `reduce_retracing` relaxes
shapes as TF does). On a cache miss (= a TF trace) the function runs with its tensor arguments
printing as TF's symbolic tensors (`Tensor("x:0", shape=(), dtype=float32)`); on a hit its
writes to `sys.stdout` are discarded, as TF would not run them.

Known differences (documented, never silent on stdout):
- Printing (str/repr) or `.numpy()` of a tensor computed inside the function while it traces
  raises NotImplementedError naming tf.function (TF prints e.g. `Tensor("mul:0", ...)`).
- Python side effects other than writes to sys.stdout (appending to a list, writes to stderr,
  Python control flow on tensor values) run on every call; AutoGraph is not emulated.
- `get_concrete_function` and `experimental_get_compiler_ir` raise NotImplementedError.
- TF's "triggered tf.function retracing" warning is not logged.
"""

from __future__ import annotations

import functools
import inspect
import io
import os
import pprint
import random
import sys
import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import EagerTensor, Tensor, _next_id
from tfshim.framework.tensor_shape import TensorShape
from tfshim.framework.variables import Variable
from tfshim.util import nest
from tfshim.util.tf_export import tf_export

# ----- eager context ---------------------------------------------------------------------------


class _FunctionState(threading.local):
    def __init__(self) -> None:
        self.depth = 0  # > 0 while a tf.function body runs (TF: inside a FuncGraph)


_state = _FunctionState()
_run_functions_eagerly = False


@tf_export("executing_eagerly")
def executing_eagerly() -> bool:
    """TF: tf.executing_eagerly. True, except inside a tf.function body (False there, as in TF)."""
    return _state.depth == 0


@tf_export("config.run_functions_eagerly")
def run_functions_eagerly(run_eagerly: bool) -> None:
    """TF: tf.config.run_functions_eagerly. When True, tf.function calls the Python function directly."""
    global _run_functions_eagerly
    _run_functions_eagerly = bool(run_eagerly)


@tf_export("config.functions_run_eagerly")
def functions_run_eagerly() -> bool:
    """TF: tf.config.functions_run_eagerly."""
    return _run_functions_eagerly


# ----- TensorSpec --------------------------------------------------------------------------------


@tf_export("TensorSpec")
class TensorSpec:
    """TF: tf.TensorSpec, the type of a tensor: shape (maybe partial), dtype and optional name."""

    __slots__ = ("_shape", "_dtype", "_name")

    def __init__(self, shape: Any, dtype: Any = dtypes.float32, name: str | None = None) -> None:
        self._shape = shape if isinstance(shape, TensorShape) else TensorShape(shape)
        self._dtype = dtypes.as_dtype(dtype)
        self._name = name

    @property
    def shape(self) -> TensorShape:
        return self._shape

    @property
    def dtype(self) -> dtypes.DType:
        return self._dtype

    @property
    def name(self) -> str | None:
        return self._name

    @classmethod
    def from_tensor(cls, tensor: Any, name: str | None = None) -> TensorSpec:
        return cls(tensor.shape, tensor.dtype, name)

    def is_compatible_with(self, other: Any) -> bool:
        if isinstance(other, TensorSpec):
            return self._dtype == other._dtype and self._shape.is_compatible_with(other._shape)
        t = convert_to_tensor(other)
        return self._dtype == t._dtype and self._shape.is_compatible_with(t.shape)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, TensorSpec) and self._dtype == other._dtype and self._name == other._name
                and _shape_key(self._shape) == _shape_key(other._shape))

    def __hash__(self) -> int:
        return hash((_shape_key(self._shape), self._dtype, self._name))

    def __repr__(self) -> str:
        return f"TensorSpec(shape={self._shape}, dtype={self._dtype!r}, name={self._name!r})"


def _shape_key(shape: TensorShape) -> Any:
    return None if shape.rank is None else tuple(shape.as_list())


# ----- symbolic printing while tracing ----------------------------------------------------------


class _SymbolicArg(EagerTensor):
    """A tensor argument as the traced function sees it: the same tensor (same id, so tapes
    connect), printing as TF's graph placeholder."""

    __slots__ = ("_trace_name", "_trace_shape")

    def __str__(self) -> str:
        shape = f", shape={self._trace_shape}" if self._trace_shape.rank is not None else ""
        return f'Tensor("{self._trace_name}:0"{shape}, dtype={self._dtype.name})'

    def __repr__(self) -> str:
        return f"<tf.Tensor '{self._trace_name}:0' shape={self._trace_shape} dtype={self._dtype.name}>"

    def numpy(self) -> Any:
        raise _symbolic_error(".numpy() of a tensor")


def _symbolic_arg(t: Tensor, name: str, shape: TensorShape) -> _SymbolicArg:
    s = _SymbolicArg.__new__(_SymbolicArg)
    s._value, s._dtype, s._id = t._value, t._dtype, t._id
    s._trace_name, s._trace_shape = name, shape
    return s


def _symbolic_error(what: str) -> NotImplementedError:
    return NotImplementedError(
        f"tfshim: {what} computed inside a tf.function while it is traced is not supported (TF sees a "
        "symbolic tensor there). Use tf.print, or tf.config.run_functions_eagerly(True).")


class _Tracing:
    """While a function traces, tensors made inside it print (and `.numpy()`) as TF's symbolic
    tensors cannot be emulated: raise. Variables print without their value, as TF's in a graph."""

    _depth = 0
    _saved: dict = {}

    def __init__(self) -> None:
        self.first_id = _next_id()

    def __enter__(self) -> _Tracing:
        cls = _Tracing
        if cls._depth == 0:
            cls._saved = {
                "str": Tensor.__str__, "repr": Tensor.__repr__, "numpy": Tensor.numpy,
                "vrepr": Variable.__repr__,
            }
            first = self.first_id
            saved = cls._saved

            def guard(name: str, what: str) -> Callable:
                def method(t: Any, *a: Any) -> Any:
                    if t._id > first and not isinstance(t, _SymbolicArg):
                        raise _symbolic_error(what)
                    return saved[name](t, *a)
                return method

            Tensor.__str__ = guard("str", "printing a tensor")  # type: ignore[method-assign]
            Tensor.__repr__ = guard("repr", "printing a tensor")  # type: ignore[method-assign]
            Tensor.numpy = guard("numpy", ".numpy() of a tensor")  # type: ignore[method-assign]
            Variable.__repr__ = _graph_variable_repr  # type: ignore[method-assign]
            Variable.__str__ = _graph_variable_repr  # type: ignore[method-assign]
        cls._depth += 1
        return self

    def __exit__(self, *exc: Any) -> None:
        cls = _Tracing
        cls._depth -= 1
        if cls._depth == 0:
            s = cls._saved
            Tensor.__str__, Tensor.__repr__, Tensor.numpy = s["str"], s["repr"], s["numpy"]  # type: ignore
            Variable.__repr__ = Variable.__str__ = s["vrepr"]  # type: ignore[method-assign]


def _graph_variable_repr(v: Any) -> str:
    return f"<tf.Variable '{v._name}' shape={v._shape} dtype={v._dtype.name}>"


class _DiscardStdout(io.TextIOBase):
    """sys.stdout while a traced function reruns: TF would not run its Python prints."""

    def __init__(self, real: Any) -> None:
        self.real = real

    def write(self, s: str) -> int:
        return len(s)

    def writable(self) -> bool:
        return True


# ----- the trace cache ---------------------------------------------------------------------------


class _Leaf:
    """A tensor or variable position in a call: what TF's trace type keeps of it."""

    __slots__ = ("kind", "dtype", "shape")

    def __init__(self, kind: str, dtype: Any, shape: Any) -> None:
        self.kind, self.dtype, self.shape = kind, dtype, shape

    def family(self) -> tuple:
        return (self.kind, self.dtype)

    def key(self) -> tuple:
        return (self.kind, self.dtype, self.shape)


class _Struct(tuple):
    """A list/tuple/dict (or named argument) in a trace key: (tag, tuple of children)."""


def _encode(value: Any) -> Any:
    """TF's trace type of one argument: structure kept, tensors -> (dtype, shape), Python -> value."""
    if isinstance(value, Variable):
        return _Leaf("V", value._dtype, tuple(value._value.shape))
    if isinstance(value, (Tensor, np.ndarray)):
        t = convert_to_tensor(value)
        return _Leaf("T", t._dtype, tuple(t._value.shape))
    if isinstance(value, (list, tuple)):
        return _Struct((type(value), tuple(_encode(v) for v in value)))
    if isinstance(value, dict):
        return _Struct((dict, tuple(_Struct((k, (_encode(value[k]),))) for k in sorted(value))))
    try:
        hash(value)
    except TypeError:
        return ("id", id(value))
    return ("py", value)  # TF: Literal; equal Python values (True, 1, 1.0) share a trace


def _split(encoded: Any) -> tuple[Any, list]:
    """(the key with tensor shapes removed, the tensor/variable leaves in flatten order)."""
    leaves: list = []

    def walk(e: Any) -> Any:
        if isinstance(e, _Leaf):
            leaves.append(e)
            return e.family()
        if isinstance(e, _Struct):
            return (e[0], tuple(walk(c) for c in e[1]))
        return e

    return walk(encoded), leaves


def _supertype(a: Any, b: Any) -> Any:
    """The most specific shape both shapes fit (None = unknown rank)."""
    if a is None or b is None or len(a) != len(b):
        return None
    return tuple(x if x == y else None for x, y in zip(a, b))


def _fits(spec: Any, shape: tuple) -> bool:
    return spec is None or (len(spec) == len(shape) and all(s is None or s == d for s, d in zip(spec, shape)))


class _Trace:
    __slots__ = ("family", "shapes")

    def __init__(self, family: Any, shapes: list) -> None:
        self.family, self.shapes = family, shapes

    def matches(self, family: Any, shapes: list) -> bool:
        return self.family == family and all(_fits(s, d) for s, d in zip(self.shapes, shapes))


# ----- tf.function -------------------------------------------------------------------------------


class Function:
    """What `tf.function` returns (TF: polymorphic_function.Function); see the module docstring."""

    def __init__(self, python_function: Callable, name: str, input_signature: Any = None,
                 autograph: bool = True, jit_compile: Any = None, reduce_retracing: bool = False) -> None:
        self._python_function = python_function
        self._name = name
        self._input_signature = None if input_signature is None else tuple(input_signature)
        self._autograph = autograph
        self._jit_compile = jit_compile
        self._reduce_retracing = reduce_retracing
        self._traces: list[_Trace] = []
        self._signature = inspect.signature(python_function)
        self._bound_instances: dict = {}
        functools.update_wrapper(self, python_function)

    @property
    def python_function(self) -> Callable:
        return self._python_function

    @property
    def input_signature(self) -> Any:
        return self._input_signature

    def experimental_get_tracing_count(self) -> int:
        return len(self._traces)

    def get_concrete_function(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError("tfshim: tf.function(...).get_concrete_function is not supported "
                                  "(tfshim runs tf.function eagerly and builds no graphs).")

    def experimental_get_compiler_ir(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError("tfshim: tf.function(...).experimental_get_compiler_ir is not supported.")

    def __get__(self, instance: Any, owner: Any) -> Any:
        if instance is None:
            return self
        # TF gives each instance its own Function (and trace cache).
        bound = self._bound_instances.get(id(instance))
        if bound is None or bound[0] is not instance:
            fn = Function(functools.partial(self._python_function, instance), self._name, self._input_signature,
                          self._autograph, self._jit_compile, self._reduce_retracing)
            bound = self._bound_instances[id(instance)] = (instance, fn)
        return bound[1]

    def __repr__(self) -> str:
        return f"<tensorflow.python.eager.polymorphic_function.polymorphic_function.Function object at {id(self):#x}>"

    # -- calling
    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if _run_functions_eagerly:
            return self._python_function(*args, **kwargs)
        bound, shapes_override = self._bind(args, kwargs)
        encoded = _Struct((tuple, tuple(_Struct((name, (_encode(v),))) for name, v in bound.arguments.items())))
        family, leaves = _split(encoded)
        shapes = [leaf.shape for leaf in leaves]
        trace = next((t for t in self._traces if t.matches(family, shapes)), None)
        _state.depth += 1
        try:
            if trace is not None:
                return self._run_hit(bound)
            trace_shapes = shapes_override if shapes_override is not None else list(shapes)
            if self._reduce_retracing and shapes_override is None:
                for t in self._traces:
                    if t.family == family:
                        trace_shapes = [_supertype(a, b) for a, b in zip(t.shapes, trace_shapes)]
            self._traces.append(_Trace(family, trace_shapes))
            try:
                return self._run_trace(bound, trace_shapes)
            except BaseException:
                self._traces.pop()
                raise
        finally:
            _state.depth -= 1

    def _bind(self, args: tuple, kwargs: dict) -> tuple[inspect.BoundArguments, Any]:
        sig = self._input_signature
        try:
            bound = self._signature.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(self._binding_error(str(e), args, kwargs)) from None
        bound.apply_defaults()
        if sig is None:
            return bound, None
        names = list(bound.arguments)
        if len(args) > len(sig) or len(names) < len(sig):
            raise TypeError(self._binding_error("too many positional arguments", args, kwargs))
        shapes = []
        for spec, name in zip(sig, names):
            value = bound.arguments[name]
            t = value if isinstance(value, Tensor) else convert_to_tensor(value, dtype=spec.dtype)
            if t._dtype != spec.dtype or not spec.shape.is_compatible_with(t.shape):
                raise TypeError(self._binding_error(
                    f"Can not cast {TensorSpec(t.shape, t.dtype)!r} to {spec!r}", args, kwargs))
            bound.arguments[name] = t
            shapes.append(_shape_key(spec.shape))
        return bound, shapes

    def _binding_error(self, reason: str, args: tuple, kwargs: dict) -> str:
        if self._input_signature is not None:
            params = list(self._signature.parameters)
            sig = "(" + ", ".join(f"{p}: {s!r}" for p, s in zip(params, self._input_signature)) + ")"
        else:
            sig = str(self._signature)
        return (f"Binding inputs to tf.function failed due to `{reason}`. Received args: {args!r} and kwargs: "
                f"{kwargs!r} for signature: {sig}.")

    def _run_trace(self, bound: inspect.BoundArguments, trace_shapes: list) -> Any:
        shapes = iter(trace_shapes)
        call_args: dict = {}
        for name, value in bound.arguments.items():
            kind = self._signature.parameters[name].kind
            if kind is inspect.Parameter.VAR_POSITIONAL:
                call_args[name] = tuple(_symbolic(v, f"{name}_{i}", shapes) for i, v in enumerate(value))
            elif kind is inspect.Parameter.VAR_KEYWORD:
                symbolic = {k: _symbolic(value[k], k, shapes) for k in sorted(value)}  # leaves in key order
                call_args[name] = {k: symbolic[k] for k in value}
            else:
                call_args[name] = _symbolic(value, name, shapes)
        bound.arguments.update(call_args)
        with _Tracing():
            result = self._python_function(*bound.args, **bound.kwargs)
        return _outputs(result)

    def _run_hit(self, bound: inspect.BoundArguments) -> Any:
        real = sys.stdout
        sys.stdout = _DiscardStdout(real.real if isinstance(real, _DiscardStdout) else real)
        try:
            result = self._python_function(*bound.args, **bound.kwargs)
        finally:
            sys.stdout = real
        return _outputs(result)


def _symbolic(value: Any, base: str, shapes: Any) -> Any:
    """The argument with its tensors replaced by symbolic twins named as TF's placeholders."""
    count = [0]

    def leaf(x: Any) -> Any:
        if isinstance(x, Variable):
            next(shapes)
            return x
        if isinstance(x, (Tensor, np.ndarray)):
            name = base if count[0] == 0 else f"{base}_{count[0]}"
            count[0] += 1
            spec = next(shapes)
            return _symbolic_arg(convert_to_tensor(x), name, TensorShape(None if spec is None else list(spec)))
        return x

    return nest.map_structure(leaf, value)


def _outputs(result: Any) -> Any:
    """TF converts every non-None output of a function to a tensor."""
    def convert(x: Any) -> Any:
        if x is None:
            return None
        t = convert_to_tensor(x)
        return _plain(t) if isinstance(t, _SymbolicArg) else t

    return nest.map_structure(convert, result)


def _plain(t: Tensor) -> Tensor:
    p = EagerTensor.__new__(EagerTensor)
    p._value, p._dtype, p._id = t._value, t._dtype, t._id
    return p


@tf_export("function")
def function(func: Callable | None = None, input_signature: Any = None, autograph: bool = True,
             jit_compile: Any = None, reduce_retracing: bool = False, experimental_implements: Any = None,
             experimental_autograph_options: Any = None, experimental_attributes: Any = None,
             experimental_relax_shapes: Any = None, experimental_compile: Any = None,
             experimental_follow_type_hints: Any = None) -> Any:
    """TF: tf.function. Runs `func` eagerly with TF's trace cache (see the module docstring).

    `jit_compile` is accepted and has no effect; `experimental_relax_shapes` is the old name of
    `reduce_retracing`.
    """
    relax = bool(reduce_retracing or experimental_relax_shapes)
    if input_signature is not None:
        input_signature = list(nest.flatten(input_signature))

    def decorate(f: Callable) -> Function:
        return Function(f, getattr(f, "__name__", "function"), input_signature, autograph,
                        jit_compile if jit_compile is not None else experimental_compile, relax)

    if func is None:
        return decorate
    return decorate(func)


# ----- tf.print ----------------------------------------------------------------------------------

@tf_export("print")
def print_v2(*inputs: Any, **kwargs: Any) -> None:
    """TF: tf.print. Prints to stderr by default; tensors print as TF's PrintV2 kernel does
    (`[1 2]`, the first and last `summarize` entries per axis, floats with %g to round-trip)."""
    output_stream = kwargs.pop("output_stream", sys.stderr)
    kwargs.pop("name", None)
    summarize = kwargs.pop("summarize", 3)
    sep = kwargs.pop("sep", " ")
    end = kwargs.pop("end", os.linesep)
    if kwargs:
        raise ValueError(f"Unrecognized keyword arguments for tf.print: {kwargs}")
    stream = output_stream.real if isinstance(output_stream, _DiscardStdout) else output_stream
    is_file = isinstance(stream, str) and stream.startswith("file://")
    if not is_file and stream is not sys.stderr and stream is not _real_stdout():
        if stream is not sys.__stdout__ and stream is not sys.__stderr__ and not _is_log_level(stream):
            raise ValueError(
                "Unsupported output stream, logging level, or file." + str(output_stream) + ". Supported streams "
                "are sys.stdout, sys.stderr, tf.logging.info, tf.logging.warning, tf.logging.error. File needs "
                "to be in the form of 'file://<filepath>'.")
    if (len(inputs) == 1 and isinstance(inputs[0], (Tensor, Variable)) and inputs[0].shape.rank == 0
            and inputs[0].dtype == dtypes.string):
        text = inputs[0]._value[()].decode("utf-8", "replace")
    else:
        text = _format_inputs(inputs, sep, summarize)
    if is_file:
        with open(stream[len("file://"):], "a", encoding="utf-8") as fh:
            fh.write(text + end)
    elif _is_log_level(stream):
        from tfshim.util.tf_logging import get_logger

        get_logger().info(text)
    else:
        stream.write(text + end)
        stream.flush()


def _real_stdout() -> Any:
    out = sys.stdout
    return out.real if isinstance(out, _DiscardStdout) else out


def _is_log_level(stream: Any) -> bool:
    import logging

    return stream in (logging.INFO, logging.WARNING, logging.ERROR) or stream in (
        logging.info, logging.warning, logging.error)


def _is_tensor(x: Any) -> bool:
    return isinstance(x, (Tensor, Variable))


def _format_inputs(inputs: tuple, sep: str, summarize: int) -> str:
    """TF: logging_ops.print_v2 builds a template with pprint and a placeholder per tensor."""
    tensor_free = nest.map_structure(lambda x: "" if _is_tensor(x) else x, list(inputs))
    placeholder = "{}"
    rng = random.Random(5)
    tensor_free_template = " ".join(pprint.pformat(x) for x in tensor_free)
    while placeholder in tensor_free_template:
        placeholder = placeholder + str(rng.randint(0, 9))
    tensors: list = []
    templates = []
    for input_ in inputs:
        placeholders = []
        for x in nest.flatten(input_):
            if _is_tensor(x):
                tensors.append(x)
                placeholders.append(placeholder)
            else:
                placeholders.append(x)
        if isinstance(input_, str):
            templates.append(input_)
        else:
            templates.append(pprint.pformat(nest.pack_sequence_as(input_, placeholders)))
    template = sep.join(templates).replace("'" + placeholder + "'", placeholder)
    parts = template.split(placeholder)
    out = [parts[0]]
    for t, rest in zip(tensors, parts[1:]):
        out.append(summarize_value(np.asarray(t._value), t.dtype, summarize))
        out.append(rest)
    return "".join(out)


def summarize_value(value: np.ndarray, dtype: Any, summarize: int) -> str:
    """TF: Tensor::SummarizeValue(summarize, print_v2=true) (framework/tensor.cc)."""
    n = value.size
    limit = n if summarize < 0 else min(summarize, n)
    if dtype.is_complex or dtype not in _PRINTABLE:
        # TF prints "?" per element for dtypes it has no printer for (complex among them).
        body = " ".join("?" for _ in range(limit)) + ("..." if summarize >= 0 and summarize < n else "")
        return "[" + body + "]" if value.ndim > 0 else body
    if value.ndim == 0:
        return _element(value[()], dtype)
    out: list[str] = []
    _print_nd(value, 0, limit, out, dtype)
    return "".join(out)


def _print_nd(a: np.ndarray, dim_index: int, ends: int, out: list, dtype: Any) -> None:
    """TF: PrintOneDimV2. `a` is the sub-array at depth `dim_index`; the first and last `ends`
    entries of each axis are printed, with `...` between."""
    num_dims = dim_index + a.ndim

    def sub(i: int) -> None:
        if a.ndim == 1:
            out.append(_element(a[i], dtype))
        else:
            _print_nd(a[i], dim_index + 1, ends, out, dtype)

    out.append("[")
    count = a.shape[0]
    for i in range(min(ends, count)):
        if i > 0:
            _dim_spacing(dim_index, num_dims, out)
        sub(i)
    if count > 2 * ends:
        _dim_spacing(dim_index, num_dims, out)
        out.append("...")
    for i in range(max(ends, count - ends), count):
        _dim_spacing(dim_index, num_dims, out)
        sub(i)
    out.append("]")


def _dim_spacing(dim_index: int, num_dims: int, out: list) -> None:
    """TF: PrintDimSpacing."""
    if dim_index == num_dims - 1:
        out.append(" ")
        return
    out.append("\n" * (num_dims - dim_index - 1) + " " * (dim_index + 1))


_PRINTABLE = {
    dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64, dtypes.int8, dtypes.int16, dtypes.int32,
    dtypes.int64, dtypes.uint8, dtypes.uint16, dtypes.uint32, dtypes.uint64, dtypes.bool, dtypes.string,
}


def _element(x: Any, dtype: Any) -> str:
    """TF: PrintOneElement(x, print_v2=true)."""
    if dtype == dtypes.string:
        return '"' + _c_escape(bytes(x)) + '"'
    if dtype == dtypes.bool:
        return "1" if x else "0"
    if dtype.is_floating:
        if dtype == dtypes.float64:
            return _round_trip(float(x), 15, 17, float)
        return _round_trip(float(x), 6, 9, lambda s: float(np.float32(s)))
    return str(int(x))


def _round_trip(v: float, short: int, full: int, parse: Callable) -> str:
    """absl's FloatToBuffer / DoubleToBuffer: %.6g (%.15g) if that reads back, else %.9g (%.17g)."""
    if v != v:
        return "nan" if np.copysign(1.0, v) > 0 else "-nan"
    s = f"{v:.{short}g}"
    if v in (float("inf"), float("-inf")) or parse(s) == v:
        return s
    return f"{v:.{full}g}"


def _c_escape(b: bytes) -> str:
    """absl::CEscape: \\n \\r \\t \\" \\' \\\\ and octal for other non-printable bytes."""
    table = {10: "\\n", 13: "\\r", 9: "\\t", 34: '\\"', 39: "\\'", 92: "\\\\"}
    out = []
    for c in b:
        if c in table:
            out.append(table[c])
        elif 32 <= c < 127:
            out.append(chr(c))
        else:
            out.append(f"\\{c:03o}")
    return "".join(out)
