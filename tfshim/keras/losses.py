"""tf.keras.losses (Keras 3): loss classes, their functions, and Keras 3's reductions.

Every loss converts `y_true`/`y_pred` to float32, computes per-sample values (mean over the
last axis), then reduces: "sum_over_batch_size" (default) = sum / number of elements,
"sum", "mean", "mean_with_sample_weight", or None/"none". Probabilities are clipped to
[1e-7, 1 - 1e-7] exactly as Keras's TF backend does; `from_logits=True` uses tf.nn's fused ops.
"""

from __future__ import annotations

import warnings
from typing import Any

from tfshim.keras import _tree
from tfshim.keras._backend import auto_name, epsilon, floatx, get_keras_logits


def _tf() -> Any:
    import tfshim

    return tfshim


def _convert(x: Any, dtype: Any = None) -> Any:
    """Keras ops.convert_to_tensor (TF backend): tf.convert_to_tensor(x, dtype), except that values become bool
    or integer tensors by a cast (TF's conversion would reject floats), and tensors are cast to `dtype`."""
    tf = _tf()
    dtype = None if dtype is None else tf.as_dtype(dtype)
    if isinstance(x, (tf.Tensor, tf.Variable)):
        t = tf.convert_to_tensor(x)
        return t if dtype is None or t.dtype == dtype else tf.cast(t, dtype)
    if dtype is not None and (dtype == tf.bool or dtype.is_integer):
        return tf.cast(tf.convert_to_tensor(x), dtype)
    return tf.convert_to_tensor(x, dtype=dtype)


def squeeze_or_expand_to_same_rank(x1: Any, x2: Any, expand_rank_1: bool = True) -> tuple:
    """Keras: squeeze/expand the last dim if the ranks differ by exactly 1."""
    tf = _tf()
    r1, r2 = len(x1.shape), len(x2.shape)
    if r1 == r2:
        return x1, x2
    if r1 == r2 + 1 and x1.shape[-1] == 1:
        if r2 == 1 and expand_rank_1:
            x2 = tf.expand_dims(x2, axis=-1)
        else:
            x1 = tf.squeeze(x1, axis=-1)
    if r2 == r1 + 1 and x2.shape[-1] == 1:
        if r1 == 1 and expand_rank_1:
            x1 = tf.expand_dims(x1, axis=-1)
        else:
            x2 = tf.squeeze(x2, axis=-1)
    return x1, x2


_REDUCTIONS = {"sum_over_batch_size", "sum", None, "none", "mean", "mean_with_sample_weight"}


def standardize_reduction(reduction: Any) -> Any:
    if reduction not in _REDUCTIONS:
        allowed = "{'sum_over_batch_size', 'sum', 'mean_with_sample_weight', 'mean', 'none', None}"
        raise ValueError(f"Invalid value for argument `reduction`. Expected one of {allowed}. "
                         f"Received: reduction={reduction}")
    return reduction


def reduce_values(values: Any, sample_weight: Any = None, reduction: Any = "sum_over_batch_size") -> Any:
    tf = _tf()
    if reduction is None or reduction == "none" or tuple(values.shape) == () or tuple(values.shape) == (0,):
        return values
    loss = tf.reduce_sum(values)
    if reduction in ("sum_over_batch_size", "mean", "mean_with_sample_weight"):
        if reduction == "mean_with_sample_weight" and sample_weight is not None:
            divisor = tf.cast(tf.reduce_sum(sample_weight), loss.dtype)
        else:
            divisor = tf.cast(tf.reduce_prod(tf.constant(values.shape.as_list(), dtype=tf.int32)), loss.dtype)
        loss = tf.math.divide_no_nan(loss, divisor)
    return loss


def reduce_weighted_values(values: Any, sample_weight: Any = None, mask: Any = None,
                           reduction: Any = "sum_over_batch_size", dtype: Any = None) -> Any:
    tf = _tf()
    reduction = standardize_reduction(reduction)
    values = _convert(values, dtype)
    if sample_weight is not None:
        sample_weight = _convert(sample_weight, dtype)
        sample_weight = tf.cast(sample_weight, values.dtype)
        values, sample_weight = squeeze_or_expand_to_same_rank(values, sample_weight)
        values = values * sample_weight
    return reduce_values(values, sample_weight, reduction)


