"""tf.Variable (a ResourceVariable in TF 2): mutable state that tapes watch on read.

Reads are recorded as a `ReadVariableOp` from the variable to a fresh tensor, so
gradients flow to the variable; `assign*` is never recorded (TF: state stops
gradients). Texts follow TF's resource_variable_ops.py.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import threading
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from tfshim.eager import tape as tape_lib
from tfshim.framework import constant_op, dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import EagerTensor, Tensor, _next_id, _wrap_as
from tfshim.framework.tensor_shape import TensorShape
from tfshim.kernels import native
from tfshim.ops.op import EAGER_CALL, Op, defop
from tfshim.util.tf_export import tf_export

_TENSOR_VALUE_SLOT = Tensor.__dict__["_value"]

# TF: the kernel copies the handle's current value; the gradient passes straight through.
ReadVariableOp = defop("ReadVariableOp", lambda v: v)


@ReadVariableOp.gradient
def _read_grad(op: Any, grad: Any) -> Any:
    """Returns grad."""
    return grad


_unique_ids = itertools.count(1)

# The class `tf.Variable(...)` makes: a tf.distribute strategy's scope pushes its own (MirroredVariable), as TF's
# strategies do with a variable creator scope (tfshim/distribute/distribute_lib.py).
variable_class_stack: list[type] = []


class _CreatorStack(threading.local):
    def __init__(self) -> None:
        self.creators: list = []


_creator_stack = _CreatorStack()


class _VariableMetaclass(type):
    """TF: variables.VariableMetaclass: `tf.Variable(...)` (not a subclass) goes through the creator scopes."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        if cls is Variable and _creator_stack.creators:
            return _create_through_scopes(*args, **kwargs)
        return super().__call__(*args, **kwargs)


def _create_through_scopes(initial_value: Any = None, trainable: Any = None, validate_shape: bool = True,
                           caching_device: Any = None, name: Any = None, variable_def: Any = None, dtype: Any = None,
                           import_scope: Any = None, constraint: Any = None, synchronization: Any = None,
                           aggregation: Any = None, shape: Any = None,
                           experimental_enable_variable_lifting: Any = None) -> Any:
    """TF: variables._variable_v2_call: the innermost scope's creator runs first; each gets the next as
    `next_creator`; the last makes the variable. The keyword arguments are TF's, defaults included."""
    from tfshim.framework.variable_enums import VariableAggregation, VariableSynchronization

    def make(**kws: Any) -> Any:
        return type.__call__(Variable, **kws)

    creator = make
    for scope_creator in _creator_stack.creators:
        creator = functools.partial(scope_creator, creator)
    return creator(initial_value=initial_value, trainable=trainable, validate_shape=validate_shape,
                   caching_device=caching_device, name=name, variable_def=variable_def, dtype=dtype,
                   import_scope=import_scope, constraint=constraint,
                   synchronization=VariableSynchronization.AUTO if synchronization is None else synchronization,
                   aggregation=VariableAggregation.NONE if aggregation is None else aggregation, shape=shape,
                   experimental_enable_variable_lifting=experimental_enable_variable_lifting)


@tf_export("variable_creator_scope")
@contextlib.contextmanager
def variable_creator_scope(variable_creator: Callable) -> Iterator[None]:
    """TF: tf.variable_creator_scope(creator): inside, `tf.Variable(...)` calls `creator(next_creator, **kwargs)`."""
    _creator_stack.creators.append(variable_creator)
    try:
        yield
    finally:
        _creator_stack.creators.pop()


