"""tf.distribute.MirroredStrategy on tfshim's one CPU (TF: python/distribute/mirrored_strategy.py, values.py)."""

from __future__ import annotations

from typing import Any

from tfshim.distribute import distribute_lib
from tfshim.framework import variables
from tfshim.util import tf_logging
from tfshim.util.tf_export import tf_export


class MirroredVariable(variables.ResourceVariable):
    """A variable mirrored on every replica's device: here one copy, printed as TF prints the mirror."""

    __slots__ = ()

    @property
    def values(self) -> tuple:
        return (self,)

    def __repr__(self) -> str:
        return "MirroredVariable:{\n  0: " + variables.Variable.__repr__(self) + "\n}"

    __str__ = __repr__


class MirroredExtended(distribute_lib.StrategyExtended):
    _tf_module = "tensorflow.python.distribute.mirrored_strategy"

    @property
    def worker_devices(self) -> tuple[str, ...]:
        return self._container_strategy._devices  # type: ignore[attr-defined, no-any-return]

    parameter_devices = worker_devices


def _canonical_devices(devices: Any) -> tuple[str, ...]:
    """TF's full names of `devices` (the CPU when None); more than one device needs more than tfshim's one."""
    from tfshim.framework.device import LOCAL_CPU
    from tfshim.framework.device_spec import DeviceSpec

    if devices is None:
        return (LOCAL_CPU,)
    if isinstance(devices, str):
        devices = [devices]
    names = tuple(DeviceSpec.from_string(LOCAL_CPU).make_merged_spec(DeviceSpec.from_string(d)).to_string()
                  for d in devices)
    if len(names) != 1:
        raise NotImplementedError(f"tf.distribute.MirroredStrategy over {len(names)} devices is not implemented "
                                  "by tfshim (tfshim runs on one CPU: one replica)")
    return names


@tf_export("distribute.MirroredStrategy")
class MirroredStrategy(distribute_lib.Strategy):
    """Synchronous replicas, one per device; tfshim has one device, the CPU, so one replica."""

    _tf_module = "tensorflow.python.distribute.mirrored_strategy"
    _extended_class = MirroredExtended

    def __init__(self, devices: Any = None, cross_device_ops: Any = None) -> None:
        self._devices = _canonical_devices(devices)  # placed on the CPU whatever they name (soft placement)
        super().__init__()

    @property
    def _variable_class(self) -> type:
        return MirroredVariable

    def _before_run(self) -> None:
        tf_logging.get_logger().warning(
            "Using MirroredStrategy eagerly has significant overhead currently. We will be working on improving "
            "this in the future, but for now please wrap `call_for_each_replica` or `experimental_run` or `run` "
            "inside a tf.function to get the best performance.")
