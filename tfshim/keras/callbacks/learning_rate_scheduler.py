"""keras.callbacks.LearningRateScheduler: sets the learning rate from `schedule(epoch, lr)` each epoch."""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.keras.callbacks.callback import Callback
from tfshim.keras.callbacks.reduce_lr_on_plateau import _lr_value
from tfshim.keras.utils.progbar import print_msg


class LearningRateScheduler(Callback):
    def __init__(self, schedule: Any, verbose: int = 0) -> None:
        super().__init__()
        self.schedule = schedule
        self.verbose = verbose

    def on_epoch_begin(self, epoch: int, logs: Any = None) -> None:
        optimizer = self.model.optimizer
        if not hasattr(optimizer, "learning_rate"):
            raise ValueError('Optimizer must have a "learning_rate" attribute.')
        try:  # Keras: the (epoch, lr) signature first, then the old (epoch) one
            learning_rate = self.schedule(epoch, _lr_value(optimizer))
        except TypeError:
            learning_rate = self.schedule(epoch)
        if not isinstance(learning_rate, (float, np.float32, np.float64)):
            raise ValueError(f"The output of the `schedule` function should be a float. Got: {learning_rate}")
        optimizer.learning_rate = learning_rate
        if self.verbose > 0:
            print_msg(f"\nEpoch {epoch + 1}: LearningRateScheduler setting learning rate to {learning_rate}.")

    def on_epoch_end(self, epoch: int, logs: Any = None) -> None:
        if logs is not None:
            logs["learning_rate"] = _lr_value(self.model.optimizer)