@tf_export("Variable")
class Variable(metaclass=_VariableMetaclass):
    """TF: tf.Variable. `tf.Variable(...)` makes a ResourceVariable, as in TF 2."""

    __slots__ = ("_value", "_dtype", "_id", "_trainable", "_name", "_cached", "_shape", "__weakref__")
    __array_priority__ = 100

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        if cls is Variable:
            cls = variable_class_stack[-1] if variable_class_stack else ResourceVariable
        return object.__new__(cls)

    def __init__(
        self,
        initial_value: Any = None,
        trainable: bool | None = None,
        validate_shape: bool = True,
        caching_device: Any = None,
        name: str | None = None,
        variable_def: Any = None,
        dtype: Any = None,
        import_scope: Any = None,
        constraint: Any = None,
        synchronization: Any = None,
        aggregation: Any = None,
        shape: Any = None,
        experimental_enable_variable_lifting: bool = True,
    ) -> None:
        if initial_value is None:
            raise ValueError(
                "The `initial_value` arg to `tf.Variable` must be specified except when you are not providing a "
                "`variable_def`. You provided neither."
            )
        if callable(initial_value):
            initial_value = initial_value()
        if dtype is not None:
            dtype = dtypes.as_dtype(dtype)
        if isinstance(initial_value, (Tensor, Variable)) and dtype is not None:
            try:
                initial = convert_to_tensor(initial_value, dtype)
            except ValueError as e:
                raise ValueError(f"initial_value: {e}") from None
        else:
            initial = convert_to_tensor(initial_value, dtype)
        initial_shape = TensorShape._from_tuple(initial._value.shape)
        if shape is not None and not TensorShape(shape).is_compatible_with(initial_shape):
            raise ValueError(
                f"In this `tf.Variable` creation, the initial value's shape ({initial_shape}) "
                f"is not compatible with the explicitly supplied `shape` argument ({shape}).")
        self._value = np.array(initial._value)  # the variable owns its buffer
        self._dtype = initial._dtype
        self._id = _next_id()
        self._trainable = True if trainable is None else bool(trainable)
        from tfshim.ops.name_scope import current_scope

        self._name = current_scope() + (name if name is not None else "Variable") + ":0"
        self._cached: Tensor | None = None
        self._shape = TensorShape(shape) if shape is not None else TensorShape._from_tuple(self._value.shape)
        if caching_device:  # TF (eager) reads the new value once under tf.device(caching_device)
            from tfshim.framework.device import device

            with device(caching_device):
                pass

    # ---- reading -------------------------------------------------------------
    def value(self) -> Tensor:
        """The current value as a tensor; recorded as a read on watching tapes."""
        if tape_lib._state.tapes:
            tape_lib.variable_accessed(self)
            v = self._value
            if Op.__call__ is EAGER_CALL and dtypes._BY_NP.get(v.dtype) is self._dtype:
                # what ReadVariableOp's identity kernel gives, recorded without the dispatcher around it (~1.3 us);
                # while a tf.function traces, Op.__call__ is its recorder and the read goes through it
                t = _wrap_as(v, self._dtype)
                tape_lib.record_operation(ReadVariableOp, (self,), (t,), {})
                return t
            return ReadVariableOp(self)
        t = self._cached
        if t is None:
            t = self._cached = _wrap_as(self._value, self._dtype)
        return t

    def read_value(self) -> Tensor:
        return self.value()

    def numpy(self) -> Any:
        v = self._value
        if self._dtype._q:  # a quantized type's integers, as for a tensor
            v = v.view(v.dtype[0])
        return v[()] if v.ndim == 0 else v.copy()

    def _numpy(self) -> Any:
        v = self._value
        if self._dtype._q:
            v = v.view(v.dtype[0])
        return v[()] if v.ndim == 0 else v

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        return np.array(self._numpy(), dtype=dtype)

    @property
    def dtype(self) -> dtypes.DType:
        return self._dtype

    @property
    def shape(self) -> TensorShape:
        return self._shape

    def get_shape(self) -> TensorShape:
        return self._shape

    @property
    def ndim(self) -> int:
        return self._value.ndim

    @property
    def name(self) -> str:
        return self._name

    @property
    def trainable(self) -> bool:
        return self._trainable

    @property
    def device(self) -> str:
        return "/job:localhost/replica:0/task:0/device:CPU:0"

    @property
    def handle(self) -> Variable:
        return self

    @property
    def initial_value(self) -> Tensor:
        raise RuntimeError("initial_value not supported in EAGER mode.")

    @property
    def synchronization(self) -> Any:
        from tfshim.framework.variable_enums import VariableSynchronization

        return VariableSynchronization.AUTO

    @property
    def aggregation(self) -> Any:
        from tfshim.framework.variable_enums import VariableAggregation

        return VariableAggregation.NONE

    # ---- writing (never recorded) ------------------------------------------
    def _new_value(self, value: Any) -> np.ndarray:
        t = convert_to_tensor(value, self._dtype)
        if not self._shape.is_compatible_with(t.shape):
            raise ValueError(
                f"Cannot assign value to variable ' {self._name}': Shape mismatch.The variable shape "
                f"{self._shape}, and the assigned value shape {t.shape} are incompatible."
            )
        return t._value

    def _set(self, new: np.ndarray, read_value: bool, fresh: bool = False) -> Any:
        """`fresh`: `new` is a kernel's own new array (nothing else holds it), kept without a copy."""
        if fresh and type(new) is np.ndarray and new.dtype == self._value.dtype and new.base is None:
            self._value = new
        else:
            self._value = np.array(new, dtype=self._value.dtype)
        self._cached = None
        return _UnreadVariable(self) if read_value else None

    def assign(self, value: Any, use_locking: Any = None, name: Any = None, read_value: bool = True) -> Any:
        return self._set(self._new_value(value), read_value)

    def _delta(self, delta: Any, op_name: str) -> np.ndarray:
        """`delta` for TF's AssignAdd/AssignSubVariableOp, whose kernel wants exactly the variable's shape."""
        t = convert_to_tensor(delta, self._dtype)
        if t._value.shape != self._value.shape:
            from tfshim.ops.op import KernelError, raise_op_error

            dims = ["[" + ",".join(str(d) for d in s) + "]" for s in (self._value.shape, t._value.shape)]
            raise_op_error(op_name, KernelError(errors.InvalidArgumentError, "Cannot update variable with shape %s "
                                                "using a Tensor with shape %s, shapes must be equal." % tuple(dims)))
        return t._value

    def assign_add(self, delta: Any, use_locking: Any = None, name: Any = None, read_value: bool = True) -> Any:
        from tfshim.ops.math_ops import add

        delta = self._delta(delta, "AssignAddVariableOp")
        return self._set(add(_wrap_as(self._value, self._dtype), _wrap_as(delta, self._dtype))._value, read_value,
                         fresh=True)

    def assign_sub(self, delta: Any, use_locking: Any = None, name: Any = None, read_value: bool = True) -> Any:
        from tfshim.ops.math_ops import subtract

        delta = self._delta(delta, "AssignSubVariableOp")
        return self._set(subtract(_wrap_as(self._value, self._dtype), _wrap_as(delta, self._dtype))._value,
                         read_value, fresh=True)

    # ---- misc ------------------------------------------------------------------
    def __repr__(self) -> str:
        from tfshim.framework.tensor import numpy_text

        return "<tf.Variable '%s' shape=%s dtype=%s, numpy=%s>" % (
            self._name, self._shape, self._dtype.name, numpy_text(self, is_repr=True))

    __str__ = __repr__

    def __hash__(self) -> int:
        raise TypeError(f"Variable is unhashable. Instead, use variable.ref() as the key. (Variable: {self!r})")

    def ref(self) -> Any:
        from tfshim.framework.tensor import Reference

        return Reference(self)

    experimental_ref = ref

    # No __len__: TF's variables have none (`len(v)` is Python's TypeError "has no len()").

    def __bool__(self) -> bool:
        return bool(self._numpy())

    __nonzero__ = __bool__  # TF keeps Python 2's name too

    def __float__(self) -> float:
        return float(self.value())

    def __int__(self) -> int:
        return int(self.value())

    def __index__(self) -> int:
        return self.value().__index__()

    def __iter__(self) -> Any:
        return iter(self.value())

    def __getitem__(self, key: Any) -> Any:
        # TF's _SliceHelperVar: the slice is a tensor that also has `assign`, writing into the sliced part.
        t = self.value()[key]
        sliced = _VariableSlice.__new__(_VariableSlice)
        # through the slot itself: copying the value is not a Python read of it (a tf.function trace stays replayable)
        _TENSOR_VALUE_SLOT.__set__(sliced, _TENSOR_VALUE_SLOT.__get__(t))
        sliced._dtype, sliced._id = t._dtype, t._id
        sliced._variable, sliced._key = self, key
        return sliced

    def __deepcopy__(self, memo: Any) -> Variable:
        v = Variable(self._value, trainable=self._trainable, name=self._name[:-2])
        memo[id(self)] = v
        return v

    @classmethod
    def _override_operator(cls, operator: str, func: Any) -> None:
        # Operators on a variable act on its value, as TF's _OverloadOperator does.
        def op(self: Any, *args: Any) -> Any:
            return func(self.value(), *args)

        op.__name__ = operator
        setattr(cls, operator, op)


