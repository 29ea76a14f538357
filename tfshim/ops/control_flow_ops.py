"""Control flow: tf.cond, tf.case, tf.switch_case, tf.while_loop (TF: cond.py, control_flow_case.py,
control_flow_switch_case.py, while_loop.py).

tfshim executes eagerly (tf.function too), so these follow TF's eager paths: the chosen branch or the
loop body runs as Python, and the ops it runs are recorded on the active tapes, which is how gradients
flow through them (as in TF's eager mode). TF's argument checks and its structure checks between
iterations (nest.assert_same_structure) are reproduced with TF's texts.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops.op import KernelError, raise_op_error, tf_export
from tfshim.util import nest


def _truth(value: Any) -> bool:
    """Python truth of an eager value as TF's eager paths take it (`if tensor:`): NumPy's rule for arrays."""
    if isinstance(value, Tensor):
        arr = value._value
        if arr.size > 1:
            raise ValueError("The truth value of an array with more than one element is ambiguous. "
                             "Use a.any() or a.all()")
        return bool(arr.reshape(-1)[0]) if arr.size else False
    return bool(value)


def _unpack_if_singleton(res: Any) -> Any:
    if isinstance(res, (list, tuple)) and len(res) == 1:
        return res[0]
    return res


def _cond(pred: Any, true_fn: Callable | None = None, false_fn: Callable | None = None, strict: bool = False,
          name: Any = None) -> Any:
    """TF: cond.cond in eager mode: only the chosen branch runs."""
    if true_fn is None:
        raise TypeError("cond(): 'true_fn' argument required")
    if false_fn is None:
        raise TypeError("cond(): 'false_fn' argument required")
    if not callable(true_fn):
        raise TypeError("'true_fn' must be callable.")
    if not callable(false_fn):
        raise TypeError("'false_fn' must be callable.")
    pred = convert_to_tensor(pred)
    result = true_fn() if _truth(pred) else false_fn()
    return result if strict else _unpack_if_singleton(result)


@tf_export("cond")
def cond(pred: Any, true_fn: Callable | None = None, false_fn: Callable | None = None, name: Any = None) -> Any:
    """TF: tf.cond. Eagerly, returns what the chosen branch returns, unchanged (Python values included)."""
    return _cond(pred, true_fn, false_fn, strict=True, name=name)


# ----- tf.case -------------------------------------------------------------------------------------


def _case_verify_and_canonicalize_args(pred_fn_pairs: Any, exclusive: bool) -> tuple:
    if not isinstance(pred_fn_pairs, (list, tuple, dict)):
        raise TypeError("'pred_fn_pairs' must be a list, tuple, or dict. "
                        f"Received: {type(pred_fn_pairs)}")
    if isinstance(pred_fn_pairs, dict):
        import collections

        if isinstance(pred_fn_pairs, collections.OrderedDict):
            pred_fn_pairs = list(pred_fn_pairs.items())
        elif not exclusive:
            raise ValueError("Unordered dictionaries are not supported for the 'pred_fn_pairs' argument when "
                             "`exclusive=False` and eager mode is enabled.")
        else:
            pred_fn_pairs = list(pred_fn_pairs.items())
    for pair in pred_fn_pairs:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise TypeError(f"Each entry in 'pred_fn_pairs' must be a 2-tuple. Received {pair}.")
        pred, fn = pair
        if isinstance(pred, Tensor):
            if pred.dtype != dtypes.bool:
                raise TypeError("pred must be Tensor of type bool: %s" % pred.name)
        else:
            raise TypeError("pred must be a Tensor, got: %s" % pred)
        if not callable(fn):
            raise TypeError("fn for pred %s must be callable." % pred.name)
    predicates, actions = zip(*pred_fn_pairs)  # TF's own unpacking error for an empty list
    return predicates, actions


def _assert_at_most_n_true(predicates: Any, n: int, msg: str) -> None:
    from tfshim.ops.array_ops import stack
    from tfshim.ops.check_ops import Assert

    if not predicates:
        return  # nothing can be true
    preds_c = stack(list(predicates))
    num_true = int(np.sum(preds_c._value.astype(np.int32)))
    names = ", ".join(getattr(p, "name", "?") for p in predicates)
    text = "%s: more than %d conditions (%s) evaluated as True:" % (msg, n, names)
    Assert(convert_to_tensor(num_true <= n), [text, preds_c], summarize=len(predicates))


def _case_create_default_action(predicates: tuple, actions: tuple) -> tuple:
    """TF: the last branch becomes the default, guarded by asserts that it is the only true one."""
    from tfshim.ops.array_ops import stack
    from tfshim.ops.check_ops import Assert

    k = len(predicates) - 1
    predicate, action = predicates[k], actions[k]
    other_predicates, other_actions = predicates[:k], actions[:k]

    def default_action() -> Any:
        others_msg = ("Implementation error: selected default action #%d was called, but some of other "
                      "predicates are True: " % k)
        _assert_at_most_n_true(other_predicates, 0, others_msg)
        Assert(predicate, ["Input error: None of conditions evaluated as True:", stack(list(predicates))])
        return action()

    return default_action, other_predicates, other_actions


@tf_export("case")
def case(pred_fn_pairs: Any, default: Callable | None = None, exclusive: bool = False, strict: bool = False,
         name: str = "case") -> Any:
    """TF: tf.case, as a chain of tf.cond calls, the default guarded by TF's asserts."""
    predicates, actions = _case_verify_and_canonicalize_args(pred_fn_pairs, exclusive)
    if default is None:
        default, predicates, actions = _case_create_default_action(predicates, actions)
    fn = default
    for predicate, action in reversed(list(zip(predicates, actions))):
        fn = functools.partial(_cond, predicate, true_fn=action, false_fn=fn, strict=strict)
    if exclusive:
        _assert_at_most_n_true(predicates, 1, "Input error: exclusive=True")
    return fn()


