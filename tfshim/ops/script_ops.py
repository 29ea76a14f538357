"""tf.py_function and tf.numpy_function (TF: ops/script_ops.py): Python run as an op.

Eagerly the Python function simply runs. Inside a traced tf.function the graph runs it on every
call (TF's EagerPyFunc/PyFunc ops); tfshim also runs it once while tracing, with its writes to
sys.stdout discarded, to learn its outputs (TF only needs their dtypes), so other Python side
effects of its body happen one extra time, on the tracing call.
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Callable
from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors, func_graph
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.framework.variables import Variable
from tfshim.util import nest
from tfshim.util.tf_export import tf_export

_DEVICE = "_device_/job:localhost/replica:0/task:0/device:CPU:0"


def _missing_tout(name: str) -> TypeError:
    return TypeError(f"Missing required argument: 'Tout'\n  If using {name} as a decorator, set `Tout`\n"
                     f"  **by name** above the function:\n  `@{name}(Tout=tout)`")


@contextlib.contextmanager
def _quiet_stdout() -> Any:
    real = sys.stdout
    sys.stdout = io.StringIO()
    try:
        yield
    finally:
        sys.stdout = real


def _script_op(func: Callable, inp: Any, Tout: Any, eager_args: bool, op_name: str) -> Any:  # noqa: N803
    single = not isinstance(Tout, (list, tuple))
    touts = [Tout] if single else list(Tout)
    touts = [None if t is None else dtypes.as_dtype(t) for t in touts]
    inputs = [x if isinstance(x, (Tensor, Variable)) else convert_to_tensor(x) for x in nest.flatten(inp)]
    inputs = [x.value() if isinstance(x, Variable) else x for x in inputs]

    def run(*values: Any) -> list:
        from tfshim.eager import def_function

        with func_graph.init_scope():
            args = [v.numpy() if not eager_args else v for v in values]
            if eager_args:
                args = [def_function._plain(v) if type(v) is not Tensor else v for v in args]
            result = func(*args)
        flat = [result] if single else ([] if result is None else list(result))
        out = []
        for r, d in zip(flat, touts):
            if eager_args and d is not None:
                if isinstance(r, Tensor) and r.dtype != d:
                    raise errors.InvalidArgumentError(None, None, (
                        f"{{{{function_node __wrapped__{op_name}_Tin_{len(values)}_Tout_{len(touts)}{_DEVICE}}}}} "
                        f"ValueError: Tensor conversion requested dtype {d.name} for Tensor with dtype "
                        f"{r.dtype.name}: {r!r}\n [Op:{op_name}] name: "))
                out.append(convert_to_tensor(r, dtype=d))
            else:
                out.append(convert_to_tensor(np.asarray(r) if not isinstance(r, Tensor) else r))
        return out

    g = func_graph.current()
    if g is None:
        outs = run(*inputs)
    else:
        with _quiet_stdout():
            outs = run(*inputs)
        func_graph.record_call(run, inputs, outs)
    if single:
        return outs[0] if outs else None
    return outs


@tf_export("py_function")
def eager_py_func(func: Callable | None = None, inp: Any = None, Tout: Any = None, name: Any = None) -> Any:  # noqa: N803
    """TF: tf.py_function. Runs `func` on eager tensors; also usable as `@tf.py_function(Tout=...)`."""
    if func is None:
        if Tout is None:
            raise _missing_tout("tf.py_function")
        return lambda f: _decorated(f, Tout, True, "EagerPyFunc")
    if Tout is None:
        raise _missing_tout("tf.py_function")
    if inp is None:
        return _decorated(func, Tout, True, "EagerPyFunc")
    return _script_op(func, inp, Tout, True, "EagerPyFunc")


@tf_export("numpy_function")
def numpy_function(func: Callable | None = None, inp: Any = None, Tout: Any = None, stateful: bool = True,
                   name: Any = None) -> Any:  # noqa: N803
    """TF: tf.numpy_function. Runs `func` on NumPy arrays; its results are converted as they are."""
    if func is None:
        if Tout is None:
            raise _missing_tout("tf.numpy_function")
        return lambda f: _decorated(f, Tout, False, "PyFunc")
    if inp is None:
        return _decorated(func, Tout, False, "PyFunc")
    return _script_op(func, inp, Tout, False, "PyFunc")


def _decorated(func: Callable, Tout: Any, eager_args: bool, op_name: str) -> Callable:  # noqa: N803
    import functools

    @functools.wraps(func)
    def wrapper(*args: Any) -> Any:
        return _script_op(func, list(args), Tout, eager_args, op_name)

    return wrapper
