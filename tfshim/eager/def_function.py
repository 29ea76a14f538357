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
- Python side effects other than writes to sys.stdout (appending to a list, writes to stderr) of
  a function whose Python code reads traced values run on every call. While tracing, `if`/`for`/
  `while` on tensors show AutoGraph's trace-time effects (both branches and one loop body traced;
  autograph/impl/conversion.py); `tf.autograph.to_code` is not implemented.
- `get_concrete_function` and `experimental_get_compiler_ir` raise NotImplementedError.
- TF's "triggered tf.function retracing" warning is not logged.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import io
import itertools
import os
import pprint
import random
import sys
import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors, func_graph
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import EagerTensor, Tensor, _next_id, _wrap_as
from tfshim.framework.tensor_shape import TensorShape
from tfshim.framework.tensor_spec import TensorSpec, common_shape, shape_key
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
    return _state.depth == 0 or func_graph._stack.suspended > 0


@tf_export("config.run_functions_eagerly")
def run_functions_eagerly(run_eagerly: bool) -> None:
    """TF: tf.config.run_functions_eagerly. When True, tf.function calls the Python function directly."""
    global _run_functions_eagerly
    _run_functions_eagerly = bool(run_eagerly)


@tf_export("config.functions_run_eagerly")
def functions_run_eagerly() -> bool:
    """TF: tf.config.functions_run_eagerly."""
    return _run_functions_eagerly


# ----- symbolic printing while tracing ----------------------------------------------------------


class _SymbolicArg(EagerTensor):
    """A tensor argument as the traced function sees it: a graph placeholder printing as TF's."""

    __slots__ = ("_trace_name", "_trace_shape")

    def __str__(self) -> str:
        shape = f", shape={self._trace_shape}" if self._trace_shape.rank is not None else ""
        return f'Tensor("{self._trace_name}:0"{shape}, dtype={self._dtype.name})'

    def __repr__(self) -> str:
        return f"<tf.Tensor '{self._trace_name}:0' shape={self._trace_shape} dtype={self._dtype.name}>"

    @property
    def shape(self) -> TensorShape:
        return self._trace_shape

    def numpy(self) -> Any:
        raise AttributeError("'SymbolicTensor' object has no attribute 'numpy'")


def _symbolic_arg(t: Tensor, name: str, shape: TensorShape) -> _SymbolicArg:
    s = _SymbolicArg.__new__(_SymbolicArg)
    s._value, s._dtype, s._id = t._value, t._dtype, _next_id()
    s._trace_name, s._trace_shape = name, shape
    return s


def _symbolic_error(what: str) -> NotImplementedError:
    return NotImplementedError(
        f"tfshim: {what} computed inside a tf.function while it is traced is not supported (TF sees a "
        "symbolic tensor there). Use tf.print, or tf.config.run_functions_eagerly(True).")


class _Tracing:
    """While a function traces, tensors made inside it are graph tensors: `.numpy()` raises TF's
    AttributeError; printing one raises NotImplementedError (TF prints its graph name, which tfshim
    does not know). Variables print without their value, as TF's in a graph."""

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

            def guard(name: str) -> Callable:
                def method(t: Any, *a: Any) -> Any:
                    if t._id > first and func_graph.current() is not None:
                        raise _symbolic_error("printing a tensor")
                    return saved[name](t, *a)
                return method

            def numpy(t: Any) -> Any:
                if t._id > first and func_graph.current() is not None:
                    raise AttributeError("'SymbolicTensor' object has no attribute 'numpy'")
                return saved["numpy"](t)

            Tensor.__str__ = guard("str")  # type: ignore[method-assign]
            Tensor.__repr__ = guard("repr")  # type: ignore[method-assign]
            Tensor.numpy = numpy  # type: ignore[method-assign]
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
    if func_graph.current() is None:
        return _Tracing._saved["vrepr"](v)
    return f"<tf.Variable '{v._name}' shape={v._shape} dtype={v._dtype.name}>"


class _DiscardStdout(io.TextIOBase):
    """sys.stdout while a function runs without tracing: TF would not run its Python prints."""

    def __init__(self, real: Any) -> None:
        self.real = real

    def write(self, s: str) -> int:
        return len(s)

    def writable(self) -> bool:
        return True


@contextlib.contextmanager
def _discard_stdout() -> Any:
    real = sys.stdout
    sys.stdout = _DiscardStdout(real.real if isinstance(real, _DiscardStdout) else real)
    try:
        yield
    finally:
        sys.stdout = real


# ----- the trace cache ---------------------------------------------------------------------------


class _Leaf:
    """A tensor or variable position in a call: what TF's trace type keeps of it."""

    __slots__ = ("kind", "dtype", "shape")

    def __init__(self, kind: str, dtype: Any, shape: Any) -> None:
        self.kind, self.dtype, self.shape = kind, dtype, shape

    def family(self) -> tuple:
        return (self.kind, self.dtype)


class _Struct(tuple):
    """A list/tuple/dict (or named argument) in a trace key: (tag, tuple of children)."""


def _is_leaf(value: Any) -> bool:
    return isinstance(value, (Tensor, Variable, np.ndarray))


