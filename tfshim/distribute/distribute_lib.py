"""tf.distribute.Strategy and the default strategy (TF: python/distribute/distribute_lib.py).

tfshim has one device, so every strategy here has one replica on the CPU: `run` calls the function once in a
replica context, `reduce` over replicas is the identity (then a reduction over `axis` if given), and a
distributed dataset yields the dataset's own elements. The scopes, contexts and their errors follow TF.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

from tfshim.distribute.reduce_util import ReduceOp
from tfshim.framework import variables
from tfshim.util import nest
from tfshim.util.tf_export import tf_export

CPU = "/job:localhost/replica:0/task:0/device:CPU:0"


class _Scopes(threading.local):  # TF keeps the strategy stack per thread
    def __init__(self) -> None:
        self.stack: list[tuple[Strategy, ReplicaContext | None]] = []


_scopes = _Scopes()


def _tf_repr(obj: object, tf_module: str) -> str:
    """TF's default object repr, under the module path TF's class has."""
    return f"<{tf_module}.{type(obj).__name__} object at {id(obj):#x}>"


@tf_export("distribute.StrategyExtended")
class StrategyExtended:
    """The strategy's device-level API (TF: StrategyExtendedV2)."""

    _tf_module = "tensorflow.python.distribute.distribute_lib"

    def __init__(self, container_strategy: Strategy) -> None:
        self._container_strategy = container_strategy

    def __repr__(self) -> str:
        return _tf_repr(self, self._tf_module)

    @property
    def worker_devices(self) -> tuple[str, ...]:
        return (CPU,)

    @property
    def parameter_devices(self) -> tuple[str, ...]:
        return (CPU,)

    def variable_created_in_scope(self, v: Any) -> bool:
        return getattr(v, "_distribute_strategy", None) is self._container_strategy

    def colocate_vars_with(self, colocate_with_variable: Any) -> Any:
        from contextlib import nullcontext

        return nullcontext()


@tf_export("distribute.ReplicaContext")
class ReplicaContext:
    """The context inside `strategy.run`: this replica's id and the collective ops over all replicas (one)."""

    _tf_module = "tensorflow.python.distribute.distribute_lib"

    def __init__(self, strategy: Strategy, replica_id_in_sync_group: Any) -> None:
        self._strategy = strategy
        self._replica_id_in_sync_group = replica_id_in_sync_group
        self._replica_index = int(getattr(replica_id_in_sync_group, "_value", replica_id_in_sync_group))

    def _single(self, what: str) -> None:
        if self._strategy.num_replicas_in_sync > 1:  # replicas run one after another in tfshim
            raise NotImplementedError(f"tf.distribute.ReplicaContext.{what} over "
                                      f"{self._strategy.num_replicas_in_sync} replicas is not implemented by tfshim")

    def __repr__(self) -> str:
        return _tf_repr(self, self._tf_module)

    @property
    def strategy(self) -> Strategy:
        return self._strategy

    @property
    def num_replicas_in_sync(self) -> int:
        return self._strategy.num_replicas_in_sync

    @property
    def replica_id_in_sync_group(self) -> Any:
        return self._replica_id_in_sync_group

    def all_reduce(self, reduce_op: Any, value: Any, options: Any = None) -> Any:
        """The sum or mean of `value` over the replicas: with one replica, `value` itself."""
        self._single("all_reduce")
        _as_reduce_op(reduce_op)
        from tfshim.ops.array_ops import identity

        return nest.map_structure(identity, value)

    def all_gather(self, value: Any, axis: int, options: Any = None) -> Any:
        self._single("all_gather")
        from tfshim.ops.array_ops import identity

        return nest.map_structure(identity, value)

    def merge_call(self, merge_fn: Callable, args: tuple = (), kwargs: dict | None = None) -> Any:
        self._single("merge_call")
        _scopes.stack.append((self._strategy, None))
        try:
            return merge_fn(self._strategy, *args, **(kwargs or {}))
        finally:
            _scopes.stack.pop()


