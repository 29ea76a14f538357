"""Keras' MonitorCallback: the base of EarlyStopping, ReduceLROnPlateau and ModelCheckpoint (which
way a monitored metric should move, and what counts as an improvement)."""

from __future__ import annotations

import operator
import warnings
from typing import Any

from tfshim.keras.callbacks.callback import Callback


class MonitorCallback(Callback):
    def __init__(self, monitor: str = "val_loss", mode: str = "auto", baseline: Any = None,
                 min_delta: float = 0) -> None:
        super().__init__()
        if mode not in ["auto", "min", "max"]:
            warnings.warn(f"{self.__class__.__name__} mode '{mode}' is unknown, fallback to auto mode.",
                          stacklevel=2)
            mode = "auto"
        self.monitor = monitor
        self.mode = mode
        self.best = baseline
        self.min_delta = abs(min_delta)
        self.monitor_op: Any = None

    def _set_monitor_op(self) -> None:
        """Keras: "min"/"max", else loss is minimised and a compiled metric goes its `_direction`."""
        if self.mode == "min":
            self.monitor_op = operator.lt
        elif self.mode == "max":
            self.monitor_op = operator.gt
        else:
            metric_name = self.monitor.removeprefix("val_")
            if metric_name == "loss":
                self.monitor_op = operator.lt
            from tfshim.keras.trainers.compile_utils import CompileMetrics, MetricsList

            all_metrics: list = []
            for m in getattr(self.model, "metrics", []):
                if isinstance(m, (CompileMetrics, MetricsList)):
                    all_metrics.extend(m.metrics)
            for m in all_metrics:
                if m.name == metric_name and hasattr(m, "_direction"):
                    self.monitor_op = operator.gt if m._direction == "up" else operator.lt
            if self.monitor_op is None:
                raise ValueError(
                    f"{self.__class__.__name__} callback received monitor={self.monitor}, but Keras isn't able to "
                    "automatically determine whether that metric should be maximized or minimized. Pass "
                    "`mode='max'` in order to monitor based on the highest metric value, or pass `mode='min'` in "
                    "order to use the lowest value.")
        if self.monitor_op is operator.lt:
            self.min_delta *= -1

    def _is_improvement(self, monitor_value: Any, reference_value: Any) -> bool:
        if reference_value is None:
            return True
        return bool(self.monitor_op(monitor_value - self.min_delta, reference_value))
