"""tf.distribute.MirroredStrategy over tfshim's logical CPUs (TF: python/distribute/mirrored_strategy.py, values.py).

With one device there is one replica. With several logical CPUs (`tf.config.set_logical_device_configuration`)
`run` calls the function once per replica, one after the other in replica order (TF runs them in threads), each
in its replica context, and regroups the results into PerReplica values. Variables made in the scope are
MirroredVariables with one component per replica: a replica reads and updates its own component; outside `run`
reads see the first and assignments reach all. Cross-replica communication inside `run` (`all_reduce`,
`merge_call`) needs the replicas to run together, which tfshim does not do: it raises NotImplementedError.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tfshim.distribute import distribute_lib
from tfshim.framework import variables
from tfshim.util import tf_logging
from tfshim.util.tf_export import tf_export


def _replica_index(strategy: Any) -> int:
    """The replica id of the innermost `run` of `strategy` (0 outside it: cross-replica reads the first)."""
    stack = distribute_lib._scopes.stack
    if stack and stack[-1][0] is strategy and stack[-1][1] is not None:
        return stack[-1][1]._replica_index  # type: ignore[no-any-return]
    return 0


class MirroredVariable(variables.ResourceVariable):
    """A variable with one copy per replica; printed as TF prints the mirror."""

    __slots__ = ("_strategy", "_others")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._strategy = distribute_lib.get_strategy()
        self._others: list = []
        base = self._name[:-2] if self._name.endswith(":0") else self._name
        for i in range(1, self._strategy.num_replicas_in_sync):
            other = variables.ResourceVariable(self.numpy(), trainable=self._trainable, dtype=self._dtype)
            other._name = f"{base}/replica_{i}:0"
            self._others.append(other)

    @property
    def values(self) -> tuple:
        return (self, *self._others)

    def _component(self) -> Any:
        others = getattr(self, "_others", None)  # None while the first component is being made
        i = _replica_index(self._strategy) if others else 0
        return others[i - 1] if i else None

    # a replica reads and writes its own component
    @property  # type: ignore[override]
    def _value(self) -> Any:
        c = self._component()
        return variables.Variable._value.__get__(self) if c is None else c._value  # type: ignore[attr-defined]

    @_value.setter
    def _value(self, v: Any) -> None:
        variables.Variable._value.__set__(self, v)  # type: ignore[attr-defined]

    def value(self) -> Any:
        c = self._component()
        return super().value() if c is None else c.value()

    def _set(self, new: Any, read_value: bool, fresh: bool = False) -> Any:
        # (`fresh` not passed on: every replica copies the value, as each owns its array)
        c = self._component()
        if c is not None:
            return c._set(new, read_value)
        stack = distribute_lib._scopes.stack
        if not (stack and stack[-1][1] is not None and stack[-1][0] is self._strategy):
            for other in getattr(self, "_others", ()):  # outside `run` an assignment reaches every replica, as in TF
                other._set(new, False)
        return super()._set(new, read_value)

    def __repr__(self) -> str:
        return "MirroredVariable:{\n" + ",\n".join(
            f"  {i}: " + variables.Variable.__repr__(v) for i, v in enumerate(self.values)) + "\n}"

    __str__ = __repr__


class PerReplica:
    """Values that differ per replica (TF: values.PerReplica), printed as TF prints them."""

    def __init__(self, values: tuple) -> None:
        self._values = tuple(values)

    @property
    def values(self) -> tuple:
        return self._values

    def __str__(self) -> str:
        return "%s:{\n%s\n}" % (type(self).__name__, ",\n".join(f"  {i}: {v!s}" for i, v in enumerate(self._values)))

    def __repr__(self) -> str:
        return "%s:{\n%s\n}" % (type(self).__name__, ",\n".join(f"  {i}: {v!r}" for i, v in enumerate(self._values)))


def regroup(values: list) -> Any:
    """TF's distribute_utils.regroup: one value per replica into one structure of PerReplica values."""
    first = values[0]
    if all(v is first for v in values):
        return first
    if isinstance(first, (list, tuple)) and not hasattr(first, "_fields") and all(
            type(v) is type(first) and len(v) == len(first) for v in values):
        return type(first)(regroup([v[i] for v in values]) for i in range(len(first)))
    if isinstance(first, dict) and all(isinstance(v, dict) and v.keys() == first.keys() for v in values):
        return {k: regroup([v[k] for v in values]) for k in first}
    return PerReplica(tuple(values))


def _select(structure: Any, i: int) -> Any:
    """Replica `i`'s part of `run`'s arguments: PerReplica values give their component."""
    if isinstance(structure, PerReplica):
        return structure.values[i]
    if isinstance(structure, MirroredVariable):
        return structure
    if isinstance(structure, (list, tuple)) and not hasattr(structure, "_fields"):
        return type(structure)(_select(s, i) for s in structure)
    if isinstance(structure, dict):
        return {k: _select(v, i) for k, v in structure.items()}
    return structure


class MirroredExtended(distribute_lib.StrategyExtended):
    _tf_module = "tensorflow.python.distribute.mirrored_strategy"

    @property
    def worker_devices(self) -> tuple[str, ...]:
        return self._container_strategy._devices  # type: ignore[attr-defined, no-any-return]

    parameter_devices = worker_devices