def _encode(value: Any) -> Any:
    """TF's trace type of one argument: structure kept, tensors -> (dtype, shape), Python -> value."""
    if isinstance(value, Variable):
        return _Leaf("V", value._dtype, tuple(value.shape.as_list()))
    if isinstance(value, Tensor):
        return _Leaf("T", value._dtype, tuple(value.shape.as_list()))
    if isinstance(value, np.ndarray):
        t = convert_to_tensor(value)
        return _Leaf("T", t._dtype, tuple(t.shape.as_list()))
    if isinstance(value, (list, tuple)):
        return _Struct((type(value), tuple(_encode(v) for v in value)))
    if isinstance(value, dict):
        return _Struct((dict, tuple(_Struct((k, (_encode(value[k]),))) for k in sorted(value))))
    tracing_type = getattr(value, "__tf_tracing_type__", None)
    if tracing_type is not None:
        return ("trace_type", tracing_type(None))
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


def _fits(spec: Any, shape: tuple) -> bool:
    return spec is None or (shape is not None and len(spec) == len(shape)
                            and all(s is None or s == d for s, d in zip(spec, shape)))


class _Trace:
    __slots__ = ("family", "shapes", "concrete")

    def __init__(self, family: Any, shapes: list, concrete: ConcreteFunction) -> None:
        self.family, self.shapes, self.concrete = family, shapes, concrete

    def matches(self, family: Any, shapes: list) -> bool:
        return self.family == family and all(_fits(s, d) for s, d in zip(self.shapes, shapes))


def _arg_leaves(bound: inspect.BoundArguments, params: Any) -> list:
    """The tensors and variables among the arguments, in the order traces number them."""
    out: list = []
    for name, value in bound.arguments.items():
        if params[name].kind is inspect.Parameter.VAR_KEYWORD:
            value = {k: value[k] for k in sorted(value)}
        out.extend(x if not isinstance(x, np.ndarray) else convert_to_tensor(x)
                   for x in nest.flatten(value) if _is_leaf(x))
    return out


# ----- tf.function -------------------------------------------------------------------------------


@tf_export("types.experimental.PolymorphicFunction", "types.experimental.GenericFunction")
class PolymorphicFunction:
    """TF: tf.types.experimental.PolymorphicFunction, the type of what tf.function returns."""


