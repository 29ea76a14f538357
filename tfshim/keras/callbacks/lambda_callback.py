"""keras.callbacks.LambdaCallback: a callback built from plain functions."""

from __future__ import annotations

from typing import Any

from tfshim.keras.callbacks.callback import Callback


class LambdaCallback(Callback):
    def __init__(self, on_epoch_begin: Any = None, on_epoch_end: Any = None, on_train_begin: Any = None,
                 on_train_end: Any = None, on_train_batch_begin: Any = None, on_train_batch_end: Any = None,
                 **kwargs: Any) -> None:
        super().__init__()
        self.__dict__.update(kwargs)
        hooks = {"on_epoch_begin": on_epoch_begin, "on_epoch_end": on_epoch_end, "on_train_begin": on_train_begin,
                 "on_train_end": on_train_end, "on_train_batch_begin": on_train_batch_begin,
                 "on_train_batch_end": on_train_batch_end}
        for name, fn in hooks.items():
            if fn is not None:
                setattr(self, name, fn)
