"""tf.train.Checkpoint: object-based checkpoints in TF's format (TF: python/checkpoint/checkpoint.py,
checkpoint_management.py, trackable/).

Saving walks the object graph breadth-first from the root (a Checkpoint's keyword arguments in sorted order, a
tf.Module's attributes in assignment order, lists by index, dicts by key), numbers the objects in that order,
and stores each variable under "<path of local names>/.ATTRIBUTES/VARIABLE_VALUE", plus the serialized
TrackableObjectGraph under "_CHECKPOINTABLE_OBJECT_GRAPH", as a tensor bundle (tensor_bundle.py). Restoring
matches the saved graph to the live objects by local names; a value whose object does not exist yet waits on its
parent and is restored when the attribute is set (deferred restoration, for tf.Module and Keras layers).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.tensor_shape import TensorShape
from tfshim.framework.variables import Variable
from tfshim.training import data_structures, deferred, tensor_bundle
from tfshim.training.deferred import restore_on_set
from tfshim.training.proto_wire import field_bytes, field_varint, first, parse, text
from tfshim.util import tf_logging
from tfshim.util.tf_export import tf_export

OBJECT_GRAPH_PROTO_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"
VARIABLE_VALUE_KEY = "VARIABLE_VALUE"
OBJECT_ATTRIBUTES_NAME = ".ATTRIBUTES"
ITERATOR_KEY = "ITERATOR"  # a tf.data iterator's attribute; TF stores its tensor under "<key>_STATE"


def _is_iterator(obj: Any) -> bool:
    data = sys.modules.get("tfshim.data.ops.iterator_ops")
    return data is not None and isinstance(obj, data.OwnedIterator)


def escape_local_name(name: str) -> str:
    """TF's escaping of a local name in a checkpoint key: "." doubles, "/" becomes ".S"."""
    return name.replace(".", "..").replace("/", ".S")


# ---- the object graph --------------------------------------------------------------------------------------

def _is_trackable(obj: Any) -> bool:
    if isinstance(obj, (Variable, Checkpoint)) or hasattr(obj, "_trackable_children") or _is_iterator(obj):
        return True
    from tfshim.ops.random_ops import Generator

    if isinstance(obj, Generator):
        return True
    if isinstance(obj, (list, tuple)):
        return any(_is_trackable(x) for x in obj)
    if isinstance(obj, dict):
        return any(_is_trackable(x) for x in obj.values())
    from tfshim.module import Module

    if isinstance(obj, Module):
        return True
    keras = sys.modules.get("tfshim.keras")
    return keras is not None and isinstance(obj, (keras.layers.Layer, keras.optimizers.Optimizer))


def children(obj: Any) -> list[tuple[str, Any]]:
    """The trackable children of `obj` with their local names, in TF's order."""
    if isinstance(obj, Variable) or _is_iterator(obj):
        return []
    if hasattr(obj, "_trackable_children"):
        return list(obj._trackable_children())
    if isinstance(obj, (list, tuple)):
        return [(str(i), c) for i, c in enumerate(obj) if _is_trackable(c)]
    if isinstance(obj, dict):
        return [(str(k), c) for k, c in obj.items() if _is_trackable(c)]
    ignored: frozenset = getattr(obj, "_TF_MODULE_IGNORED_PROPERTIES", frozenset())
    return [(k, v) for k, v in vars(obj).items() if k not in ignored and v is not obj and _is_trackable(v)]


class _Node:
    __slots__ = ("obj", "path", "children", "key", "attr")

    def __init__(self, obj: Any, path: str) -> None:
        self.obj = obj
        self.path = path
        self.children: list[tuple[int, str]] = []
        self.key = ""  # the checkpoint key of the object's value (its attribute `attr`), "" for none
        self.attr = VARIABLE_VALUE_KEY


def object_graph(root: Any) -> list[_Node]:
    """The objects reachable from `root`, breadth first, each once (at its first path)."""
    nodes = [_Node(root, "")]
    ids = {id(root): 0}
    i = 0
    while i < len(nodes):
        node = nodes[i]
        for name, child in children(node.obj):
            if id(child) not in ids:
                ids[id(child)] = len(nodes)
                path = f"{node.path}/{escape_local_name(name)}" if node.path else escape_local_name(name)
                nodes.append(_Node(child, path))
            node.children.append((ids[id(child)], name))
        i += 1
    for node in nodes:
        if isinstance(node.obj, Variable):
            node.key = f"{node.path}/{OBJECT_ATTRIBUTES_NAME}/{VARIABLE_VALUE_KEY}"
        elif _is_iterator(node.obj):
            node.attr = ITERATOR_KEY
            node.key = f"{node.path}/{OBJECT_ATTRIBUTES_NAME}/{ITERATOR_KEY}"
    return nodes