class Function(PolymorphicFunction):
    """What `tf.function` returns (TF: polymorphic_function.Function); see framework/func_graph.py."""

    def __init__(self, python_function: Callable, name: str, input_signature: Any = None,
                 autograph: bool = True, jit_compile: Any = None, reduce_retracing: bool = False) -> None:
        self._python_function = python_function
        self._name = name
        self._input_signature = None if input_signature is None else tuple(input_signature)
        self._autograph = autograph
        self._jit_compile = jit_compile
        self._reduce_retracing = reduce_retracing
        self._traces: list[_Trace] = []
        self._in_progress: list[tuple] = []  # (family, shapes) of the traces running now
        self._signature = inspect.signature(python_function)
        self._bound_instances: dict = {}
        self._called = False  # TF: a tf.function may create variables on its first call only
        self._created_variables = False
        functools.update_wrapper(self, python_function)

    @property
    def python_function(self) -> Callable:
        return self._python_function

    @property
    def input_signature(self) -> Any:
        return self._input_signature

    @property
    def function_spec(self) -> Any:
        raise NotImplementedError("tf.function(...).function_spec is not implemented by tfshim")

    def experimental_get_tracing_count(self) -> int:
        return len(self._traces)

    def experimental_get_compiler_ir(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError("tf.function(...).experimental_get_compiler_ir is not implemented by tfshim")

    def pretty_printed_concrete_signatures(self, verbose: bool = True) -> str:
        """TF: each traced signature, in the order traced, separated by a blank line."""
        return "\n\n".join(t.concrete.pretty_printed_signature(verbose) for t in self._traces)

    def get_concrete_function(self, *args: Any, **kwargs: Any) -> ConcreteFunction:
        """TF: the trace for these arguments (tensors or tf.TensorSpecs), tracing it if needed."""
        if not args and not kwargs and self._input_signature is not None:
            args = self._input_signature
        return self._lookup(args, kwargs)[0].concrete

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
        trace, bound = self._lookup(args, kwargs)
        return trace.concrete._run(bound, _arg_leaves(bound, self._signature.parameters))

    def _lookup(self, args: tuple, kwargs: dict) -> tuple[_Trace, inspect.BoundArguments]:
        bound, shapes_override = self._bind(args, kwargs)
        specs = any(isinstance(x, TensorSpec) for x in nest.flatten(list(bound.arguments.values())))
        composite = self._composite_signature(bound)
        encoded = _Struct((tuple, tuple(_Struct((name, (_encode_spec(composite.get(name, v)),)))
                                         for name, v in bound.arguments.items())))
        family, leaves = _split(encoded)
        shapes = [leaf.shape for leaf in leaves]
        trace = next((t for t in self._traces if t.matches(family, shapes)), None)
        if trace is not None:
            return trace, bound
        trace_shapes = shapes_override if shapes_override is not None else list(shapes)
        if self._reduce_retracing and shapes_override is None:
            for t in self._traces:
                if t.family == family:
                    trace_shapes = [common_shape(a, b) for a, b in zip(t.shapes, trace_shapes)]
        if any(f == family and all(_fits(s, d) for s, d in zip(sh, shapes)) for f, sh in self._in_progress):
            # TF looks the call up in its cache, where the trace in progress is not yet: it traces
            # again, with the same arguments, and so on until Python's recursion limit.
            raise _recursion_error()
        first = not self._called
        self._called = True
        self._in_progress.append((family, trace_shapes))
        try:
            concrete = self._trace(bound, trace_shapes, allow_variables=not self._created_variables,
                                   from_specs=specs)
        finally:
            self._in_progress.pop()
        if concrete._graph.created_variables:
            if not first:
                raise ValueError("Creating variables on a non-first call to a function decorated with tf.function.")
            # TF: variables made on the first call are kept, and the function is traced again, now
            # refusing to create any (so a function that makes one on each call fails).
            self._created_variables = True
            concrete = self._trace(bound, trace_shapes, allow_variables=False, from_specs=specs)
        trace = _Trace(family, trace_shapes, concrete)
        self._traces.append(trace)
        return trace, bound

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
            if _is_composite_spec(spec):
                # a RaggedTensorSpec/SparseTensorSpec: the value (or spec) is kept; it keys no tensor shape
                value_spec = value if _is_composite_spec(value) else _composite_spec(value)
                if value_spec is None or not spec.is_compatible_with(value_spec):
                    raise TypeError(self._binding_error(f"Can not cast {value!r} to {spec!r}", args, kwargs))
                continue
            if isinstance(value, TensorSpec):
                if value.dtype != spec.dtype or not spec.shape.is_compatible_with(value.shape):
                    raise TypeError(self._binding_error(f"Can not cast {value!r} to {spec!r}", args, kwargs))
                bound.arguments[name] = TensorSpec(spec.shape, spec.dtype)
            else:
                t = value if isinstance(value, Tensor) else convert_to_tensor(value, dtype=spec.dtype)
                if t._dtype != spec.dtype or not spec.shape.is_compatible_with(t.shape):
                    raise TypeError(self._binding_error(
                        f"Can not cast {TensorSpec(t.shape, t.dtype)!r} to {spec!r}", args, kwargs))
                bound.arguments[name] = t
            shapes.append(shape_key(spec.shape))
        return bound, shapes

    def _composite_signature(self, bound: inspect.BoundArguments) -> dict:
        """{parameter: its RaggedTensorSpec/SparseTensorSpec} from the input_signature."""
        if not self._input_signature:
            return {}
        return {name: spec for name, spec in zip(bound.arguments, self._input_signature) if _is_composite_spec(spec)}

    def _binding_error(self, reason: str, args: tuple, kwargs: dict) -> str:
        if self._input_signature is not None:
            params = list(self._signature.parameters)
            sig = "(" + ", ".join(f"{p}: {s!r}" for p, s in zip(params, self._input_signature)) + ")"
        else:
            sig = str(self._signature)
        return (f"Binding inputs to tf.function failed due to `{reason}`. Received args: {args!r} and kwargs: "
                f"{kwargs!r} for signature: {sig}.")

    def _trace(self, bound: inspect.BoundArguments, trace_shapes: list, allow_variables: bool,
               from_specs: bool) -> ConcreteFunction:
        static = not from_specs and all(s is not None and None not in s for s in trace_shapes)
        g = func_graph.FuncGraph(self._name, static)
        g.allow_variable_creation = allow_variables
        shapes = iter(trace_shapes)
        call_args: dict = {}
        params = self._signature.parameters
        leaf_index = [0]
        g.composite_specs = self._composite_signature(bound)  # parameter -> the traced RaggedTensorSpec, ...
        g.composite_arg_specs = {}  # id of a composite argument as traced -> its spec
        for name, value in bound.arguments.items():
            kind = params[name].kind
            if kind is inspect.Parameter.VAR_POSITIONAL:
                call_args[name] = tuple(_symbolic(v, f"{name}_{i}", shapes, g, leaf_index) for i, v in enumerate(value))
            elif kind is inspect.Parameter.VAR_KEYWORD:
                symbolic = {k: _symbolic(value[k], k, shapes, g, leaf_index) for k in sorted(value)}
                call_args[name] = {k: symbolic[k] for k in value}
            elif name in g.composite_specs:
                call_args[name] = _composite_arg(value, g.composite_specs[name], g)
            else:
                call_args[name] = _symbolic(value, name, shapes, g, leaf_index)
        # the ConcreteFunction's inputs: composite arguments by their specs
        inputs = {name: nest.map_structure(lambda x: g.composite_arg_specs.get(id(x), x), v)
                  if name not in g.composite_specs else g.composite_specs[name] for name, v in call_args.items()}
        traced = inspect.BoundArguments(bound.signature, bound.arguments.copy())
        traced.arguments.update(call_args)
        _state.depth += 1
        try:
            with func_graph.tracing(g), _Tracing():
                try:
                    python_function = self._python_function
                    if self._autograph:  # TF's AutoGraph: see autograph/impl/conversion.py
                        from tfshim.autograph.impl.conversion import converted

                        python_function = converted(python_function)
                    result = python_function(*traced.args, **traced.kwargs)
                    flat = nest.flatten(result)
                    refs, specs = [], []
                    for x in flat:
                        if x is None:
                            refs.append(None)
                            specs.append(None)
                            continue
                        composite = _composite_spec(x)
                        if composite is not None:
                            # tfshim does not record composites in graphs: the function runs eagerly
                            g.mark_value_dependent("a composite tensor output")
                            refs.append(None)
                            specs.append(composite)
                            continue
                        t = convert_to_tensor(x)
                        refs.append(g.ref(t))
                        specs.append(TensorSpec(_output_shape(t, g), t._dtype))
                    g.outputs = (result, refs)
                except errors.OpError:
                    if not from_specs:
                        raise
                    # Placeholder values made up for tf.TensorSpecs can fail a kernel: run eagerly instead.
                    g.mark_value_dependent("a kernel error on placeholder values")
                    result, specs = None, []
                    g.outputs = (None, [])
        finally:
            _state.depth -= 1
            func_graph.retire(g)
        return ConcreteFunction(self, g, inputs, result, specs)


def _recursion_error() -> Exception:
    """TF's StagingError for a tf.function calling itself with its own trace's signature: "in user
    code:", the user's frames since the outermost tf.function call, then the RecursionError. (TF lists
    frames down to Python's recursion limit; tfshim stops at the first repeat.)"""
    import linecache

    from tfshim.autograph.impl.api import StagingError

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    calls = 0
    f: Any = sys._getframe(1)
    while f is not None:
        calls += f.f_code is Function.__call__.__code__
        f = f.f_back
    frames = []
    f = sys._getframe(1)
    while f is not None and calls:
        if f.f_code is Function.__call__.__code__:
            calls -= 1
        elif not os.path.abspath(f.f_code.co_filename).startswith(root):
            frames.append(f)
        f = f.f_back
    lines = [f'    File "{fr.f_code.co_filename}", line {fr.f_lineno}, in {fr.f_code.co_name}  *\n'
             f"        {linecache.getline(fr.f_code.co_filename, fr.f_lineno).strip()}\n"
             for fr in reversed(frames)]
    return StagingError("in user code:\n\n" + "".join(lines) + "\n    RecursionError: maximum recursion depth "
                        "exceeded while calling a Python object\n")


def _encode_spec(value: Any) -> Any:
    if isinstance(value, TensorSpec):
        return _Leaf("T", value.dtype, shape_key(value.shape))
    if isinstance(value, (list, tuple)) and not isinstance(value, Tensor):
        if any(isinstance(x, TensorSpec) for x in nest.flatten(value)):
            return _Struct((type(value), tuple(_encode_spec(v) for v in value)))
    return _encode(value)


def _placeholder(spec: TensorSpec) -> Tensor:
    """A value standing in for a tf.TensorSpec argument while tracing (unknown dims are 1)."""
    dims = () if spec.shape.rank is None else tuple(1 if d is None else d for d in spec.shape.as_list())
    dtype = spec.dtype
    if dtype == dtypes.string:
        return _wrap_as(np.full(dims, b"", dtype=object), dtype)
    return _wrap_as(np.ones(dims, dtype=dtype.as_numpy_dtype), dtype)


def _output_shape(t: Tensor, g: func_graph.FuncGraph) -> Any:
    """An output's traced shape. tfshim has no shape inference: with unknown argument dims, an
    output shaped like an argument gets that argument's traced shape, any other unknown rank."""
    if g.shapes_static:
        return t.shape
    shape = func_graph._SLOT.__get__(t).shape  # the slot itself: reading it is not a Python use of the value
    for arg in g.arg_tensors:
        if func_graph._SLOT.__get__(arg).shape == shape:
            return arg._trace_shape
    return TensorShape(None)


def _symbolic(value: Any, base: str, shapes: Any, g: func_graph.FuncGraph, leaf_index: list) -> Any:
    """The argument with its tensors replaced by graph placeholders named as TF's."""
    count = [0]

    def leaf(x: Any) -> Any:
        if isinstance(x, Variable):
            next(shapes)
            g.variable_args[id(func_graph._base_variable(x))] = leaf_index[0]
            g.arg_slots.append(None)
            leaf_index[0] += 1
            return x
        if isinstance(x, (Tensor, np.ndarray, TensorSpec)):
            name = base if count[0] == 0 else f"{base}_{count[0]}"
            count[0] += 1
            spec = next(shapes)
            t = _placeholder(x) if isinstance(x, TensorSpec) else convert_to_tensor(x)
            s = _symbolic_arg(t, name, TensorShape(None if spec is None else list(spec)))
            g.arg_slots.append(g.add(s))
            g.arg_tensors.append(s)
            leaf_index[0] += 1
            return s
        if _is_composite_spec(x) or _composite_spec(x) is not None:
            return _composite_arg(x, x if _is_composite_spec(x) else _composite_spec(x), g)
        tracing_type = getattr(x, "__tf_tracing_type__", None)
        if tracing_type is not None:
            return tracing_type(None).placeholder_value(None)
        return x

    return nest.map_structure(leaf, value)


def _composite_spec(x: Any) -> Any:
    """The TypeSpec of a RaggedTensor or SparseTensor (None for any other value)."""
    from tfshim.framework.sparse_tensor import SparseTensor
    from tfshim.ops.ragged.ragged_tensor import RaggedTensor

    return x._type_spec if isinstance(x, (RaggedTensor, SparseTensor)) else None


def _is_composite_spec(x: Any) -> bool:
    from tfshim.framework.sparse_tensor import SparseTensorSpec
    from tfshim.ops.ragged.ragged_tensor import RaggedTensorSpec

    return isinstance(x, (RaggedTensorSpec, SparseTensorSpec))


def _composite_arg(value: Any, spec: Any, g: func_graph.FuncGraph) -> Any:
    """What the traced function sees for a RaggedTensor/SparseTensor argument: the value itself, or for a spec
    its placeholder_value. tfshim records no composite tensors in its graphs, so the trace is marked to run the
    Python function eagerly on each call (TF runs a graph on the components)."""
    g.mark_value_dependent("a composite tensor argument")
    arg = spec.placeholder_value(None) if _is_composite_spec(value) else value
    g.composite_arg_specs[id(arg)] = spec
    return arg


# ----- ConcreteFunction --------------------------------------------------------------------------

_inference_ids = itertools.count(1)


@tf_export("types.experimental.ConcreteFunction")
class ConcreteFunctionType:
    """TF: tf.types.experimental.ConcreteFunction."""


class ConcreteFunction(ConcreteFunctionType):
    """One trace of a tf.function (TF: concrete_function.ConcreteFunction): its input signature,
    output structure, and the recorded graph it runs."""

    def __init__(self, function: Function, graph: func_graph.FuncGraph, inputs: dict, outputs: Any,
                 output_specs: list) -> None:
        self._function = function
        self.graph = _Graph(graph)
        self._graph = graph
        self._inputs = inputs  # parameter name -> the traced argument (placeholders inside)
        self._output_specs = output_specs
        self._outputs = outputs
        self._name = f"__inference_{function._name}_{next(_inference_ids)}"

    # -- signature
    @property
    def name(self) -> bytes:
        return self._name.encode()

    @property
    def structured_input_signature(self) -> tuple:
        params = self._function._signature.parameters
        args: list = []
        kwargs: dict = {}
        for name, value in self._inputs.items():
            kind = params[name].kind
            spec = nest.map_structure(lambda x, n=name: _spec_of(x, n), value)
            if kind is inspect.Parameter.VAR_POSITIONAL:
                args.extend(spec)
            elif kind is inspect.Parameter.VAR_KEYWORD:
                kwargs.update(spec)
            elif kind is inspect.Parameter.KEYWORD_ONLY:
                kwargs[name] = spec
            else:
                args.append(spec)
        return tuple(args), kwargs

    @property
    def structured_outputs(self) -> Any:
        if self._graph.value_dependent == "a kernel error on placeholder values":
            return None
        names = iter(range(len(self._output_specs)))

        def out(spec: Any) -> Any:
            i = next(names)
            if spec is None:
                return None
            return _graph_output(f"Identity_{i}" if i else "Identity", spec)

        return nest.pack_sequence_as(self._outputs, [out(s) for s in self._output_specs])

    @property
    def inputs(self) -> list:
        return [_graph_output(t._trace_name, TensorSpec(t._trace_shape, t._dtype)) for t in self._graph.arg_tensors]

    @property
    def outputs(self) -> list:
        return [x for x in nest.flatten(self.structured_outputs) if x is not None]

    @property
    def variables(self) -> tuple:
        return tuple(self._captured_variables())

    @property
    def trainable_variables(self) -> tuple:
        return tuple(v for v in self._captured_variables() if v.trainable)

    @property
    def captured_inputs(self) -> list:
        return list(self._graph.captures) + self._captured_variables()

    def _captured_variables(self) -> list:
        seen: dict = {}
        for node in self._graph.nodes:
            for r in node[1:]:
                if isinstance(r, tuple) and len(r) == 2 and r[0] == "v":
                    seen.setdefault(id(r[1]), r[1])
        return list(seen.values())

    @property
    def function_type(self) -> _FunctionType:
        return _FunctionType(self)

    @property
    def inference_fn(self) -> _AtomicFunction:
        return _AtomicFunction(self)

    def _parameters_text(self) -> list[tuple[str, str, str]]:
        params = self._function._signature.parameters
        out = []
        for name, value in self._inputs.items():
            kind = params[name].kind
            if kind is inspect.Parameter.VAR_POSITIONAL:
                for i, v in enumerate(value):
                    out.append((f"{name}_{i}", "POSITIONAL_ONLY", _type_text(v)))
            elif kind is inspect.Parameter.VAR_KEYWORD:
                for k in value:
                    out.append((k, "KEYWORD_ONLY", _type_text(value[k])))
            else:
                out.append((name, kind.name, _type_text(value)))
        if any(p[1] == "POSITIONAL_ONLY" for p in out):
            # TF: parameters before *args become positional-only in the function type
            last = max(i for i, p in enumerate(out) if p[1] == "POSITIONAL_ONLY")
            out = [(n, "POSITIONAL_ONLY" if i < last and k == "POSITIONAL_OR_KEYWORD" else k, t)
                   for i, (n, k, t) in enumerate(out)]
        return out

    def _output_text(self) -> str:
        specs = iter(self._output_specs)
        return _structure_text(nest.map_structure(lambda x: next(specs), self._outputs)
                               if self._outputs is not None else None)

    def pretty_printed_signature(self, verbose: bool = True) -> str:
        """TF: the signature as `Input Parameters:` / `Output Type:` / `Captures:` blocks."""
        if not verbose:
            return str(self.function_type)
        lines = ["Input Parameters:"]
        lines += [f"  {n} ({k}): {t}" for n, k, t in self._parameters_text()]
        lines += ["Output Type:", f"  {self._output_text()}", "Captures:"]
        caps = self.captured_inputs
        if not caps:
            lines.append("  None")
        for c in caps:
            spec = ("TensorSpec(shape=(), dtype=tf.resource, name=None)" if isinstance(c, Variable)
                    else repr(TensorSpec(c.shape, c.dtype)))
            lines.append(f"  {id(c)}: {spec}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return "ConcreteFunction " + self.pretty_printed_signature()

    def __repr__(self) -> str:
        return f"<ConcreteFunction {self.function_type} at 0x{id(self):X}>"

    # -- calling
    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """TF: call with the traced signature (Python arguments must equal the traced values); if
        that binding fails, with the flat signature (the tensor inputs alone, in order)."""
        try:
            bound = self._bind_structured(args, kwargs)
        except TypeError as structured_err:
            try:
                bound = self._bind_flat(args, kwargs)
            except (TypeError, ValueError) as flat_err:
                raise TypeError(f"{structured_err}\nFallback to flat signature also failed due to: {flat_err}") \
                    from None
        return self._run(bound, _arg_leaves(bound, self._function._signature.parameters))

    def _bind_structured(self, args: tuple, kwargs: dict) -> inspect.BoundArguments:
        sig = self._function._signature
        try:
            bound = sig.bind_partial(*args, **kwargs)
        except TypeError as e:
            raise TypeError(self._binding_error(str(e), args, kwargs)) from None
        for name, traced in self._inputs.items():  # TF: Python arguments are bound to their traced values
            if name not in bound.arguments and not _is_tensor_param(self._inputs, name):
                bound.arguments[name] = traced
        try:
            bound = sig.bind(*bound.args, **bound.kwargs)
        except TypeError as e:
            raise TypeError(self._binding_error(str(e), args, kwargs)) from None
        bound.apply_defaults()
        for name, traced in self._inputs.items():
            value = bound.arguments.get(name)
            flat_traced, flat_value = nest.flatten(traced), nest.flatten(value)
            if len(flat_traced) != len(flat_value):
                raise TypeError(self._binding_error(f"Can not cast {value!r} to {_type_text(traced)}", args, kwargs))
            for t, v in zip(flat_traced, flat_value):
                if isinstance(t, _SymbolicArg):
                    self._check_input(t, v)
                elif isinstance(t, Variable):
                    if not isinstance(v, Variable):
                        raise TypeError(self._binding_error(f"Can not cast {v!r} to {_type_text(t)}", args, kwargs))
                elif _is_composite_spec(t):
                    if _composite_spec(v) is None or not t.is_compatible_with(v):
                        raise TypeError(self._binding_error(f"Can not cast {v!r} to {t!r}", args, kwargs))
                elif not _same_python_value(t, v):
                    raise TypeError(self._binding_error(f"Can not cast {v!r} to {_type_text(t)}", args, kwargs))
        return bound

    def _check_input(self, t: _SymbolicArg, v: Any) -> Tensor:
        x = v if isinstance(v, Tensor) else convert_to_tensor(v, dtype_hint=t._dtype)
        index = next(i for i, a in enumerate(self._graph.arg_tensors) if a is t)
        if x._dtype != t._dtype:
            raise errors.InvalidArgumentError(None, None, (
                f"cannot compute {self._name} as input #{index}(zero-based) was expected to be a "
                f"{t._dtype._cname} tensor but is a {x._dtype._cname} tensor [Op:{self._name}]"))
        if not t._trace_shape.is_compatible_with(x.shape):
            raise errors.InvalidArgumentError(None, None, (
                f"Expected input {index} to have shape {t._trace_shape} "
                f"but got {x.shape} [Op:{self._name}]"))
        return x

    def _flat_inputs(self) -> list[tuple[str, Any]]:
        """TF's flat signature: each tensor or variable input with its keyword (`x`, `x_1`, ...)."""
        out: list[tuple[str, Any]] = []
        seen: set = set()
        for name, value in self._inputs.items():
            for leaf in nest.flatten(value):
                if isinstance(leaf, _SymbolicArg):
                    out.append((leaf._trace_name, leaf))
                elif isinstance(leaf, Variable):
                    keyword, i = name, 1
                    while keyword in seen:
                        keyword, i = f"{name}_{i}", i + 1
                    out.append((keyword, leaf))
                else:
                    continue
                seen.add(out[-1][0])
        return out

    def _bind_flat(self, args: tuple, kwargs: dict) -> inspect.BoundArguments:
        """TF: _call_with_flat_signature. Binds tensors to the flat inputs; Python arguments keep
        their traced values."""
        flat = self._flat_inputs()
        keywords = [k for k, _ in flat]
        summary = f"{self._function._name}({', '.join(keywords)})"
        if len(args) > len(flat):
            raise TypeError(f"{summary} takes {len(flat)} positional arguments, got {len(args)}.")
        values = list(args)
        kwargs = dict(kwargs)
        for keyword in keywords[len(values):]:
            if keyword not in kwargs:
                specified = keywords[:len(values)] + list(kwargs)
                missing = sorted(set(keywords) - set(specified))
                raise TypeError(f"{summary} missing required arguments: {', '.join(missing)}.")
            values.append(kwargs.pop(keyword))
        if kwargs:
            for key in kwargs:
                if key in keywords[:len(args)]:
                    raise TypeError(f"{summary} got two values for '{key}'.")
            raise TypeError(f"{summary} got unexpected keyword arguments: {', '.join(sorted(kwargs))}.")
        leaves: dict = {}
        for i, ((_, traced), v) in enumerate(zip(flat, values)):
            if not isinstance(v, (Tensor, Variable)):
                raise TypeError(f"{summary}: expected argument #{i}(zero-based) to be a Tensor; "
                                f"got {type(v).__name__} ({v}).")
            leaves[id(traced)] = self._check_input(traced, v) if isinstance(traced, _SymbolicArg) else v
        arguments = {name: nest.map_structure(lambda x: leaves.get(id(x), x), value)
                     for name, value in self._inputs.items()}
        bound = inspect.BoundArguments(self._function._signature, arguments)  # type: ignore[arg-type]
        return bound

    def _binding_error(self, reason: str, args: tuple, kwargs: dict) -> str:
        return (f"Binding inputs to tf.function failed due to `{reason}`. Received args: {args!r} and kwargs: "
                f"{kwargs!r} for signature: {self.function_type}.")

    def _run(self, bound: inspect.BoundArguments, leaves: list) -> Any:
        g = self._graph
        if g.value_dependent is None:
            return g.replay(leaves)
        # The Python code read traced values: run it eagerly (see framework/func_graph.py).
        _state.depth += 1
        try:
            with _discard_stdout():
                return _outputs(self._function._python_function(*bound.args, **bound.kwargs))
        finally:
            _state.depth -= 1


def _is_tensor_param(inputs: dict, name: str) -> bool:
    v = inputs.get(name)
    return v is not None and any(isinstance(x, (Tensor, Variable)) for x in nest.flatten(v))


def _same_python_value(a: Any, b: Any) -> bool:
    try:
        return type(a) is type(b) and bool(a == b) or a is b
    except Exception:  # noqa: BLE001 - any comparison failure means "not the traced value"
        return a is b


def _spec_of(x: Any, name: str) -> Any:
    if isinstance(x, _SymbolicArg):
        return TensorSpec(x._trace_shape, x._dtype, name=x._trace_name)
    if isinstance(x, Variable):
        return _VariableSpec(x)
    return x


class _VariableSpec:
    """TF: VariableSpec, the trace type of a tf.Variable argument."""

    def __init__(self, v: Variable, alias_id: int | None = 0) -> None:
        self.shape, self.dtype, self.trainable = v.shape, v.dtype, v.trainable
        self.alias_id = alias_id  # a traced argument's; None from tf.type_spec_from_value

    def __repr__(self) -> str:
        return (f"VariableSpec(shape={self.shape}, dtype={self.dtype!r}, trainable={self.trainable}, "
                f"alias_id={self.alias_id})")


def _type_text(value: Any) -> str:
    """TF's FunctionType text of one traced argument."""
    if isinstance(value, _SymbolicArg):
        return repr(TensorSpec(value._trace_shape, value._dtype))
    if isinstance(value, Variable):
        return repr(_VariableSpec(value))
    if isinstance(value, (list, tuple)) and not isinstance(value, Tensor):
        name = "List" if isinstance(value, list) else "Tuple"
        return f"{name}[{', '.join(_type_text(v) for v in value)}]"
    if isinstance(value, dict):
        return "Dict[" + ", ".join(f"[{k!r}, {_type_text(value[k])}]" for k in value) + "]"
    if _is_composite_spec(value):
        return repr(value)
    return f"Literal[{value!r}]"


def _structure_text(specs: Any) -> str:
    if specs is None:
        return "Literal[None]"
    if isinstance(specs, TensorSpec):
        return repr(specs)
    if isinstance(specs, (list, tuple)):
        name = "List" if isinstance(specs, list) else "Tuple"
        return f"{name}[{', '.join(_structure_text(s) for s in specs)}]"
    if isinstance(specs, dict):
        return "Dict[" + ", ".join(f"[{k!r}, {_structure_text(specs[k])}]" for k in specs) + "]"
    return repr(specs)


class _FunctionType:
    """TF: FunctionType, printed as `(a: TensorSpec(...), b: Literal[2]) -> TensorSpec(...)`."""

    def __init__(self, concrete: ConcreteFunction) -> None:
        self._concrete = concrete

    def __str__(self) -> str:
        params = ", ".join(f"{n}: {t}" for n, _, t in self._concrete._parameters_text())
        return f"({params}) -> {self._concrete._output_text()}"

    def __repr__(self) -> str:
        return str(self)


class _AtomicFunction:
    """TF: AtomicFunction, the graph called on flat tensors (`concrete.inference_fn`)."""

    def __init__(self, concrete: ConcreteFunction) -> None:
        self._concrete = concrete

    def __call__(self, *args: Any) -> Any:
        c = self._concrete
        flat = [t for t in nest.flatten(c._run_flat(list(args)))]
        return flat[0] if len(flat) == 1 else flat


def _concrete_run_flat(self: ConcreteFunction, leaves: list) -> Any:
    if self._graph.value_dependent is not None:
        raise NotImplementedError("tfshim: calling inference_fn of a tf.function whose Python code reads traced "
                                  "values is not supported")
    return self._graph.replay([convert_to_tensor(x) if not isinstance(x, Variable) else x for x in leaves])


ConcreteFunction._run_flat = _concrete_run_flat  # type: ignore[attr-defined]


class _Graph:
    """TF: the FuncGraph of a ConcreteFunction. tfshim records ops, not a GraphDef."""

    def __init__(self, g: func_graph.FuncGraph) -> None:
        self._g = g

    def as_graph_def(self, from_version: Any = None, add_shapes: bool = False, use_pybind11_proto: bool = False) -> Any:
        """TF: the graph's GraphDef (see saved_model/function_serialization.py for what tfshim can express)."""
        if self._g.value_dependent is not None:
            raise NotImplementedError("tf.Graph.as_graph_def of a tf.function whose Python code reads traced values "
                                      "is not implemented by tfshim")
        from tfshim.saved_model.function_serialization import graph_def

        return graph_def(self._g)

    def get_operations(self) -> Any:
        raise NotImplementedError("tf.Graph.get_operations (ConcreteFunction.graph) is not implemented by tfshim")

    @property
    def name(self) -> str:
        return self._g.name


def _graph_output(name: str, spec: TensorSpec) -> _GraphTensor:
    t = _GraphTensor.__new__(_GraphTensor)
    t._name, t._spec = name, spec
    return t


class _GraphTensor:
    """A tensor of a ConcreteFunction's graph as TF prints it (`Tensor("Identity:0", ...)`)."""

    __slots__ = ("_name", "_spec")

    @property
    def shape(self) -> TensorShape:
        return self._spec.shape

    @property
    def dtype(self) -> Any:
        return self._spec.dtype

    @property
    def name(self) -> str:
        return f"{self._name}:0"

    def __str__(self) -> str:
        shape = f", shape={self._spec.shape}" if self._spec.shape.rank is not None else ""
        return f'Tensor("{self._name}:0"{shape}, dtype={self._spec.dtype.name})'

    def __repr__(self) -> str:
        return f"<tf.Tensor '{self._name}:0' shape={self._spec.shape} dtype={self._spec.dtype.name}>"


def _outputs(result: Any) -> Any:
    """TF converts every non-None output of a function to a tensor."""
    def convert(x: Any) -> Any:
        if x is None or _composite_spec(x) is not None:
            return x
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
    """TF: tf.function. Traces `func` once per input signature and replays the trace (see
    framework/func_graph.py). `jit_compile` is accepted and has no effect; `experimental_relax_shapes`
    is the old name of `reduce_retracing`.
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


@tf_export("init_scope")
@contextlib.contextmanager
def init_scope() -> Any:
    """TF: tf.init_scope. Inside, code runs eagerly even while a tf.function traces (ops are lifted
    out of the graph: a variable update there happens once, at trace time)."""
    with func_graph.init_scope():
        yield


# ----- tf.print ----------------------------------------------------------------------------------

@tf_export("print")
def print_v2(*inputs: Any, **kwargs: Any) -> None:
    """TF: tf.print. Prints to stderr by default; tensors print as TF's PrintV2 kernel does
    (`[1 2]`, the first and last `summarize` entries per axis, floats with %g to round-trip).
    Inside a traced tf.function it prints on every call of the function, not while tracing."""
    if func_graph.current() is not None:
        _record_print(inputs, dict(kwargs))
        return None
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


def _record_print(inputs: tuple, kwargs: dict) -> None:
    flat = nest.flatten(list(inputs))
    tensors = [x for x in flat if _is_tensor(x)]

    def run(*values: Any) -> tuple:
        it = iter(values)
        print_v2(*nest.pack_sequence_as(list(inputs), [next(it) if _is_tensor(x) else x for x in flat]), **kwargs)
        return ()

    func_graph.record_call(run, tensors, [])


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
