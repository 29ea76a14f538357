"""tf.DeviceSpec: a parsed device name such as "/job:localhost/replica:0/task:0/device:CPU:0"
(TF: python/framework/device_spec.py). Immutable, as TF 2's DeviceSpecV2."""

from __future__ import annotations

from typing import Any

from tfshim.util.tf_export import tf_export

# Device types TF accepts in the short form ("gpu:1"); "/device:XLA_CPU:0" may name any type.
VALID_DEVICE_TYPES = frozenset({"CPU", "GPU", "TPU", "CUSTOM", "EPU"})


def _int_or_none(value: Any) -> int | None:
    return None if value is None else int(value)


@tf_export("DeviceSpec")
class DeviceSpec:
    """Job, replica, task, device type and index of a device; any of them may be None (unspecified)."""

    __slots__ = ("_job", "_replica", "_task", "_device_type", "_device_index")

    def __init__(self, job: Any = None, replica: Any = None, task: Any = None,
                 device_type: Any = None, device_index: Any = None) -> None:
        self._job = None if job is None else str(job)
        self._replica = _int_or_none(replica)
        self._task = _int_or_none(task)
        # TF upper-cases the known types ("cpu" -> "CPU") and keeps others as written
        if device_type is not None and str(device_type).upper() in VALID_DEVICE_TYPES:
            device_type = str(device_type).upper()
        self._device_type = None if device_type is None else str(device_type)
        self._device_index = _int_or_none(device_index)

    job = property(lambda self: self._job)
    replica = property(lambda self: self._replica)
    task = property(lambda self: self._task)
    device_type = property(lambda self: self._device_type)
    device_index = property(lambda self: self._device_index)

    @classmethod
    def from_string(cls, spec: str) -> DeviceSpec:
        """Parses "/job:x/replica:0/task:0/device:CPU:0", "/cpu:0", "GPU" and other TF spellings."""
        job = replica = task = device_type = device_index = None
        for part in (spec or "").split("/"):
            fields = part.split(":")
            key = fields[0]
            if len(fields) == 2 and key in ("job", "replica", "task"):
                if key == "job":
                    job = fields[1]
                elif key == "replica":
                    replica = fields[1]
                else:
                    task = fields[1]
            elif len(fields) in (1, 2) and key.upper() in VALID_DEVICE_TYPES:
                if device_type is not None:
                    raise ValueError(f"Multiple device types are not allowed while parsing the device spec: {spec}.")
                device_type = key.upper()
                if len(fields) == 2 and fields[1] != "*":
                    device_index = int(fields[1])  # TF lets int()'s ValueError through ("CPU:x")
            elif len(fields) == 3 and key == "device":
                if device_type is not None:
                    raise ValueError(f"Multiple device types are not allowed while parsing the device spec: {spec}.")
                device_type = fields[1]
                if fields[2] != "*":
                    device_index = int(fields[2])
            elif key:
                raise ValueError(f"Unknown attribute '{key}' is encountered while parsing the device spec: '{spec}'.")
        return cls(job, replica, task, device_type, device_index)

    def parse_from_string(self, spec: str) -> DeviceSpec:
        return self.from_string(spec)

    def to_string(self) -> str:
        out = ""
        if self._job is not None:
            out += "/job:" + self._job
        if self._replica is not None:
            out += f"/replica:{self._replica}"
        if self._task is not None:
            out += f"/task:{self._task}"
        if self._device_type is not None:
            index = "*" if self._device_index is None else str(self._device_index)
            out += f"/device:{self._device_type}:{index}"
        return out

    def make_merged_spec(self, dev: DeviceSpec) -> DeviceSpec:
        """The fields of `dev` where it sets them, else this spec's."""
        mine = (self._job, self._replica, self._task, self._device_type, self._device_index)
        theirs = (dev.job, dev.replica, dev.task, dev.device_type, dev.device_index)
        return DeviceSpec(*(t if t is not None else m for m, t in zip(mine, theirs)))

    def replace(self, **kwargs: Any) -> DeviceSpec:
        fields = {"job": self._job, "replica": self._replica, "task": self._task, "device_type": self._device_type,
                  "device_index": self._device_index}
        fields.update(kwargs)
        return DeviceSpec(**fields)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DeviceSpec) and self.to_string() == other.to_string()

    def __hash__(self) -> int:
        return hash(self.to_string())

    def __repr__(self) -> str:
        return (f"<DeviceSpec(job={self._job}, replica={self._replica}, task={self._task}, "
                f"device_type={self._device_type}, device_index={self._device_index})>")