def _serialize_graph(nodes: list[_Node]) -> bytes:
    has_values = [bool(n.key) for n in nodes]
    for i in reversed(range(len(nodes))):  # a node has values when anything below it does
        has_values[i] = has_values[i] or any(has_values[c] for c, _ in nodes[i].children if c > i)
    changed = True
    while changed:  # children reached earlier (shared objects) count too
        changed = False
        for i, n in enumerate(nodes):
            if not has_values[i] and any(has_values[c] for c, _ in n.children):
                has_values[i] = changed = True
    out = bytearray()
    for i, n in enumerate(nodes):
        msg = b"".join(field_bytes(1, field_varint(1, c) + field_bytes(2, name, always=True), always=True)
                       for c, name in n.children)
        if n.key:
            full_name = ""
            if n.attr == VARIABLE_VALUE_KEY:
                full_name = n.obj.name[:-2] if n.obj.name.endswith(":0") else n.obj.name
            msg += field_bytes(2, field_bytes(1, n.attr) + field_bytes(2, full_name)
                               + field_bytes(3, n.key), always=True)
        if has_values[i]:
            msg += field_bytes(5, field_varint(1, 1), always=True)
        out += field_bytes(1, msg, always=True)
    return bytes(out)


class _SavedNode:
    """A node of a checkpoint's TrackableObjectGraph."""

    __slots__ = ("children", "key", "attr")

    def __init__(self, proto: bytes) -> None:
        fields = parse(proto)
        self.children = []
        for ref in fields.get(1, []):
            f = parse(ref)
            self.children.append((int(first(f, 1)), text(first(f, 2, b""))))
        self.key = ""
        self.attr = ""
        for attr in fields.get(2, []):
            f = parse(attr)
            if text(first(f, 1, b"")) in (VARIABLE_VALUE_KEY, ITERATOR_KEY):
                self.attr = text(first(f, 1, b""))
                self.key = text(first(f, 3, b""))


def _read_graph(reader: tensor_bundle.BundleReader) -> list[_SavedNode]:
    if not reader.has_tensor(OBJECT_GRAPH_PROTO_KEY):
        raise ValueError("The specified checkpoint does not contain an object graph (it is a name-based "
                         "tf.compat.v1 checkpoint, which tfshim does not restore)")
    graph = parse(reader.tensor(OBJECT_GRAPH_PROTO_KEY).item())
    return [_SavedNode(n) for n in graph.get(1, [])]


# ---- restoring -------------------------------------------------------------------------------------------------

class _Restore:
    """One restore operation: the saved graph, the reader, and which saved/live objects have been matched."""

    def __init__(self, reader: tensor_bundle.BundleReader, saved: list[_SavedNode]) -> None:
        self.reader = reader
        self.saved = saved
        self.matched: dict[int, Any] = {}  # saved node id -> live object
        self.restored_keys: set[str] = set()

    def match(self, node_id: int, obj: Any) -> None:
        if node_id in self.matched:
            return
        self.matched[node_id] = obj
        node = self.saved[node_id]
        if node.key and isinstance(obj, Variable):
            value = self.reader.tensor(node.key)
            dtype = dtypes.as_dtype(obj.dtype)
            if not obj.shape.is_compatible_with(value.shape):
                raise ValueError(f"Received incompatible tensor with shape {TensorShape(value.shape)} when attempting "
                                 f"to restore variable with shape {obj.shape} and name {obj.name}.")
            obj.assign(value.astype(dtype.as_numpy_dtype) if dtype != dtypes.string else value)
            self.restored_keys.add(node.key)
        elif node.attr == ITERATOR_KEY and _is_iterator(obj):
            entry = self.reader.entries.get(node.key + "_STATE")
            if entry is None or entry.dtype != dtypes.string:
                raise NotImplementedError("Restoring a tf.data iterator from a checkpoint written by TensorFlow is "
                                          "not implemented by tfshim (TF's iterator state is a serialized variant)")
            obj._restore_state(self.reader.tensor(node.key + "_STATE").reshape(-1)[0])
            self.restored_keys.add(node.key)
        live = dict(children(obj))
        for child_id, name in node.children:
            if name in live:
                self.match(child_id, live[name])
            elif child_id not in self.matched:
                try:
                    deferred.defer(obj, name, self, child_id)
                except TypeError:  # not weak-referenceable (a plain list): no deferred restoration under it
                    pass

    def values_keys(self) -> set[str]:
        return {n.key for n in self.saved if n.key}


