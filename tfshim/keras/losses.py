"""tf.keras.losses (Keras 3): loss classes, their functions, and Keras 3's reductions.

Every loss converts `y_true`/`y_pred` to float32, computes per-sample values (mean over the
last axis), then reduces: "sum_over_batch_size" (default) = sum / number of elements,
"sum", "mean", "mean_with_sample_weight", or None/"none". Probabilities are clipped to
[1e-7, 1 - 1e-7] exactly as Keras's TF backend does; `from_logits=True` uses tf.nn's fused ops.
"""

from __future__ import annotations

import warnings
from typing import Any

from tfshim.keras import _ops, _tree
from tfshim.keras._backend import auto_name, epsilon, floatx, get_keras_logits, set_keras_logits
from tfshim.keras._ops import convert_to_tensor as _convert


def _tf() -> Any:
    import tfshim

    return tfshim


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


_mean = _ops.mean
_abs = _ops.abs


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
        set_keras_logits(y_pred_t, logits)
    y_true = tf.cast(y_true, y_pred_t.dtype)
    if y_pred_t.shape[-1] == 1:  # (a scalar y_pred: IndexError, as Keras)
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


def _keras_cond_error(e: Exception, fn_names: tuple) -> Exception:
    """Keras wraps an error raised inside `ops.cond` as an error of its Cond operation's call."""
    message = e.message if hasattr(e, "message") else (e.args[0] if e.args else "")
    args = ("'tf.Tensor(shape=(), dtype=bool)'",) + tuple(f"'<function {n}>'" for n in fn_names)
    return type(e)("Exception encountered when calling Cond.call().\n\n\x1b[1m" + str(message) + "\x1b[0m\n\n"
                   "Arguments received by Cond.call():\n  \u2022 args=(" + ", ".join(args) + ")\n"
                   "  \u2022 kwargs=<class 'inspect._empty'>")


def convert_binary_labels_to_hinge(y_true: Any) -> Any:
    """Keras: labels that are all 0 or 1 become -1 or 1 (`2 * y_true - 1`); others are left as they are."""
    tf = _tf()
    is_binary = tf.reduce_all(tf.logical_or(_ops.equal(y_true, 0), _ops.equal(y_true, 1)))
    if not bool(is_binary):
        return y_true
    try:
        return 2.0 * y_true - 1.0
    except TypeError as e:
        raise _keras_cond_error(e, ("convert_binary_labels_to_hinge.<locals>._convert_binary_labels",
                                    "convert_binary_labels_to_hinge.<locals>._return_labels_unconverted")) from None


def hinge(y_true: Any, y_pred: Any) -> Any:
    """Keras: mean(maximum(1 - y_true * y_pred, 0), axis=-1), with 0/1 labels taken as -1/1."""
    y_pred = _ops.convert_to_tensor(y_pred)
    y_true = convert_binary_labels_to_hinge(_ops.cast(y_true, y_pred.dtype))
    return _mean(_ops.maximum(1.0 - y_true * y_pred, 0.0), axis=-1)


def squared_hinge(y_true: Any, y_pred: Any) -> Any:
    """Keras: mean(square(maximum(1 - y_true * y_pred, 0)), axis=-1), with 0/1 labels taken as -1/1."""
    y_pred = _ops.convert_to_tensor(y_pred)
    y_true = convert_binary_labels_to_hinge(_ops.cast(y_true, y_pred.dtype))
    return _mean(_ops.square(_ops.maximum(1.0 - y_true * y_pred, 0.0)), axis=-1)


def categorical_hinge(y_true: Any, y_pred: Any) -> Any:
    """Keras: maximum(max((1 - y_true) * y_pred) - sum(y_true * y_pred) + 1, 0) over the last axis."""
    y_pred = _ops.convert_to_tensor(y_pred)
    y_true = _ops.cast(y_true, y_pred.dtype)
    pos = _ops.sum(y_true * y_pred, axis=-1)
    neg = _ops.max((1.0 - y_true) * y_pred, axis=-1)
    return _ops.maximum(neg - pos + 1.0, _ops.cast(0.0, y_pred.dtype))