def _numpy_key(key: Any) -> Any:
    """A strided-slice key (ints, slices, tensors, `...`, `tf.newaxis`) as a NumPy basic index."""
    def scalar(k: Any) -> Any:
        if k is None or isinstance(k, (int, np.integer)) or k is Ellipsis:
            return k
        return int(convert_to_tensor(k)._value)

    parts = key if isinstance(key, tuple) else (key,)
    return tuple(slice(scalar(k.start), scalar(k.stop), scalar(k.step)) if isinstance(k, slice) else scalar(k)
                 for k in parts)


class _VariableSlice(EagerTensor):
    """`variable[key]`: an EagerTensor (as TF's, the same class name) with `assign` (TF: strided_slice_assign)."""

    __slots__ = ("_variable", "_key")

    def assign(self, value: Any, name: Any = None) -> Any:
        var = self._variable
        new = np.array(var._value)
        index = _numpy_key(self._key)
        final_shape = np.shape(new[index])
        v = convert_to_tensor(value, var._dtype)._value
        try:
            new[index] = np.broadcast_to(v, final_shape)
        except ValueError:
            from tfshim.ops.op import KernelError, raise_op_error

            shape = lambda s: "[" + ",".join(str(d) for d in s) + "]"  # noqa: E731
            raise_op_error("ResourceStridedSliceAssign", KernelError(
                errors.InvalidArgumentError,
                f"Cannot broadcast input shape {shape(v.shape)} into final shape {shape(final_shape)}",
                suffix=" name: strided_slice/_assign"))
        return var._set(new, True)


