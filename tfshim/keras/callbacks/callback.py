"""keras.callbacks.Callback (Keras 3): every hook `fit`/`evaluate`/`predict` call, all no-ops by default."""

from __future__ import annotations

from typing import Any


class Callback:
    """Keras: keras.callbacks.Callback. `on_train_batch_*` forward to `on_batch_*` as in Keras."""

    def __init__(self) -> None:
        self.params: Any = None
        self._model: Any = None

    def set_params(self, params: Any) -> None:
        self.params = params

    def set_model(self, model: Any) -> None:
        self._model = model

    @property
    def model(self) -> Any:
        return self._model

    def on_batch_begin(self, batch: int, logs: Any = None) -> None:
        """A legacy alias of `on_train_batch_begin`."""

    def on_batch_end(self, batch: int, logs: Any = None) -> None:
        """A legacy alias of `on_train_batch_end`."""

    def on_epoch_begin(self, epoch: int, logs: Any = None) -> None:
        pass

    def on_epoch_end(self, epoch: int, logs: Any = None) -> None:
        pass

    def on_train_batch_begin(self, batch: int, logs: Any = None) -> None:
        self.on_batch_begin(batch, logs=logs)

    def on_train_batch_end(self, batch: int, logs: Any = None) -> None:
        self.on_batch_end(batch, logs=logs)

    def on_test_batch_begin(self, batch: int, logs: Any = None) -> None:
        pass

    def on_test_batch_end(self, batch: int, logs: Any = None) -> None:
        pass

    def on_predict_batch_begin(self, batch: int, logs: Any = None) -> None:
        pass

    def on_predict_batch_end(self, batch: int, logs: Any = None) -> None:
        pass

    def on_train_begin(self, logs: Any = None) -> None:
        pass

    def on_train_end(self, logs: Any = None) -> None:
        pass

    def on_test_begin(self, logs: Any = None) -> None:
        pass

    def on_test_end(self, logs: Any = None) -> None:
        pass

    def on_predict_begin(self, logs: Any = None) -> None:
        pass

    def on_predict_end(self, logs: Any = None) -> None:
        pass