class Loss:
    """Keras: keras.losses.Loss. Subclasses implement `call(y_true, y_pred)`."""

    def __init__(self, name: str | None = None, reduction: Any = "sum_over_batch_size", dtype: Any = None) -> None:
        self.name = name or auto_name(self.__class__.__name__)
        self.reduction = standardize_reduction(reduction)
        self._dtype = dtype or floatx()

    @property
    def dtype(self) -> str:
        return self._dtype

    def __call__(self, y_true: Any, y_pred: Any, sample_weight: Any = None) -> Any:
        # Keras converts each leaf of (nested) lists, tuples and dicts on its own.
        y_pred_t = _tree.map_structure(lambda x: _convert(x, self._dtype), y_pred)
        logits = get_keras_logits(y_pred)
        if logits is not None:
            from tfshim.keras._backend import set_keras_logits

            set_keras_logits(y_pred_t, logits)
        y_true = _tree.map_structure(lambda x: _convert(x, self._dtype), y_true)
        losses = self.call(y_true, y_pred_t)
        return reduce_weighted_values(losses, sample_weight=sample_weight, reduction=self.reduction,
                                      dtype=self._dtype)

    def call(self, y_true: Any, y_pred: Any) -> Any:
        raise NotImplementedError

    def get_config(self) -> dict:
        return {"name": self.name, "reduction": self.reduction}

    @classmethod
    def from_config(cls, config: dict) -> Loss:
        return cls(**config)


class LossFunctionWrapper(Loss):
    def __init__(self, fn: Any, reduction: Any = "sum_over_batch_size", name: str | None = None,
                 dtype: Any = None, **kwargs: Any) -> None:
        super().__init__(name=name, reduction=reduction, dtype=dtype)
        self.fn = fn
        self._fn_kwargs = kwargs

    def call(self, y_true: Any, y_pred: Any) -> Any:
        def same_rank(t: Any, p: Any) -> tuple:
            logits = get_keras_logits(p)
            t, p2 = squeeze_or_expand_to_same_rank(t, p)
            if logits is not None and p2 is not p:
                from tfshim.keras._backend import set_keras_logits

                set_keras_logits(p2, logits)
            return t, p2

        pairs = _tree.map_structure(same_rank, y_true, y_pred)  # Keras: structures must match (its errors)
        y_true = _tree.map_structure_up_to(y_true, lambda x: x[0], pairs)
        y_pred = _tree.map_structure_up_to(y_pred, lambda x: x[1], pairs)
        return self.fn(y_true, y_pred, **self._fn_kwargs)

    def __repr__(self) -> str:
        return f"<LossFunctionWrapper({self.fn}, kwargs={self._fn_kwargs})>"


# ---- functions -----------------------------------------------------------------------------

def _pair(y_true: Any, y_pred: Any) -> tuple:
    y_pred = _convert(y_pred)
    y_true = _convert(y_true, y_pred.dtype)
    return squeeze_or_expand_to_same_rank(y_true, y_pred)


def _mean(x: Any, axis: Any = None) -> Any:
    """Keras' ops.mean: computed in result_type(dtype, float32) (float16 in float32, then cast back); integer
    and bool means are float32 (`mse` of int32 tensors is a float32 0.5, not an int32 0); complex stays complex."""
    tf = _tf()
    x = tf.convert_to_tensor(x)
    compute = x.dtype if x.dtype in (tf.float64, tf.complex64, tf.complex128) else tf.float32  # result_type(., f32)
    result = compute if (x.dtype.is_integer or x.dtype.is_bool) else x.dtype
    return tf.cast(tf.reduce_mean(tf.cast(x, compute), axis=axis), result)


def _abs(x: Any) -> Any:
    """Keras' ops.abs: unsigned integers are returned as they are (TF's Abs has no unsigned kernel)."""
    return x if x.dtype.is_unsigned else _tf().abs(x)


def mean_squared_error(y_true: Any, y_pred: Any) -> Any:
    """Keras: mean(square(y_true - y_pred), axis=-1)."""
    tf = _tf()
    y_true, y_pred = _pair(y_true, y_pred)
    return _mean(tf.square(y_true - y_pred), axis=-1)


