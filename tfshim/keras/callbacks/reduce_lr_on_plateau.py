"""keras.callbacks.ReduceLROnPlateau: multiplies the learning rate by `factor` after `patience` flat epochs."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np

from tfshim.keras.callbacks.monitor_callback import MonitorCallback
from tfshim.keras.utils.progbar import print_msg


def _lr_value(optimizer: Any) -> float:
    return float(np.asarray(optimizer.learning_rate))


class ReduceLROnPlateau(MonitorCallback):
    def __init__(self, monitor: str = "val_loss", factor: float = 0.1, patience: int = 10, verbose: int = 0,
                 mode: str = "auto", min_delta: float = 1e-4, cooldown: int = 0, min_lr: float = 0.0,
                 **kwargs: Any) -> None:
        super().__init__(monitor, mode, min_delta=min_delta)
        if factor >= 1.0:
            raise ValueError(f"ReduceLROnPlateau does not support a factor >= 1.0. Received factor={factor}")
        self.factor = factor
        self.min_lr = min_lr
        self.patience = patience
        self.verbose = verbose
        self.cooldown = cooldown
        self.cooldown_counter = 0
        self.wait = 0

    def _reset(self) -> None:
        self.best = None
        self.cooldown_counter = 0
        self.wait = 0

    def _reduce_optimizer_lr(self, optimizer: Any, epoch: int) -> bool:
        old_lr = _lr_value(optimizer)
        if old_lr > np.float32(self.min_lr):
            new_lr = max(old_lr * self.factor, self.min_lr)
            optimizer.learning_rate = new_lr
            if self.verbose > 0:
                print_msg(f"\nEpoch {epoch + 1}: ReduceLROnPlateau reducing learning rate to {new_lr}.")
            return True
        return False

    def on_train_begin(self, logs: Any = None) -> None:
        self._reset()

    def on_epoch_end(self, epoch: int, logs: Any = None) -> None:
        if self.monitor_op is None:
            self._set_monitor_op()
        logs = logs if logs is not None else {}
        logs["learning_rate"] = _lr_value(self.model.optimizer)
        current = logs.get(self.monitor)
        if current is None:
            warnings.warn(f"Learning rate reduction is conditioned on metric `{self.monitor}` which is not "
                          f"available. Available metrics are: {','.join(list(logs.keys()))}.", stacklevel=2)
            return
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self._is_improvement(current, self.best):
            self.best = current
            self.wait = 0
        elif not self.in_cooldown():
            self.wait += 1
            if self.wait >= self.patience and self._reduce_optimizer_lr(self.model.optimizer, epoch):
                self.cooldown_counter = self.cooldown
                self.wait = 0

    def in_cooldown(self) -> bool:
        return self.cooldown_counter > 0