# ----- tf.switch_case ------------------------------------------------------------------------------


def _indexed_case_verify_and_canonicalize_args(branch_fns: Any, default: Any, branch_index: Any) -> list:
    if not isinstance(branch_index, Tensor):
        raise TypeError(f"'branch_index' must be a Tensor, got {type(branch_index)}")
    if not branch_index.dtype.is_integer:
        raise TypeError(f"'branch_index' must be an integer Tensor, got {branch_index.dtype}")
    if not branch_fns:
        raise ValueError("Must provide at least one item in 'branch_fns'")
    if not isinstance(branch_fns, (list, tuple, dict)):
        raise TypeError("'branch_fns' must be a list, tuple, or dict")
    if isinstance(branch_fns, dict):
        branch_fns = branch_fns.items()
    if all(callable(fn) for fn in branch_fns):
        branch_fns = list(enumerate(branch_fns))
    for pair in branch_fns:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise TypeError(f"Each entry in 'branch_fns' must be a 2-tuple. Received {pair}.")
        key, fn = pair
        if not isinstance(key, int):
            raise TypeError(f"key must be a Python `int`, got {type(key)}")
        if not callable(fn):
            raise TypeError(f"fn for key {key} must be callable.")
    keys = [p[0] for p in branch_fns]
    if min(keys) < 0 or max(keys) >= len(keys) or len(set(keys)) != len(keys):
        raise ValueError("branch indices (keys) must form contiguous range of [0 to {}) but found {{{}}}".format(
            len(keys), ",".join(map(str, sorted(keys)))))
    actions = [p[1] for p in sorted(branch_fns, key=lambda p: p[0])]
    if default is not None:
        actions.append(default)
    return actions


@tf_export("switch_case")
def switch_case(branch_index: Any, branch_fns: Any, default: Callable | None = None,
                name: str = "switch_case") -> Any:
    """TF: tf.switch_case. An out-of-range index runs `default`, else the last branch (TF's eager rule)."""
    fns = _indexed_case_verify_and_canonicalize_args(branch_fns, default, branch_index)
    if branch_index._value.ndim != 0:
        # TF's eager path clamps the index with the v1 `where` (Select), which rejects a non-scalar index so.
        raise_op_error("Select", KernelError(errors.InvalidArgumentError,
                                             "'then' must be at least a vector, but saw shape: []"))
    i = int(branch_index._value)
    if i < 0 or i >= len(fns):
        i = len(fns) - 1
    return fns[i]()


# ----- tf.while_loop -------------------------------------------------------------------------------


def _variables_to_tensors(structure: Any) -> Any:
    from tfshim.framework.variables import Variable

    return nest.map_structure(lambda v: v.read_value() if isinstance(v, Variable) else v, structure)


def _type_spec(value: Any) -> Any:
    """TF: type_spec.type_spec_from_value, for the structure check of the eager loop."""
    from tfshim.eager.def_function import TensorSpec
    from tfshim.ops.tensor_array_ops import TensorArray

    if isinstance(value, TensorArray):
        return value._type_spec()
    return TensorSpec.from_tensor(convert_to_tensor(value))