def mean_absolute_percentage_error(y_true: Any, y_pred: Any) -> Any:
    """Keras: 100 * mean(|(y_true - y_pred) / maximum(|y_true|, epsilon)|, axis=-1)."""
    y_pred = _ops.convert_to_tensor(y_pred)
    y_true = _ops.convert_to_tensor(y_true, y_pred.dtype)
    eps = _ops.convert_to_tensor(epsilon(), y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    diff = _abs((y_true - y_pred) / _ops.maximum(_abs(y_true), eps))
    return 100.0 * _mean(diff, axis=-1)


def mean_squared_logarithmic_error(y_true: Any, y_pred: Any) -> Any:
    """Keras: mean(square(log(maximum(y_pred, eps) + 1) - log(maximum(y_true, eps) + 1)), axis=-1)."""
    eps = _ops.convert_to_tensor(epsilon())
    y_pred = _ops.convert_to_tensor(y_pred)
    y_true = _ops.convert_to_tensor(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    first_log = _ops.log(_ops.maximum(y_pred, eps) + 1.0)
    second_log = _ops.log(_ops.maximum(y_true, eps) + 1.0)
    return _mean(_ops.square(first_log - second_log), axis=-1)


def cosine(y_true: Any, y_pred: Any, axis: int = -1) -> Any:
    """Keras: sum(l2_normalize(y_true) * l2_normalize(y_pred), axis) (the metric `cosine_similarity`)."""
    y_pred = _ops.convert_to_tensor(y_pred)
    y_true = _ops.convert_to_tensor(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    y_pred = _ops.normalize(y_pred, axis=axis)
    y_true = _ops.normalize(y_true, axis=axis)
    return _ops.sum(y_true * y_pred, axis=axis)


def cosine_similarity(y_true: Any, y_pred: Any, axis: int = -1) -> Any:
    """Keras: -sum(l2_normalize(y_true) * l2_normalize(y_pred), axis)."""
    return -cosine(y_true, y_pred, axis=axis)


def log_cosh(y_true: Any, y_pred: Any) -> Any:
    """Keras: mean(x + softplus(-2 x) - log(2), axis=-1) for x = y_pred - y_true."""
    tf = _tf()
    y_pred = _ops.convert_to_tensor(y_pred)
    y_true = _ops.convert_to_tensor(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    log2 = _ops.convert_to_tensor(_ops.log(2.0), y_pred.dtype)
    x = y_pred - y_true
    return _mean(x + tf.math.softplus(x * -2.0) - log2, axis=-1)


def kl_divergence(y_true: Any, y_pred: Any) -> Any:
    """Keras: sum(y_true * log(y_true / y_pred), axis=-1), both clipped to [epsilon, 1]."""
    y_pred = _ops.convert_to_tensor(y_pred)
    y_true = _ops.convert_to_tensor(y_true, y_pred.dtype)
    y_true = _ops.clip(y_true, epsilon(), 1)
    y_pred = _ops.clip(y_pred, epsilon(), 1)
    return _ops.sum(y_true * _ops.log(y_true / y_pred), axis=-1)


def poisson(y_true: Any, y_pred: Any) -> Any:
    """Keras: mean(y_pred - y_true * log(y_pred + epsilon), axis=-1)."""
    y_pred = _ops.convert_to_tensor(y_pred)
    y_true = _ops.convert_to_tensor(y_true, y_pred.dtype)
    eps = _ops.convert_to_tensor(epsilon(), y_pred.dtype)
    return _mean(y_pred - y_true * _ops.log(y_pred + eps), axis=-1)


def binary_focal_crossentropy(y_true: Any, y_pred: Any, apply_class_balancing: bool = False, alpha: float = 0.25,
                              gamma: float = 2.0, from_logits: bool = False, label_smoothing: float = 0.0,
                              axis: int = -1) -> Any:
    """Keras: (1 - p_t)^gamma * binary cross-entropy, optionally weighted by alpha, averaged over `axis`."""
    tf = _tf()
    y_pred = _ops.convert_to_tensor(y_pred)
    y_true = _ops.cast(y_true, y_pred.dtype)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + 0.5 * label_smoothing
    if from_logits:
        logits, y_pred = y_pred, tf.nn.sigmoid(y_pred)
        set_keras_logits(y_pred, logits)  # Keras' ops.sigmoid: the cross-entropy below then uses the logits
    bce = _backend_binary_crossentropy(y_true, y_pred, from_logits=False)
    p_t = y_true * y_pred + (1 - y_true) * (1 - y_pred)
    focal_bce = _ops.power(1.0 - p_t, gamma) * bce
    if apply_class_balancing:
        focal_bce = (y_true * alpha + (1 - y_true) * (1 - alpha)) * focal_bce
    return _mean(focal_bce, axis=axis)


def categorical_focal_crossentropy(y_true: Any, y_pred: Any, alpha: float = 0.25, gamma: float = 2.0,
                                   from_logits: bool = False, label_smoothing: float = 0.0, axis: int = -1) -> Any:
    """Keras: sum(alpha * (1 - p)^gamma * -y_true * log(p), axis) for clipped, renormalised p."""
    tf = _tf()
    if isinstance(axis, bool):
        raise ValueError(f"`axis` must be of type `int`. Received: axis={axis} of type {type(axis)}")
    y_pred = _ops.convert_to_tensor(y_pred)
    y_true = _ops.cast(y_true, y_pred.dtype)
    if y_pred.shape[-1] == 1:
        warnings.warn("In loss categorical_focal_crossentropy, expected y_pred.shape to be (batch_size, num_classes) "
                      f"with num_classes > 1. Received: y_pred.shape={y_pred.shape}. Consider using "
                      "'binary_crossentropy' if you only have 2 classes.", SyntaxWarning, stacklevel=2)
    if label_smoothing:
        num_classes = _ops.cast(tf.shape(y_true)[-1], y_pred.dtype)
        y_true = y_true * (1.0 - label_smoothing) + label_smoothing / num_classes
    if from_logits:
        y_pred = tf.nn.softmax(y_pred, axis=axis)
    output = y_pred / _ops.sum(y_pred, axis=axis, keepdims=True)
    output = _ops.clip(output, epsilon(), 1.0 - epsilon())
    cce = -y_true * _ops.log(output)
    weighting_factor = _ops.multiply(_ops.power(1.0 - output, gamma), alpha)
    return _ops.sum(_ops.multiply(weighting_factor, cce), axis=axis)


def dice(y_true: Any, y_pred: Any, axis: Any = None) -> Any:
    """Keras: 1 - 2 sum(y_true * y_pred) / (sum(y_true) + sum(y_pred) + epsilon), over `axis`."""
    y_pred = _ops.convert_to_tensor(y_pred)
    y_true = _ops.cast(y_true, y_pred.dtype)
    intersection = _ops.sum(y_true * y_pred, axis=axis)
    return 1 - _ops.divide(2.0 * intersection,
                           _ops.sum(y_true, axis=axis) + _ops.sum(y_pred, axis=axis) + epsilon())


def tversky(y_true: Any, y_pred: Any, alpha: float = 0.5, beta: float = 0.5, axis: Any = None) -> Any:
    """Keras: 1 - TP / (TP + alpha FP + beta FN + epsilon), over `axis`."""
    y_pred = _ops.convert_to_tensor(y_pred)
    y_true = _ops.cast(y_true, y_pred.dtype)
    intersection = _ops.sum(y_true * y_pred, axis=axis)
    fp = _ops.sum((1 - y_pred) * y_true, axis=axis)
    fn = _ops.sum(y_pred * (1 - y_true), axis=axis)
    return 1 - _ops.divide(intersection, intersection + fp * alpha + fn * beta + epsilon())


mse = MSE = _mean_squared_error = mean_squared_error
mae = MAE = _mean_absolute_error = mean_absolute_error
mape = MAPE = _mean_absolute_percentage_error = mean_absolute_percentage_error
msle = MSLE = _mean_squared_logarithmic_error = mean_squared_logarithmic_error
kld = KLD = kullback_leibler_divergence = _kl_divergence = kl_divergence
logcosh = _log_cosh = log_cosh
# Keras 3's tf.keras.losses has `mse`/`mae` but no `mean_squared_error`/`mean_absolute_error`.
# Likewise the other long names below exist only under their legacy short names.
del mean_squared_error, mean_absolute_error, mean_absolute_percentage_error, mean_squared_logarithmic_error
del kl_divergence, log_cosh


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


def _simple_loss(cls_name: str, fn: Any, default_name: str) -> type:
    """A Keras loss class wrapping `fn` with no options of its own (its config is Loss'es)."""

    def __init__(self: Any, reduction: Any = "sum_over_batch_size", name: str = default_name,
                 dtype: Any = None) -> None:
        LossFunctionWrapper.__init__(self, fn, name=name, reduction=reduction, dtype=dtype)

    def get_config(self: Any) -> dict:
        return Loss.get_config(self)

    return type(cls_name, (LossFunctionWrapper,), {
        "__init__": __init__, "get_config": get_config, "__module__": __name__, "__qualname__": cls_name,
        "__doc__": f"Keras: keras.losses.{cls_name}, the Loss of `{default_name}`."})


MeanAbsolutePercentageError = _simple_loss("MeanAbsolutePercentageError", _mean_absolute_percentage_error,
                                           "mean_absolute_percentage_error")
MeanSquaredLogarithmicError = _simple_loss("MeanSquaredLogarithmicError", _mean_squared_logarithmic_error,
                                           "mean_squared_logarithmic_error")
LogCosh = _simple_loss("LogCosh", _log_cosh, "log_cosh")
Hinge = _simple_loss("Hinge", hinge, "hinge")
SquaredHinge = _simple_loss("SquaredHinge", squared_hinge, "squared_hinge")
CategoricalHinge = _simple_loss("CategoricalHinge", categorical_hinge, "categorical_hinge")
KLDivergence = _simple_loss("KLDivergence", _kl_divergence, "kl_divergence")
Poisson = _simple_loss("Poisson", poisson, "poisson")


class CosineSimilarity(LossFunctionWrapper):
    def __init__(self, axis: int = -1, reduction: Any = "sum_over_batch_size", name: str = "cosine_similarity",
                 dtype: Any = None) -> None:
        super().__init__(cosine_similarity, name=name, reduction=reduction, dtype=dtype, axis=axis)

    def get_config(self) -> dict:
        return Loss.get_config(self)


class _OptionsLoss(LossFunctionWrapper):
    """A loss whose options are attributes listed, in Keras' order, in its get_config."""

    _options: tuple = ()

    def __init__(self, fn: Any, name: str, reduction: Any, dtype: Any, **options: Any) -> None:
        super().__init__(fn, name=name, reduction=reduction, dtype=dtype, **options)
        for key, value in options.items():
            setattr(self, key, value)

    def get_config(self) -> dict:
        return {**Loss.get_config(self), **{key: getattr(self, key) for key in self._options}}


class BinaryFocalCrossentropy(_OptionsLoss):
    _options = ("from_logits", "label_smoothing", "axis", "apply_class_balancing", "alpha", "gamma")

    def __init__(self, apply_class_balancing: bool = False, alpha: float = 0.25, gamma: float = 2.0,
                 from_logits: bool = False, label_smoothing: float = 0.0, axis: int = -1,
                 reduction: Any = "sum_over_batch_size", name: str = "binary_focal_crossentropy",
                 dtype: Any = None) -> None:
        super().__init__(binary_focal_crossentropy, name, reduction, dtype, apply_class_balancing=apply_class_balancing,
                         alpha=alpha, gamma=gamma, from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)


class CategoricalFocalCrossentropy(_OptionsLoss):
    _options = ("from_logits", "label_smoothing", "axis", "alpha", "gamma")

    def __init__(self, alpha: float = 0.25, gamma: float = 2.0, from_logits: bool = False,
                 label_smoothing: float = 0.0, axis: int = -1, reduction: Any = "sum_over_batch_size",
                 name: str = "categorical_focal_crossentropy", dtype: Any = None) -> None:
        super().__init__(categorical_focal_crossentropy, name, reduction, dtype, alpha=alpha, gamma=gamma,
                         from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)


class Dice(_OptionsLoss):
    _options = ("axis",)

    def __init__(self, reduction: Any = "sum_over_batch_size", name: str = "dice", axis: Any = None,
                 dtype: Any = None) -> None:
        super().__init__(dice, name, reduction, dtype, axis=axis)


class Tversky(_OptionsLoss):
    _options = ("alpha", "beta", "axis")

    def __init__(self, alpha: float = 0.5, beta: float = 0.5, reduction: Any = "sum_over_batch_size",
                 name: str = "tversky", axis: Any = None, dtype: Any = None) -> None:
        super().__init__(tversky, name, reduction, dtype, alpha=alpha, beta=beta, axis=axis)


# Keras' ALL_OBJECTS_DICT: every loss class and function by its __name__, plus the short aliases
_ALL = {obj.__name__: obj for obj in (
    MeanSquaredError, MeanAbsoluteError, MeanAbsolutePercentageError, MeanSquaredLogarithmicError, CosineSimilarity,
    LogCosh, Huber, Hinge, SquaredHinge, CategoricalHinge, KLDivergence, Poisson, BinaryCrossentropy,
    BinaryFocalCrossentropy, CategoricalCrossentropy, CategoricalFocalCrossentropy, SparseCategoricalCrossentropy,
    Dice, Tversky, _kl_divergence, poisson, binary_crossentropy, binary_focal_crossentropy, categorical_crossentropy,
    categorical_focal_crossentropy, sparse_categorical_crossentropy, _mean_squared_error, _mean_absolute_error,
    _mean_absolute_percentage_error, _mean_squared_logarithmic_error, cosine_similarity, _log_cosh, huber, hinge,
    squared_hinge, categorical_hinge, dice, tversky)}
_ALL.update({"bce": binary_crossentropy, "BCE": binary_crossentropy, "kld": _kl_divergence, "KLD": _kl_divergence,
             "mae": _mean_absolute_error, "MAE": _mean_absolute_error, "mse": _mean_squared_error,
             "MSE": _mean_squared_error, "mape": _mean_absolute_percentage_error,
             "MAPE": _mean_absolute_percentage_error, "msle": _mean_squared_logarithmic_error,
             "MSLE": _mean_squared_logarithmic_error})


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
