"""tf.config: the devices and runtime options (TF: python/framework/config.py, python/eager/context.py).

tfshim's runtime has one physical device, the CPU, and runs every op on it with NumPy. The options are kept and
read back as TF does, with TF's checks and errors; those that tune TF's C++ runtime (thread pools, Grappler, XLA,
TF32, memory growth) change nothing in how tfshim computes, which is always deterministic.
"""

from __future__ import annotations

import collections
import threading
from typing import Any, NamedTuple

from tfshim.util.tf_export import tf_export


@tf_export("config.PhysicalDevice")
class PhysicalDevice(NamedTuple):
    """A device of the machine (TF: context.PhysicalDevice): tfshim has one, the CPU."""

    name: str
    device_type: str


@tf_export("config.LogicalDevice")
class LogicalDevice(NamedTuple):
    """A device as the runtime uses it (TF: context.LogicalDevice)."""

    name: str
    device_type: str


@tf_export("config.LogicalDeviceConfiguration", "config.experimental.VirtualDeviceConfiguration")
class LogicalDeviceConfiguration(collections.namedtuple(
        "LogicalDeviceConfiguration", ["memory_limit", "experimental_priority", "experimental_device_ordinal"])):
    """How to split a physical device into logical ones (TF: context.LogicalDeviceConfiguration)."""

    def __new__(cls, memory_limit: int | None = None, experimental_priority: int | None = None,
                experimental_device_ordinal: int | None = None) -> LogicalDeviceConfiguration:
        return super().__new__(cls, memory_limit, experimental_priority, experimental_device_ordinal)


_CPU = PhysicalDevice("/physical_device:CPU:0", "CPU")
_LOGICAL_CPU = LogicalDevice("/device:CPU:0", "CPU")


class _Options:
    def __init__(self) -> None:
        self.initialized = False
        self.visible = [_CPU]
        self.logical_configuration: dict[PhysicalDevice, list] = {}
        self.soft_placement = True
        self.inter_op_threads = 0
        self.intra_op_threads = 0
        self.jit = ""
        self.optimizer_options: dict[str, bool] = {}
        self.device_policy = "silent"
        self.synchronous = True
        self.tf32 = True
        self.op_determinism = False
        self.lock = threading.Lock()


_options = _Options()


def context_initialized() -> bool:
    """Whether TF's eager context would be initialized: once a tensor exists or the logical devices were listed."""
    if not _options.initialized:
        from tfshim.framework import tensor

        # tensor ids count from 1: a larger next id means a tensor was made, which initializes TF's context
        _options.initialized = int(repr(tensor._next_id.__self__)[6:-1]) > 1  # type: ignore[attr-defined]
    return _options.initialized


def _initialize() -> None:
    _options.initialized = True


def _check_device_type(device_type: str | None) -> str | None:
    return None if device_type is None else str(device_type).upper()


@tf_export("config.list_physical_devices", "config.experimental.list_physical_devices")
def list_physical_devices(device_type: str | None = None) -> list[PhysicalDevice]:
    """The physical devices of `device_type` (all without it): `[PhysicalDevice('/physical_device:CPU:0', 'CPU')]`."""
    # TF matches the type as written (upper case): "cpu" lists nothing
    return [d for d in [_CPU] if device_type is None or d.device_type == device_type]


@tf_export("config.list_logical_devices", "config.experimental.list_logical_devices")
def list_logical_devices(device_type: str | None = None) -> list[LogicalDevice]:
    """The logical devices of `device_type`; listing them initializes the runtime, as in TF."""
    _initialize()
    split = _options.logical_configuration.get(_CPU)
    cpus = [LogicalDevice(f"/device:CPU:{i}", "CPU") for i in range(len(split))] if split else [_LOGICAL_CPU]
    return [d for d in cpus if device_type is None or d.device_type == device_type]


@tf_export("config.get_visible_devices", "config.experimental.get_visible_devices")
def get_visible_devices(device_type: str | None = None) -> list[PhysicalDevice]:
    return [d for d in _options.visible if device_type is None or d.device_type == device_type]


