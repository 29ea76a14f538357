"""tf.data.Options (TF: data/ops/options.py). Options are recorded and merged as in TF; tfshim's
eager pipelines run sequentially, so none of them changes the elements produced (as in TF, where
they tune performance; `deterministic=False` may reorder in TF and never does in tfshim)."""

from __future__ import annotations

import enum
from typing import Any

from tfshim.util.tf_export import tf_export


@tf_export("data.experimental.AutoShardPolicy")
class AutoShardPolicy(enum.IntEnum):
    OFF = -1
    AUTO = 0
    FILE = 1
    DATA = 2
    HINT = 3


@tf_export("data.experimental.AutotuneAlgorithm")
class AutotuneAlgorithm(enum.Enum):
    DEFAULT = 0
    HILL_CLIMB = 1
    GRADIENT_DESCENT = 2
    MAX_PARALLELISM = 3
    STAGE_BASED = 4


@tf_export("data.experimental.ExternalStatePolicy")
class ExternalStatePolicy(enum.Enum):
    WARN = 0
    IGNORE = 1
    FAIL = 2


class OptionsBase:
    """TF: util/options.py OptionsBase: a fixed set of options, None until set; merge keeps set values."""

    _options: dict[str, Any] = {}

    def __init__(self) -> None:
        object.__setattr__(self, "_values", {})

    def __getattr__(self, name: str) -> Any:
        opts = type(self)._options
        if name not in opts:
            raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")
        values = self.__dict__["_values"]
        if name not in values:
            default = opts[name]
            if isinstance(default, type) and issubclass(default, OptionsBase):
                values[name] = default()
            else:
                return default
        return values[name]

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in type(self)._options:
            raise AttributeError(f"Cannot set the property {name} on {type(self).__name__}.")
        self.__dict__["_values"][name] = value

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.__dict__["_values"] == other.__dict__["_values"]  # type: ignore

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # type: ignore[assignment]

    def merge(self, other: OptionsBase) -> OptionsBase:
        result = type(self)()
        for src in (self, other):
            for k, v in src.__dict__["_values"].items():
                if isinstance(v, OptionsBase):
                    cur = result.__dict__["_values"].get(k)
                    v = cur.merge(v) if isinstance(cur, OptionsBase) else v
                result.__dict__["_values"][k] = v
        return result


def _options_class(name: str, export: tuple, options: dict[str, Any]) -> type:
    cls = type(name, (OptionsBase,), {"_options": options, "__module__": __name__,
                                     "__doc__": f"TF: tf.data.{export[0].split('.', 1)[1]}."})
    tf_export(*export)(cls)
    return cls


AutotuneOptions = _options_class("AutotuneOptions", ("data.experimental.AutotuneOptions",), dict.fromkeys(
    ["enabled", "cpu_budget", "ram_budget", "autotune_algorithm", "initial_parallelism", "min_parallelism"]))
DistributeOptions = _options_class("DistributeOptions", ("data.experimental.DistributeOptions",),
                                   {"auto_shard_policy": AutoShardPolicy.AUTO, "num_devices": None})
OptimizationOptions = _options_class("OptimizationOptions", ("data.experimental.OptimizationOptions",),
                                     dict.fromkeys([
                                         "apply_default_optimizations", "filter_fusion", "filter_parallelization",
                                         "inject_prefetch", "seq_interleave_prefetch", "map_and_batch_fusion",
                                         "map_and_filter_fusion", "map_fusion", "map_parallelization",
                                         "noop_elimination", "parallel_batch", "shuffle_and_repeat_fusion",
                                         "warm_start"]))
ThreadingOptions = _options_class("ThreadingOptions", ("data.ThreadingOptions", "data.experimental.ThreadingOptions"),
                                  dict.fromkeys(["max_intra_op_parallelism", "private_threadpool_size"]))
ServiceOptions = _options_class("ServiceOptions", ("data.experimental.ServiceOptions",), dict.fromkeys(["pinned"]))


@tf_export("data.Options")
class Options(OptionsBase):
    """TF: tf.data.Options."""

    _options = {
        "autotune": AutotuneOptions, "deterministic": None, "experimental_deterministic": None,
        "experimental_distribute": DistributeOptions, "experimental_external_state_policy": None,
        "experimental_optimization": OptimizationOptions, "experimental_slack": False,
        "experimental_symbolic_checkpoint": None, "experimental_service": ServiceOptions,
        "experimental_threading": ThreadingOptions, "experimental_warm_start": False, "dataset_name": None,
        "framework_type": None, "threading": ThreadingOptions,
    }

    def __repr__(self) -> str:
        return f"<tensorflow.python.data.ops.options.Options object at {id(self):#x}>"
