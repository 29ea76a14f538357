"""The op machinery: `defop` declares an op once (TF op name, kernel, gradient);
`tf_export` records its public names; `Op.__call__` is the one dispatcher.

The dispatcher runs the NumPy kernel, wraps the result in an EagerTensor,
records the op on every active tape that watches an input, and turns kernel
failures into TF's exception texts (`{{function_node ...}} ... [Op:Name] name: `).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tfshim.kernels import fpenv, native
from tfshim.ops.op_defs import GRADIENT_REGISTERED, KERNELS, OP_DEFS
from tfshim.util.tf_export import tf_export  # noqa: F401 - re-exported for op modules

_FLUSH = fpenv.AVAILABLE
# (module globals: the dispatcher runs them on every op; fpenv binds its C versions at its import)
_quiet, _unquiet, _enter, _exit = fpenv.quiet, fpenv.unquiet, fpenv.enter, fpenv.exit
_DEVICE = "_device_/job:localhost/replica:0/task:0/device:CPU:0"


class KernelError(Exception):
    """Raised inside kernels; the dispatcher turns it into TF's OpError text.

    `wrapped` adds TF's `{{function_node __wrapped__<Op>_device_...}}` prefix, which
    TF prints for errors raised inside kernels but not for its pre-kernel checks.
    `suffix` is what follows `[Op:Name]`; most TF kernels print ` name: `.
    """

    def __init__(self, cls: type, message: str, wrapped: bool = True, suffix: str = " name: ") -> None:
        super().__init__(message)
        self.cls, self.message, self.wrapped, self.suffix = cls, message, wrapped, suffix


def raise_op_error(op_name: str, err: KernelError, kernel_name: str | None = None) -> None:
    prefix = "{{function_node __wrapped__%s%s}} " % (kernel_name or op_name, _DEVICE) if err.wrapped else ""
    raise err.cls(None, None, "%s%s [Op:%s]%s" % (prefix, err.message, op_name, err.suffix)) from None


_ALLOWED = re.compile(r"attr=(\w+):(?:type|list\(type\))(?:,default=\w+)?(?:,min=\d+)?,allowed=\[([^\]]*)\]")
_OP_DEF_CACHE: dict[str, tuple[str, dict]] = {}


def op_def(op_name: str) -> tuple[str, dict] | None:
    """(TF's OpDef summary, {type attr: [allowed C++ dtype names]}) for a TF op, from op_defs.py."""
    entry = _OP_DEF_CACHE.get(op_name)
    if entry is None:
        summary = OP_DEFS.get(op_name)
        if summary is None:
            return None
        allowed = {m.group(1): [t[3:].lower() for t in m.group(2).split(", ")] for m in _ALLOWED.finditer(summary)}
        entry = _OP_DEF_CACHE[op_name] = (summary, allowed)
    return entry


def _allowed_dtypes(op_name: str, attr: str = "T") -> frozenset | None:
    entry = op_def(op_name)
    if entry is None or attr not in entry[1]:
        return None
    return frozenset(dtypes._BY_CNAME[c] for c in entry[1][attr] if c in dtypes._BY_CNAME)


def disallowed_dtype(op_name: str, dtype: Any, attr: str = "T", suffix: str = " name: ") -> Exception:
    """TF's pre-kernel attr check: `Value for attr 'T' of int32 is not in the list ...`."""
    summary, allowed = op_def(op_name)  # type: ignore[misc]
    return errors.InvalidArgumentError(None, None, (
        "Value for attr '%s' of %s is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; %s "
        "[Op:%s]%s" % (attr, dtype._cname, ", ".join(allowed[attr]), op_name, summary, op_name, suffix)))


def check_attr(op_name: str, t: Any, attr: str, suffix: str = " name: ") -> None:
    """Raises TF's attr error when `t`'s dtype is not allowed for the op's type attr `attr`."""
    entry = op_def(op_name)
    if entry is not None and attr in entry[1] and t._dtype._cname not in entry[1][attr]:
        raise disallowed_dtype(op_name, t._dtype, attr, suffix)


_CPU_KERNEL_TYPES: dict[str, frozenset] = {}
_T_CONSTRAINT = re.compile(r"; T in \[([^\]]*)\]")


def check_kernel(op_name: str, dtype: Any, suffix: str = " name: ", attrs: str | Callable | None = None) -> None:
    """TF's kernel lookup: an allowed dtype with no CPU kernel (RealDiv of int32, Round of complex) is a
    NotFoundError listing the registered kernels (op_defs.KERNELS). `attrs` is the node's attr text where the op
    has attrs besides T (`N=2, T=DT_STRING, equation="i,i->"`); without it only ops whose only attr is T are
    checked, as their node text is known; a callable `attrs` is called only when the error is raised."""
    text = KERNELS.get(op_name)
    if text is None:
        return
    cpu = _CPU_KERNEL_TYPES.get(op_name)
    if cpu is None:
        cpu = _CPU_KERNEL_TYPES[op_name] = frozenset(
            t[3:].lower() for line in text.splitlines() if line.startswith("  device='CPU'")
            for m in _T_CONSTRAINT.findall(line) for t in m.split(", "))
    if dtype._cname in cpu:  # the common case: a kernel exists, nothing more to work out
        return
    if callable(attrs):
        attrs = attrs()
    if attrs is None:
        entry = op_def(op_name)
        if entry is None or re.findall(r"attr=(\w+):", entry[0]) != ["T"]:
            return
        attrs = "T=DT_" + dtype._cname.upper()
    raise errors.NotFoundError(None, None, "Could not find device for node: {{node %s}} = %s[%s]\n"
                               "All kernels registered for op %s:\n%s [Op:%s]%s" % (
                                   op_name, op_name, attrs, op_name, text, op_name, suffix))


def make_bool(v: Any, arg_name: str, default: bool = False) -> bool:
    """TF's execute.make_bool: a bool attr must be a Python bool (not 0, 1, np.True_ or a tensor); None is the
    op's default, as in TF's generated wrappers."""
    if v is None:
        return default
    if not isinstance(v, bool):
        raise TypeError("Expected bool for argument '%s' not %s." % (arg_name, repr(v)))
    return v


def make_int(v: Any, arg_name: str) -> int:
    """TF's execute.make_int: anything int() takes, except strings."""
    if isinstance(v, str):
        raise TypeError("Expected int for argument '%s' not %s." % (arg_name, repr(v)))
    try:
        return int(v)
    except (ValueError, TypeError):
        raise TypeError("Expected int for argument '%s' not %s." % (arg_name, repr(v))) from None


def make_float(v: Any, arg_name: str) -> float:
    """TF's execute.make_float: anything float() takes, except strings and tensors."""
    from tfshim.framework.tensor import Tensor

    if isinstance(v, (str, Tensor)):
        raise TypeError("Expected float for argument '%s' not %s." % (arg_name, repr(v)))
    try:
        return float(v)
    except (ValueError, TypeError):
        raise TypeError("Expected float for argument '%s' not %s." % (arg_name, repr(v))) from None


def make_type(v: Any, arg_name: str) -> Any:
    """TF's execute.make_type: a DType attr."""
    try:
        return dtypes.as_dtype(v)
    except TypeError:
        raise TypeError("Expected DataType for argument '%s' not %s." % (arg_name, repr(v))) from None


def make_str(v: Any, arg_name: str) -> str:
    """TF's execute.make_str: a string attr must be a str or bytes."""
    if not isinstance(v, (str, bytes)):
        raise TypeError("Expected string for argument '%s' not %s." % (arg_name, repr(v)))
    return v.decode() if isinstance(v, bytes) else v


def make_int_list(v: Any, arg_name: str, fn: str) -> list:
    """A generated wrapper's list(int) attr: a list or tuple (TF's message names the Python op function `fn`),
    each element through make_int."""
    if not isinstance(v, (list, tuple)):
        raise TypeError("Expected list for '%s' argument to '%s' Op, not %r." % (arg_name, fn, v))
    return [make_int(i, arg_name) for i in v]


def attr_value_error(node: str, op_name: str, attr: str, value: str, suffix: str = " name: ") -> Exception:
    """TF's NodeDef check of a string attr against its allowed values (`Value for attr 'padding' of "same" is not
    in the list of allowed values: ...`); `node` is the op TF validates (a oneDNN `_MklNative...` op on CPU)."""
    summary = op_def(node)[0]  # type: ignore[index]
    allowed = re.search(r"attr=%s:string(?:,default=\"[^\"]*\")?,allowed=\[([^\]]*)\]" % attr, summary)
    return errors.InvalidArgumentError(None, None, (
        'Value for attr \'%s\' of "%s" is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; %s '
        "[Op:%s]%s" % (attr, value, allowed.group(1) if allowed else "", node, summary, op_name, suffix)))


def check_type_attr(op_name: str, dtype: Any, attr: str, suffix: str = " name: ") -> None:
    """TF's attr check for a type attr given directly (`out_type`, `out_idx`, ...)."""
    entry = op_def(op_name)
    if entry is not None and attr in entry[1] and dtype._cname not in entry[1][attr]:
        raise disallowed_dtype(op_name, dtype, attr, suffix)


def dtype_mismatch(op_name: str, index: int, expected: Any, got: Any, name: str = "") -> Exception:
    return errors.InvalidArgumentError(None, None, (
        "cannot compute %s as input #%d(zero-based) was expected to be a %s tensor but is a %s tensor "
        "[Op:%s] name: %s" % (op_name, index, expected._cname, got._cname, op_name, name)))


def _took_slow_path(raw: tuple) -> bool:
    """TF's eager fast path cannot take Python sequences or strings: such calls go through
    `execute`, whose error messages end in `[Op:X]` without the fast path's ` name: `."""
    return any(isinstance(v, (list, tuple, str, bytes)) for v in raw)


def error_suffix(raw: tuple) -> str:
    """What follows `[Op:X]` in TF's error for a call with these user arguments."""
    return "" if _took_slow_path(raw) else " name: "


def as_called(e: Any, raw: tuple) -> Any:
    """The OpError `e` as TF prints it for a call with these user arguments (see _took_slow_path)."""
    if _took_slow_path(raw) and e.message.endswith("] name: "):
        return type(e)(None, None, e.message[: -len(" name: ")])
    return e


def run_op(op: Op, raw: tuple, *tensors: Any, check: bool = False, **attrs: Any) -> Any:
    """Runs `op` on converted `tensors` (after TF's dtype checks if `check`); `raw` are the
    user's original arguments, which decide the error suffix as in TF."""
    try:
        if check:
            # Op.check reads only the inputs' dtypes: a signature that passed once passes again (kept as the dtypes'
            # enums: a DType's hash is a Python method, an int's is not)
            sig = tuple([t._dtype._enum for t in tensors])
            if sig not in op.checked:
                op.check(*tensors)
                op.checked.add(sig)
        return op(*tensors, **attrs)
    except errors.OpError as e:
        raise as_called(e, raw) from None


class OpContext:
    """What a gradient function sees as `op` (TF: backprop._MockOp)."""

    __slots__ = ("op", "inputs", "outputs", "attrs", "skip_input_indices")

    def __init__(self, op: Op, inputs: tuple, outputs: tuple, attrs: dict) -> None:
        self.op = op
        self.inputs = inputs
        self.outputs = outputs
        self.attrs = attrs
        self.skip_input_indices: tuple = ()

    @property
    def type(self) -> str:
        return self.op.name

    def get_attr(self, name: str) -> Any:
        return self.attrs[name]


_UNREAD = object()  # Op._allowed before its first read


# Compiled, Op's __call__ is tfshim/_eager.c's op_call (the C twin of _eager_call below).
_OpBase: Any = native.eager.OpBase if native.eager is not None else object


class Op(_OpBase):
    """A TF op: its type name, NumPy kernel and gradient function (TF's `(op, grad)` signature).

    `grad` is None for an op with no registered gradient (TF raises LookupError when
    a gradient is needed) and `NOT_DIFFERENTIABLE` for ops TF marks NotDifferentiable.
    """

    __slots__ = ("name", "kernel", "grad", "multi_output", "kernel_name", "_allowed", "grad_uses", "checked")

    def __init__(self, name: str, kernel: Callable, multi_output: bool = False, kernel_name: str | None = None):
        self.name = name
        self.kernel = kernel
        self.grad: Any = None
        self.multi_output = multi_output
        self.kernel_name = kernel_name
        self._allowed: Any = _UNREAD
        self.grad_uses: tuple | None = None  # (input indices, output indices) whose values the gradient reads
        self.checked: set = set()  # input dtype signatures (tuples of DType._enum) that passed check (run_op)

    @property
    def allowed(self) -> frozenset | None:
        """The dtypes TF's OpDef allows for the type attr T (None: not restricted), read on first use: parsing
        every declared op's OpDef at import cost ~1 ms."""
        a = self._allowed
        if a is _UNREAD:
            a = self._allowed = _allowed_dtypes(self.name)
        return a

    def check(self, *tensors: Any) -> None:
        """TF's pre-kernel checks for inputs sharing the type attr `T`, in TF's order: T (the first input's dtype)
        allowed, a CPU kernel for T (NotFoundError), then every input of dtype T."""
        d = tensors[0]._dtype
        if self.allowed is not None and d not in self.allowed:
            raise disallowed_dtype(self.name, d)
        check_kernel(self.name, d)
        for i in range(1, len(tensors)):
            if tensors[i]._dtype is not d:
                raise dtype_mismatch(self.name, i, d, tensors[i]._dtype)

    def gradient(self, fn: Callable) -> Callable:
        self.grad = fn
        return fn

    def __repr__(self) -> str:
        return f"<Op {self.name}>"


def _eager_call(self: Op, *inputs: Any, **attrs: Any) -> Any:
    """Op.__call__: runs the kernel on already converted input tensors (and records it on tapes). Compiled, Op's
    base class tfshim._eager.OpBase runs its C twin instead (and this where the C one does not apply)."""
    n = len(inputs)
    # (the one- and two-input cases without a list comprehension: a frame of its own in Python < 3.12)
    if n == 2:
        args: Any = (inputs[0]._value, inputs[1]._value)
    elif n == 1:
        args = (inputs[0]._value,)
    else:
        args = [t._value for t in inputs]
    flush = _FLUSH and n and inputs[0]._dtype._fp
    token = _quiet()  # TF returns inf/nan without warnings
    if flush:
        _enter()  # TF runs kernels with denormals flushed to zero
    try:
        out = self.kernel(*args, **attrs) if attrs else self.kernel(*args)
    except (KernelError, MemoryError) as e:
        _kernel_failed(self, e)
    finally:
        if flush:
            _exit()
        _unquiet(token)
    if self.multi_output:
        outputs = tuple(_wrap(o) for o in out)
        if _tape_state.tapes:
            record_operation(self, inputs, outputs, attrs)
        return outputs
    t = _wrap(out)
    if _tape_state.tapes:
        record_operation(self, inputs, (t,), attrs)
    return t


def _kernel_failed(op: Op, e: BaseException) -> None:
    """Raises TF's OpError for what `op`'s kernel raised: a KernelError's text, or TF's OOM for a MemoryError (TF's
    allocator fails with ResourceExhaustedError, not a Python MemoryError)."""
    if not isinstance(e, KernelError):
        e = KernelError(errors.ResourceExhaustedError, "OOM when allocating tensor for the output of %s on "
                        "/job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu" % op.name)
    raise_op_error(op.name, e, op.kernel_name)


if _OpBase is object:
    Op.__call__ = _eager_call  # type: ignore[method-assign]

# The eager dispatcher: framework/func_graph.py swaps its recorder in as Op.__call__ while a tf.function traces, and
# puts this back.
EAGER_CALL = Op.__call__

NOT_DIFFERENTIABLE = object()


def gradient_uses(op: Op, inputs: tuple = (), outputs: tuple = ()) -> None:
    """Declares which of `op`'s input and output *values* its gradient function reads (TF's generated
    OpGradientDoesntRequireInputIndices / ...OutputIndices): the tape keeps only those, and shape-and-dtype
    stand-ins for the others (eager/tape.py), so tensors nobody else holds are freed. Declare it beside the
    gradient, and only after reading it whole: a value the gradient does read would be a stand-in of NaN (zeros for
    non-float dtypes). tests/autodiff/test_tape_drops.py checks every declaration against keeping everything."""
    op.grad_uses = (frozenset(inputs), frozenset(outputs))


def not_differentiable(*ops: Op) -> None:
    """TF: ops.NotDifferentiable. The gradient through these ops is None."""
    for op in ops:
        op.grad = NOT_DIFFERENTIABLE


def defop(name: str, kernel: Callable, multi_output: bool = False, kernel_name: str | None = None) -> Op:
    op = OPS[name] = Op(name, kernel, multi_output, kernel_name)
    # a gradient registered (tf.RegisterGradient) before the op's module was imported: `import tfshim` leaves some
    # op modules to their first use (tools/gen_api.py LAZY_MODULES)
    op.grad = _USER_GRADIENTS.get(name)
    return op


# TF's gradient registry is keyed by op type name; tfshim keeps each gradient on its Op (declared beside the kernel),
# so the registry is the table of declared ops plus the names users register for ops tfshim does not declare.
OPS: dict[str, Op] = {}
_REGISTERED: dict[str, str] = {}  # op type name -> where its gradient was registered through tf.RegisterGradient
_USER_GRADIENTS: dict[str, Any] = {}  # op type name -> the function registered through tf.RegisterGradient


def _register_gradient(op_type: str, fn: Any) -> None:
    if op_type in _REGISTERED or op_type in GRADIENT_REGISTERED:
        where = _REGISTERED.get(op_type, f"{__file__}:{defop.__code__.co_firstlineno}")
        raise KeyError(f"Registering two gradient with name '{op_type}'! (Previous registration was in register "
                       f"{where})")
    _REGISTERED[op_type] = f"{__file__}:{_register_gradient.__code__.co_firstlineno}"
    _USER_GRADIENTS[op_type] = fn
    op = OPS.get(op_type)
    if op is not None:
        op.grad = fn


@tf_export("RegisterGradient")
class RegisterGradient:
    """TF: tf.RegisterGradient("OpType"): a decorator registering `fn(op, grad)` as the op type's gradient.

    A second registration for a name (including every op tfshim declares with a gradient) is TF's KeyError.
    TF's `Graph.gradient_override_map` is graph-only; eager code uses tf.custom_gradient.
    """

    __slots__ = ("_op_type",)

    def __init__(self, op_type: str) -> None:
        if not isinstance(op_type, str):
            raise TypeError("op_type must be a string")
        self._op_type = op_type

    def __call__(self, f: Callable) -> Callable:
        _register_gradient(self._op_type, f)
        return f


@tf_export("no_gradient")
def no_gradient(op_type: str) -> None:
    """TF: tf.no_gradient("OpType"): the op type's gradient is None (TF's NotDifferentiable)."""
    if not isinstance(op_type, str):
        raise TypeError("op_type must be a string")
    _register_gradient(op_type, NOT_DIFFERENTIABLE)


# Late-bound to avoid import cycles: tensor.py and tape.py import this module.
from tfshim.eager.tape import _state as _tape_state  # noqa: E402
from tfshim.eager.tape import record_operation  # noqa: E402
from tfshim.framework import dtypes, errors  # noqa: E402
from tfshim.framework.tensor import _wrap  # noqa: E402

if native.eager is not None:
    native.eager.setup(py_call=_eager_call, kernel_error=KernelError, kernel_failed=_kernel_failed, quiet=_quiet,
                       unquiet=_unquiet, enter=_enter, exit=_exit, flush=_FLUSH)