def mean_absolute_error(y_true: Any, y_pred: Any) -> Any:
    y_true, y_pred = _pair(y_true, y_pred)
    return _mean(_abs(y_true - y_pred), axis=-1)


def huber(y_true: Any, y_pred: Any, delta: float = 1.0) -> Any:
    """Keras: mean(where(|e| <= delta, 0.5 e^2, delta |e| - 0.5 delta^2), axis=-1)."""
    tf = _tf()
    y_true, y_pred = _pair(y_true, y_pred)
    delta = _convert(delta, y_pred.dtype)
    error = tf.subtract(y_pred, y_true)
    abs_error = _abs(error)
    half = _convert(0.5, abs_error.dtype)
    return _mean(tf.where(abs_error <= delta, half * tf.square(error),
                                   delta * abs_error - half * tf.square(delta)), axis=-1)


def _backend_binary_crossentropy(target: Any, output: Any, from_logits: bool) -> Any:
    tf = _tf()
    if len(target.shape) != len(output.shape):
        raise ValueError("Arguments `target` and `output` must have the same rank (ndim). Received: "
                         f"target.shape={target.shape}, output.shape={output.shape}")
    for e1, e2 in zip(target.shape, output.shape):
        if e1 is not None and e2 is not None and e1 != e2:
            raise ValueError("Arguments `target` and `output` must have the same shape. Received: "
                             f"target.shape={target.shape}, output.shape={output.shape}")
    logits = get_keras_logits(output)
    if logits is not None:
        if from_logits:
            warnings.warn('"`binary_crossentropy` received `from_logits=True`, but the `output` argument was '
                          "produced by a Sigmoid activation and thus does not represent logits. Was this intended?",
                          stacklevel=2)
        output, from_logits = logits, True
    if from_logits:
        return tf.nn.sigmoid_cross_entropy_with_logits(labels=target, logits=output)
    output = tf.clip_by_value(output, epsilon(), 1.0 - epsilon())
    bce = target * tf.math.log(output)
    bce += (1 - target) * tf.math.log(1 - output)
    return -bce


def binary_crossentropy(y_true: Any, y_pred: Any, from_logits: bool = False, label_smoothing: float = 0.0,
                        axis: int = -1) -> Any:
    tf = _tf()
    logits = get_keras_logits(y_pred)
    y_pred_t = _convert(y_pred)
    if logits is not None:
        from tfshim.keras._backend import set_keras_logits

        set_keras_logits(y_pred_t, logits)
    y_true = tf.cast(y_true, y_pred_t.dtype)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + 0.5 * label_smoothing
    return _mean(_backend_binary_crossentropy(y_true, y_pred_t, from_logits), axis=axis)


def _backend_categorical_crossentropy(target: Any, output: Any, from_logits: bool, axis: int) -> Any:
    tf = _tf()
    if len(target.shape) < 1:
        raise ValueError("Arguments `target` and `output` must be at least rank 1. Received: "
                         f"target.shape={target.shape}, output.shape={output.shape}")
    if len(target.shape) != len(output.shape):
        raise ValueError("Arguments `target` and `output` must have the same rank (ndim). Received: "
                         f"target.shape={target.shape}, output.shape={output.shape}")
    for e1, e2 in zip(target.shape, output.shape):
        if e1 is not None and e2 is not None and e1 != e2:
            raise ValueError("Arguments `target` and `output` must have the same shape. Received: "
                             f"target.shape={target.shape}, output.shape={output.shape}")
    logits = get_keras_logits(output)
    if logits is not None:
        if from_logits:
            warnings.warn('"`categorical_crossentropy` received `from_logits=True`, but the `output` argument was '
                          "produced by a Softmax activation and thus does not represent logits. Was this intended?",
                          stacklevel=2)
        output, from_logits = logits, True
    if from_logits:
        return tf.nn.softmax_cross_entropy_with_logits(labels=target, logits=output, axis=axis)
    output = output / tf.reduce_sum(output, axis, keepdims=True)
    output = tf.clip_by_value(output, epsilon(), 1.0 - epsilon())
    return -tf.reduce_sum(target * tf.math.log(output), axis)


