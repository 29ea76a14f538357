"""tf.autograph (TF: python/autograph/impl/api.py).

A tf.function traces by running its Python code on the call's values (framework/func_graph.py);
while it traces, `if`/`for`/`while` on tensors run through impl/conversion.py, which reproduces
AutoGraph's trace-time effects (both branches and one loop body traced). `to_code` and
`to_graph`, which show or return AutoGraph's generated code, raise NotImplementedError.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from typing import Any

from tfshim.util.tf_export import tf_export

_verbosity = {"level": 0, "alsologtostdout": False}


class _AutoGraphErrorRepr(type):
    def __repr__(cls) -> str:
        if cls.__module__ == __name__:
            return f"<class 'tensorflow.python.autograph.impl.api.{cls.__qualname__}'>"
        return super().__repr__()


class AutoGraphError(Exception, metaclass=_AutoGraphErrorRepr):
    """TF: the base of AutoGraph's errors (not in TF's public API)."""


class StagingError(AutoGraphError):
    """TF: an error raised while a tf.function's Python code is being staged (traced); its text is
    "in user code:" with the user's frames, then the original error."""


@tf_export("autograph.to_code")
def to_code(entity: Callable, recursive: bool = True, experimental_optional_features: Any = None) -> str:
    """TF: the AutoGraph-converted source of `entity`; tfshim converts no code."""
    raise NotImplementedError("tf.autograph.to_code is not implemented by tfshim (tfshim does not generate "
                              "AutoGraph's converted code)")


@tf_export("autograph.to_graph")
def to_graph(entity: Callable, recursive: bool = True, experimental_optional_features: Any = None) -> Callable:
    """TF: the AutoGraph-converted function; tfshim converts no code."""
    raise NotImplementedError("tf.autograph.to_graph is not implemented by tfshim (tfshim does not generate "
                              "AutoGraph's converted code)")


@tf_export("autograph.set_verbosity")
def set_verbosity(level: int, alsologtostdout: bool = False) -> None:
    """TF: sets AutoGraph's logging verbosity (tfshim logs nothing about conversion)."""
    _verbosity["level"] = int(level)
    _verbosity["alsologtostdout"] = bool(alsologtostdout)


@tf_export("autograph.trace")
def trace(*args: Any) -> None:
    """TF: prints its arguments while tracing (Python `print`)."""
    print(*args)


@tf_export("autograph.experimental.do_not_convert")
def do_not_convert(func: Callable | None = None) -> Any:
    """TF: marks `func` to run without AutoGraph conversion (which tfshim never does)."""
    if func is None:
        return do_not_convert

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        return func(*args, **kwargs)

    return wrapper


@tf_export("autograph.experimental.set_loop_options")
def set_loop_options(parallel_iterations: Any = None, swap_memory: Any = None, maximum_iterations: Any = None,
                     shape_invariants: Any = None) -> None:
    """TF: hints for the loop AutoGraph converts around it; no effect outside a converted loop."""


@tf_export("autograph.experimental.Feature")
class Feature(enum.Enum):
    """TF: AutoGraph's optional conversion features."""

    ALL = "ALL"
    AUTO_CONTROL_DEPS = "AUTO_CONTROL_DEPS"
    ASSERT_STATEMENTS = "ASSERT_STATEMENTS"
    BUILTIN_FUNCTIONS = "BUILTIN_FUNCTIONS"
    EQUALITY_OPERATORS = "EQUALITY_OPERATORS"
    LISTS = "LISTS"
    NAME_SCOPES = "NAME_SCOPES"