def _both(below_limit: bool, c: Any) -> bool:
    """TF's `logical_and(i < maximum_iterations, cond(...))`: the user's cond runs on every test."""
    return below_limit and _truth(c)


def _while_loop(cond: Callable, body: Callable, loop_vars: Any, shape_invariants: Any = None,
                parallel_iterations: int = 10, maximum_iterations: Any = None,
                return_same_structure: bool = False) -> Any:
    """TF: while_loop.while_loop's eager path (loop_vars is the tuple of the loop's arguments)."""
    from tfshim.ops.tensor_array_ops import TensorArray

    if not callable(cond):
        raise TypeError("'cond' must be callable.")
    if not callable(body):
        raise TypeError("'body' must be callable.")
    if parallel_iterations < 1:
        raise TypeError("'parallel_iterations' must be a positive integer.")
    loop_vars = _variables_to_tensors(loop_vars)
    if not loop_vars:
        raise ValueError("'loop_vars' must be provided.")
    try_to_pack = len(loop_vars) == 1 and not return_same_structure
    if maximum_iterations is not None:
        maximum_iterations = convert_to_tensor(maximum_iterations)
        if maximum_iterations.shape.ndims != 0:
            raise ValueError("'maximum_iterations' must be a scalar. "
                             f"Received shape: {maximum_iterations.shape}")
        limit = int(maximum_iterations._value)
        orig_cond, orig_body = cond, body
        if try_to_pack:
            loop_vars = (0, loop_vars[0])
            cond = lambda i, lv: _both(i < limit, orig_cond(lv))  # noqa: E731
            body = lambda i, lv: (i + 1, orig_body(lv))  # noqa: E731
        else:
            loop_vars = (0, loop_vars)
            cond = lambda i, lv: _both(i < limit, orig_cond(*lv))  # noqa: E731
            body = lambda i, lv: (i + 1, orig_body(*lv))  # noqa: E731
        try_to_pack = False
    packed = False
    structure = nest.map_structure(_type_spec, list(loop_vars))
    while _truth(cond(*loop_vars)):
        loop_vars = body(*loop_vars)
        if try_to_pack and not isinstance(loop_vars, (list, tuple)):
            packed = True
            loop_vars = (loop_vars,)
        nest.assert_same_structure(structure, list(loop_vars))
    loop_vars = nest.map_structure(lambda x: x if isinstance(x, TensorArray) else convert_to_tensor(x), loop_vars)
    if maximum_iterations is not None:
        return loop_vars[1]
    return loop_vars[0] if packed else loop_vars


@tf_export("while_loop")
def while_loop(cond: Callable, body: Callable, loop_vars: Any, shape_invariants: Any = None,
               parallel_iterations: int = 10, back_prop: bool = True, swap_memory: bool = False,
               maximum_iterations: Any = None, name: Any = None) -> Any:
    """TF: tf.while_loop (v2: the result has the structure of `loop_vars`). Eager: the body runs as Python
    while `cond` holds; the structure must stay the same (TF checks no dtypes or shapes eagerly, nor
    `shape_invariants`). With back_prop=False TF still records eagerly, and so does tfshim."""
    return _while_loop(cond, body, loop_vars, shape_invariants, parallel_iterations, maximum_iterations,
                       return_same_structure=True)


# ----- no_op, group, tuple, control_dependencies (TF: control_flow_ops.py, ops.py) -------------------


@tf_export("no_op")
def no_op(name: Any = None) -> None:
    """TF: tf.no_op. Eagerly it does nothing and returns None."""
    return None


@tf_export("group")
def group(*inputs: Any, **kwargs: Any) -> None:
    """TF: tf.group. Eagerly the inputs have already run: returns None."""
    return None


@tf_export("tuple")
def tuple_(tensors: Any, control_inputs: Any = None, name: Any = None) -> Any:  # named so: `tuple` is a builtin here
    """TF: tf.tuple: the tensors, unchanged (eagerly; None entries stay None)."""
    return tensors


class _NullContextmanager:
    """TF: ops.NullContextmanager, what control_dependencies returns eagerly."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, *args: Any) -> bool:
        return False


@tf_export("control_dependencies")
def control_dependencies(control_inputs: Any) -> _NullContextmanager:
    """TF: tf.control_dependencies. Eagerly ops run in program order: a context manager that does nothing
    (callables in control_inputs are called, as TF does)."""
    for c in control_inputs or ():
        if callable(c):
            c()
    return _NullContextmanager()
