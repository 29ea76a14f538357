"""Keras 3's Trainer (keras/src/trainers/trainer.py with the TF backend's backend/tensorflow/trainer.py):
`compile`, `fit`, `evaluate`, `predict`, the `*_on_batch` methods and the overridable steps.

tfshim runs every step eagerly: `run_eagerly` and `jit_compile` are recorded (and reported back as Keras
resolves them: "auto" is False on a CPU-only machine) but change nothing. Keras on TF traces the steps
with tf.function; a Python side effect in an overridden `train_step` (a `print`) therefore runs once per
trace under TF and once per batch here.
"""

from __future__ import annotations

import inspect
import warnings
from typing import Any

import numpy as np

from tfshim.keras import _tree
from tfshim.keras import metrics as metrics_module
from tfshim.keras import optimizers as optimizers_module
from tfshim.keras.callbacks.callback_list import CallbackList, pythonify_logs
from tfshim.keras.trainers import compile_utils
from tfshim.keras.trainers.compile_utils import CompileLoss, CompileMetrics
from tfshim.keras.trainers.data_adapters import (
    EpochIterator,
    class_weight_to_sample_weights,
    train_validation_split,
    unpack_x_y_sample_weight,
)


def _tf() -> Any:
    import tfshim

    return tfshim


def _batch_size_of(x: Any) -> Any:
    tf = _tf()
    first = next(i for i in _tree.flatten(x) if i is not None)
    return tf.shape(first)[0]


