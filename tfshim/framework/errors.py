"""tf.errors: TF's exception classes (TF: tensorflow/python/framework/errors_impl.py).

`str(e)` is the message alone, as in eager TF. The message texts themselves are
built where the check is made (ops/op.py adds TF's `[Op:Name]` suffix once).
"""

from __future__ import annotations

from typing import Any

from tfshim.util.tf_export import tf_export

OK = 0
CANCELLED = 1
UNKNOWN = 2
INVALID_ARGUMENT = 3
DEADLINE_EXCEEDED = 4
NOT_FOUND = 5
ALREADY_EXISTS = 6
PERMISSION_DENIED = 7
UNAUTHENTICATED = 16
RESOURCE_EXHAUSTED = 8
FAILED_PRECONDITION = 9
ABORTED = 10
OUT_OF_RANGE = 11
UNIMPLEMENTED = 12
INTERNAL = 13
UNAVAILABLE = 14
DATA_LOSS = 15
tf_export("errors.CANCELLED").export_constant(__name__, "CANCELLED")
tf_export("errors.UNKNOWN").export_constant(__name__, "UNKNOWN")
tf_export("errors.INVALID_ARGUMENT").export_constant(__name__, "INVALID_ARGUMENT")
tf_export("errors.DEADLINE_EXCEEDED").export_constant(__name__, "DEADLINE_EXCEEDED")
tf_export("errors.NOT_FOUND").export_constant(__name__, "NOT_FOUND")
tf_export("errors.ALREADY_EXISTS").export_constant(__name__, "ALREADY_EXISTS")
tf_export("errors.PERMISSION_DENIED").export_constant(__name__, "PERMISSION_DENIED")
tf_export("errors.UNAUTHENTICATED").export_constant(__name__, "UNAUTHENTICATED")
tf_export("errors.RESOURCE_EXHAUSTED").export_constant(__name__, "RESOURCE_EXHAUSTED")
tf_export("errors.FAILED_PRECONDITION").export_constant(__name__, "FAILED_PRECONDITION")
tf_export("errors.ABORTED").export_constant(__name__, "ABORTED")
tf_export("errors.OUT_OF_RANGE").export_constant(__name__, "OUT_OF_RANGE")
tf_export("errors.UNIMPLEMENTED").export_constant(__name__, "UNIMPLEMENTED")
tf_export("errors.INTERNAL").export_constant(__name__, "INTERNAL")
tf_export("errors.UNAVAILABLE").export_constant(__name__, "UNAVAILABLE")
tf_export("errors.DATA_LOSS").export_constant(__name__, "DATA_LOSS")


class _ErrorClassRepr(type):
    """Shows TF's exception classes as TF does (`<class 'tensorflow.python.framework.errors_impl.
    InvalidArgumentError'>`), as code printing an exception class (`'{}'.format(tf.errors.OpError)`)
    sees them; a user's subclass keeps its own name."""

    def __repr__(cls) -> str:
        if cls.__module__ == __name__:
            return f"<class 'tensorflow.python.framework.errors_impl.{cls.__qualname__}'>"
        return super().__repr__()


@tf_export("errors.OpError", "OpError")
class OpError(Exception, metaclass=_ErrorClassRepr):
    """The base class of TF's runtime errors: `OpError(node_def, op, message, error_code)`."""

    def __init__(self, node_def: Any, op: Any, message: str, error_code: int | None = None, *args: Any) -> None:
        super().__init__()
        self._node_def = node_def
        self._op = op
        self._message = message
        self._error_code = error_code
        self._experimental_payloads = args[0] if args else {}

    @property
    def message(self) -> str:
        return self._message

    @property
    def op(self) -> Any:
        return self._op

    @property
    def node_def(self) -> Any:
        return self._node_def

    @property
    def error_code(self) -> int | None:
        return self._error_code

    @property
    def experimental_payloads(self) -> dict:
        return self._experimental_payloads

    def __str__(self) -> str:
        return self._message

    def __reduce__(self) -> Any:
        return self.__class__, (self._node_def, self._op, self._message)


@tf_export("errors.CancelledError")
class CancelledError(OpError):
    def __init__(self, node_def: Any, op: Any, message: str, *args: Any) -> None:
        super().__init__(node_def, op, message, CANCELLED, *args)


@tf_export("errors.UnknownError")
class UnknownError(OpError):
    def __init__(self, node_def: Any, op: Any, message: str, *args: Any) -> None:
        super().__init__(node_def, op, message, UNKNOWN, *args)