_VariableSlice.__name__ = _VariableSlice.__qualname__ = "EagerTensor"


class ResourceVariable(Variable):
    """The concrete variable class (type name as in TF)."""

    __slots__ = ()


class _UnreadVariable(ResourceVariable):
    """What `assign*` returns in eager TF: repr `<tf.Variable 'UnreadVariable' ...>`.

    It reads the variable it came from, so later reads see later assignments.
    """

    __slots__ = ("_parent",)

    def __init__(self, parent: Variable) -> None:
        self._parent = parent
        self._name = "UnreadVariable"

    def __getattribute__(self, name: str) -> Any:
        if name in ("_name", "_parent", "__repr__", "__str__", "__class__", "name"):
            return object.__getattribute__(self, name)
        return getattr(object.__getattribute__(self, "_parent"), name)

    @property
    def name(self) -> str:
        return self._parent._name

    def __repr__(self) -> str:
        from tfshim.framework.tensor import numpy_text

        p = self._parent
        return "<tf.Variable 'UnreadVariable' shape=%s dtype=%s, numpy=%s>" % (
            p._shape, p._dtype.name, numpy_text(p, is_repr=True))

    __str__ = __repr__


constant_op._Variable = Variable  # read by convert_to_tensor and match_inputs, which this module's import needs


if native.eager is not None:  # the C operators read a ResourceVariable as Variable.value does (tfshim/_eager.c)
    native.eager.setup(resource_variable=ResourceVariable, op_class=Op, eager_call=EAGER_CALL, read_op=ReadVariableOp)