def _path_of(restore: _Restore, node_id: int) -> str:
    for i, node in enumerate(restore.saved):
        for child_id, name in node.children:
            if child_id == node_id:
                return f"{_path_of(restore, i)}.{name}"
    return "(root)"


class CheckpointLoadStatus:
    """What `Checkpoint.restore`/`read` returns: checks of how well the checkpoint matched (TF's class name)."""

    def __init__(self, restore: _Restore, root: Any) -> None:
        self._restore = restore
        self._root = root

    def assert_consumed(self) -> CheckpointLoadStatus:
        """Raises AssertionError unless every saved value was restored and every live object was matched."""
        r = self._restore
        for node_id, node in enumerate(r.saved):
            if node_id not in r.matched and (node.key or node.children):
                raise AssertionError(f"Unresolved object in checkpoint {_path_of(r, node_id)}")
        missing = r.values_keys() - r.restored_keys
        if missing:
            raise AssertionError(f"Unrestored values in checkpoint: {sorted(missing)}")
        return self.assert_existing_objects_matched()

    def assert_existing_objects_matched(self) -> CheckpointLoadStatus:
        matched = {id(o) for o in self._restore.matched.values()}
        for node in object_graph(self._root):
            if isinstance(node.obj, Variable) and id(node.obj) not in matched:
                raise AssertionError(f"Object not assigned a value from checkpoint: {node.obj!r}")
        return self

    def assert_nontrivial_match(self) -> CheckpointLoadStatus:
        if len(self._restore.matched) <= 1:
            raise AssertionError(f"Nothing except the root object matched a checkpointed value. Typically this "
                                 f"means that the checkpoint does not match the Python program. The following "
                                 f"objects have checkpointed values: {sorted(self._restore.values_keys())}")
        return self

    def expect_partial(self) -> CheckpointLoadStatus:
        """Silences the warnings about unrestored values (tfshim logs none)."""
        return self

    def run_restore_ops(self, session: Any = None) -> None:
        pass

    def initialize_or_restore(self, session: Any = None) -> None:
        pass


class InitializationOnlyStatus:
    """What `restore(None)` returns: nothing to restore."""

    def assert_consumed(self) -> InitializationOnlyStatus:
        raise AssertionError("No checkpoint specified (save_path=None); nothing is being restored.")

    assert_existing_objects_matched = assert_consumed

    def assert_nontrivial_match(self) -> InitializationOnlyStatus:
        raise AssertionError("No checkpoint specified (save_path=None); nothing is being restored.")

    def expect_partial(self) -> InitializationOnlyStatus:
        return self

    def run_restore_ops(self, session: Any = None) -> None:
        pass

    def initialize_or_restore(self, session: Any = None) -> None:
        pass


# ---- the public API --------------------------------------------------------------------------------------------

def _values(nodes: list[_Node]) -> list[tuple[str, np.ndarray, dtypes.DType]]:
    # dtypes.as_dtype: a Keras variable's dtype is a string ("float32")
    out = []
    for n in nodes:
        if n.attr == ITERATOR_KEY:
            out.append((n.key + "_STATE", np.array([n.obj._checkpoint_state()], dtype=object), dtypes.string))
        elif n.key:
            out.append((n.key, np.asarray(n.obj.numpy()), dtypes.as_dtype(n.obj.dtype)))
    return out


def write_objects(root: Any, prefix: str) -> str:
    nodes = object_graph(root)
    tensors = _values(nodes)
    tensors.append((OBJECT_GRAPH_PROTO_KEY, np.array(_serialize_graph(nodes), dtype=object), dtypes.string))
    tensor_bundle.write_bundle(os.fspath(prefix), tensors)
    return os.fspath(prefix)