@tf_export("errors.InvalidArgumentError")
class InvalidArgumentError(OpError):
    def __init__(self, node_def: Any, op: Any, message: str, *args: Any) -> None:
        super().__init__(node_def, op, message, INVALID_ARGUMENT, *args)


@tf_export("errors.DeadlineExceededError")
class DeadlineExceededError(OpError):
    def __init__(self, node_def: Any, op: Any, message: str, *args: Any) -> None:
        super().__init__(node_def, op, message, DEADLINE_EXCEEDED, *args)


@tf_export("errors.NotFoundError")
class NotFoundError(OpError):
    def __init__(self, node_def: Any, op: Any, message: str, *args: Any) -> None:
        super().__init__(node_def, op, message, NOT_FOUND, *args)


@tf_export("errors.AlreadyExistsError")
class AlreadyExistsError(OpError):
    def __init__(self, node_def: Any, op: Any, message: str, *args: Any) -> None:
        super().__init__(node_def, op, message, ALREADY_EXISTS, *args)


@tf_export("errors.PermissionDeniedError")
class PermissionDeniedError(OpError):
    def __init__(self, node_def: Any, op: Any, message: str, *args: Any) -> None:
        super().__init__(node_def, op, message, PERMISSION_DENIED, *args)


@tf_export("errors.UnauthenticatedError")
class UnauthenticatedError(OpError):
    def __init__(self, node_def: Any, op: Any, message: str, *args: Any) -> None:
        super().__init__(node_def, op, message, UNAUTHENTICATED, *args)


@tf_export("errors.ResourceExhaustedError")
class ResourceExhaustedError(OpError):
    def __init__(self, node_def: Any, op: Any, message: str, *args: Any) -> None:
        super().__init__(node_def, op, message, RESOURCE_EXHAUSTED, *args)


@tf_export("errors.FailedPreconditionError")
class FailedPreconditionError(OpError):
    def __init__(self, node_def: Any, op: Any, message: str, *args: Any) -> None:
        super().__init__(node_def, op, message, FAILED_PRECONDITION, *args)


@tf_export("errors.AbortedError")
class AbortedError(OpError):
    def __init__(self, node_def: Any, op: Any, message: str, *args: Any) -> None:
        super().__init__(node_def, op, message, ABORTED, *args)


@tf_export("errors.OutOfRangeError")
class OutOfRangeError(OpError):
    def __init__(self, node_def: Any, op: Any, message: str, *args: Any) -> None:
        super().__init__(node_def, op, message, OUT_OF_RANGE, *args)


@tf_export("errors.UnimplementedError")
class UnimplementedError(OpError):
    def __init__(self, node_def: Any, op: Any, message: str, *args: Any) -> None:
        super().__init__(node_def, op, message, UNIMPLEMENTED, *args)


@tf_export("errors.InternalError")
class InternalError(OpError):
    def __init__(self, node_def: Any, op: Any, message: str, *args: Any) -> None:
        super().__init__(node_def, op, message, INTERNAL, *args)


@tf_export("errors.UnavailableError")
class UnavailableError(OpError):
    def __init__(self, node_def: Any, op: Any, message: str, *args: Any) -> None:
        super().__init__(node_def, op, message, UNAVAILABLE, *args)


@tf_export("errors.DataLossError")
class DataLossError(OpError):
    def __init__(self, node_def: Any, op: Any, message: str, *args: Any) -> None:
        super().__init__(node_def, op, message, DATA_LOSS, *args)


@tf_export("errors.OperatorNotAllowedInGraphError")
class OperatorNotAllowedInGraphError(TypeError, metaclass=_ErrorClassRepr):
    """Raised when an operation is not allowed in graph (tf.function) code."""


@tf_export("errors.InaccessibleTensorError")
class InaccessibleTensorError(ValueError):
    """Raised when a tensor from another graph is used."""


def tf_type_name(obj: Any) -> str:
    """The type name Python prints for `obj` in TF's own AttributeError/TypeError texts: TF's EagerTensor is a C
    type named by its full path, as NumPy's types are; Python classes go by their bare name."""
    from tfshim.framework.tensor import Tensor

    if isinstance(obj, Tensor) and not hasattr(obj, "assign"):
        return "tensorflow.python.framework.ops.EagerTensor"
    cls = type(obj)
    if cls.__module__ == "numpy":
        return f"numpy.{cls.__name__}"
    return cls.__name__


def no_attribute(obj: Any, attr: str) -> AttributeError:
    """The AttributeError TF's Python code raises when it reads `attr` from an argument that lacks it."""
    return AttributeError(f"'{tf_type_name(obj)}' object has no attribute '{attr}'")
