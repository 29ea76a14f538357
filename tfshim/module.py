"""tf.Module: a named container that finds the variables and submodules in its attributes.

Follows TF's python/module/module.py: attributes are walked in sorted key order,
nested lists/tuples/dicts are flattened as tf.nest does, each object is reported once,
and submodules are walked after the module's own attributes (breadth by level).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from typing import Any

from tfshim.framework.variables import Variable
from tfshim.ops.name_scope import name_scope
from tfshim.training.data_structures import wrap
from tfshim.training.deferred import restore_on_set
from tfshim.util.tf_export import tf_export

_CAMEL_TO_SNAKE_R = re.compile(r"((?<=[a-z0-9])[A-Z]|(?!^)[A-Z](?=[a-z]))")
_VALID_IDENTIFIER = re.compile(r"^[a-zA-Z_]([a-zA-Z0-9_])*$")


def valid_identifier(name: str) -> bool:
    return bool(_VALID_IDENTIFIER.match(name))


def camel_to_snake(value: str) -> str:
    return _CAMEL_TO_SNAKE_R.sub(r"_\1", value).lower()


@tf_export("Module")
class Module:
    """TF: tf.Module. `name` defaults to the snake_case class name; `name_scope` is absolute,
    fixed when the module is constructed (inside any enclosing tf.name_scope)."""

    _TF_MODULE_IGNORED_PROPERTIES: frozenset = frozenset((
        "_self_unconditional_checkpoint_dependencies",
        "_self_unconditional_dependency_names",
    ))

    def __init__(self, name: str | None = None) -> None:
        if name is None:
            name = camel_to_snake(type(self).__name__)
        elif not valid_identifier(name):
            raise ValueError(
                f"{name!r} is not a valid module name. Module names must be valid Python "
                "identifiers (e.g. a valid class name).")
        self._name = name
        with name_scope(name) as scope_name:
            self._name_scope = name_scope(scope_name)

    def __setattr__(self, name: str, value: Any) -> None:
        value = wrap(value)  # TF tracks a list attribute as a ListWrapper
        object.__setattr__(self, name, value)
        restore_on_set(self, name, value)  # a checkpoint value waiting for this attribute (deferred restoration)

    @property
    def name(self) -> str:
        return self._name

    @property
    def name_scope(self) -> name_scope:
        return self._name_scope

    @property
    def variables(self) -> tuple:
        """Every tf.Variable reachable from this module's attributes (and its submodules')."""
        return tuple(self._flatten(predicate=_is_variable, expand_composites=True))

    @property
    def trainable_variables(self) -> tuple:
        return tuple(self._flatten(predicate=_is_trainable_variable, expand_composites=True))

    @property
    def non_trainable_variables(self) -> tuple:
        return tuple(self._flatten(predicate=_is_non_trainable_variable, expand_composites=True))

    @property
    def submodules(self) -> tuple:
        return tuple(self._flatten(predicate=_is_module))

    def _flatten(self, recursive: bool = True, predicate: Callable | None = None,
                 attribute_traversal_key: Callable | None = None, with_path: bool = False,
                 expand_composites: bool = False) -> Iterator:
        if predicate is None:
            def predicate(_: Any) -> bool:
                return True
        return _flatten_module(self, recursive=recursive, predicate=predicate,
                               attributes_to_ignore=self._TF_MODULE_IGNORED_PROPERTIES,
                               attribute_traversal_key=attribute_traversal_key, with_path=with_path)

    @classmethod
    def with_name_scope(cls, method: Callable) -> Callable:
        """Decorator: runs `method` inside `self.name_scope`."""

        @functools.wraps(method)
        def method_with_name_scope(self: Any, *args: Any, **kwargs: Any) -> Any:
            with self.name_scope:
                return method(self, *args, **kwargs)

        return method_with_name_scope


def _is_variable(obj: Any) -> bool:
    return isinstance(obj, Variable)


def _is_trainable_variable(obj: Any) -> bool:
    return _is_variable(obj) and getattr(obj, "trainable", False)


def _is_non_trainable_variable(obj: Any) -> bool:
    return _is_variable(obj) and not getattr(obj, "trainable", False)


def _is_module(obj: Any) -> bool:
    return isinstance(obj, Module)


def _leaves_with_paths(structure: Any, prefix: tuple = ()) -> Iterator:
    """tf.nest.flatten_with_tuple_paths: dicts in sorted key order, lists/tuples by index."""
    if isinstance(structure, dict):
        for k in sorted(structure):
            yield from _leaves_with_paths(structure[k], prefix + (k,))
    elif isinstance(structure, (list, tuple)):
        for i, c in enumerate(structure):
            yield from _leaves_with_paths(c, prefix + (i,))
    else:
        yield prefix, structure


def _flatten_module(module: Any, recursive: bool, predicate: Callable, attribute_traversal_key: Any,
                    attributes_to_ignore: frozenset, with_path: bool, module_path: tuple = (),
                    seen: set | None = None, recursion_stack: list | None = None) -> Iterator:
    module_id = id(module)
    if seen is None:
        seen = {module_id}
    module_dict = vars(module)
    submodules = []
    if recursion_stack is None:
        recursion_stack = []
    if module_id in recursion_stack:
        recursive = False
    for key in sorted(module_dict, key=attribute_traversal_key):
        if key in attributes_to_ignore:
            continue
        prop = module_dict[key]
        for leaf_path, leaf in _leaves_with_paths(prop):
            leaf_path = (key,) + leaf_path
            if not with_path:
                if id(leaf) in seen:
                    continue
                seen.add(id(leaf))
            if predicate(leaf):
                yield (module_path + leaf_path, leaf) if with_path else leaf
            if recursive and _is_module(leaf):
                submodules.append((module_path + leaf_path, leaf))
    recursion_stack.append(module_id)
    for submodule_path, submodule in submodules:
        yield from _flatten_module(
            submodule, recursive=recursive, predicate=predicate, attribute_traversal_key=attribute_traversal_key,
            attributes_to_ignore=submodule._TF_MODULE_IGNORED_PROPERTIES, with_path=with_path,
            module_path=submodule_path, seen=seen, recursion_stack=recursion_stack)
    recursion_stack.pop()