@tf_export("config.set_visible_devices", "config.experimental.set_visible_devices")
def set_visible_devices(devices: Any, device_type: str | None = None) -> None:
    """Sets the visible devices of `device_type`. The CPU always stays visible, as in TF."""
    if isinstance(devices, PhysicalDevice):
        devices = [devices]
    for d in devices:
        if d not in list_physical_devices() or (device_type is not None and d.device_type != device_type):
            raise ValueError(f"Unrecognized device: {d!r}")
    # TF keeps the CPU visible whatever is asked; only accelerators (none here) can be hidden


def _physical(device: Any) -> PhysicalDevice:
    if device not in list_physical_devices():
        raise ValueError(f"Unrecognized device: {device!r}")
    return device


@tf_export("config.get_logical_device_configuration", "config.experimental.get_virtual_device_configuration")
def get_logical_device_configuration(device: PhysicalDevice) -> list | None:
    return _options.logical_configuration.get(_physical(device))


@tf_export("config.set_logical_device_configuration", "config.experimental.set_virtual_device_configuration")
def set_logical_device_configuration(device: PhysicalDevice, logical_devices: list | None) -> None:
    """Splits `device` into logical devices (before the runtime is initialized): N configurations for the CPU give
    N logical CPUs, which tf.distribute.MirroredStrategy can run replicas on (all computing on the one CPU)."""
    device = _physical(device)
    if context_initialized():
        if _options.logical_configuration.get(device) == logical_devices:
            return
        raise RuntimeError("Virtual devices cannot be modified after being initialized")
    _options.logical_configuration[device] = logical_devices  # type: ignore[assignment]


@tf_export("config.get_soft_device_placement")
def get_soft_device_placement() -> bool:
    return _options.soft_placement


@tf_export("config.set_soft_device_placement")
def set_soft_device_placement(enabled: bool) -> None:
    """Kept and read back; tfshim places every op on its one CPU either way."""
    _options.soft_placement = bool(enabled)


def _thread_setter(attr: str, what: str) -> Any:
    def setter(num_threads: int) -> None:
        if getattr(_options, attr) == num_threads:
            return
        if context_initialized():
            raise RuntimeError(f"{what} parallelism cannot be modified after initialization.")
        setattr(_options, attr, num_threads)

    return setter


@tf_export("config.threading.get_inter_op_parallelism_threads")
def get_inter_op_parallelism_threads() -> int:
    return _options.inter_op_threads


@tf_export("config.threading.get_intra_op_parallelism_threads")
def get_intra_op_parallelism_threads() -> int:
    return _options.intra_op_threads


@tf_export("config.threading.set_inter_op_parallelism_threads")
def set_inter_op_parallelism_threads(num_threads: int) -> None:
    """Sets TF's inter-op thread pool size (0: TF picks); tfshim runs ops in the calling thread."""
    _thread_setter("inter_op_threads", "Inter op")(num_threads)


@tf_export("config.threading.set_intra_op_parallelism_threads")
def set_intra_op_parallelism_threads(num_threads: int) -> None:
    """Sets TF's intra-op thread pool size (0: TF picks the schedulable CPUs).

    tfshim computes in the calling thread; only the FFTs use the number, to split rows as DUCC does."""
    _thread_setter("intra_op_threads", "Intra op")(num_threads)


@tf_export("config.optimizer.get_jit")
def get_jit() -> str:
    return _options.jit


@tf_export("config.optimizer.set_jit")
def set_jit(enabled: bool | str) -> None:
    """Records XLA auto-clustering (True or "autoclustering"); tfshim compiles nothing."""
    _options.jit = "autoclustering" if enabled is True or enabled == "autoclustering" else ""


# Grappler's options in the order of TF's RewriterConfig; the booleans are always reported, the toggles when set.
_REWRITER_OPTIONS = (
    "layout_optimizer", "constant_folding", "shape_optimization", "remapping", "arithmetic_optimization",
    "dependency_optimization", "loop_optimization", "function_optimization", "debug_stripper",
    "disable_model_pruning", "scoped_allocator_optimization", "pin_to_host_optimization", "implementation_selector",
    "auto_mixed_precision", "use_plugin_optimizers", "disable_meta_optimizer", "auto_mixed_precision_onednn_bfloat16",
    "auto_mixed_precision_mkl")
_REWRITER_BOOLS = ("disable_model_pruning", "disable_meta_optimizer")