def _canonical_devices(devices: Any) -> tuple[str, ...]:
    """TF's full names of `devices` (the CPU when None); several devices must be logical CPUs."""
    from tfshim.framework import config
    from tfshim.framework.device import LOCAL_CPU
    from tfshim.framework.device_spec import DeviceSpec

    if devices is None:
        return (LOCAL_CPU,)
    if isinstance(devices, str):
        devices = [devices]
    specs = [DeviceSpec.from_string(LOCAL_CPU).make_merged_spec(DeviceSpec.from_string(d)) for d in devices]
    if len(specs) == 1:  # one replica, on the CPU whatever the device names (soft placement)
        return (specs[0].to_string(),)
    cpus = len(config.list_logical_devices("CPU"))
    for spec in specs:
        if spec.device_type != "CPU" or (spec.device_index or 0) >= cpus:
            raise NotImplementedError(f"tf.distribute.MirroredStrategy on {spec.to_string()} is not implemented by "
                                      f"tfshim (tfshim runs on the logical CPUs, here {cpus})")
    return tuple(spec.to_string() for spec in specs)


@tf_export("distribute.MirroredStrategy")
class MirroredStrategy(distribute_lib.Strategy):
    """Synchronous replicas, one per device (the logical CPUs)."""

    _tf_module = "tensorflow.python.distribute.mirrored_strategy"
    _extended_class = MirroredExtended

    def __init__(self, devices: Any = None, cross_device_ops: Any = None) -> None:
        self._devices = _canonical_devices(devices)
        super().__init__()

    @property
    def num_replicas_in_sync(self) -> int:
        return len(self._devices)

    @property
    def _variable_class(self) -> type:
        return MirroredVariable

    def _before_run(self) -> None:
        tf_logging.get_logger().warning(
            "Using MirroredStrategy eagerly has significant overhead currently. We will be working on improving "
            "this in the future, but for now please wrap `call_for_each_replica` or `experimental_run` or `run` "
            "inside a tf.function to get the best performance.")

    def run(self, fn: Callable, args: tuple = (), kwargs: dict | None = None, options: Any = None) -> Any:
        """Calls `fn` once per replica, in replica order, each on its device in its replica context."""
        if len(self._devices) == 1:
            return super().run(fn, args, kwargs, options)
        self._before_run()
        from tfshim.framework.constant_op import constant
        from tfshim.framework.device import device

        results = []
        for i, name in enumerate(self._devices):
            context = distribute_lib.ReplicaContext(self, constant(i))
            distribute_lib._scopes.stack.append((self, context))
            try:
                with device(name):
                    results.append(fn(*_select(tuple(args), i), **_select(dict(kwargs or {}), i)))
            finally:
                distribute_lib._scopes.stack.pop()
        return regroup(results)

    def experimental_local_results(self, value: Any) -> tuple:
        if isinstance(value, (PerReplica, MirroredVariable)):
            return value.values
        return (value,)

    def experimental_distribute_values_from_function(self, value_fn: Callable) -> Any:
        """`value_fn(ValueContext(i, n))` for each replica i, as one PerReplica value (several replicas)."""
        n = len(self._devices)
        if n == 1:
            return super().experimental_distribute_values_from_function(value_fn)
        return regroup([value_fn(distribute_lib.ValueContext(i, n)) for i in range(n)])

    def experimental_distribute_dataset(self, dataset: Any, options: Any = None) -> Any:
        self._one_replica("experimental_distribute_dataset")
        return super().experimental_distribute_dataset(dataset, options)

    def distribute_datasets_from_function(self, dataset_fn: Callable, options: Any = None) -> Any:
        self._one_replica("distribute_datasets_from_function")
        return super().distribute_datasets_from_function(dataset_fn, options)

    def gather(self, value: Any, axis: int) -> Any:
        self._one_replica("gather")
        return super().gather(value, axis)

    def _one_replica(self, what: str) -> None:
        if len(self._devices) > 1:  # splitting batches over replicas is not done by tfshim
            raise NotImplementedError(f"tf.distribute.MirroredStrategy.{what} over {len(self._devices)} replicas is "
                                      "not implemented by tfshim")

    def reduce(self, reduce_op: Any, value: Any, axis: int | None) -> Any:
        """Sums or averages the replicas' values (then over `axis` if it is given)."""
        if not isinstance(value, PerReplica):
            if len(self._devices) > 1 and axis is None:
                from tfshim.distribute.reduce_util import ReduceOp

                op = distribute_lib._as_reduce_op(reduce_op)
                if op is not ReduceOp.MEAN:  # TF: the same value on every replica has no defined sum
                    raise ValueError(f"A non-DistributedValues value {value!s} cannot be reduced with the given "
                                     f"reduce op {op}.")
            return super().reduce(reduce_op, value, axis)
        from tfshim.distribute.reduce_util import ReduceOp
        from tfshim.ops import math_ops

        op = distribute_lib._as_reduce_op(reduce_op)
        parts = [super(MirroredStrategy, self).reduce(op, v, axis) for v in value.values]
        total = math_ops.add_n(parts)
        return total / len(parts) if op is ReduceOp.MEAN else total
