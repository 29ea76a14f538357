"""tf.saved_model.SaveOptions, LoadOptions and experimental.VariablePolicy (TF: python/saved_model/save_options.py,
load_options.py).

tfshim honours `extra_tags` (added to the MetaGraphDef's tags) and LoadOptions' `experimental_skip_checkpoint`;
options about devices and distribution have nothing to act on in tfshim's one-CPU runtime and are kept as given;
options that would change what is written (`function_aliases`, `save_debug_info`, `experimental_image_format`,
`experimental_sharding_callback`) raise NotImplementedError when set.
"""

from __future__ import annotations

import enum
from typing import Any

from tfshim.util.tf_export import tf_export


@tf_export("saved_model.experimental.VariablePolicy")
class VariablePolicy(enum.Enum):
    """TF: how variables' devices are saved (tfshim's variables all live on the one CPU)."""

    NONE = None
    SAVE_VARIABLE_DEVICES = "save_variable_devices"
    EXPAND_DISTRIBUTED_VARIABLES = "expand_distributed_variables"

    @classmethod
    def from_obj(cls, obj: Any) -> VariablePolicy:
        if obj is None:
            return VariablePolicy.NONE
        if isinstance(obj, VariablePolicy):
            return obj
        key = str(obj).lower()
        for policy in VariablePolicy:
            if key == policy.value:
                return policy
        raise ValueError(f'Received invalid VariablePolicy value: {obj}.')


@tf_export("saved_model.SaveOptions")
class SaveOptions:
    """TF: options for tf.saved_model.save (see the module docstring for what tfshim does with each)."""

    __slots__ = ("namespace_whitelist", "save_debug_info", "function_aliases", "experimental_debug_stripper",
                 "experimental_io_device", "experimental_variable_policy", "experimental_custom_gradients",
                 "experimental_image_format", "experimental_skip_saver", "experimental_sharding_callback",
                 "extra_tags")

    def __init__(self, namespace_whitelist: Any = None, save_debug_info: bool = False, function_aliases: Any = None,
                 experimental_debug_stripper: bool = False, experimental_io_device: Any = None,
                 experimental_variable_policy: Any = None, experimental_custom_gradients: bool = True,
                 experimental_image_format: bool = False, experimental_skip_saver: bool = False,
                 experimental_sharding_callback: Any = None, extra_tags: Any = None) -> None:
        for name, value in (("function_aliases", function_aliases), ("save_debug_info", save_debug_info),
                            ("experimental_image_format", experimental_image_format),
                            ("experimental_sharding_callback", experimental_sharding_callback)):
            if value:
                raise NotImplementedError(f"tf.saved_model.SaveOptions({name}=...) is not implemented by tfshim")
        self.namespace_whitelist = list(namespace_whitelist or [])
        self.save_debug_info = save_debug_info
        self.function_aliases = function_aliases or {}
        self.experimental_debug_stripper = experimental_debug_stripper
        self.experimental_io_device = experimental_io_device
        self.experimental_variable_policy = VariablePolicy.from_obj(experimental_variable_policy)
        self.experimental_custom_gradients = experimental_custom_gradients
        self.experimental_image_format = experimental_image_format
        self.experimental_skip_saver = experimental_skip_saver
        self.experimental_sharding_callback = experimental_sharding_callback
        self.extra_tags = extra_tags


@tf_export("saved_model.LoadOptions")
class LoadOptions:
    """TF: options for tf.saved_model.load (see the module docstring)."""

    __slots__ = ("allow_partial_checkpoint", "experimental_io_device", "experimental_skip_checkpoint",
                 "experimental_variable_policy", "experimental_load_function_aliases")

    def __init__(self, allow_partial_checkpoint: bool = False, experimental_io_device: Any = None,
                 experimental_skip_checkpoint: bool = False, experimental_variable_policy: Any = None,
                 experimental_load_function_aliases: bool = False) -> None:
        if experimental_load_function_aliases:
            raise NotImplementedError("tf.saved_model.LoadOptions(experimental_load_function_aliases=True) is not "
                                      "implemented by tfshim")
        self.experimental_io_device = experimental_io_device
        self.allow_partial_checkpoint = allow_partial_checkpoint
        self.experimental_skip_checkpoint = experimental_skip_checkpoint
        self.experimental_variable_policy = VariablePolicy.from_obj(experimental_variable_policy)
        self.experimental_load_function_aliases = experimental_load_function_aliases
