"""tf.signal.frame (TF: signal/shape_ops.py) and tf.signal.stft (TF: signal/spectral_ops.py)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops.op import tf_export


@tf_export("signal.frame")
def frame(signal: Any, frame_length: Any, frame_step: Any, pad_end: bool = False, pad_value: Any = 0,
          axis: int = -1, name: Any = None) -> Tensor:
    """TF: tf.signal.frame: overlapping frames of frame_length every frame_step samples along `axis`
    (pad_end pads the last frames with pad_value)."""
    from tfshim.ops import array_ops

    signal = convert_to_tensor(signal)
    if signal.shape.ndims < 1:
        raise ValueError(f"Shape {signal.shape} must have rank at least 1")
    length, step = int(convert_to_tensor(frame_length)._value), int(convert_to_tensor(frame_step)._value)
    ax = range(signal.shape.ndims)[axis]
    n = signal._value.shape[ax]
    if pad_end:
        num_frames = -(-n // step)
        pad = max(0, length + step * (num_frames - 1) - n)
        paddings = [[0, 0]] * signal.shape.ndims
        paddings[ax] = [0, pad]
        signal = array_ops.pad(signal, paddings, constant_values=convert_to_tensor(pad_value, dtype=signal.dtype))
    else:
        num_frames = max(0, 1 + (n - length) // step)
    idx = (np.arange(num_frames)[:, None] * step + np.arange(length)[None, :]).astype(np.int32)
    return array_ops.gather(signal, idx, axis=ax)


def _enclosing_power_of_two(value: int) -> int:
    return int(2 ** np.ceil(np.log(value) / np.log(2.0)))


@tf_export("signal.stft")
def stft(signals: Any, frame_length: Any, frame_step: Any, fft_length: Any = None, window_fn: Any = "hann",
         pad_end: bool = False, name: Any = None) -> Tensor:
    """TF: tf.signal.stft = rfft(frame(signals) * window, [fft_length]) (default: the enclosing power of 2)."""
    from tfshim.ops.signal.fft_ops import rfft
    from tfshim.ops.signal.window_ops import hann_window

    if window_fn == "hann":
        window_fn = hann_window
    signals = convert_to_tensor(signals)
    length = int(convert_to_tensor(frame_length)._value)
    fft_len = _enclosing_power_of_two(length) if fft_length is None else int(convert_to_tensor(fft_length)._value)
    framed = frame(signals, length, frame_step, pad_end=pad_end)
    if window_fn is not None:
        framed = framed * window_fn(length, dtype=framed.dtype)
    return rfft(framed, [fft_len])
