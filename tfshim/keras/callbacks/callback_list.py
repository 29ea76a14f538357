"""keras.callbacks.CallbackList: calls every hook of every callback, adding History and ProgbarLogger.

Keras (TF backend) may run batch-end hooks on a thread pool and waits for them before each epoch
end; tfshim runs them in order on the calling thread, which prints the same.
"""

from __future__ import annotations

from typing import Any

from tfshim.keras import _tree
from tfshim.keras.callbacks.callback import Callback
from tfshim.keras.callbacks.history import History
from tfshim.keras.callbacks.progbar_logger import ProgbarLogger


def pythonify_logs(logs: Any) -> dict:
    """Keras: python_utils.pythonify_logs: keys sorted, nested dicts flattened, values made Python floats."""
    result: dict = {}
    for key, value in sorted((logs or {}).items()):
        if isinstance(value, dict):
            result.update(pythonify_logs(value))
        else:
            try:
                value = float(value)
            except Exception:  # noqa: BLE001 - Keras keeps values float() refuses
                pass
            result[key] = value
    return result


class CallbackList(Callback):
    def __init__(self, callbacks: Any = None, add_history: bool = False, add_progbar: bool = False,
                 model: Any = None, **params: Any) -> None:
        self.callbacks = _tree.flatten(callbacks) if callbacks else []
        self._progbar: Any = None
        self._history: Any = None
        for cb in self.callbacks:
            if isinstance(cb, ProgbarLogger):
                self._progbar = cb
            elif isinstance(cb, History):
                self._history = cb
        if self._history is None and add_history:
            self._history = History()
            self.callbacks.append(self._history)
        if self._progbar is None and add_progbar:
            self._progbar = ProgbarLogger()
            self.callbacks.append(self._progbar)
        self._model = None
        self.params = None
        self.set_model(model)
        self.set_params(params)

    def append(self, callback: Callback) -> None:
        self.callbacks.append(callback)

    def set_params(self, params: Any) -> None:
        self.params = params
        if params:
            for callback in self.callbacks:
                callback.set_params(params)

    def set_model(self, model: Any) -> None:
        if not model:
            return
        self._model = model
        if self._history:
            model.history = self._history
        for callback in self.callbacks:
            callback.set_model(model)

    def _call(self, hook: str, *args: Any, logs: Any = None) -> None:
        logs = pythonify_logs(logs)
        for callback in self.callbacks:
            getattr(callback, hook)(*args, logs)

    def on_batch_begin(self, batch: int, logs: Any = None) -> None:
        self._call("on_batch_begin", batch, logs=logs)

    def on_batch_end(self, batch: int, logs: Any = None) -> None:
        self._call("on_batch_end", batch, logs=logs)

    def on_epoch_begin(self, epoch: int, logs: Any = None) -> None:
        self._call("on_epoch_begin", epoch, logs=logs)

    def on_epoch_end(self, epoch: int, logs: Any = None) -> None:
        # Keras hands every callback the same dict (LearningRateScheduler adds "learning_rate" to it).
        logs = pythonify_logs(logs)
        for callback in self.callbacks:
            callback.on_epoch_end(epoch, logs)

    def on_train_batch_begin(self, batch: int, logs: Any = None) -> None:
        self._call("on_train_batch_begin", batch, logs=logs)

    def on_train_batch_end(self, batch: int, logs: Any = None) -> None:
        self._call("on_train_batch_end", batch, logs=logs)

    def on_test_batch_begin(self, batch: int, logs: Any = None) -> None:
        self._call("on_test_batch_begin", batch, logs=logs)

    def on_test_batch_end(self, batch: int, logs: Any = None) -> None:
        self._call("on_test_batch_end", batch, logs=logs)

    def on_predict_batch_begin(self, batch: int, logs: Any = None) -> None:
        self._call("on_predict_batch_begin", batch, logs=logs)

    def on_predict_batch_end(self, batch: int, logs: Any = None) -> None:
        # Keras: the batch outputs (tensors) reach the callbacks as they are.
        for callback in self.callbacks:
            callback.on_predict_batch_end(batch, logs)

    def on_train_begin(self, logs: Any = None) -> None:
        self._call("on_train_begin", logs=logs)

    def on_train_end(self, logs: Any = None) -> None:
        self._call("on_train_end", logs=logs)

    def on_test_begin(self, logs: Any = None) -> None:
        self._call("on_test_begin", logs=logs)

    def on_test_end(self, logs: Any = None) -> None:
        self._call("on_test_end", logs=logs)

    def on_predict_begin(self, logs: Any = None) -> None:
        self._call("on_predict_begin", logs=logs)

    def on_predict_end(self, logs: Any = None) -> None:
        self._call("on_predict_end", logs=logs)
