"""tf.image basics (TF: image_ops_impl.py): flips, rot90, transpose, crops and pads, dtype conversion,
brightness/contrast/gamma, grayscale, per-image standardization, gradients, PSNR, total variation.

Each is composed from tfshim ops in TF's order, so values and gradients are TF's where those ops are exact.
TF's resize kernels, colour-space conversions (hsv/yuv), random_* / stateless_random_* and ssim are not
implemented by tfshim yet: `tf.image.<name>` raises NotImplementedError for them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops.op import KernelError, defop, run_op, tf_export


def _ops() -> Any:
    from tfshim.ops import array_ops, math_ops

    return array_ops, math_ops


def _assert_at_least_3d(image: Tensor) -> Tensor:
    shape = image.shape
    if shape.ndims < 3:
        raise ValueError("'image' (shape %s) must be at least three-dimensional." % shape)
    if any(d == 0 for d in shape.as_list()[-3:]):
        raise ValueError("inner 3 dims of 'image.shape' must be > 0: %s" % shape)
    return image


def _flip(image: Any, index: int) -> Tensor:
    a, _ = _ops()
    image = _assert_at_least_3d(convert_to_tensor(image))
    nd = image.shape.ndims
    if nd == 3:
        return a.reverse(image, [index])
    if nd == 4:
        return a.reverse(image, [index + 1])
    raise ValueError("'image' (shape %s)must have either 3 or 4 dimensions." % image.shape)


@tf_export("image.flip_left_right")
def flip_left_right(image: Any) -> Tensor:
    """TF: tf.image.flip_left_right (reverse the width axis)."""
    return _flip(image, 1)


@tf_export("image.flip_up_down")
def flip_up_down(image: Any) -> Tensor:
    """TF: tf.image.flip_up_down (reverse the height axis)."""
    return _flip(image, 0)


@tf_export("image.rot90")
def rot90(image: Any, k: Any = 1, name: Any = None) -> Tensor:
    """TF: tf.image.rot90: k quarter turns counter-clockwise."""
    a, _ = _ops()
    image = _assert_at_least_3d(convert_to_tensor(image))
    k = int(convert_to_tensor(k, dtype=dtypes.int32)._value) % 4
    nd = image.shape.ndims
    if nd not in (3, 4):
        raise ValueError("'image' (shape %s) must have either 3 or 4 dimensions." % image.shape)
    h = nd - 3
    perm = list(range(nd))
    perm[h], perm[h + 1] = perm[h + 1], perm[h]
    if k == 1:
        return a.transpose(a.reverse(image, [h + 1]), perm)
    if k == 2:
        return a.reverse(image, [h, h + 1])
    if k == 3:
        return a.reverse(a.transpose(image, perm), [h + 1])
    return image


@tf_export("image.transpose")
def transpose(image: Any, name: Any = None) -> Tensor:
    """TF: tf.image.transpose: swap height and width."""
    a, _ = _ops()
    image = _assert_at_least_3d(convert_to_tensor(image))
    nd = image.shape.ndims
    if nd == 3:
        return a.transpose(image, [1, 0, 2])
    if nd == 4:
        return a.transpose(image, [0, 2, 1, 3])
    raise ValueError("'image' (shape %s) must have either 3 or 4 dimensions." % image.shape)


def _as_batch(image: Tensor) -> tuple:
    a, _ = _ops()
    nd = image.shape.ndims
    if nd == 3:
        return a.expand_dims(image, 0), False
    if nd == 4:
        return image, True
    raise ValueError("'image' (shape %s) must have either 3 or 4 dimensions." % image.shape)


@tf_export("image.crop_to_bounding_box")
def crop_to_bounding_box(image: Any, offset_height: int, offset_width: int, target_height: int,
                         target_width: int) -> Tensor:
    """TF: tf.image.crop_to_bounding_box (TF's checks, then a slice)."""
    a, _ = _ops()
    image, is_batch = _as_batch(convert_to_tensor(image))
    _assert_at_least_3d(image)
    _, height, width, _ = image._value.shape
    for ok, msg in ((offset_width >= 0, "offset_width must be >= 0."),
                    (offset_height >= 0, "offset_height must be >= 0."),
                    (target_width > 0, "target_width must be > 0."), (target_height > 0, "target_height must be > 0."),
                    (width >= target_width + offset_width, "width must be >= target + offset."),
                    (height >= target_height + offset_height, "height must be >= target + offset.")):
        if not ok:
            raise ValueError(msg)
    cropped = a.slice(image, [0, offset_height, offset_width, 0], [-1, target_height, target_width, -1])
    return cropped if is_batch else a.squeeze(cropped, axis=[0])


@tf_export("image.pad_to_bounding_box")
def pad_to_bounding_box(image: Any, offset_height: int, offset_width: int, target_height: int,
                        target_width: int) -> Tensor:
    """TF: tf.image.pad_to_bounding_box: zero padding to target size with the image at the offset."""
    a, _ = _ops()
    image, is_batch = _as_batch(convert_to_tensor(image))
    _assert_at_least_3d(image)
    _, height, width, _ = image._value.shape
    after_w = target_width - offset_width - width
    after_h = target_height - offset_height - height
    for ok, msg in ((offset_height >= 0, "offset_height must be >= 0"),
                    (offset_width >= 0, "offset_width must be >= 0"),
                    (after_w >= 0, "width must be <= target - offset"),
                    (after_h >= 0, "height must be <= target - offset")):
        if not ok:
            raise ValueError(msg)
    padded = a.pad(image, [[0, 0], [offset_height, after_h], [offset_width, after_w], [0, 0]])
    return padded if is_batch else a.squeeze(padded, axis=[0])


@tf_export("image.convert_image_dtype")
def convert_image_dtype(image: Any, dtype: Any, saturate: bool = False, name: Any = None) -> Tensor:
    """TF: tf.image.convert_image_dtype: floats in [0, 1], integers in [0, MAX], rescaled between them."""
    a, m = _ops()
    image = convert_to_tensor(image)
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating and not dtype.is_integer:
        raise AttributeError("dtype must be either floating point or integer")
    if not image.dtype.is_floating and not image.dtype.is_integer:
        raise AttributeError("image dtype must be either floating point or integer")
    if dtype == image.dtype:
        return a.identity(image)
    cast = (lambda x, d: m.saturate_cast(x, d)) if saturate else m.cast
    if image.dtype.is_integer and dtype.is_integer:
        scale_in, scale_out = image.dtype.max, dtype.max
        if scale_in > scale_out:
            scale = (scale_in + 1) // (scale_out + 1)
            return cast(m.floordiv(image, convert_to_tensor(scale, dtype=image.dtype)), dtype)
        scale = (scale_out + 1) // (scale_in + 1)
        return m.multiply(cast(image, dtype), convert_to_tensor(scale, dtype=dtype))
    if image.dtype.is_floating and dtype.is_floating:
        return m.cast(image, dtype)
    if image.dtype.is_integer:
        return m.multiply(m.cast(image, dtype), convert_to_tensor(1.0 / image.dtype.max, dtype=dtype))
    scaled = m.multiply(image, convert_to_tensor(dtype.max + 0.5, dtype=image.dtype))
    return cast(scaled, dtype)


def _to_float(image: Tensor) -> Tensor:
    return image if image.dtype in (dtypes.float16, dtypes.float32) else convert_image_dtype(image, dtypes.float32)


@tf_export("image.adjust_brightness")
def adjust_brightness(image: Any, delta: Any) -> Tensor:
    """TF: tf.image.adjust_brightness: image + delta in float, converted back with saturation."""
    _, m = _ops()
    image = convert_to_tensor(image)
    flt = _to_float(image)
    return convert_image_dtype(m.add(flt, m.cast(delta, flt.dtype)), image.dtype, saturate=True)


def _adjust_contrast_kernel(x: np.ndarray, factor: np.ndarray) -> Any:
    from tfshim.ops.math_ops import Mean

    if x.ndim < 3:
        raise KernelError(errors.InvalidArgumentError, "input must be at least 3-D, got shape[%s]"
                          % ",".join(map(str, x.shape)))
    mean = Mean.kernel(x, axis=[x.ndim - 3, x.ndim - 2], keepdims=True)
    with np.errstate(all="ignore"):
        return ((x - mean) * factor.astype(x.dtype) + mean).astype(x.dtype)


AdjustContrastv2 = defop("AdjustContrastv2", _adjust_contrast_kernel)  # TF registers no gradient


@tf_export("image.adjust_contrast")
def adjust_contrast(images: Any, contrast_factor: Any) -> Tensor:
    """TF: tf.image.adjust_contrast: (x - mean) * factor + mean per channel over height and width."""
    images = convert_to_tensor(images)
    flt = _to_float(images)
    factor = convert_to_tensor(contrast_factor, dtype=dtypes.float32)
    adjusted = run_op(AdjustContrastv2, (flt, contrast_factor), flt, factor)
    return convert_image_dtype(adjusted, images.dtype, saturate=True)


@tf_export("image.adjust_gamma")
def adjust_gamma(image: Any, gamma: Any = 1, gain: Any = 1) -> Tensor:
    """TF: tf.image.adjust_gamma: gain * image ** gamma (gamma >= 0)."""
    image = convert_to_tensor(image)
    flt = _to_float(image)
    if np.any(np.asarray(convert_to_tensor(gamma)._value) < 0):
        raise ValueError("Gamma should be a non-negative real number.")
    return convert_image_dtype(gain * flt ** gamma, image.dtype, saturate=True)


@tf_export("image.rgb_to_grayscale")
def rgb_to_grayscale(images: Any, name: Any = None) -> Tensor:
    """TF: tf.image.rgb_to_grayscale: 0.2989 R + 0.5870 G + 0.1140 B (a tensordot)."""
    a, _ = _ops()
    from tfshim.ops.linalg_ops import tensordot

    images = convert_to_tensor(images)
    flt = convert_image_dtype(images, dtypes.float32)
    gray = tensordot(flt, convert_to_tensor([0.2989, 0.5870, 0.1140]), [-1, -1])
    return convert_image_dtype(a.expand_dims(gray, -1), images.dtype)


@tf_export("image.grayscale_to_rgb")
def grayscale_to_rgb(images: Any, name: Any = None) -> Tensor:
    """TF: tf.image.grayscale_to_rgb: the single channel tiled three times."""
    a, _ = _ops()
    images = convert_to_tensor(images)
    if images.shape.ndims < 2 or images._value.shape[-1] != 1:
        raise ValueError("Last dimension of a grayscale image should be size 1.")
    return a.tile(images, [1] * (images.shape.ndims - 1) + [3])


@tf_export("image.per_image_standardization")
def per_image_standardization(image: Any) -> Tensor:
    """TF: tf.image.per_image_standardization: (x - mean) / max(stddev, 1/sqrt(num_pixels)), in float32."""
    _, m = _ops()
    image = _assert_at_least_3d(convert_to_tensor(image))
    image = m.cast(image, dtypes.float32)
    num_pixels = int(np.prod(image._value.shape[-3:]))
    mean = m.reduce_mean(image, axis=[-1, -2, -3], keepdims=True)
    stddev = m.reduce_std(image, axis=[-1, -2, -3], keepdims=True)
    min_stddev = m.rsqrt(m.cast(convert_to_tensor(num_pixels), dtypes.float32))
    return m.divide(image - mean, m.maximum(stddev, min_stddev))


@tf_export("image.image_gradients")
def image_gradients(image: Any) -> tuple:
    """TF: tf.image.image_gradients: (dy, dx) forward differences, zero in the last row / column."""
    a, _ = _ops()
    image = convert_to_tensor(image)
    if image.shape.ndims != 4:
        raise ValueError(f"image_gradients expects a 4D tensor [batch_size, h, w, d], not {image.shape}.")
    b, h, w, d = image._value.shape
    dy = a.concat([image[:, 1:, :, :] - image[:, :-1, :, :], a.zeros([b, 1, w, d], image.dtype)], 1)
    dx = a.concat([image[:, :, 1:, :] - image[:, :, :-1, :], a.zeros([b, h, 1, d], image.dtype)], 2)
    return a.reshape(dy, [b, h, w, d]), a.reshape(dx, [b, h, w, d])


@tf_export("image.psnr")
def psnr(a: Any, b: Any, max_val: Any, name: Any = None) -> Tensor:
    """TF: tf.image.psnr: 20 log10(max_val) - 10 log10(mse) over the last three axes."""
    _, m = _ops()
    a, b = convert_to_tensor(a), convert_to_tensor(b)
    max_val = convert_image_dtype(m.cast(max_val, a.dtype), dtypes.float32)
    a = convert_image_dtype(a, dtypes.float32)
    b = convert_image_dtype(b, dtypes.float32)
    mse = m.reduce_mean(m.squared_difference(a, b), [-3, -2, -1])
    return m.subtract(20 * m.log(max_val) / m.log(convert_to_tensor(10.0)),
                      np.float32(10 / np.log(10)) * m.log(mse))


@tf_export("image.total_variation")
def total_variation(images: Any, name: Any = None) -> Tensor:
    """TF: tf.image.total_variation: sum of absolute differences of neighbouring pixels."""
    _, m = _ops()
    images = convert_to_tensor(images)
    nd = images.shape.ndims
    if nd == 3:
        d1 = images[1:, :, :] - images[:-1, :, :]
        d2 = images[:, 1:, :] - images[:, :-1, :]
        axis = None
    elif nd == 4:
        d1 = images[:, 1:, :, :] - images[:, :-1, :, :]
        d2 = images[:, :, 1:, :] - images[:, :, :-1, :]
        axis = [1, 2, 3]
    else:
        raise ValueError("'images' must be either 3 or 4-dimensional.")
    return m.reduce_sum(m.abs(d1), axis=axis) + m.reduce_sum(m.abs(d2), axis=axis)