def _as_reduce_op(reduce_op: Any) -> ReduceOp:
    return reduce_op if isinstance(reduce_op, ReduceOp) else ReduceOp(reduce_op)


class _StrategyScope:
    def __init__(self, strategy: Strategy) -> None:
        self._strategy = strategy

    def __enter__(self) -> Strategy:
        current = get_strategy()
        if self._strategy is _default_strategy and current is _default_strategy:
            return self._strategy  # the default strategy's scope changes nothing (has_strategy() stays False)
        if _scopes.stack and current is not self._strategy:
            raise RuntimeError(f"Mixing different tf.distribute.Strategy objects: {current!r} is not "
                               f"{self._strategy!r}")
        _scopes.stack.append((self._strategy, None))
        variables.variable_class_stack.append(self._strategy._variable_class)
        return self._strategy

    def __exit__(self, *exc: Any) -> None:
        if not _scopes.stack or _scopes.stack[-1][0] is not self._strategy:
            return  # the default strategy's scope, which pushed nothing
        variables.variable_class_stack.pop()
        _scopes.stack.pop()


@tf_export("distribute.Strategy")
class Strategy:
    """A distribution strategy over tfshim's one device (TF: StrategyBase / StrategyV2)."""

    _tf_module = "tensorflow.python.distribute.distribute_lib"
    _extended_class: type[StrategyExtended] = StrategyExtended

    def __init__(self, extended: StrategyExtended | None = None) -> None:
        self._extended = extended or self._extended_class(self)

    @property
    def _variable_class(self) -> type:
        return variables.ResourceVariable

    def __repr__(self) -> str:
        return _tf_repr(self, self._tf_module)

    @property
    def extended(self) -> StrategyExtended:
        return self._extended

    @property
    def num_replicas_in_sync(self) -> int:
        return 1

    def scope(self) -> _StrategyScope:
        """Variables made in this scope belong to the strategy; nesting another strategy's scope raises."""
        return _StrategyScope(self)

    def _before_run(self) -> None:
        pass

    def run(self, fn: Callable, args: tuple = (), kwargs: dict | None = None, options: Any = None) -> Any:
        """Calls `fn(*args, **kwargs)` once per replica (here once), in a replica context."""
        self._before_run()
        from tfshim.framework.constant_op import constant

        context = ReplicaContext(self, constant(0))
        _scopes.stack.append((self, context))
        try:
            return fn(*args, **(kwargs or {}))
        finally:
            _scopes.stack.pop()

    def reduce(self, reduce_op: Any, value: Any, axis: int | None) -> Any:
        """Combines per-replica `value`s (one here), then sums or averages over `axis` if it is given."""
        op = _as_reduce_op(reduce_op)
        if axis is None:
            return value
        from tfshim.ops import math_ops

        reduce = math_ops.reduce_sum if op is ReduceOp.SUM else math_ops.reduce_mean
        return nest.map_structure(lambda v: reduce(v, axis=axis), value)

    def experimental_local_results(self, value: Any) -> tuple:
        return (value,)

    def gather(self, value: Any, axis: int) -> Any:
        return value

    def experimental_distribute_dataset(self, dataset: Any, options: Any = None) -> Any:
        return DistributedDataset(dataset, self)

    def distribute_datasets_from_function(self, dataset_fn: Callable, options: Any = None) -> Any:
        return DistributedDataset(dataset_fn(InputContext()), self)

    def experimental_distribute_values_from_function(self, value_fn: Callable) -> Any:
        return value_fn(ValueContext())


