"""tf.keras.layers (Keras 3): Layer, Dense, Flatten, Dropout, ReLU, Softmax, Activation, Input.

Layer.__call__ follows Keras 3: inputs are converted to the layer's compute dtype, the input
spec is checked, the layer builds itself on first call from the input shape inside its name
scope (so weights get paths like `mlp/dense/kernel`), and `training` flows from outer calls.
Symbolic calls on `Input` tensors only propagate shapes (`compute_output_shape`); tfshim
has no graph of nodes (no Functional API beyond Sequential).
"""

from __future__ import annotations

import inspect
import math
import threading
import warnings
from typing import Any

import numpy as np

from tfshim.keras import _tree, activations, initializers, regularizers
from tfshim.keras._backend import Variable, auto_name, current_path, floatx, name_scope, standardize_dtype
from tfshim.training.deferred import pop_deferred, restore_on_set


def _tf() -> Any:
    import tfshim

    return tfshim


class _CallContext(threading.local):
    def __init__(self) -> None:
        self.training: list = []


_call_context = _CallContext()
_stateless_depth = 0  # > 0 while `_build_by_running_call` runs a layer's call symbolically (Keras' StatelessScope)


class KerasTensor:
    """Keras: a symbolic tensor (shape and dtype only)."""

    _uid = 0

    def __init__(self, shape: tuple, dtype: str = "float32", name: str | None = None) -> None:
        self.shape = tuple(shape)
        self.dtype = dtype
        self.sparse = False
        self.ragged = False
        self.name = name or auto_name("keras_tensor")
        self._keras_history: Any = None

    @property
    def ndim(self) -> int:
        return len(self.shape)

    def __repr__(self) -> str:
        return (f"<KerasTensor shape={self.shape}, dtype={self.dtype}, sparse={self.sparse}, "
                f"ragged={self.ragged}, name={self.name}>")


class InputSpec:
    """Keras: InputSpec (ndim, min_ndim, max_ndim, axes checks)."""

    def __init__(self, dtype: Any = None, shape: Any = None, ndim: Any = None, max_ndim: Any = None,
                 min_ndim: Any = None, axes: Any = None, allow_last_axis_squeeze: bool = False,
                 name: Any = None, optional: bool = False) -> None:
        self.dtype = dtype
        self.shape = shape
        self.ndim = len(shape) if shape is not None else ndim
        self.max_ndim = max_ndim
        self.min_ndim = min_ndim
        self.name = name
        self.axes = axes or {}
        self.allow_last_axis_squeeze = allow_last_axis_squeeze
        self.optional = optional


def _assert_input_compatibility(spec: Any, x: Any, layer_name: str) -> None:
    if spec is None:
        return
    shape = tuple(x.shape)
    ndim = len(shape)
    head = f"Input 0 with name '{spec.name}' of layer '{layer_name}' is incompatible with the layer: "
    if spec.ndim is not None and not spec.allow_last_axis_squeeze and ndim != spec.ndim:
        raise ValueError(head + f"expected ndim={spec.ndim}, found ndim={ndim}. Full shape received: {shape}")
    if spec.max_ndim is not None and ndim > spec.max_ndim:
        raise ValueError(head + f"expected max_ndim={spec.max_ndim}, found ndim={ndim}")
    if spec.min_ndim is not None and ndim < spec.min_ndim:
        raise ValueError(head + f"expected min_ndim={spec.min_ndim}, found ndim={ndim}. "
                         f"Full shape received: {shape}")
    for axis, value in spec.axes.items():
        if value is not None and shape[int(axis)] not in {value, None}:
            raise ValueError(head + f"expected axis {axis} of input shape to have value {value}, "
                             f"but received input with shape {shape}")


def _shape_of(x: Any) -> tuple:
    s = x.shape
    return tuple(s) if isinstance(s, tuple) else tuple(s.as_list())