def read_objects(root: Any, prefix: str) -> CheckpointLoadStatus:
    prefix = os.fspath(prefix)
    if os.path.isdir(prefix):
        latest = latest_checkpoint(prefix)
        if latest is None:
            raise errors.NotFoundError(None, None, f"Failed to restore from checkpoint directory {prefix}: no "
                                       "checkpoint found")
        prefix = latest
    reader = tensor_bundle.BundleReader(prefix)
    restore = _Restore(reader, _read_graph(reader))
    restore.match(0, root)
    return CheckpointLoadStatus(restore, root)


@tf_export("train.Checkpoint")
class Checkpoint:
    """Groups trackable objects (keyword arguments) to save and restore them together."""

    def __init__(self, root: Any = None, **kwargs: Any) -> None:
        for name, value in kwargs.items():
            if not _is_trackable(value):
                raise ValueError(f"`Checkpoint` was expecting {name} to be a trackable object (an object derived from "
                                 f"`Trackable`), got {value}. If you believe this object should be trackable "
                                 "(i.e. it is part of the TensorFlow Python API and manages state), please open "
                                 "an issue.")
        self._root = root
        self._kwargs = dict(sorted(kwargs.items()))  # TF tracks the keyword arguments sorted by name
        self._save_counter: Variable | None = None
        for name, value in kwargs.items():
            object.__setattr__(self, name, value)

    def _trackable_children(self) -> list[tuple[str, Any]]:
        out = list(children(self._root)) if self._root is not None else []
        out += list(self._kwargs.items())
        if self._save_counter is not None:
            out.append(("save_counter", self._save_counter))
        return out

    def __setattr__(self, name: str, value: Any) -> None:
        if not name.startswith("_"):
            value = data_structures.wrap(value)
        object.__setattr__(self, name, value)
        if not name.startswith("_") and "_kwargs" in self.__dict__ and (
                _is_trackable(value) or isinstance(value, data_structures.ListWrapper)):
            self._kwargs[name] = value
            restore_on_set(self, name, value)

    @property
    def save_counter(self) -> Variable:
        """How many times `save` has run (an int64 variable, created on first use)."""
        if self._save_counter is None:
            from tfshim.framework.variables import ResourceVariable

            self._save_counter = ResourceVariable(0, dtype=dtypes.int64, trainable=False, name="save_counter")
            restore_on_set(self, "save_counter", self._save_counter)
        return self._save_counter

    def write(self, file_prefix: Any, options: Any = None) -> str:
        """Writes the checkpoint to `file_prefix` (no counter, no `checkpoint` state file)."""
        return write_objects(self, file_prefix)

    def save(self, file_prefix: Any, options: Any = None) -> str:
        """Writes `<file_prefix>-<save_counter>` and records it in the directory's `checkpoint` file."""
        counter = self.save_counter
        counter.assign_add(1)
        path = self.write(f"{os.fspath(file_prefix)}-{int(counter.numpy())}")
        _update_state(os.path.dirname(path) or ".", path, [path], timestamps=None)
        return path

    def read(self, save_path: Any, options: Any = None) -> CheckpointLoadStatus:
        return read_objects(self, save_path)

    def restore(self, save_path: Any, options: Any = None) -> Any:
        """Restores the values saved at `save_path` (a prefix or a directory); None restores nothing."""
        if save_path is None:
            return InitializationOnlyStatus()
        # TF makes the save counter first, so a checkpoint from `write` (which has none) leaves it unmatched
        self.save_counter  # noqa: B018
        return self.read(save_path, options)


# ---- the `checkpoint` state file and CheckpointManager ------------------------------------------------------

class CheckpointState:
    """The `checkpoint` file of a directory (TF's CheckpointState proto, in text format)."""

    def __init__(self, model_checkpoint_path: str = "", all_model_checkpoint_paths: list[str] | None = None,
                 all_model_checkpoint_timestamps: list[float] | None = None,
                 last_preserved_timestamp: float = 0.0) -> None:
        self.model_checkpoint_path = model_checkpoint_path
        self.all_model_checkpoint_paths = list(all_model_checkpoint_paths or [])
        self.all_model_checkpoint_timestamps = list(all_model_checkpoint_timestamps or [])
        self.last_preserved_timestamp = last_preserved_timestamp

    def __str__(self) -> str:
        out = f'model_checkpoint_path: "{self.model_checkpoint_path}"\n'
        out += "".join(f'all_model_checkpoint_paths: "{p}"\n' for p in self.all_model_checkpoint_paths)
        out += "".join(f"all_model_checkpoint_timestamps: {t!r}\n" for t in self.all_model_checkpoint_timestamps)
        if self.last_preserved_timestamp:
            out += f"last_preserved_timestamp: {self.last_preserved_timestamp!r}\n"
        return out