@tf_export("config.optimizer.get_experimental_options")
def get_experimental_options() -> dict[str, Any]:
    """Grappler's options as TF reports them (set toggles, both booleans, min_graph_nodes when not 0)."""
    set_options = _options.optimizer_options
    out: dict[str, Any] = {}
    for name in _REWRITER_OPTIONS:
        if name in _REWRITER_BOOLS:
            out[name] = bool(set_options.get(name) or False)
        elif set_options.get(name) is not None:
            out[name] = bool(set_options[name])
    if set_options.get("min_graph_nodes"):
        out["min_graph_nodes"] = set_options["min_graph_nodes"]
    return out


@tf_export("config.optimizer.set_experimental_options")
def set_experimental_options(options: dict[str, bool]) -> None:
    """Records Grappler's options (tfshim builds no graphs to rewrite); TF ignores names it does not know."""
    _options.optimizer_options.update(options)


@tf_export("config.experimental.get_device_policy")
def get_device_policy() -> str:
    return _options.device_policy


@tf_export("config.experimental.set_device_policy")
def set_device_policy(device_policy: str | None) -> None:
    if device_policy is None:
        device_policy = "silent"
    if device_policy not in ("silent", "silent_for_int32", "warn", "explicit"):
        raise ValueError(f"Invalid argument `device_policy`: {device_policy!r}. Please refer to "
                         "https://www.tensorflow.org/api_docs/python/tf/config/experimental/set_device_policy "
                         "for valid `device_policy` arguments.")
    _options.device_policy = device_policy


@tf_export("config.experimental.get_synchronous_execution")
def get_synchronous_execution() -> bool:
    return _options.synchronous


@tf_export("config.experimental.set_synchronous_execution")
def set_synchronous_execution(enable: bool) -> None:
    """Kept and read back; tfshim's ops always run synchronously."""
    _options.synchronous = bool(enable)


@tf_export("config.experimental.tensor_float_32_execution_enabled")
def tensor_float_32_execution_enabled() -> bool:
    return _options.tf32


@tf_export("config.experimental.enable_tensor_float_32_execution")
def enable_tensor_float_32_execution(enabled: bool) -> None:
    """TF32 is a GPU matmul precision; on the CPU (TF's and tfshim's) float32 math is unchanged."""
    _options.tf32 = bool(enabled)


@tf_export("config.experimental.enable_op_determinism")
def enable_op_determinism() -> None:
    """Makes TF's ops deterministic; tfshim's NumPy ops always are, so this only records the request."""
    _options.op_determinism = True


def _gpu_only(device: Any) -> None:
    if not isinstance(device, PhysicalDevice) or device.device_type == "CPU":
        raise ValueError("Cannot set memory growth on non-GPU and non-Pluggable devices")


@tf_export("config.experimental.get_memory_growth")
def get_memory_growth(device: PhysicalDevice) -> bool:
    raise KeyError(device)  # TF has memory growth only for GPUs; for the CPU its lookup fails with a KeyError


@tf_export("config.experimental.set_memory_growth")
def set_memory_growth(device: PhysicalDevice, enable: bool) -> None:
    _gpu_only(device)


@tf_export("config.experimental.get_device_details")
def get_device_details(device: PhysicalDevice) -> dict:
    """TF gives details (name, compute capability) for GPUs only: `{}` for the CPU."""
    _physical(device)
    return {}


def _memory_device(device: str) -> None:
    from tfshim.framework.device_spec import DeviceSpec

    try:
        spec = DeviceSpec.from_string(device)
    except ValueError:
        spec = None
    if spec is None or spec.device_type is None or spec.device_index is None:
        raise ValueError(f"Failed parsing device name: {device!r}. Note a valid device string should at least "
                         'contain a device type and a device index, like "GPU:0".')
    if spec.device_type != "CPU" or spec.device_index != 0:
        raise ValueError(f"No matching devices found for {device!r}")
    _initialize()


@tf_export("config.experimental.get_memory_info")
def get_memory_info(device: str) -> dict[str, int]:
    """TF's CPU allocator reports no statistics without its memory tracking: zeros, as TF prints."""
    _memory_device(device)
    return {"current": 0, "peak": 0}


@tf_export("config.experimental.reset_memory_stats")
def reset_memory_stats(device: str) -> None:
    _memory_device(device)
