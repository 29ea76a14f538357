"""keras.callbacks.ProgbarLogger: prints `Epoch i/n` and the progress bar (added by `fit` unless verbose=0)."""

from __future__ import annotations

from typing import Any

from tfshim.keras.callbacks.callback import Callback
from tfshim.keras.utils.progbar import Progbar, print_msg


class ProgbarLogger(Callback):
    """Keras: verbose="auto" means 1; verbose=2 prints one line per epoch; metrics are shown as logged."""

    def __init__(self) -> None:
        super().__init__()
        self.seen = 0
        self.progbar: Any = None
        self.target: Any = None
        self.verbose: Any = 1
        self.epochs = 1
        self._called_in_fit = False

    def set_params(self, params: Any) -> None:
        verbose = params["verbose"]
        self.verbose = 1 if verbose == "auto" else verbose
        self.epochs = params["epochs"]
        self.target = params["steps"]

    def on_train_begin(self, logs: Any = None) -> None:
        self._called_in_fit = True

    def on_test_begin(self, logs: Any = None) -> None:
        if not self._called_in_fit:
            self._reset_progbar()
            self._maybe_init_progbar()

    def on_predict_begin(self, logs: Any = None) -> None:
        self._reset_progbar()
        self._maybe_init_progbar()

    def on_epoch_begin(self, epoch: int, logs: Any = None) -> None:
        self._reset_progbar()
        self._maybe_init_progbar()
        if self.verbose and self.epochs > 1:
            print_msg(f"Epoch {epoch + 1}/{self.epochs}")

    def on_train_batch_end(self, batch: int, logs: Any = None) -> None:
        self._update_progbar(batch, logs)

    def on_test_batch_end(self, batch: int, logs: Any = None) -> None:
        if not self._called_in_fit:
            self._update_progbar(batch, logs)

    def on_predict_batch_end(self, batch: int, logs: Any = None) -> None:
        self._update_progbar(batch, None)

    def on_epoch_end(self, epoch: int, logs: Any = None) -> None:
        self._finalize_progbar(logs)

    def on_test_end(self, logs: Any = None) -> None:
        if not self._called_in_fit:
            self._finalize_progbar(logs)

    def on_predict_end(self, logs: Any = None) -> None:
        self._finalize_progbar(logs)

    def _reset_progbar(self) -> None:
        self.seen = 0
        self.progbar = None

    def _maybe_init_progbar(self) -> None:
        if self.progbar is None:
            self.progbar = Progbar(target=self.target, verbose=self.verbose, unit_name="step",
                                   stateless_metrics=set())

    def _update_progbar(self, batch: int, logs: Any = None) -> None:
        self._maybe_init_progbar()
        self.seen = batch + 1
        if self.verbose == 1:
            self.progbar.update(self.seen, list((logs or {}).items()), finalize=False)

    def _finalize_progbar(self, logs: Any) -> None:
        if self.target is None:
            self.target = self.seen
            self.progbar.target = self.target
        self.progbar.update(self.target, list((logs or {}).items()), finalize=True)
