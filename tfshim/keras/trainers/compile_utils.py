"""Keras 3's CompileLoss and CompileMetrics (keras/src/trainers/compile_utils.py): what `compile(loss=...,
metrics=...)` turns into, resolved against the first batch's `y_true`/`y_pred` (so "accuracy" becomes binary,
sparse categorical or categorical accuracy from the shapes, as Keras decides).

Outputs may be one tensor, or a flat list/tuple/dict of tensors; losses and metrics then come as one
object for all, a list in output order, or a dict keyed by output name.
"""

from __future__ import annotations

import threading
from typing import Any

from tfshim.keras import _tree
from tfshim.keras import losses as losses_module
from tfshim.keras import metrics as metrics_module
from tfshim.keras._backend import to_snake_case


class _StaticShapes(threading.local):
    """Whether the running step sees static batch shapes (see Trainer._make_function)."""

    known = True


STATIC_SHAPES = _StaticShapes()


def _tf() -> Any:
    import tfshim

    return tfshim


def get_object_name(obj: Any) -> str:
    if hasattr(obj, "name"):
        return obj.name
    if hasattr(obj, "__name__"):
        return to_snake_case(obj.__name__)
    return to_snake_case(obj.__class__.__name__)


def is_binary_or_sparse_categorical(y_true: Any, y_pred: Any) -> tuple:
    y_t_rank, y_p_rank = len(y_true.shape), len(y_pred.shape)
    y_t_last, y_p_last = y_true.shape[-1], y_pred.shape[-1]
    is_binary = y_p_last == 1
    is_sparse = y_t_rank < y_p_rank or y_t_last == 1 and y_p_last > 1
    return is_binary, is_sparse


def get_metric(identifier: Any, y_true: Any, y_pred: Any) -> Any:
    """Keras: "accuracy"/"acc" picks Binary/SparseCategorical/CategoricalAccuracy from the shapes."""
    if identifier is None:
        raise ValueError("Expected metric, received `None`")
    if str(identifier).lower() not in ["accuracy", "acc"]:
        metric_obj = metrics_module.get(identifier)
    else:
        is_binary, is_sparse = is_binary_or_sparse_categorical(y_true, y_pred)
        if is_binary:
            metric_obj = metrics_module.BinaryAccuracy(name=str(identifier))
        elif is_sparse:
            metric_obj = metrics_module.SparseCategoricalAccuracy(name=str(identifier))
        else:
            metric_obj = metrics_module.CategoricalAccuracy(name=str(identifier))
    metric_name = identifier if isinstance(identifier, str) else get_object_name(metric_obj)
    if not isinstance(metric_obj, metrics_module.Metric):
        metric_obj = metrics_module.MeanMetricWrapper(metric_obj)
    metric_obj.name = metric_name
    return metric_obj