@tf_export("distribute.InputContext")
class InputContext:
    """What `distribute_datasets_from_function` passes: one input pipeline, one replica."""

    def __init__(self, num_input_pipelines: int = 1, input_pipeline_id: int = 0,
                 num_replicas_in_sync: int = 1) -> None:
        self.num_input_pipelines = num_input_pipelines
        self.input_pipeline_id = input_pipeline_id
        self.num_replicas_in_sync = num_replicas_in_sync

    def get_per_replica_batch_size(self, global_batch_size: int) -> int:
        if global_batch_size % self.num_replicas_in_sync != 0:
            raise ValueError(f"The `global_batch_size` {global_batch_size} is not divisible by "
                             f"`num_replicas_in_sync` {self.num_replicas_in_sync} ")
        return global_batch_size // self.num_replicas_in_sync


@tf_export("distribute.experimental.ValueContext")
class ValueContext:
    def __init__(self, replica_id_in_sync_group: int = 0, num_replicas_in_sync: int = 1) -> None:
        self.replica_id_in_sync_group = replica_id_in_sync_group
        self.num_replicas_in_sync = num_replicas_in_sync


@tf_export("distribute.DistributedDataset")
class DistributedDataset:
    """A dataset spread over the replicas: with one replica, its batches as they are."""

    _tf_module = "tensorflow.python.distribute.input_lib"

    def __init__(self, dataset: Any, strategy: Strategy) -> None:
        self._dataset = dataset
        self._strategy = strategy

    def __iter__(self) -> Iterator:
        return iter(self._dataset)

    def __repr__(self) -> str:
        return _tf_repr(self, self._tf_module)

    @property
    def element_spec(self) -> Any:
        return self._dataset.element_spec


class _DefaultDistributionExtended(StrategyExtended):
    @property
    def worker_devices(self) -> tuple[str, ...]:
        raise RuntimeError("worker_devices() method unsupported by default tf.distribute.Strategy.")

    @property
    def parameter_devices(self) -> tuple[str, ...]:
        raise RuntimeError("parameter_devices() method unsupported by default tf.distribute.Strategy.")


class _DefaultDistributionStrategy(Strategy):
    """The strategy in effect outside any scope: no distribution at all."""

    _extended_class = _DefaultDistributionExtended

    def experimental_distribute_dataset(self, dataset: Any, options: Any = None) -> Any:
        return dataset  # TF's default strategy hands the dataset back unchanged

    def distribute_datasets_from_function(self, dataset_fn: Callable, options: Any = None) -> Any:
        return dataset_fn(InputContext())


class _DefaultReplicaContext(ReplicaContext):
    pass


_default_strategy = _DefaultDistributionStrategy()
_default_replica_context = _DefaultReplicaContext(_default_strategy, 0)


@tf_export("distribute.get_strategy")
def get_strategy() -> Strategy:
    """The strategy of the innermost scope, else the default strategy."""
    return _scopes.stack[-1][0] if _scopes.stack else _default_strategy


@tf_export("distribute.has_strategy")
def has_strategy() -> bool:
    return bool(_scopes.stack)


@tf_export("distribute.in_cross_replica_context")
def in_cross_replica_context() -> bool:
    """True in a strategy's scope outside `run`."""
    return bool(_scopes.stack) and _scopes.stack[-1][1] is None


@tf_export("distribute.get_replica_context")
def get_replica_context() -> ReplicaContext | None:
    """The replica context inside `run` (or the default one outside any scope); None in cross-replica context."""
    if not _scopes.stack:
        return _default_replica_context
    return _scopes.stack[-1][1]


@tf_export("distribute.experimental_set_strategy")
def experimental_set_strategy(strategy: Strategy | None) -> None:
    """Makes `strategy` current (as if its scope were entered) until set again; None returns to the default."""
    while _scopes.stack and getattr(_scopes, "set_by_call", False):
        _scopes.stack.pop()
        variables.variable_class_stack.pop()
    _scopes.set_by_call = False  # type: ignore[attr-defined]
    if strategy is not None:
        _scopes.stack.append((strategy, None))
        variables.variable_class_stack.append(strategy._variable_class)
        _scopes.set_by_call = True  # type: ignore[attr-defined]