def _update_state(directory: str, latest: str, paths: list[str], timestamps: list[float] | None,
                  last_preserved: float = 0.0) -> None:
    def rel(p: str) -> str:
        return os.path.relpath(p, directory) if os.path.isabs(p) == os.path.isabs(directory) else p

    state = CheckpointState(rel(latest), [rel(p) for p in paths], timestamps, last_preserved)
    os.makedirs(directory, exist_ok=True)
    tmp = os.path.join(directory, "checkpoint.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(str(state))
    os.replace(tmp, os.path.join(directory, "checkpoint"))


@tf_export("train.get_checkpoint_state")
def get_checkpoint_state(checkpoint_dir: Any, latest_filename: str | None = None) -> CheckpointState | None:
    """The directory's `checkpoint` file, with paths made absolute as TF does; None without one."""
    checkpoint_dir = os.fspath(checkpoint_dir)
    path = os.path.join(checkpoint_dir, latest_filename or "checkpoint")
    if not os.path.exists(path):
        return None
    state = CheckpointState()
    with open(path, encoding="utf-8") as f:
        for line in f:
            key, _, value = line.strip().partition(": ")
            if key == "model_checkpoint_path":
                state.model_checkpoint_path = _unquote(value)
            elif key == "all_model_checkpoint_paths":
                state.all_model_checkpoint_paths.append(_unquote(value))
            elif key == "all_model_checkpoint_timestamps":
                state.all_model_checkpoint_timestamps.append(float(value))
            elif key == "last_preserved_timestamp":
                state.last_preserved_timestamp = float(value)

    def absolute(p: str) -> str:
        return p if os.path.isabs(p) else os.path.join(checkpoint_dir, p)

    state.model_checkpoint_path = absolute(state.model_checkpoint_path)
    state.all_model_checkpoint_paths = [absolute(p) for p in state.all_model_checkpoint_paths]
    return state


def _unquote(value: str) -> str:
    return value[1:-1].encode("latin-1").decode("unicode_escape") if value.startswith('"') else value


def _exists(prefix: str) -> bool:
    return os.path.exists(tensor_bundle.index_path(prefix))


@tf_export("train.latest_checkpoint")
def latest_checkpoint(checkpoint_dir: Any, latest_filename: str | None = None) -> str | None:
    """The newest checkpoint's prefix from the directory's `checkpoint` file, or None."""
    state = get_checkpoint_state(checkpoint_dir, latest_filename)
    if state and state.model_checkpoint_path and _exists(state.model_checkpoint_path):
        return state.model_checkpoint_path
    return None


@tf_export("train.CheckpointManager")
class CheckpointManager:
    """Saves numbered checkpoints in a directory, keeping the newest `max_to_keep`."""

    def __init__(self, checkpoint: Checkpoint, directory: Any, max_to_keep: int | None,
                 keep_checkpoint_every_n_hours: float | None = None, checkpoint_name: str = "ckpt",
                 step_counter: Any = None, checkpoint_interval: Any = None, init_fn: Any = None) -> None:
        if max_to_keep is not None and max_to_keep <= 0:
            raise ValueError(f"Expected a positive integer or `None` for `max_to_keep`, got {max_to_keep}.")
        self._checkpoint = checkpoint
        self._directory = os.fspath(directory)
        self._max_to_keep = max_to_keep
        self._prefix = os.path.join(self._directory, checkpoint_name)
        self._init_fn = init_fn
        self._last_preserved = time.time()
        self._kept: list[tuple[str, float]] = []
        state = get_checkpoint_state(self._directory)
        if state is not None:
            times = state.all_model_checkpoint_timestamps or [self._last_preserved] * len(
                state.all_model_checkpoint_paths)
            self._kept = [(p, t) for p, t in zip(state.all_model_checkpoint_paths, times) if _exists(p)]
            self._last_preserved = state.last_preserved_timestamp or self._last_preserved
        self._latest = state.model_checkpoint_path if state and _exists(state.model_checkpoint_path) else None

    @property
    def directory(self) -> str:
        return self._directory

    @property
    def checkpoint(self) -> Checkpoint:
        return self._checkpoint

    @property
    def latest_checkpoint(self) -> str | None:
        return self._latest

    @property
    def checkpoints(self) -> list[str]:
        return [p for p, _ in self._kept]

    def save(self, checkpoint_number: Any = None, check_interval: bool = True, options: Any = None) -> str:
        """Writes `<directory>/<name>-<n>` (n: `checkpoint_number`, else the save counter) and prunes old ones."""
        counter = self._checkpoint.save_counter
        counter.assign_add(1)
        number = int(np.asarray(checkpoint_number)) if checkpoint_number is not None else int(counter.numpy())
        path = self._checkpoint.write(f"{self._prefix}-{number}")
        self._kept = [(p, t) for p, t in self._kept if p != path] + [(path, time.time())]
        if self._max_to_keep is not None:
            while len(self._kept) > self._max_to_keep:
                old, _ = self._kept.pop(0)
                for f in (tensor_bundle.index_path(old), tensor_bundle.data_path(old)):
                    if os.path.exists(f):
                        os.remove(f)
        self._latest = path
        _update_state(self._directory, path, self.checkpoints, [t for _, t in self._kept], self._last_preserved)
        return path

    def restore_or_initialize(self) -> str | None:
        if self._latest is not None:
            self._checkpoint.restore(self._latest)
            return self._latest
        if self._init_fn is not None:
            self._init_fn()
        return None


# ---- reading checkpoints without objects --------------------------------------------------------------------

class CheckpointReader:
    """TF's py_checkpoint_reader: the tensors of a checkpoint by key."""

    def __init__(self, prefix: str) -> None:
        self._reader = tensor_bundle.BundleReader(prefix)

    def get_variable_to_shape_map(self) -> dict[str, list[int]]:
        return {k: list(e.shape) for k, e in self._reader.entries.items()}

    def get_variable_to_dtype_map(self) -> dict[str, dtypes.DType]:
        return {k: e.dtype for k, e in self._reader.entries.items()}

    def has_tensor(self, key: str) -> bool:
        return self._reader.has_tensor(key)

    def get_tensor(self, key: str) -> Any:
        if not self._reader.has_tensor(key):
            raise errors.NotFoundError(None, None, f"Key {key} not found in checkpoint")
        value = self._reader.tensor(key)
        return value[()] if value.ndim == 0 else value  # a NumPy scalar (bytes for a string), as TF returns


def _prefix(ckpt_dir_or_file: Any) -> str:
    path = os.fspath(ckpt_dir_or_file)
    if os.path.isdir(path):
        latest = latest_checkpoint(path)
        if latest is None:
            raise ValueError(f"Couldn't find 'checkpoint' file or checkpoints in given directory {path}")
        return latest
    return path


@tf_export("train.load_checkpoint")
def load_checkpoint(ckpt_dir_or_file: Any) -> CheckpointReader:
    return CheckpointReader(_prefix(ckpt_dir_or_file))


@tf_export("train.list_variables")
def list_variables(ckpt_dir_or_file: Any) -> list[tuple[str, list[int]]]:
    """(key, shape) of every tensor in the checkpoint, sorted by key."""
    return sorted(load_checkpoint(ckpt_dir_or_file).get_variable_to_shape_map().items())


@tf_export("train.load_variable")
def load_variable(ckpt_dir_or_file: Any, name: str) -> Any:
    """The value of the tensor `name` (":0" is dropped, as TF does)."""
    if name.endswith(":0"):
        name = name[:-2]
    return load_checkpoint(ckpt_dir_or_file).get_tensor(name)


@tf_export("train.checkpoints_iterator")
def checkpoints_iterator(checkpoint_dir: Any, min_interval_secs: float = 0, timeout: float | None = None,
                         timeout_fn: Any = None) -> Iterator[str]:
    """Yields each new checkpoint of the directory as it appears, until `timeout` seconds pass without one."""
    last = None
    while True:
        start = time.time()
        while True:
            path = latest_checkpoint(checkpoint_dir)
            if path is not None and path != last:
                break
            if timeout is not None and time.time() - start > timeout:
                tf_logging.get_logger().info("Timed-out waiting for a checkpoint.")
                if timeout_fn is None or timeout_fn():
                    return
                start = time.time()
            time.sleep(0.1)
        last = path
        yield path
        time.sleep(min_interval_secs)