class Layer:
    """Keras: keras.Layer. Subclasses implement `build(input_shape)` and `call(inputs, ...)`."""

    def __init__(self, *, activity_regularizer: Any = None, trainable: bool = True, dtype: Any = None,
                 autocast: bool = True, name: str | None = None, **kwargs: Any) -> None:
        input_dim = kwargs.pop("input_dim", None)
        input_shape_arg = kwargs.pop("input_shape", None)
        if input_dim is not None:
            input_shape_arg = (input_dim,)
        if input_shape_arg is not None:
            warnings.warn(
                "Do not pass an `input_shape`/`input_dim` argument to a layer. When using Sequential models, "
                "prefer using an `Input(shape)` object as the first layer in the model instead.", stacklevel=3)
        kwargs.pop("batch_input_shape", None)
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments passed to {self.__class__.__name__}: {kwargs}")
        object.__setattr__(self, "_layers", [])
        self._trainable_variables: list = []
        self._non_trainable_variables: list = []
        self._seed_generators: list = []
        self._input_shape_arg = tuple(input_shape_arg) if input_shape_arg is not None else None
        self.name = auto_name(self.__class__.__name__) if name is None else name
        self._trainable = trainable
        self._dtype = standardize_dtype(dtype)
        self.autocast = autocast
        self.built = False
        self.input_spec: Any = None
        self.supports_masking = False
        self._parent_path: Any = None
        self._build_shapes_dict: dict = {}
        self._output_shape: Any = None
        self._called = False
        self._losses: list = []
        self.activity_regularizer = regularizers.get(activity_regularizer)
        self._inbound_nodes: list = []
        params = inspect.signature(self.call).parameters
        self._call_has_training_arg = "training" in params
        self._call_has_mask_arg = "mask" in params

    # ---- attribute tracking ---------------------------------------------------------------
    def __setattr__(self, name: str, value: Any) -> None:
        if not name.startswith("__") and "_layers" in self.__dict__:
            for v in (value if isinstance(value, (list, tuple)) else [value]):
                if isinstance(v, Layer) and v is not self and all(v is not x for x in self._layers):
                    self._layers.append(v)
        object.__setattr__(self, name, value)
        if _stateless_depth and isinstance(value, Variable) and pop_deferred(self, name):
            # Keras: restoring a variable inside a StatelessScope reads its value as a plain tensor and fails; the
            # waiting checkpoint value is used up (TF pops it before restoring), so neither variable gets it
            raise AttributeError("'tensorflow.python.framework.ops.EagerTensor' object has no attribute "
                                 "'_serialize_to_tensors'")
        restore_on_set(self, name, value)  # a checkpoint value waiting for this attribute (deferred restoration)

    def _build_at_init(self) -> None:
        self.built = True

    @property
    def dtype(self) -> str:
        return self._dtype

    compute_dtype = dtype
    variable_dtype = dtype

    @property
    def trainable(self) -> bool:
        return self._trainable

    @trainable.setter
    def trainable(self, value: bool) -> None:
        for layer in self._flatten_layers():
            layer._trainable = bool(value)

    @property
    def layers(self) -> list:
        return list(self._layers)

    def _flatten_layers(self, include_self: bool = True) -> list:
        out = [self] if include_self else []
        for layer in self._layers:
            out.extend(layer._flatten_layers())
        return out

    # ---- weights ------------------------------------------------------------------------
    def add_weight(self, *args: Any, shape: Any = None, initializer: Any = None, dtype: Any = None,
                   trainable: bool = True, autocast: bool = True, regularizer: Any = None, constraint: Any = None,
                   aggregation: str = "none", overwrite_with_gradient: bool = False, name: str | None = None) -> Any:
        """Keras: creates a Variable under this layer's name scope and tracks it. Up to three positional
        arguments are (shape, initializer, dtype); a positional name (Keras 2's style) is refused."""
        if args:
            if len(args) > 3:
                raise TypeError(f"add_weight() takes at most 3 positional arguments but {len(args)} were given.")
            if isinstance(args[0], str):
                raise ValueError(f"`name` must be passed as a keyword argument. Received: add_weight('{args[0]}', "
                                 f"...). Use: add_weight(shape=..., name='{args[0]}').")
            if shape is not None:
                raise ValueError("`shape` was passed both positionally and as a keyword argument.")
            shape = args[0]
            if len(args) > 1:
                if initializer is not None:
                    raise ValueError("`initializer` was passed both positionally and as a keyword argument.")
                initializer = args[1]
            if len(args) > 2:
                if dtype is not None:
                    raise ValueError("`dtype` was passed both positionally and as a keyword argument.")
                dtype = args[2]
        shape = () if shape is None else tuple(shape)
        dtype = standardize_dtype(dtype) if dtype is not None else self._dtype
        if initializer is None:
            initializer = "glorot_uniform" if "float" in dtype else "zeros"
        initializer = initializers.get(initializer)
        with name_scope(self.name, caller=self):
            variable = Variable(initializer, shape=shape, dtype=dtype, trainable=trainable, name=name)
        variable.constraint = constraint
        variable.regularizer = regularizers.get(regularizer)
        variable.overwrite_with_gradient = overwrite_with_gradient
        if variable.trainable:
            self._trainable_variables.append(variable)
        else:
            self._non_trainable_variables.append(variable)
        if not self._trainable:
            variable.trainable = False
        return variable

    def _unique(self, own: list, attr: str) -> list:
        out: list = []
        seen: set = set()
        for v in own:
            if id(v) not in seen:
                out.append(v)
                seen.add(id(v))
        for layer in self._layers:
            for v in getattr(layer, attr):
                if id(v) not in seen:
                    out.append(v)
                    seen.add(id(v))
        return out

    @property
    def variables(self) -> list:
        own = self._trainable_variables + self._non_trainable_variables + [s.state for s in self._seed_generators]
        return self._unique(own, "variables")

    @property
    def trainable_variables(self) -> list:
        return [v for v in self.variables if v.trainable] if self.trainable else []

    @property
    def non_trainable_variables(self) -> list:
        return self.variables if not self.trainable else [v for v in self.variables if not v.trainable]

    @property
    def weights(self) -> list:
        return self._unique(self._trainable_variables + self._non_trainable_variables, "weights")

    @property
    def trainable_weights(self) -> list:
        return [v for v in self.weights if v.trainable] if self.trainable else []

    @property
    def non_trainable_weights(self) -> list:
        return self.weights if not self.trainable else [v for v in self.weights if not v.trainable]

    def get_weights(self) -> list:
        return [v.numpy() for v in self.weights]

    def set_weights(self, weights: Any) -> None:
        layer_weights = self.weights
        if len(layer_weights) != len(weights):
            raise ValueError(
                f"You called `set_weights(weights)` on layer '{self.name}' with a weight list of length "
                f"{len(weights)}, but the layer was expecting {len(layer_weights)} weights.")
        for variable, value in zip(layer_weights, weights):
            vshape = _shape_of(value) if hasattr(value, "shape") else np.shape(value)
            if variable.shape != tuple(vshape):
                raise ValueError(f"Layer {self.name} weight shape {variable.shape} is not compatible with provided "
                                 f"weight shape {value.shape}.")
            variable.assign(value)

    def count_params(self) -> int:
        if not self.built:
            raise ValueError(
                f"You tried to call `count_params` on layer '{self.name}', but the layer isn't built. "
                "You can build it manually via: `layer.build(input_shape)`.")
        return int(sum(math.prod(v.shape) for v in self.weights))

    @property
    def losses(self) -> list:
        """Keras: the losses added by this layer and its sublayers during the last outermost call
        (`add_loss`, activity regularizers), then each trainable weight's regularizer penalty."""
        losses = list(self._losses)
        for layer in self._flatten_layers(include_self=False):
            losses.extend(layer._losses)
        for variable in self.trainable_weights:
            if variable.regularizer is not None:
                losses.append(variable.regularizer(variable))
        return losses

    def add_loss(self, loss: Any) -> None:
        """Keras: adds scalar loss tensors to `self.losses` (cleared when an outermost call starts)."""
        tf = _tf()
        flat = _tree.flatten(loss)
        for x in flat:
            if not isinstance(x, (tf.Tensor, tf.Variable)):
                raise ValueError("`add_loss()` can only be called from inside `build()` or `call()`, on a tensor "
                                 f"input. Received invalid value: {x}")
        self._losses.extend(flat)

    def _clear_losses(self) -> None:
        self._losses.clear()
        for layer in self._layers:
            layer._clear_losses()

    # ---- building and calling ------------------------------------------------------------
    def _open_name_scope(self) -> name_scope:
        if self._parent_path is None:
            self._parent_path = current_path()
        return name_scope(self.name, caller=self)

    def build(self, input_shape: Any = None) -> None:
        self.built = True

    def _overrides_build(self) -> bool:
        return type(self).build is not Layer.build

    def _build_from_shape(self, shape: tuple) -> None:
        with self._open_name_scope():
            if self._overrides_build():
                self._build_shapes_dict = {"input_shape": shape}
            self.build(shape)
        self.built = True

    def compute_output_shape(self, input_shape: Any) -> Any:
        raise NotImplementedError

    def call(self, inputs: Any, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(f"Layer {self.__class__.__name__} does not have a `call()` method implemented.")

    def _convert_input(self, x: Any) -> Any:
        """Keras: DTypePolicy.convert_input. Arrays become tensors; float tensors are cast to the layer's dtype
        (`autocast`); integers, Python numbers and lists are left as they are."""
        tf = _tf()
        if isinstance(x, (KerasTensor, Variable)):
            return x
        if not isinstance(x, tf.Tensor):
            if not hasattr(x, "__array__"):
                return x
            x = tf.convert_to_tensor(x)
        if self.autocast and x.dtype.is_floating and x.dtype.name != self._dtype:
            return tf.cast(x, self._dtype)
        return x

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if not args:
            raise ValueError("Layer.__call__ needs an input.")
        tf = _tf()
        tensor_types = (tf.Tensor, tf.Variable, KerasTensor)
        if len(args) == 1 and isinstance(args[0], tensor_types):  # the common case, without the tree walks
            args = (self._convert_input(args[0]),)
        else:
            args = _tree.map_structure(self._convert_input, args)
            for arg in _tree.flatten(args):
                if arg is not None and not isinstance(arg, tensor_types):
                    raise ValueError("Only input tensors may be passed as positional arguments. The following "
                                     "argument value should be passed as a keyword argument: "
                                     f"{arg} (of type {type(arg)})")
        if kwargs:
            kwargs = _tree.map_structure(self._convert_input, kwargs)
        first = args[0]
        if isinstance(first, KerasTensor) or (_tree.is_nested(first) and any(
                isinstance(t, KerasTensor) for t in _tree.flatten(first))):
            return self._symbolic_call(args, kwargs)
        if not self.built and not self._overrides_build() and any(not layer.built for layer in self._layers):
            self._build_by_running_call(args, kwargs)
        if _tree.is_nested(first):  # several inputs (merge layers, functional models): built from their shapes
            if not self.built:
                self._build_from_shape(_tree.map_structure(lambda t: None if t is None else _shape_of(t), first))
        elif self.built:
            _assert_input_compatibility(self.input_spec, first, self.name)
        else:
            self._build_from_shape(_shape_of(first))
            _assert_input_compatibility(self.input_spec, first, self.name)
        # training: explicit argument, else the outer call's, else the call signature's default
        training = kwargs.get("training")
        if self._call_has_training_arg:
            if training is None:
                if _call_context.training and _call_context.training[-1] is not None:
                    training = _call_context.training[-1]
                else:
                    default = inspect.signature(self.call).parameters["training"].default
                    training = None if default is inspect.Parameter.empty else default
            kwargs["training"] = training
        else:
            kwargs.pop("training", None)
        outer = _call_context.training[-1] if _call_context.training else None
        if not _call_context.training:  # Keras: an outermost call starts a new call context
            self._clear_losses()
        _call_context.training.append(training if training is not None else outer)
        try:
            with self._open_name_scope():
                out = _with_argument_info(self.call, f"{type(self).__name__}.call()")(*args, **kwargs)
            if self.activity_regularizer is not None:
                self._add_activity_losses(out)
        finally:
            _call_context.training.pop()
        self._called = True
        return out

    def _build_by_running_call(self, args: tuple, kwargs: dict) -> None:
        """Keras: Layer._maybe_build. A layer without its own `build` whose sublayers are not all built is first
        built by running `call` symbolically (compute_output_spec: a scratch graph in a StatelessScope, so variable
        writes there are dropped). An error there is dropped too when the call is eager, and the eager call builds
        what is left. So `call` runs twice on a subclassed model's first call (a `print` in it prints twice), and a
        variable the scratch run created stays tracked even when the run failed after creating it."""
        from tfshim.framework import func_graph

        global _stateless_depth
        _stateless_depth += 1
        try:
            with func_graph.tracing(func_graph.FuncGraph("scratch_graph", False)), self._open_name_scope():
                self.call(*args, **kwargs)
        except Exception:
            pass
        finally:
            _stateless_depth -= 1

    def _add_activity_losses(self, outputs: Any) -> None:
        """Keras: the activity regularizer's penalty on each output, divided by its batch size."""
        tf = _tf()
        for output in _tree.flatten(outputs):
            if isinstance(output, tf.Tensor):
                loss = tf.convert_to_tensor(self.activity_regularizer(output))
                if output.shape.rank:
                    loss = tf.math.divide_no_nan(loss, tf.cast(tf.shape(output)[0], loss.dtype))
                self.add_loss(loss)

    def _symbolic_call(self, args: tuple, kwargs: dict) -> Any:
        """Keras' symbolic call on KerasTensors: the output spec from `compute_output_shape` (or, where a layer
        does not define it, from running `call` on zeros, as Keras' compute_output_spec traces it), and a node
        linking inputs to outputs for the Functional API."""
        first = args[0]
        shapes = _tree.map_structure(lambda t: t.shape if isinstance(t, KerasTensor) else None, first)
        if not self.built:
            self._build_from_shape(shapes)
        if isinstance(first, KerasTensor):
            _assert_input_compatibility(self.input_spec, first, self.name)
        try:
            if type(self).compute_output_shape is Layer.compute_output_shape:
                raise NotImplementedError
            out_shapes = self.compute_output_shape(shapes)
            dtype = self.compute_dtype
            specs = _tree.map_structure(lambda s: _Spec(tuple(s), dtype), _as_shape_structure(out_shapes))
        except NotImplementedError:
            specs = compute_output_spec(self, args, kwargs)
        outputs = _tree.map_structure(lambda spec: KerasTensor(spec.shape, spec.dtype), specs)
        flat = _tree.flatten(outputs)
        node_index = len(self._inbound_nodes)
        for i, t in enumerate(flat):
            t._keras_history = (self, node_index, i)
        self._inbound_nodes.append(Node(self, args, kwargs, outputs))
        if len(flat) == 1:
            self._output_shape = flat[0].shape
        return outputs

    # ---- configs (Keras 3 serialization) ------------------------------------------------------
    def get_config(self) -> dict:
        """Keras: name, trainable, dtype and the constructor's arguments."""
        from tfshim.keras.saving.serialization_lib import layer_config

        return layer_config(self)

    @classmethod
    def from_config(cls, config: dict) -> Any:
        from tfshim.keras.saving.serialization_lib import layer_from_config

        return layer_from_config(cls, config)

    def get_build_config(self) -> Any:
        if self._build_shapes_dict:
            return {k: list(v) if isinstance(v, tuple) else v for k, v in self._build_shapes_dict.items()}
        return None

    def __repr__(self) -> str:
        return f"<{self.__class__.__name__} name={self.name}, built={self.built}>"


def _as_shape_structure(shapes: Any) -> Any:
    """compute_output_shape returns a tuple (one output) or a list/dict of tuples (several)."""
    if isinstance(shapes, tuple) and all(d is None or isinstance(d, int) for d in shapes):
        return _Shape(shapes)
    if isinstance(shapes, list) and all(d is None or isinstance(d, int) for d in shapes):
        return _Shape(tuple(shapes))
    if isinstance(shapes, dict):
        return {k: _as_shape_structure(v) for k, v in shapes.items()}
    return [_as_shape_structure(v) for v in shapes]


class _Shape:
    """A shape held as one leaf of a structure (a tuple would be walked into)."""

    def __init__(self, dims: tuple) -> None:
        self.dims = dims

    def __iter__(self) -> Any:
        return iter(self.dims)


class _Spec:
    def __init__(self, shape: tuple, dtype: str) -> None:
        self.shape = shape
        self.dtype = dtype


class Node:
    """Keras: a call of a layer on KerasTensors (the Functional API's graph edge)."""

    def __init__(self, layer: Layer, args: tuple, kwargs: dict, outputs: Any) -> None:
        self.operation = layer
        self.arguments = (args, kwargs)
        self.outputs = outputs
        self.input_tensors = [t for t in _tree.flatten((args, kwargs)) if isinstance(t, KerasTensor)]

    @property
    def is_input(self) -> bool:
        return not self.input_tensors and isinstance(self.operation, InputLayer)

    @property
    def parent_nodes(self) -> list:
        nodes = []
        for t in self.input_tensors:
            layer, node_index, _ = t._keras_history
            nodes.append(layer._inbound_nodes[node_index])
        return nodes


def compute_output_spec(layer: Layer, args: tuple, kwargs: dict) -> Any:
    """Runs `layer.call` eagerly on zeros to learn its outputs' shapes and dtypes: unknown dimensions are
    filled with two different sizes and reported as None where the outputs differ (Keras traces `call`
    symbolically instead)."""
    tf = _tf()

    def run(fill: int) -> Any:
        def concrete(v: Any) -> Any:
            if isinstance(v, KerasTensor):
                return tf.zeros([fill if d is None else d for d in v.shape], dtype=v.dtype)
            return v

        call_args = _tree.map_structure(concrete, args)
        call_kwargs = _tree.map_structure(concrete, kwargs)
        if layer._call_has_training_arg and call_kwargs.get("training") is None:
            call_kwargs["training"] = False
        _call_context.training.append(call_kwargs.get("training"))
        try:
            with layer._open_name_scope():
                return layer.call(*call_args, **call_kwargs)
        finally:
            _call_context.training.pop()

    first, second = run(2), run(3)

    def spec(a: Any, b: Any) -> _Spec:
        shape = tuple(None if da != db else da for da, db in zip(_shape_of(a), _shape_of(b)))
        return _Spec(shape, standardize_dtype(a.dtype))

    return _tree.map_structure(spec, first, second)


def _format_argument(value: Any) -> str:
    tf = _tf()
    if isinstance(value, (tf.Tensor, tf.Variable)):
        return f"tf.Tensor(shape={value.shape}, dtype={standardize_dtype(value.dtype)})"
    return repr(value)


def _with_argument_info(fn: Any, object_name: str) -> Any:
    """Keras: traceback_utils.inject_argument_info_in_traceback. An exception raised by a layer's `call` is raised
    again, same class, with the arguments the call received; only the innermost failing call adds them."""

    def error_handler(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except Exception as e:
            if hasattr(e, "_keras_call_info_injected"):
                raise
            signature = inspect.signature(fn)
            try:
                bound = signature.bind(*args, **kwargs)
            except TypeError:
                raise e from None
            context = []
            for arg in signature.parameters.values():
                if arg.name in bound.arguments:
                    value = _tree.map_structure(_format_argument, bound.arguments[arg.name])
                else:
                    value = arg.default
                context.append(f"  \u2022 {arg.name}={value}")
            if not context:
                raise
            tf = _tf()
            if isinstance(e, tf.errors.OpError):
                message = e.message
            else:
                message = e.args[0] if e.args else ""
            message = (f"Exception encountered when calling {object_name}.\n\n\x1b[1m{message}\x1b[0m\n\n"
                       f"Arguments received by {object_name}:\n" + "\n".join(context))
            if isinstance(e, tf.errors.OpError):
                new_e: Exception = e.__class__(e.node_def, e.op, message, e.error_code)
            else:
                try:
                    new_e = e.__class__(message)
                except TypeError:
                    new_e = RuntimeError(message)
            new_e._keras_call_info_injected = True  # type: ignore[attr-defined]
            raise new_e.with_traceback(e.__traceback__) from None

    return error_handler


class InputLayer(Layer):
    """Keras: InputLayer (what `Input` creates; Sequential keeps it out of `.layers`)."""

    def __init__(self, shape: Any = None, batch_size: Any = None, dtype: Any = None, batch_shape: Any = None,
                 name: str | None = None, **kwargs: Any) -> None:
        for key in ("sparse", "ragged", "optional", "input_tensor"):
            kwargs.pop(key, None)
        super().__init__(name=name or auto_name("input_layer"), dtype=dtype)
        if batch_shape is None:
            batch_shape = (batch_size,) + tuple(shape)
        self.batch_shape = tuple(batch_shape)
        self.output = KerasTensor(self.batch_shape, self._dtype, name=self.name)
        self.output._keras_history = (self, 0, 0)
        self._inbound_nodes.append(Node(self, (), {}, self.output))
        self.built = True

    def call(self, inputs: Any) -> Any:
        return inputs


def Input(shape: Any = None, batch_size: Any = None, dtype: Any = None, batch_shape: Any = None,  # noqa: N802
          name: str | None = None, **kwargs: Any) -> KerasTensor:
    """Keras: keras.Input — a KerasTensor of shape `(batch_size, *shape)`."""
    layer = InputLayer(shape=shape, batch_size=batch_size, dtype=dtype, batch_shape=batch_shape, name=name)
    return layer.output


class Dense(Layer):
    """Keras: Dense. `matmul(inputs, kernel) + bias` then the activation (tf.nn.bias_add as Keras's add)."""

    def __init__(self, units: int, activation: Any = None, use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform", bias_initializer: Any = "zeros",
                 kernel_regularizer: Any = None, bias_regularizer: Any = None, activity_regularizer: Any = None,
                 kernel_constraint: Any = None, bias_constraint: Any = None, quantization_config: Any = None,
                 **kwargs: Any) -> None:
        if quantization_config is not None:
            raise NotImplementedError("tfshim: keras.layers.Dense(quantization_config=...) is not implemented")
        self.quantization_config = None
        if not isinstance(units, int) or units <= 0:
            raise ValueError("Received an invalid value for `units`, expected a positive integer. "
                             f"Received: units={units}")
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.units = units
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = kernel_constraint
        self.bias_constraint = bias_constraint
        self.input_spec = InputSpec(min_ndim=2)
        self.supports_masking = True

    def build(self, input_shape: Any) -> None:
        kernel_shape = (input_shape[-1], self.units)
        self._kernel = self.add_weight(name="kernel", shape=kernel_shape, initializer=self.kernel_initializer,
                                       regularizer=self.kernel_regularizer, constraint=self.kernel_constraint)
        if self.use_bias:
            self.bias = self.add_weight(name="bias", shape=(self.units,), initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer, constraint=self.bias_constraint)
        else:
            self.bias = None
        self.input_spec = InputSpec(min_ndim=2, axes={-1: input_shape[-1]})
        self.built = True

    @property
    def kernel(self) -> Any:
        if not self.built:
            raise AttributeError("You must build the layer before accessing `kernel`.")
        return self._kernel

    def call(self, inputs: Any, training: Any = None) -> Any:
        tf = _tf()
        if not inputs.dtype.is_floating:  # Keras' matmul promotes: integers and bools to the kernel's float type
            inputs = tf.cast(inputs, self.kernel.dtype)
        if inputs.shape.rank == 2:
            x = tf.matmul(inputs, self.kernel)
        else:
            x = tf.tensordot(inputs, self.kernel, [[inputs.shape.rank - 1], [0]])
        if self.bias is not None:
            x = tf.nn.bias_add(x, self.bias)
        if self.activation is not None:
            x = self.activation(x)
        return x

    def compute_output_shape(self, input_shape: Any) -> tuple:
        out = list(input_shape)
        out[-1] = self.units
        return tuple(out)


class Flatten(Layer):
    """Keras: Flatten — reshape to (batch, prod(other dims))."""

    def __init__(self, data_format: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.data_format = data_format or "channels_last"
        self._channels_first = self.data_format == "channels_first"
        self._build_at_init()

    def call(self, inputs: Any) -> Any:
        tf = _tf()
        shape = _shape_of(inputs)
        rank = len(shape)
        if self._channels_first and rank > 1:
            inputs = tf.transpose(inputs, perm=(0, *range(2, rank), 1))
        non_batch = shape[1:]
        flat = 1 if len(non_batch) == 0 else math.prod(non_batch)
        return tf.reshape(inputs, (shape[0], flat))

    def compute_output_shape(self, input_shape: Any) -> tuple:
        non_batch = input_shape[1:]
        if len(non_batch) == 0:
            flat: Any = 1
        elif any(d is None for d in non_batch):
            flat = None
        else:
            flat = math.prod(non_batch)
        return (input_shape[0], flat)


class SeedGenerator:
    """Keras: keras.random.SeedGenerator — a `[seed, counter]` int64 state variable."""

    def __init__(self, seed: Any = None, name: str | None = None) -> None:
        self.name = name or auto_name("SeedGenerator")
        self._initial_seed = seed
        if seed is None:
            seed = initializers.make_default_seed()
        if not isinstance(seed, int):
            raise ValueError(f"Argument `seed` must be an integer. Received: seed={seed}")
        with name_scope(self.name, caller=self):
            self.state = Variable(np.array([seed, 0], dtype=np.int64), shape=(2,), dtype="int64", trainable=False,
                                  name="seed_generator_state")

    def next(self, ordered: bool = True) -> Any:
        value = self.state.value() * 1
        if ordered:
            self.state.assign(self.state.value() + np.array([0, 1], dtype=np.int64))
        else:
            self.state.assign((self.state.value() + 1) * 5387 % 933199)
        return value


def _stateless_dropout(x: Any, rate: float, noise_shape: Any, seed: Any) -> Any:
    """TF's tf.nn.experimental.stateless_dropout op for op (nn_ops._dropout with stateless_random_uniform):
    `where(uniform >= rate, x * (1 / (1 - rate)), 0)`. tfshim's tf.nn does not export it yet."""
    tf = _tf()
    ret = tf.multiply(x, tf.convert_to_tensor(1 / (1 - rate), dtype=x.dtype))
    random_tensor = tf.random.stateless_uniform(noise_shape, seed=seed, dtype=x.dtype)
    keep_mask = random_tensor >= rate
    return tf.where(keep_mask, ret, tf.constant(0, dtype=x.dtype))


class Dropout(Layer):
    """Keras: Dropout. Only active with `training=True`; draws from a SeedGenerator through
    `tf.nn.experimental.stateless_dropout`, as Keras's TF backend does."""

    def __init__(self, rate: float, noise_shape: Any = None, seed: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if not 0 <= rate <= 1:
            raise ValueError("Invalid value received for argument `rate`. Expected a float value between 0 and 1. "
                             f"Received: rate={rate}")
        self.rate = rate
        self.seed = seed
        self.noise_shape = noise_shape
        if rate > 0:
            self.seed_generator = SeedGenerator(seed)
            self._seed_generators.append(self.seed_generator)
        self.supports_masking = True
        self._build_at_init()

    def call(self, inputs: Any, training: bool = False) -> Any:
        if training and self.rate > 0:
            tf = _tf()
            if self.rate == 1.0:
                return tf.zeros_like(inputs)
            seed = tf.cast(tf.math.floormod(self.seed_generator.next(), 2**31 - 2), tf.int32)
            shape = tf.shape(inputs) if self.noise_shape is None else [
                inputs.shape[i] if d is None else d for i, d in enumerate(self.noise_shape)]
            return _stateless_dropout(inputs, self.rate, shape, seed)
        return inputs

    def compute_output_shape(self, input_shape: Any) -> tuple:
        return tuple(input_shape)


class ReLU(Layer):
    def __init__(self, max_value: Any = None, negative_slope: float = 0.0, threshold: float = 0.0,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if max_value is not None and max_value < 0.0:
            raise ValueError(f"max_value of a ReLU layer cannot be a negative value. Received: max_value={max_value}")
        if negative_slope is None or negative_slope < 0.0:
            raise ValueError("negative_slope of a ReLU layer cannot be None or a negative value. "
                             f"Received: negative_slope={negative_slope}")
        if threshold is None or threshold < 0.0:
            raise ValueError("threshold of a ReLU layer cannot be None or a negative value. "
                             f"Received: threshold={threshold}")
        self.max_value, self.negative_slope, self.threshold = max_value, negative_slope, threshold
        self.supports_masking = True
        self._build_at_init()

    def call(self, inputs: Any) -> Any:
        return activations.relu(inputs, negative_slope=self.negative_slope, max_value=self.max_value,
                                threshold=self.threshold)

    def compute_output_shape(self, input_shape: Any) -> tuple:
        return tuple(input_shape)


class Softmax(Layer):
    def __init__(self, axis: int = -1, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.axis = axis
        self.supports_masking = True
        self._build_at_init()

    def call(self, inputs: Any, mask: Any = None) -> Any:
        if isinstance(self.axis, (tuple, list)):  # Keras: several axes by logsumexp, one by softmax
            if len(self.axis) > 1:
                tf = _tf()
                return tf.exp(inputs - tf.math.reduce_logsumexp(inputs, axis=self.axis, keepdims=True))
            return activations.softmax(inputs, axis=self.axis[0])
        return activations.softmax(inputs, axis=self.axis)

    def compute_output_shape(self, input_shape: Any) -> tuple:
        return tuple(input_shape)


class Activation(Layer):
    def __init__(self, activation: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.supports_masking = True
        self.activation = activations.get(activation)
        self._build_at_init()

    def call(self, inputs: Any) -> Any:
        return self.activation(inputs)

    def compute_output_shape(self, input_shape: Any) -> tuple:
        return tuple(input_shape)


__all__ = ["Layer", "InputLayer", "Input", "InputSpec", "Dense", "Flatten", "Dropout", "ReLU", "Softmax", "Node",
           "Activation", "KerasTensor", "floatx"]
