"""keras.callbacks.CSVLogger: one CSV row per epoch (sorted metric names, `val_` columns added)."""

from __future__ import annotations

import collections
import csv
import os
from typing import Any

import numpy as np

from tfshim.keras.callbacks.callback import Callback


class CSVLogger(Callback):
    def __init__(self, filename: Any, separator: str = ",", append: bool = False) -> None:
        super().__init__()
        self.sep = separator
        self.filename = os.fspath(filename)
        self.append = append
        self.writer: Any = None
        self.keys: Any = None
        self.append_header = True
        self.csv_file: Any = None

    def on_train_begin(self, logs: Any = None) -> None:
        if self.append:
            if os.path.exists(self.filename):
                with open(self.filename) as f:
                    self.append_header = not bool(len(f.readline()))
            mode = "a"
        else:
            mode = "w"
        if self.csv_file and not self.csv_file.closed:
            self.csv_file.close()
        self.csv_file = open(self.filename, mode)  # noqa: SIM115 - open for the whole of training, as Keras
        self.writer = None
        self.keys = None

    def on_epoch_end(self, epoch: int, logs: Any = None) -> None:
        logs = logs or {}

        def handle_value(k: Any) -> Any:
            if isinstance(k, str):
                return k
            if isinstance(k, collections.abc.Iterable) and not (isinstance(k, np.ndarray) and k.ndim == 0):
                return f'"[{", ".join(map(str, k))}]"'
            return k

        if self.keys is None:
            self.keys = sorted(logs.keys())
            if not any(key.startswith("val_") for key in self.keys) and self.keys:
                self.keys.extend([f"val_{k}" for k in self.keys])
        if not self.writer:
            class CustomDialect(csv.excel):
                delimiter = self.sep

            self.writer = csv.DictWriter(self.csv_file, fieldnames=["epoch"] + (self.keys or []),
                                         dialect=CustomDialect)
            if self.append_header:
                self.writer.writeheader()
        row = collections.OrderedDict({"epoch": epoch})
        row.update((key, handle_value(logs.get(key, "NA"))) for key in self.keys)
        self.writer.writerow(row)
        self.csv_file.flush()

    def on_train_end(self, logs: Any = None) -> None:
        if self.csv_file and not self.csv_file.closed:
            self.csv_file.close()
        self.writer = None
