"""keras.callbacks.History: what `fit` returns; `history[name]` is the list of per-epoch values."""

from __future__ import annotations

from typing import Any

from tfshim.keras.callbacks.callback import Callback


class History(Callback):
    def __init__(self) -> None:
        super().__init__()
        self.history: dict = {}

    def on_train_begin(self, logs: Any = None) -> None:
        self.epoch: list = []

    def on_epoch_end(self, epoch: int, logs: Any = None) -> None:
        self.epoch.append(epoch)
        for k, v in (logs or {}).items():
            self.history.setdefault(k, []).append(v)
        self.model.history = self
