"""tf.device: the device scope (TF: python/eager/context.py `_EagerDeviceContext`, framework/ops.py `device_v2`).

tfshim has one device, the CPU ("/job:localhost/replica:0/task:0/device:CPU:0"). TF on a machine without a GPU
uses soft placement: an op asked for "GPU:0" runs on the CPU, and `tensor.device` names the CPU. tfshim does the
same for every device type and index; it parses and merges the names as TF does (so malformed names raise TF's
errors) and keeps the current scope's name (`current_device_name`). A job, replica or task other than this
process's is an unknown device in TF when an op runs there; tfshim raises that error on entering the scope.
"""

from __future__ import annotations

import threading
from typing import Any

from tfshim.framework import errors
from tfshim.framework.device_spec import DeviceSpec
from tfshim.util.tf_export import tf_export

LOCAL_CPU = "/job:localhost/replica:0/task:0/device:CPU:0"


class _DeviceState(threading.local):  # TF keeps the device scope per thread
    def __init__(self) -> None:
        self.name = ""
        self.spec = DeviceSpec()


_state = _DeviceState()


def current_device_name() -> str:
    """The merged name of the innermost `tf.device` scope ("" outside any)."""
    return _state.name


class _DeviceContext:
    """What `tf.device(name)` returns; entering it merges `name` into the current scope."""

    __slots__ = ("_name", "_stack")

    def __init__(self, name: Any) -> None:
        self._name = name
        self._stack: list[tuple[str, DeviceSpec, DeviceSpec]] = []

    def __enter__(self) -> None:
        name = self._name
        if name is None:
            spec = DeviceSpec()
        else:
            if not isinstance(name, str):
                raise ValueError("Expecting a string device name. Got %s(%s)" % (type(name), name))
            requested = DeviceSpec.from_string(name)
            base = _state.spec if _state.name else DeviceSpec.from_string(LOCAL_CPU)
            spec = base.make_merged_spec(requested)
            if (spec.job, spec.replica, spec.task) != ("localhost", 0, 0):
                full = spec.replace(device_type=spec.device_type or "CPU",
                                    device_index=0 if spec.device_index is None else spec.device_index)
                raise errors.InvalidArgumentError(None, None, f"{full.to_string()} unknown device.")
        self._stack.append((_state.name, _state.spec, spec))
        _state.name, _state.spec = spec.to_string(), spec

    def __exit__(self, *exc: Any) -> None:
        old_name, old_spec, spec = self._stack[-1]
        if _state.spec is not spec:
            raise RuntimeError("Exiting device scope without proper scope nesting")
        self._stack.pop()
        _state.name, _state.spec = old_name, old_spec


@tf_export("device")
def device(device_name: Any) -> _DeviceContext:
    """Places the ops of the block on `device_name` ("CPU:0", "/GPU:1", a DeviceSpec or LogicalDevice, None).

    On tfshim's CPU-only runtime every placement resolves to the CPU, as TF's soft placement does without a GPU.
    """
    if callable(device_name):
        raise RuntimeError("tf.device does not support functions.")
    if isinstance(device_name, DeviceSpec):
        device_name = device_name.to_string()
    elif hasattr(device_name, "device_type") and hasattr(device_name, "name"):  # a tf.config.LogicalDevice
        device_name = device_name.name
    return _DeviceContext(device_name)
