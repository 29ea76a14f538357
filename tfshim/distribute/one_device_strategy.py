"""tf.distribute.OneDeviceStrategy (TF: python/distribute/one_device_strategy.py)."""

from __future__ import annotations

from tfshim.distribute import distribute_lib
from tfshim.util.tf_export import tf_export


class OneDeviceExtended(distribute_lib.StrategyExtended):
    _tf_module = "tensorflow.python.distribute.one_device_strategy"


@tf_export("distribute.OneDeviceStrategy")
class OneDeviceStrategy(distribute_lib.Strategy):
    """Everything on one device: `device` is parsed as TF does, and placement is the CPU, as everywhere."""

    _tf_module = "tensorflow.python.distribute.one_device_strategy"
    _extended_class = OneDeviceExtended

    def __init__(self, device: str) -> None:
        from tfshim.framework.device_spec import DeviceSpec

        DeviceSpec.from_string(device)
        super().__init__()