def categorical_crossentropy(y_true: Any, y_pred: Any, from_logits: bool = False, label_smoothing: float = 0.0,
                             axis: int = -1) -> Any:
    tf = _tf()
    if isinstance(axis, bool):
        raise ValueError(f"`axis` must be of type `int`. Received: axis={axis} of type {type(axis)}")
    logits = get_keras_logits(y_pred)
    y_pred_t = _convert(y_pred)
    if logits is not None:
        from tfshim.keras._backend import set_keras_logits

        set_keras_logits(y_pred_t, logits)
    y_true = tf.cast(y_true, y_pred_t.dtype)
    if y_pred_t.shape[-1] == 1:  # (a scalar y_pred: IndexError, as Keras)
        import warnings

        warnings.warn("In loss categorical_crossentropy, expected y_pred.shape to be (batch_size, num_classes) with "
                      f"num_classes > 1. Received: y_pred.shape={y_pred_t.shape}. Consider using "
                      "'binary_crossentropy' if you only have 2 classes.", SyntaxWarning, stacklevel=2)
    if label_smoothing:
        num_classes = tf.cast(tf.shape(y_true)[-1], y_pred_t.dtype)
        y_true = y_true * (1.0 - label_smoothing) + (label_smoothing / num_classes)
    return _backend_categorical_crossentropy(y_true, y_pred_t, from_logits, axis)


def sparse_categorical_crossentropy(y_true: Any, y_pred: Any, from_logits: bool = False, ignore_class: Any = None,
                                    axis: int = -1) -> Any:
    """Keras (TF backend): probabilities are clipped and logged, then tf.nn.sparse_softmax_cross_entropy."""
    tf = _tf()
    from tfshim.framework import errors

    for v in (y_true, y_pred):  # Keras reads `.shape` of both before converting anything
        if not hasattr(v, "shape"):
            raise errors.no_attribute(v, "shape")
    if len(y_true.shape) == len(y_pred.shape) and y_true.shape[axis] == 1:
        y_true = tf.squeeze(y_true, axis=axis)
    if ignore_class is not None:
        raise NotImplementedError("tfshim: sparse_categorical_crossentropy(ignore_class=...) is not supported")
    if axis != -1 and axis != len(y_pred.shape) - 1:
        raise ValueError(f"Only axis=-1 is currently supported. Received: axis={axis}")
    logits = get_keras_logits(y_pred)
    if logits is not None:
        if from_logits:
            warnings.warn('"`sparse_categorical_crossentropy` received `from_logits=True`, but the `output` '
                          "argument was produced by a Softmax activation and thus does not represent logits. Was "
                          "this intended?", stacklevel=2)
        y_pred, from_logits = logits, True
    target = tf.cast(tf.convert_to_tensor(y_true), "int64")
    output = tf.convert_to_tensor(y_pred)
    if len(target.shape) == len(output.shape) and target.shape[-1] == 1:
        target = tf.squeeze(target, axis=-1)
    if len(output.shape) < 1:
        raise ValueError(f"Argument `output` must be at least rank 1. Received: output.shape={output.shape}")
    if len(target.shape) != len(output.shape[:-1]):
        raise ValueError("Argument `output` must have rank (ndim) `target.ndim - 1`. Received: "
                         f"target.shape={target.shape}, output.shape={output.shape}")
    for e1, e2 in zip(target.shape, output.shape[:-1]):
        if e1 is not None and e2 is not None and e1 != e2:
            raise ValueError("Arguments `target` and `output` must have the same shape up until the last dimension: "
                             f"target.shape={target.shape}, output.shape={output.shape}")
    if not from_logits:
        output = tf.clip_by_value(output, epsilon(), 1 - epsilon())
        output = tf.math.log(output)
    return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=target, logits=output)


mse = MSE = _mean_squared_error = mean_squared_error
mae = MAE = _mean_absolute_error = mean_absolute_error
# Keras 3's tf.keras.losses has `mse`/`mae` but no `mean_squared_error`/`mean_absolute_error`.
del mean_squared_error, mean_absolute_error


# ---- classes -------------------------------------------------------------------------------

class MeanSquaredError(LossFunctionWrapper):
    def __init__(self, reduction: Any = "sum_over_batch_size", name: str = "mean_squared_error",
                 dtype: Any = None) -> None:
        super().__init__(_mean_squared_error, name=name, reduction=reduction, dtype=dtype)

    def get_config(self) -> dict:
        return Loss.get_config(self)