class Trainer:
    """The training half of keras.Model."""

    def _init_trainer(self) -> None:
        self._run_eagerly = False
        self._jit_compile: Any = None
        self.compiled = False
        self.loss: Any = None
        self.steps_per_execution = 1
        self._initial_epoch: Any = None
        self._compute_loss_has_training_arg = "training" in inspect.signature(self.compute_loss).parameters
        self._compile_loss: Any = None
        self._compile_metrics: Any = None
        self._loss_tracker: Any = None
        self._metrics: list = []
        self.stop_training = False
        self.stop_evaluating = False
        self.stop_predicting = False
        self.train_function: Any = None
        self.test_function: Any = None
        self.predict_function: Any = None
        self.history: Any = None
        self._in_data_loop = False

    # ---- compile ----------------------------------------------------------------------------
    def compile(self, optimizer: Any = "rmsprop", loss: Any = None, loss_weights: Any = None, metrics: Any = None,
                weighted_metrics: Any = None, run_eagerly: bool = False, steps_per_execution: int = 1,
                jit_compile: Any = "auto", auto_scale_loss: bool = True) -> None:
        """Keras: Model.compile. Strings name optimizers ("adam"), losses ("mse") and metrics ("accuracy")."""
        self.optimizer = optimizers_module.get(optimizer)
        output_names = getattr(self, "output_names", None)
        if loss is not None:
            self._compile_loss = CompileLoss(loss, loss_weights, output_names=output_names)
            self.loss = loss
        if metrics is not None or weighted_metrics is not None:
            self._compile_metrics = CompileMetrics(metrics, weighted_metrics, output_names=output_names)
        if jit_compile == "auto":
            jit_compile = False  # Keras: "auto" is False without an accelerator
        if jit_compile and run_eagerly:
            jit_compile = False
            warnings.warn("If `run_eagerly` is True, then `jit_compile` cannot also be True. Disabling "
                          "`jit_compile`.", stacklevel=2)
        self._jit_compile = jit_compile
        self._run_eagerly = run_eagerly
        self.stop_training = False
        self.compiled = True
        self._loss_tracker = metrics_module.Mean(name="loss")
        self.steps_per_execution = steps_per_execution
        self.train_function = self.test_function = self.predict_function = None
        self._compile_config = {"optimizer": optimizer, "loss": loss, "loss_weights": loss_weights,
                                "metrics": metrics, "weighted_metrics": weighted_metrics,
                                "run_eagerly": run_eagerly, "steps_per_execution": steps_per_execution,
                                "jit_compile": jit_compile}

    @property
    def jit_compile(self) -> Any:
        return bool(self._jit_compile)

    @jit_compile.setter
    def jit_compile(self, value: Any) -> None:
        self._jit_compile = value

    @property
    def run_eagerly(self) -> bool:
        return self._run_eagerly

    @run_eagerly.setter
    def run_eagerly(self, value: bool) -> None:
        self._run_eagerly = value

    # ---- metrics ----------------------------------------------------------------------------
    @property
    def metrics(self) -> list:
        """Keras: the loss tracker, the compiled metrics, per-output loss metrics, then tracked metrics."""
        out: list = []
        if self.compiled:
            if self._loss_tracker is not None:
                out.append(self._loss_tracker)
            if self._compile_metrics is not None:
                out.append(self._compile_metrics)
            if self._compile_loss is not None:
                out.extend(self._compile_loss.metrics)
        out.extend(self._metrics)
        for layer in self._flatten_layers(include_self=False):
            if not isinstance(layer, Trainer):
                out.extend(getattr(layer, "_metrics", []))
        return out

    @property
    def metrics_names(self) -> list:
        return [m.name for m in self.metrics]

    @property
    def metrics_variables(self) -> list:
        return [v for m in self.metrics for v in m.variables]

    def reset_metrics(self) -> None:
        for m in self.metrics:
            m.reset_state()

    # ---- steps ------------------------------------------------------------------------------
    def compute_loss(self, x: Any = None, y: Any = None, y_pred: Any = None, sample_weight: Any = None,
                     training: bool = True) -> Any:
        """Keras: the compiled loss plus the layers' added losses (`self.losses`), summed."""
        tf = _tf()
        losses = []
        if self._compile_loss is not None:
            loss = self._compile_loss(y, y_pred, sample_weight)
            if loss is not None:
                losses.append(loss)
        for loss in self.losses:
            loss = tf.convert_to_tensor(loss)
            if not loss.dtype.is_floating:
                loss = tf.cast(loss, "float32")
            losses.append(tf.reduce_sum(loss))
        if not losses:
            raise ValueError("No loss to compute. Provide a `loss` argument in `compile()`.")
        if len(losses) == 1:
            return losses[0]
        return tf.reduce_sum(tf.stack(losses))

    def _compute_loss(self, x: Any = None, y: Any = None, y_pred: Any = None, sample_weight: Any = None,
                      training: bool = True) -> Any:
        if self._compute_loss_has_training_arg:
            return self.compute_loss(x, y, y_pred, sample_weight, training=training)
        return self.compute_loss(x, y, y_pred, sample_weight)

    def compute_metrics(self, x: Any, y: Any, y_pred: Any, sample_weight: Any = None) -> dict:
        if self._compile_metrics is not None:
            self._compile_metrics.update_state(y, y_pred, sample_weight)
        return self.get_metrics_result()

    def get_metrics_result(self) -> dict:
        out: dict = {}
        for metric in self.metrics:
            result = metric.result()
            if isinstance(result, dict):
                out.update(result)
            else:
                out[metric.name] = result
        return out

    def _call_model(self, x: Any, training: bool) -> Any:
        if self._call_has_training_arg:
            return self(x, training=training)
        return self(x)

    def train_step(self, data: Any) -> Any:
        """Keras: forward pass under a GradientTape, loss, one optimizer step, metrics."""
        tf = _tf()
        x, y, sample_weight = unpack_x_y_sample_weight(data)
        with tf.GradientTape() as tape:
            y_pred = self._call_model(x, training=True)
            loss = self._compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sample_weight, training=True)
            self._loss_tracker.update_state(loss, sample_weight=_batch_size_of(x))
        if self.trainable_weights:
            trainable_weights = self.trainable_weights
            gradients = tape.gradient(loss, trainable_weights)
            self.optimizer.apply_gradients(zip(gradients, trainable_weights))
        else:
            warnings.warn("The model does not have any trainable weights.", stacklevel=2)
        return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)

    def test_step(self, data: Any) -> Any:
        x, y, sample_weight = unpack_x_y_sample_weight(data)
        y_pred = self._call_model(x, training=False)
        loss = self._compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sample_weight, training=False)
        self._loss_tracker.update_state(loss, sample_weight=_batch_size_of(x))
        return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)

    def predict_step(self, data: Any) -> Any:
        x, _, _ = unpack_x_y_sample_weight(data)
        return self._call_model(x, training=False)

    def _make_function(self, step_function: Any) -> Any:
        """Keras traces each step with tf.function. In fit/evaluate the batches come from a tf.data pipeline
        whose batch dimension is unknown, so code reading static shapes sees None there (the per-output loss
        metrics are then plain means over batches instead of weighted by batch size); `train_on_batch`
        traces with the first batch's exact shapes (reduce_retracing: other shapes get a relaxed retrace).
        With run_eagerly=True shapes are always known. The steps record which case applies."""
        if self.run_eagerly:
            return step_function
        first: list = []

        def function(data: Any) -> Any:
            signature = [tuple(t.shape) for t in _tree.flatten(data) if hasattr(t, "shape")]
            if not first:
                first.append(signature)
            previous = compile_utils.STATIC_SHAPES.known
            compile_utils.STATIC_SHAPES.known = not self._in_data_loop and signature == first[0]
            try:
                return step_function(data)
            finally:
                compile_utils.STATIC_SHAPES.known = previous

        return function

    def make_train_function(self, force: bool = False) -> Any:
        if self.train_function is None or force:
            self.train_function = self._make_function(self.train_step)
        return self.train_function

    def make_test_function(self, force: bool = False) -> Any:
        if self.test_function is None or force:
            self.test_function = self._make_function(self.test_step)
        return self.test_function

    def make_predict_function(self, force: bool = False) -> Any:
        if self.predict_function is None or force:
            self.predict_function = self.predict_step
        return self.predict_function

    # ---- the loops --------------------------------------------------------------------------
    def _assert_compile_called(self, method_name: str) -> None:
        if not self.compiled:
            raise ValueError("You must call `compile()` before using the model.")

    def fit(self, x: Any = None, y: Any = None, batch_size: Any = None, epochs: int = 1, verbose: Any = "auto",
            callbacks: Any = None, validation_split: float = 0.0, validation_data: Any = None, shuffle: Any = True,
            class_weight: Any = None, sample_weight: Any = None, initial_epoch: int = 0, steps_per_epoch: Any = None,
            validation_steps: Any = None, validation_batch_size: Any = None, validation_freq: Any = 1) -> Any:
        """Keras: Model.fit. Returns the History callback."""
        self._assert_compile_called("fit")
        self._eval_epoch_iterator: Any = None
        if validation_split and validation_data is None:
            (x, y, sample_weight), validation_data = train_validation_split((x, y, sample_weight),
                                                                            validation_split=validation_split)
        epoch_iterator = EpochIterator(x=x, y=y, sample_weight=sample_weight, batch_size=batch_size,
                                       steps_per_epoch=steps_per_epoch, shuffle=shuffle, class_weight=class_weight)
        epoch_iterator.reset()
        if not isinstance(callbacks, CallbackList):
            callbacks = CallbackList(callbacks, add_history=True, add_progbar=verbose != 0, verbose=verbose,
                                     epochs=epochs, steps=epoch_iterator.num_batches, model=self)
        self.stop_training = False
        train_function = self.make_train_function()
        callbacks.on_train_begin()
        initial_epoch = self._initial_epoch or initial_epoch
        self._in_data_loop = True
        try:
            training_logs, logs = self._fit_epochs(epoch_iterator, callbacks, initial_epoch, epochs, train_function,
                                                   validation_data, validation_freq, validation_batch_size,
                                                   validation_steps, batch_size)
        finally:
            self._in_data_loop = False
            self._eval_epoch_iterator = None
        callbacks.on_train_end(logs=training_logs)
        return self.history

    def _fit_epochs(self, epoch_iterator: Any, callbacks: Any, initial_epoch: int, epochs: int, train_function: Any,
                    validation_data: Any, validation_freq: Any, validation_batch_size: Any, validation_steps: Any,
                    batch_size: Any) -> tuple:
        training_logs = None
        logs: Any = {}
        if validation_data is not None:
            val_x, val_y, val_sample_weight = unpack_x_y_sample_weight(validation_data)
        for epoch in range(initial_epoch, epochs):
            self.reset_metrics()
            callbacks.on_epoch_begin(epoch)
            for step, data in epoch_iterator:
                callbacks.on_train_batch_begin(step)
                logs = train_function(data)
                callbacks.on_train_batch_end(step, logs)
                if self.stop_training:
                    break
            epoch_logs = dict(self._get_metrics_result_or_logs(logs))
            if validation_data is not None and self._should_eval(epoch, validation_freq):
                if self._eval_epoch_iterator is None:
                    self._eval_epoch_iterator = EpochIterator(
                        x=val_x, y=val_y, sample_weight=val_sample_weight,
                        batch_size=validation_batch_size or batch_size, steps_per_epoch=validation_steps,
                        shuffle=False)
                val_logs = self.evaluate(x=val_x, y=val_y, sample_weight=val_sample_weight,
                                         batch_size=validation_batch_size or batch_size, steps=validation_steps,
                                         callbacks=callbacks, return_dict=True, _use_cached_eval_dataset=True)
                epoch_logs.update({f"val_{name}": val for name, val in val_logs.items()})
            callbacks.on_epoch_end(epoch, epoch_logs)
            training_logs = epoch_logs
            if self.stop_training:
                break
        return training_logs, logs

    def evaluate(self, x: Any = None, y: Any = None, batch_size: Any = None, verbose: Any = "auto",
                 sample_weight: Any = None, steps: Any = None, callbacks: Any = None, return_dict: bool = False,
                 **kwargs: Any) -> Any:
        """Keras: Model.evaluate. The loss (and metrics, in `metrics_names` order), or a dict."""
        self._assert_compile_called("evaluate")
        use_cached = kwargs.pop("_use_cached_eval_dataset", False)
        if kwargs:
            raise ValueError(f"Arguments not recognized: {kwargs}")
        if use_cached:
            epoch_iterator = self._eval_epoch_iterator
        else:
            epoch_iterator = EpochIterator(x=x, y=y, sample_weight=sample_weight, batch_size=batch_size,
                                           steps_per_epoch=steps, shuffle=False)
        epoch_iterator.reset()
        if not isinstance(callbacks, CallbackList):
            callbacks = CallbackList(callbacks, add_progbar=verbose != 0, verbose=verbose, epochs=1,
                                     steps=epoch_iterator.num_batches, model=self)
        test_function = self.make_test_function()
        self.stop_evaluating = False
        callbacks.on_test_begin()
        logs: Any = {}
        self.reset_metrics()
        outer = self._in_data_loop
        self._in_data_loop = True
        try:
            for step, data in epoch_iterator:
                callbacks.on_test_batch_begin(step)
                logs = test_function(data)
                callbacks.on_test_batch_end(step, logs)
                if self.stop_evaluating:
                    break
        finally:
            self._in_data_loop = outer
        logs = pythonify_logs(self._get_metrics_result_or_logs(logs))
        callbacks.on_test_end(logs)
        if return_dict:
            return logs
        return self._flatten_metrics_in_order(logs)

    def predict(self, x: Any, batch_size: Any = None, verbose: Any = "auto", steps: Any = None,
                callbacks: Any = None) -> Any:
        """Keras: Model.predict. The outputs of all batches, concatenated, as NumPy arrays."""
        tf = _tf()
        epoch_iterator = EpochIterator(x=x, batch_size=batch_size, steps_per_epoch=steps, shuffle=False)
        if not isinstance(callbacks, CallbackList):
            callbacks = CallbackList(callbacks, add_progbar=verbose != 0, verbose=verbose, epochs=1,
                                     steps=epoch_iterator.num_batches, model=self)
        predict_function = self.make_predict_function()
        self.stop_predicting = False
        callbacks.on_predict_begin()
        outputs: Any = None
        batch_outputs: Any = None
        for step, data in epoch_iterator:
            callbacks.on_predict_batch_begin(step)
            batch_outputs = predict_function(data)
            if outputs is None:
                outputs = _tree.map_structure(lambda b: [b], batch_outputs)
            else:
                _append_batch(outputs, batch_outputs)
            callbacks.on_predict_batch_end(step, {"outputs": batch_outputs})
            if self.stop_predicting:
                break
        callbacks.on_predict_end()
        if outputs is None:
            raise ValueError("Unexpected result of `predict_function` (Empty batch_outputs). Please use "
                             "`Model.compile(..., run_eagerly=True)`, or `tf.config.run_functions_eagerly(True)` "
                             "for more information of where went wrong, or file a issue/bug to `tf.keras`.")
        concat = _tree.map_structure_up_to(batch_outputs, lambda parts: tf.concat(parts, axis=0), outputs)
        return _tree.map_structure(lambda t: np.asarray(t), concat)

    def train_on_batch(self, x: Any, y: Any = None, sample_weight: Any = None, class_weight: Any = None,
                       return_dict: bool = False) -> Any:
        self._assert_compile_called("train_on_batch")
        if class_weight is not None:
            if sample_weight is not None:
                raise ValueError("Arguments `sample_weight` and `class_weight` cannot be specified at the same "
                                 f"time. Received: sample_weight={sample_weight}, class_weight={class_weight}")
            sample_weight = class_weight_to_sample_weights(y, class_weight)
        self.reset_metrics()
        logs = pythonify_logs(self.make_train_function()(_batch(x, y, sample_weight)))
        return logs if return_dict else self._flatten_metrics_in_order(logs)

    def test_on_batch(self, x: Any, y: Any = None, sample_weight: Any = None, return_dict: bool = False) -> Any:
        self._assert_compile_called("test_on_batch")
        self.reset_metrics()
        logs = pythonify_logs(self.make_test_function()(_batch(x, y, sample_weight)))
        return logs if return_dict else self._flatten_metrics_in_order(logs)

    def predict_on_batch(self, x: Any) -> Any:
        outputs = self.make_predict_function()((_batch(x, None, None)[0],))
        return _tree.map_structure(lambda t: np.asarray(t), outputs)

    # ---- Keras 2 compatibility (deprecated in Keras 3, still there) -------------------------------
    @property
    def compiled_metrics(self) -> Any:
        model = self

        class DeprecatedCompiledMetric:
            def update_state(_, y: Any, y_pred: Any, sample_weight: Any = None) -> None:  # noqa: N805
                warnings.warn("`model.compiled_metrics()` is deprecated. Instead, use e.g.:\n```\nfor metric in "
                              "self.metrics:\n    metric.update_state(y, y_pred)\n```\n", stacklevel=2)
                for metric in model.metrics:
                    if isinstance(metric, metrics_module.Mean) and not isinstance(metric, CompileMetrics):
                        metric.update_state(y_pred, sample_weight=sample_weight)
                    else:
                        metric.update_state(y, y_pred, sample_weight=sample_weight)

        return DeprecatedCompiledMetric()

    def compiled_loss(self, y: Any, y_pred: Any, sample_weight: Any = None, regularization_losses: Any = None) -> Any:
        warnings.warn("`model.compiled_loss()` is deprecated. Instead, use `model.compute_loss(x, y, y_pred, "
                      "sample_weight, training)`.", stacklevel=2)
        return self.compute_loss(x=None, y=y, y_pred=y_pred, sample_weight=sample_weight)

    def get_compile_config(self) -> dict:
        return dict(self._compile_config) if self.compiled and hasattr(self, "_compile_config") else {}

    def compile_from_config(self, config: dict) -> None:
        self.compile(**config)

    # ---- helpers ----------------------------------------------------------------------------
    @staticmethod
    def _should_eval(epoch: int, validation_freq: Any) -> bool:
        epoch = epoch + 1
        if isinstance(validation_freq, int):
            return epoch % validation_freq == 0
        if isinstance(validation_freq, list):
            return epoch in validation_freq
        raise ValueError("Expected `validation_freq` to be a list or int. Received: "
                         f"validation_freq={validation_freq} of the type {type(validation_freq)}.")

    def _get_metrics_result_or_logs(self, logs: Any) -> Any:
        """Keras: the metrics' results when `logs` has exactly their names (a custom train_step's dict
        is passed through otherwise)."""
        metric_logs = self.get_metrics_result()
        if isinstance(logs, dict) and set(logs.keys()) == set(metric_logs.keys()):
            return metric_logs
        return logs

    def _flatten_metrics_in_order(self, logs: dict) -> Any:
        names: list = []
        for metric in self.metrics:
            if isinstance(metric, CompileMetrics):
                names += [m.name for m in metric.metrics]
            else:
                names.append(metric.name)
        results = [logs[n] for n in names if n in logs]
        results += [logs[k] for k in sorted(logs) if k not in names]
        return results[0] if len(results) == 1 else results


def _batch(x: Any, y: Any, sample_weight: Any) -> tuple:
    """A batch as Keras's TF backend hands it to a step: arrays become tensors (floats as float32)."""
    from tfshim.keras.trainers.data_adapters import _map_arrays, _to_tensor

    return _map_arrays(_to_tensor, (x, y, sample_weight))


def _append_batch(outputs: Any, batch: Any) -> None:
    """Appends each leaf of `batch` to the list at the same place in `outputs`."""
    if not _tree.is_nested(batch):
        outputs.append(batch)
        return
    for k in (batch if isinstance(batch, dict) else range(len(batch))):
        _append_batch(outputs[k], batch[k])
