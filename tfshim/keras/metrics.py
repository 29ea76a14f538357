"""tf.keras.metrics (Keras 3): Mean, Sum, the accuracies, and metric versions of losses.

State lives in float32 Keras Variables (`<name>/total`, `<name>/count`); `result()` is
`divide_no_nan(total, count)` as in Keras. Shapes are reduced per sample first
(`reduce_to_samplewise_values`).
"""

from __future__ import annotations

from typing import Any

from tfshim.keras import _ops, initializers
from tfshim.keras import losses as _losses
from tfshim.keras._backend import Variable, auto_name, floatx, name_scope, to_snake_case
from tfshim.keras._ops import convert_to_tensor as _convert


def _tf() -> Any:
    import tfshim

    return tfshim


class Metric:
    """Keras: keras.metrics.Metric. Subclasses implement `update_state` and `result`."""

    def __init__(self, dtype: Any = None, name: str | None = None) -> None:
        self.name = name or auto_name(self.__class__.__name__)
        self._dtype = dtype or floatx()
        self._variables: list = []
        self._metrics: list = []

    @property
    def dtype(self) -> str:
        return self._dtype

    def add_variable(self, shape: Any, initializer: Any, dtype: Any = None, aggregation: str = "sum",
                     name: str | None = None) -> Variable:
        with name_scope(self.name.replace("/", ">"), caller=self):
            variable = Variable(initializers.get(initializer), shape=shape, dtype=dtype, trainable=False, name=name)
        self._variables.append(variable)
        return variable

    def add_weight(self, shape: Any = (), initializer: Any = None, dtype: Any = None, name: str | None = None) -> Any:
        return self.add_variable(shape=shape, initializer=initializer, dtype=dtype, name=name)

    @property
    def variables(self) -> list:
        out = list(self._variables)
        for m in self._metrics:
            out.extend(m.variables)
        return out

    def reset_state(self) -> None:
        tf = _tf()
        for v in self.variables:
            v.assign(tf.zeros(v.shape, dtype=v.dtype))

    def update_state(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError

    def result(self) -> Any:
        raise NotImplementedError

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.update_state(*args, **kwargs)
        return self.result()

    def get_config(self) -> dict:
        return {"name": self.name, "dtype": self.dtype}

    @classmethod
    def from_config(cls, config: dict) -> Metric:
        return cls(**config)

    def __repr__(self) -> str:
        return f"<{self.__class__.__name__} name={self.name}>"

    __str__ = __repr__


def reduce_to_samplewise_values(values: Any, sample_weight: Any, reduce_fn: Any, dtype: Any) -> tuple:
    tf = _tf()
    dtype = dtype or floatx()
    values = tf.cast(_convert(values), dtype)
    if sample_weight is not None:
        sample_weight = _convert(sample_weight, dtype)
        values, sample_weight = _losses.squeeze_or_expand_to_same_rank(values, sample_weight)
        weight_ndim = len(sample_weight.shape)
        values_ndim = len(values.shape)
        if values_ndim > weight_ndim:
            values = reduce_fn(values, axis=list(range(weight_ndim, values_ndim)))
        sample_weight = tf.broadcast_to(sample_weight, tf.shape(values))
        values = values * sample_weight
        if weight_ndim > 1:
            sample_weight = reduce_fn(sample_weight, axis=list(range(1, weight_ndim)))
    values_ndim = len(values.shape)
    if values_ndim > 1:
        values = reduce_fn(values, axis=list(range(1, values_ndim)))
    return values, sample_weight


class Sum(Metric):
    def __init__(self, name: str = "sum", dtype: Any = None) -> None:
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(shape=(), initializer=initializers.Zeros(), dtype=self.dtype, name="total")

    def update_state(self, values: Any, sample_weight: Any = None) -> None:
        tf = _tf()
        values, _ = reduce_to_samplewise_values(values, sample_weight, tf.reduce_sum, self.dtype)
        self.total.assign_add(tf.reduce_sum(values))

    def reset_state(self) -> None:
        self.total.assign(0)

    def result(self) -> Any:
        return _tf().cast(self.total, self.dtype)


class Mean(Metric):
    def __init__(self, name: str = "mean", dtype: Any = None) -> None:
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(shape=(), initializer=initializers.Zeros(), dtype=self.dtype, name="total")
        self.count = self.add_variable(shape=(), initializer=initializers.Zeros(), dtype=self.dtype, name="count")

    def update_state(self, values: Any, sample_weight: Any = None) -> None:
        tf = _tf()
        values, sample_weight = reduce_to_samplewise_values(values, sample_weight, tf.reduce_mean, self.dtype)
        self.total.assign_add(tf.reduce_sum(values))
        if sample_weight is not None:
            num_samples: Any = tf.reduce_sum(sample_weight)
        elif len(values.shape) >= 1:
            num_samples = values.shape[0]
        else:
            num_samples = 1
        self.count.assign_add(tf.cast(num_samples, dtype=self.dtype))

    def reset_state(self) -> None:
        self.total.assign(0)
        self.count.assign(0)

    def result(self) -> Any:
        tf = _tf()
        return tf.math.divide_no_nan(tf.convert_to_tensor(self.total), tf.cast(self.count, dtype=self.dtype))


class MeanMetricWrapper(Mean):
    """Keras: a Mean of `fn(y_true, y_pred, **kwargs)` per sample."""

    def __init__(self, fn: Any, name: str | None = None, dtype: Any = None, **kwargs: Any) -> None:
        super().__init__(name=name, dtype=dtype)
        self._fn = fn
        self._fn_kwargs = kwargs

    def update_state(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> None:
        values = self._fn(y_true, y_pred, **self._fn_kwargs)
        return super().update_state(values, sample_weight=sample_weight)


def _argmax(x: Any) -> Any:
    return _tf().argmax(x, axis=-1, output_type="int32")


def _accuracy(y_true: Any, y_pred: Any) -> Any:
    tf = _tf()
    y_pred = _convert(y_pred)
    y_true = _convert(y_true, y_pred.dtype)
    y_true, y_pred = _losses.squeeze_or_expand_to_same_rank(y_true, y_pred)
    return tf.cast(tf.equal(y_true, y_pred), dtype=floatx())


def binary_accuracy(y_true: Any, y_pred: Any, threshold: float = 0.5) -> Any:
    tf = _tf()
    y_pred = _convert(y_pred)
    y_true = _convert(y_true)
    threshold = tf.cast(threshold, y_pred.dtype)
    y_true, y_pred = _losses.squeeze_or_expand_to_same_rank(y_true, y_pred)
    y_pred = tf.cast(tf.greater(y_pred, threshold), y_true.dtype)
    return tf.cast(tf.equal(y_true, y_pred), dtype=floatx())


def categorical_accuracy(y_true: Any, y_pred: Any) -> Any:
    tf = _tf()
    y_true = _argmax(_convert(y_true))
    y_pred = _convert(y_pred)
    y_true = tf.cast(y_true, y_pred.dtype)
    y_true_shape = y_true.shape
    reshape = False
    if len(y_true.shape) == len(y_pred.shape):
        y_true = tf.squeeze(y_true, -1)
        reshape = True
    y_pred = tf.cast(_argmax(y_pred), y_true.dtype)
    matches = tf.cast(tf.equal(y_true, y_pred), floatx())
    if reshape:
        matches = tf.reshape(matches, y_true_shape)
    return matches


def sparse_categorical_accuracy(y_true: Any, y_pred: Any) -> Any:
    tf = _tf()
    y_pred = _convert(y_pred)
    y_true = _convert(y_true, y_pred.dtype)
    y_true_shape = y_true.shape
    reshape = False
    if len(y_true.shape) == len(y_pred.shape) and y_true.shape[-1] == 1:
        y_true = tf.squeeze(y_true, -1)
        reshape = True
    y_pred = tf.cast(_argmax(y_pred), y_true.dtype)
    matches = tf.cast(tf.equal(y_true, y_pred), floatx())
    if reshape:
        matches = tf.reshape(matches, y_true_shape)
    if len(matches.shape) > 1 and matches.shape[-1] == 1:
        matches = tf.squeeze(matches, -1)
    return matches


class Accuracy(MeanMetricWrapper):
    def __init__(self, name: str = "accuracy", dtype: Any = None) -> None:
        super().__init__(fn=_accuracy, name=name, dtype=dtype)
        self._direction = "up"


class BinaryAccuracy(MeanMetricWrapper):
    def __init__(self, name: str = "binary_accuracy", dtype: Any = None, threshold: float = 0.5) -> None:
        super().__init__(fn=binary_accuracy, name=name, dtype=dtype, threshold=threshold)
        self._direction = "up"
        self.threshold = threshold

    def get_config(self) -> dict:
        return {"name": self.name, "dtype": self.dtype, "threshold": self.threshold}


class CategoricalAccuracy(MeanMetricWrapper):
    def __init__(self, name: str = "categorical_accuracy", dtype: Any = None) -> None:
        super().__init__(fn=categorical_accuracy, name=name, dtype=dtype)
        self._direction = "up"


class SparseCategoricalAccuracy(MeanMetricWrapper):
    def __init__(self, name: str = "sparse_categorical_accuracy", dtype: Any = None) -> None:
        super().__init__(fn=sparse_categorical_accuracy, name=name, dtype=dtype)
        self._direction = "up"


class MeanSquaredError(MeanMetricWrapper):
    def __init__(self, name: str = "mean_squared_error", dtype: Any = None) -> None:
        super().__init__(fn=_losses.mse, name=name, dtype=dtype)
        self._direction = "down"


class MeanAbsoluteError(MeanMetricWrapper):
    def __init__(self, name: str = "mean_absolute_error", dtype: Any = None) -> None:
        super().__init__(fn=_losses.mae, name=name, dtype=dtype)
        self._direction = "down"


class BinaryCrossentropy(MeanMetricWrapper):
    def __init__(self, name: str = "binary_crossentropy", dtype: Any = None, from_logits: bool = False,
                 label_smoothing: float = 0) -> None:
        super().__init__(_losses.binary_crossentropy, name, dtype=dtype, from_logits=from_logits,
                         label_smoothing=label_smoothing)
        self._direction = "down"


class CategoricalCrossentropy(MeanMetricWrapper):
    def __init__(self, name: str = "categorical_crossentropy", dtype: Any = None, from_logits: bool = False,
                 label_smoothing: float = 0, axis: int = -1) -> None:
        super().__init__(_losses.categorical_crossentropy, name, dtype=dtype, from_logits=from_logits,
                         label_smoothing=label_smoothing, axis=axis)
        self._direction = "down"


class SparseCategoricalCrossentropy(MeanMetricWrapper):
    def __init__(self, name: str = "sparse_categorical_crossentropy", dtype: Any = None, from_logits: bool = False,
                 axis: int = -1) -> None:
        super().__init__(_losses.sparse_categorical_crossentropy, name=name, dtype=dtype, from_logits=from_logits,
                         axis=axis)
        self._direction = "down"


def _wrapper_metric(cls_name: str, fn: Any, default_name: str, direction: str | None) -> type:
    """A Keras MeanMetricWrapper class of `fn` with no options (config: name and dtype)."""

    def __init__(self: Any, name: str = default_name, dtype: Any = None) -> None:
        MeanMetricWrapper.__init__(self, fn, name=name, dtype=dtype)
        if direction is not None:
            self._direction = direction

    def get_config(self: Any) -> dict:
        return {"name": self.name, "dtype": self.dtype}

    return type(cls_name, (MeanMetricWrapper,), {
        "__init__": __init__, "get_config": get_config, "__module__": __name__, "__qualname__": cls_name,
        "__doc__": f"Keras: keras.metrics.{cls_name}, the mean of `{fn.__name__}` over samples."})


MeanAbsolutePercentageError = _wrapper_metric("MeanAbsolutePercentageError", _losses.mape,
                                              "mean_absolute_percentage_error", "down")
MeanSquaredLogarithmicError = _wrapper_metric("MeanSquaredLogarithmicError", _losses.msle,
                                              "mean_squared_logarithmic_error", "down")
LogCoshError = _wrapper_metric("LogCoshError", _losses.logcosh, "logcosh", "down")
Hinge = _wrapper_metric("Hinge", _losses.hinge, "hinge", "down")
SquaredHinge = _wrapper_metric("SquaredHinge", _losses.squared_hinge, "squared_hinge", "down")
CategoricalHinge = _wrapper_metric("CategoricalHinge", _losses.categorical_hinge, "categorical_hinge", "down")
KLDivergence = _wrapper_metric("KLDivergence", _losses.kld, "kl_divergence", None)
Poisson = _wrapper_metric("Poisson", _losses.poisson, "poisson", None)


class CosineSimilarity(MeanMetricWrapper):
    def __init__(self, name: str = "cosine_similarity", dtype: Any = None, axis: int = -1) -> None:
        super().__init__(_losses.cosine, name, dtype=dtype, axis=axis)
        self._direction = "up"

    def get_config(self) -> dict:
        return {"name": self.name, "dtype": self.dtype}


class RootMeanSquaredError(Mean):
    """Keras: sqrt of the (weighted) mean of squared errors."""

    def __init__(self, name: str = "root_mean_squared_error", dtype: Any = None) -> None:
        super().__init__(name, dtype=dtype)
        self._direction = "down"

    def update_state(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> None:
        y_true = _convert(y_true, self._dtype)
        y_pred = _convert(y_pred, self._dtype)
        y_true, y_pred = _losses.squeeze_or_expand_to_same_rank(y_true, y_pred)
        return super().update_state(_ops.square(y_pred - y_true), sample_weight=sample_weight)

    def result(self) -> Any:
        return _tf().sqrt(super().result())


mse = MSE = _losses.mse
mae = MAE = _losses.mae
mape = MAPE = _losses.mape
msle = MSLE = _losses.msle
kld = KLD = kullback_leibler_divergence = _losses.kld
logcosh = _losses.logcosh
binary_crossentropy = _losses.binary_crossentropy
categorical_crossentropy = _losses.categorical_crossentropy
sparse_categorical_crossentropy = _losses.sparse_categorical_crossentropy
binary_focal_crossentropy = _losses.binary_focal_crossentropy
categorical_focal_crossentropy = _losses.categorical_focal_crossentropy
huber = _losses.huber
hinge = _losses.hinge
squared_hinge = _losses.squared_hinge
categorical_hinge = _losses.categorical_hinge
poisson = _losses.poisson


_ALL = {cls.__name__: cls for cls in (Mean, Sum, MeanMetricWrapper, Accuracy, BinaryAccuracy, CategoricalAccuracy,
                                      SparseCategoricalAccuracy, MeanSquaredError, MeanAbsoluteError,
                                      BinaryCrossentropy, CategoricalCrossentropy, SparseCategoricalCrossentropy,
                                      MeanAbsolutePercentageError, MeanSquaredLogarithmicError, LogCoshError, Hinge,
                                      SquaredHinge, CategoricalHinge, KLDivergence, Poisson, CosineSimilarity,
                                      RootMeanSquaredError)}
_ALL.update({to_snake_case(name): cls for name, cls in list(_ALL.items())})
_ALL.update({"bce": BinaryCrossentropy, "BCE": BinaryCrossentropy, "mse": MeanSquaredError, "MSE": MeanSquaredError,
             "mae": MeanAbsoluteError, "MAE": MeanAbsoluteError, "mape": MeanAbsolutePercentageError,
             "MAPE": MeanAbsolutePercentageError, "msle": MeanSquaredLogarithmicError,
             "MSLE": MeanSquaredLogarithmicError})


def get(identifier: Any) -> Any:
    """Keras: metrics.get: a class name (either case) gives an instance, a function or Metric is returned."""
    if identifier is None:
        return None
    obj = _ALL.get(identifier) if isinstance(identifier, str) else identifier
    if callable(obj):
        return obj() if isinstance(obj, type) else obj
    raise ValueError(f"Could not interpret metric identifier: {identifier}")
# TF's names that tfshim lacks raise NotImplementedError naming them; others TF's AttributeError
from tfshim.util.unimplemented import namespace_getattr as _namespace_getattr  # noqa: E402

__getattr__ = _namespace_getattr("keras.metrics", __name__)