class MeanAbsoluteError(LossFunctionWrapper):
    def __init__(self, reduction: Any = "sum_over_batch_size", name: str = "mean_absolute_error",
                 dtype: Any = None) -> None:
        super().__init__(_mean_absolute_error, name=name, reduction=reduction, dtype=dtype)

    def get_config(self) -> dict:
        return Loss.get_config(self)


class Huber(LossFunctionWrapper):
    def __init__(self, delta: float = 1.0, reduction: Any = "sum_over_batch_size", name: str = "huber_loss",
                 dtype: Any = None) -> None:
        super().__init__(huber, name=name, reduction=reduction, dtype=dtype, delta=delta)

    def get_config(self) -> dict:
        return Loss.get_config(self)


class BinaryCrossentropy(LossFunctionWrapper):
    def __init__(self, from_logits: bool = False, label_smoothing: float = 0.0, axis: int = -1,
                 reduction: Any = "sum_over_batch_size", name: str = "binary_crossentropy", dtype: Any = None) -> None:
        super().__init__(binary_crossentropy, name=name, reduction=reduction, dtype=dtype, from_logits=from_logits,
                         label_smoothing=label_smoothing, axis=axis)
        self.from_logits = from_logits
        self.label_smoothing = label_smoothing
        self.axis = axis

    def get_config(self) -> dict:
        return {**Loss.get_config(self), "from_logits": self.from_logits, "label_smoothing": self.label_smoothing,
                "axis": self.axis}


class CategoricalCrossentropy(LossFunctionWrapper):
    def __init__(self, from_logits: bool = False, label_smoothing: float = 0.0, axis: int = -1,
                 reduction: Any = "sum_over_batch_size", name: str = "categorical_crossentropy",
                 dtype: Any = None) -> None:
        super().__init__(categorical_crossentropy, name=name, reduction=reduction, dtype=dtype,
                         from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)
        self.from_logits = from_logits
        self.label_smoothing = label_smoothing
        self.axis = axis

    def get_config(self) -> dict:
        return {**Loss.get_config(self), "from_logits": self.from_logits, "label_smoothing": self.label_smoothing,
                "axis": self.axis}


class SparseCategoricalCrossentropy(LossFunctionWrapper):
    def __init__(self, from_logits: bool = False, ignore_class: Any = None, reduction: Any = "sum_over_batch_size",
                 axis: int = -1, name: str = "sparse_categorical_crossentropy", dtype: Any = None) -> None:
        super().__init__(sparse_categorical_crossentropy, name=name, reduction=reduction, dtype=dtype,
                         from_logits=from_logits, ignore_class=ignore_class, axis=axis)
        self.from_logits = from_logits
        self.ignore_class = ignore_class

    def get_config(self) -> dict:
        return {**Loss.get_config(self), "from_logits": self.from_logits, "ignore_class": self.ignore_class}


_ALL = {
    "mean_squared_error": _mean_squared_error, "mse": _mean_squared_error,
    "mean_absolute_error": _mean_absolute_error, "mae": _mean_absolute_error, "huber": huber,
    "binary_crossentropy": binary_crossentropy,
    "categorical_crossentropy": categorical_crossentropy,
    "sparse_categorical_crossentropy": sparse_categorical_crossentropy,
    "MeanSquaredError": MeanSquaredError, "MeanAbsoluteError": MeanAbsoluteError,
    "Huber": Huber,
    "BinaryCrossentropy": BinaryCrossentropy, "CategoricalCrossentropy": CategoricalCrossentropy,
    "SparseCategoricalCrossentropy": SparseCategoricalCrossentropy,
}


def get(identifier: Any) -> Any:
    if identifier is None:
        return None
    if isinstance(identifier, str):
        obj = _ALL.get(identifier)
        if obj is None:
            raise ValueError(f"Could not interpret loss identifier: {identifier}")
        return obj() if isinstance(obj, type) else obj
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret loss identifier: {identifier}")


# TF's names that tfshim lacks raise NotImplementedError naming them; others TF's AttributeError
from tfshim.util.unimplemented import namespace_getattr as _namespace_getattr  # noqa: E402

__getattr__ = _namespace_getattr("keras.losses", __name__)