class MetricsList(metrics_module.Metric):
    def __init__(self, metrics: list, name: str = "metrics_list", output_name: Any = None) -> None:
        super().__init__(name=name)
        self.metrics = metrics
        self.output_name = output_name

    def update_state(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> None:
        for m in self.metrics:
            m.update_state(y_true, y_pred, sample_weight=sample_weight)

    def reset_state(self) -> None:
        for m in self.metrics:
            m.reset_state()

    def result(self) -> dict:
        return {m.name: m.result() for m in self.metrics}


def get_metrics_list(metrics: Any, y_true: Any, y_pred: Any, output_name: Any = None) -> Any:
    if metrics is None:
        return None
    if not isinstance(metrics, (list, tuple)):
        metrics = [metrics]
    return MetricsList([get_metric(m, y_true, y_pred) for m in metrics], output_name=output_name)


def get_loss(identifier: Any, y_true: Any, y_pred: Any) -> Any:
    """Keras: a loss object; "crossentropy"/"ce" picks the crossentropy from the shapes; plain functions
    are wrapped in a LossFunctionWrapper named after the string or the function."""
    if identifier is None:
        return None
    if str(identifier).lower() not in ["crossentropy", "ce"]:
        loss_obj = losses_module.get(identifier)
    else:
        is_binary, is_sparse = is_binary_or_sparse_categorical(y_true, y_pred)
        if is_binary:
            loss_obj = losses_module.binary_crossentropy
        elif is_sparse:
            loss_obj = losses_module.sparse_categorical_crossentropy
        else:
            loss_obj = losses_module.categorical_crossentropy
    if not isinstance(loss_obj, losses_module.Loss):
        name = identifier if isinstance(identifier, str) else get_object_name(loss_obj)
        loss_obj = losses_module.LossFunctionWrapper(loss_obj, name=name)
    return loss_obj


def _flat_outputs(y: Any, names: Any) -> list:
    if isinstance(y, dict):
        return [y[n] for n in names] if names is not None and set(names) == set(y) else _tree.flatten(y)
    return _tree.flatten(y)


def _resolve_output_names(y_pred: Any, output_names: Any) -> Any:
    if isinstance(y_pred, dict):
        if output_names and set(y_pred) == set(output_names):
            return list(output_names)
        return sorted(y_pred)
    return output_names


def _per_output(spec: Any, num_outputs: int, names: Any, argument: str) -> list:
    """One entry per output from a single object, a list in output order or a dict keyed by output name."""
    if num_outputs == 1:
        if isinstance(spec, dict) and names and set(spec) <= set(names):
            return [spec.get(names[0])]
        return [spec]
    if isinstance(spec, (list, tuple)) and len(spec) == num_outputs:
        return list(spec)
    if isinstance(spec, dict):
        if names and set(spec) <= set(names):
            return [spec.get(n) for n in names]
        raise ValueError(f"Invalid `{argument}`. `{argument}` should contain metrics objects and either be a dict or "
                         f"a list matching the output names of the functional model {names}.\n"
                         f"Received: {argument}={spec}")
    return [spec] * num_outputs


class CompileMetrics(metrics_module.Metric):
    """Keras: the `compile_metrics` entry of `model.metrics`; its result is a dict of the user's metrics."""

    def __init__(self, metrics: Any, weighted_metrics: Any, name: str = "compile_metric",
                 output_names: Any = None) -> None:
        super().__init__(name=name)
        if metrics and not isinstance(metrics, (list, tuple, dict)):
            raise ValueError("Expected `metrics` argument to be a list, tuple, or dict. "
                             f"Received instead: metrics={metrics} of type {type(metrics)}")
        if weighted_metrics and not isinstance(weighted_metrics, (list, tuple, dict)):
            raise ValueError("Expected `weighted_metrics` argument to be a list, tuple, or dict. Received instead: "
                             f"weighted_metrics={weighted_metrics} of type {type(weighted_metrics)}")
        self._user_metrics = metrics
        self._user_weighted_metrics = weighted_metrics
        self.built = False
        self.name = "compile_metrics"
        self.output_names = output_names
        self._flat_metrics: list = []
        self._flat_weighted_metrics: list = []
        self._names: Any = None

    @property
    def metrics(self) -> list:
        if not self.built:
            return []
        out = []
        for m in self._flat_metrics + self._flat_weighted_metrics:
            if isinstance(m, MetricsList):
                out.extend(m.metrics)
            elif m is not None:
                out.append(m)
        return out

    @property
    def variables(self) -> list:
        return [v for m in self.metrics for v in m.variables]

    def build(self, y_true: Any, y_pred: Any) -> None:
        num_outputs = len(_tree.flatten(y_pred))
        names = _resolve_output_names(y_pred, self.output_names)
        self._names = names if num_outputs > 1 else None
        flat_true = _flat_outputs(y_true, names) if _tree.is_nested(y_true) else [y_true] * num_outputs
        flat_pred = _flat_outputs(y_pred, names)
        out_names = names if names and num_outputs > 1 else [None] * num_outputs

        def build_set(spec: Any, argument: str) -> list:
            if not spec:
                return [None] * num_outputs
            if num_outputs == 1:
                return [get_metrics_list(_tree.flatten(spec), flat_true[0], flat_pred[0], None)]
            per = _per_output(spec, num_outputs, names, argument)
            return [get_metrics_list(m, yt, yp, n) for m, yt, yp, n in zip(per, flat_true, flat_pred, out_names)]

        self._flat_metrics = build_set(self._user_metrics, "metrics")
        self._flat_weighted_metrics = build_set(self._user_weighted_metrics, "weighted_metrics")
        self.built = True

    def update_state(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> None:
        if not self.built:
            self.build(y_true, y_pred)
        y_true = _flat_outputs(y_true, self._names)
        y_pred = _flat_outputs(y_pred, self._names)
        for m, y_t, y_p in zip(self._flat_metrics, y_true, y_pred):
            if m:
                m.update_state(y_t, y_p)
        if sample_weight is not None:
            sample_weight = _flat_outputs(sample_weight, self._names)
            if len(sample_weight) < len(y_true):
                sample_weight = [sample_weight[0] for _ in range(len(y_true))]
        else:
            sample_weight = [None] * len(y_true)
        for m, y_t, y_p, s_w in zip(self._flat_weighted_metrics, y_true, y_pred, sample_weight):
            if m:
                m.update_state(y_t, y_p, s_w)

    def reset_state(self) -> None:
        for m in self._flat_metrics + self._flat_weighted_metrics:
            if m:
                m.reset_state()

    def result(self) -> dict:
        if not self.built:
            raise ValueError("Cannot get result() since the metric has not yet been built.")
        results: dict = {}
        counters: dict = {}
        for weighted, group in ((False, self._flat_metrics), (True, self._flat_weighted_metrics)):
            for mls in group:
                if not mls:
                    continue
                for m in mls.metrics:
                    name = f"{mls.output_name}_{m.name}" if mls.output_name else m.name
                    if name not in counters:
                        counters[name] = 1
                    elif not weighted:
                        index = counters[name]
                        counters[name] += 1
                        name = f"{name}_{index}"
                    else:
                        name = f"{mls.output_name}_weighted_{m.name}" if mls.output_name else f"weighted_{m.name}"
                        if name not in counters:
                            counters[name] = 1
                        else:
                            index = counters[name]
                            counters[name] += 1
                            name = f"{name}_{index}"
                    results[name] = m.result()
        return results


class CompileLoss(losses_module.Loss):
    """Keras: the sum of the per-output losses (each times its loss weight); with several outputs each
    loss is also tracked as a `<output>_loss` Mean metric."""

    def __init__(self, loss: Any, loss_weights: Any = None, reduction: str = "sum_over_batch_size",
                 output_names: Any = None) -> None:
        if loss_weights and not isinstance(loss_weights, (list, tuple, dict, float)):
            raise ValueError("Expected `loss_weights` argument to be a float (single output case) or a list, tuple, "
                             f"or dict (multiple output case). Received instead: loss_weights={loss_weights} of type "
                             f"{type(loss_weights)}")
        self._user_loss = loss
        self._user_loss_weights = loss_weights
        self.built = False
        self.output_names = output_names
        super().__init__(name="compile_loss", reduction=reduction)
        self._metrics: list = []
        self._flat_losses: list = []
        self._names: Any = None

    @property
    def metrics(self) -> list:
        return self._metrics

    @property
    def variables(self) -> list:
        return [v for m in self._metrics for v in m.variables]

    def build(self, y_true: Any, y_pred: Any) -> None:
        num_outputs = len(_tree.flatten(y_pred))
        names = _resolve_output_names(y_pred, self.output_names)
        self._names = names
        losses = _per_output(self._user_loss, num_outputs, names, "loss")
        weights = self._user_loss_weights
        if weights is None:
            weights = [None] * num_outputs
        elif num_outputs == 1 and not isinstance(weights, (list, tuple, dict)):
            weights = [weights]
        else:
            weights = _per_output(weights, num_outputs, names, "loss_weights")
            if len(weights) != num_outputs:
                raise ValueError(f"`loss_weights` must match the number of losses, got {num_outputs} losses and "
                                 f"{len(weights)} weights.")
        flat_true = _flat_outputs(y_true, names) if _tree.is_nested(y_true) else [y_true]
        flat_pred = _flat_outputs(y_pred, names)
        self._flat_losses = []
        for i, (spec, weight) in enumerate(zip(losses, weights)):
            if spec is None:
                continue
            fn = get_loss(spec, flat_true[min(i, len(flat_true) - 1)], flat_pred[i])
            name = names[i] if names and num_outputs > 1 else fn.name
            self._flat_losses.append((i, fn, weight, name))
        if len(self._flat_losses) > 1:
            self._metrics = [metrics_module.Mean(name=f"{name}_loss") for _, _, _, name in self._flat_losses]
        self.built = True

    def __call__(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> Any:
        return self.call(y_true, y_pred, sample_weight)

    def call(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> Any:
        tf = _tf()
        if not self.built:
            self.build(y_true, y_pred)
        flat_pred = _flat_outputs(y_pred, self._names)
        if _tree.is_nested(y_true):
            flat_true = _flat_outputs(y_true, self._names)
        else:
            flat_true = [y_true]
        if len(flat_true) != len(flat_pred):
            if len(flat_true) == len(self._flat_losses):  # targets given only for the outputs that have a loss
                by_index = dict(zip([i for i, *_ in self._flat_losses], flat_true))
                flat_true = [by_index.get(i) for i in range(len(flat_pred))]
            else:
                star = lambda s: _tree.map_structure(lambda _: "*", s)  # noqa: E731
                raise ValueError(f"y_true and y_pred have different structures.\ny_true: {star(y_true)}\n"
                                 f"y_pred: {star(y_pred)}\n")
        if sample_weight is not None and _tree.is_nested(sample_weight):
            flat_sw = _flat_outputs(sample_weight, self._names)
        else:
            flat_sw = [sample_weight] * len(flat_pred)
        metrics = self._metrics or [None] * len(self._flat_losses)
        values = []
        for (i, fn, weight, _), metric in zip(self._flat_losses, metrics):
            value = tf.cast(fn(flat_true[i], flat_pred[i], flat_sw[i]), self.dtype)
            if metric is not None:
                batch = flat_pred[i].shape[0] if STATIC_SHAPES.known else None
                metric.update_state(value, sample_weight=batch)
            if weight is not None:
                value = tf.multiply(value, weight)
            values.append(value)
        if not values:
            return None
        total = values[0]
        for v in values[1:]:
            total = total + v
        return total
