"""keras.utils.Progbar (Keras 3): the progress bar `fit`/`evaluate`/`predict` print.

Keras draws the bar "dynamically" (backspaces and a carriage return before each redraw) whenever
stdout is a terminal, IPython is loaded, or the `posix` module is imported, i.e. always on Linux and
macOS; only Windows with a redirected stdout gets one line per update. Updates closer than
`interval` seconds to the previous one are skipped unless final, so which intermediate frames
appear depends on timing; the final frame of each epoch is always printed.
"""

from __future__ import annotations

import math
import os
import sys
import time
from typing import Any

import numpy as np


def print_msg(message: str, line_break: bool = True) -> None:
    """Keras: io_utils.print_msg (interactive logging): write to stdout and flush."""
    message = f"{message}\n" if line_break else message
    sys.stdout.write(message)
    sys.stdout.flush()


class Progbar:
    """Keras: keras.utils.Progbar(target, width=20, verbose=1, interval=0.05, ...)."""

    def __init__(self, target: Any, width: int = 20, verbose: int = 1, interval: float = 0.05,
                 stateful_metrics: Any = None, stateless_metrics: Any = None, unit_name: str = "step") -> None:
        if stateful_metrics is not None and stateless_metrics is not None:
            raise ValueError(
                "Only one of `stateful_metrics` or `stateless_metrics` can be provided. `stateful_metrics` is used "
                "to make metrics stateless by default (with an exclusion list), while `stateless_metrics` is used "
                "to make metrics stateful by default (with an exclusion list).")
        self.target = target
        self.width = width
        self.verbose = verbose
        self.interval = interval
        self.unit_name = unit_name
        self.stateful_metrics: Any
        self.stateless_metrics: Any
        if stateful_metrics is not None:
            self.stateful_metrics, self.stateless_metrics = set(stateful_metrics), None
        elif stateless_metrics is not None:
            self.stateful_metrics, self.stateless_metrics = None, set(stateless_metrics)
        else:
            self.stateful_metrics, self.stateless_metrics = set(), None
        self._dynamic_display = ((hasattr(sys.stdout, "isatty") and sys.stdout.isatty())
                                 or "ipykernel" in sys.modules or "posix" in sys.modules
                                 or "PYCHARM_HOSTED" in os.environ)
        self._seen_so_far = 0
        self._values: dict = {}
        self._values_order: list = []
        self._start = time.time()
        self._last_update = 0.0
        self._time_at_epoch_start = self._start
        self._time_after_first_step: Any = None
        self._prev_total_width = 0

    def _is_stateless(self, k: str) -> bool:
        if self.stateful_metrics is not None:
            return k not in self.stateful_metrics
        return k in self.stateless_metrics

    def update(self, current: int, values: Any = None, finalize: Any = None) -> None:
        """Keras: records `values` ((name, value) pairs) at step `current` and redraws the bar."""
        if finalize is None:
            finalize = False if self.target is None else current >= self.target
        for k, v in values or []:
            if k not in self._values_order:
                self._values_order.append(k)
            if self._is_stateless(k):
                if finalize:
                    self._values[k] = [v, 1]
                else:
                    base = max(current - self._seen_so_far, 1)
                    if k not in self._values:
                        self._values[k] = [v * base, base]
                    else:
                        self._values[k][0] += v * base
                        self._values[k][1] += base
            else:
                self._values[k] = [v, 1]
        self._seen_so_far = current
        now = time.time()
        time_per_unit = self._estimate_step_duration(current, now)
        if self.verbose == 1:
            if now - self._last_update < self.interval and not finalize:
                return
            self._draw(current, now, time_per_unit, finalize)
        elif self.verbose == 2 and finalize and self.target is not None and self.target > 0:
            numdigits = int(math.log10(self.target)) + 1
            info = f"%{numdigits}d/%d" % (current, self.target)
            info += f" - {now - self._start:.0f}s -{self._format_time(time_per_unit, self.unit_name)}"
            for k in self._values_order:
                avg = self._average(k)
                info += f" - {k}: {avg:.4f}" if avg > 1e-3 else f" - {k}: {avg:.4e}"
            print_msg(info + "\n", line_break=False)
        self._last_update = now

    def _average(self, k: str) -> Any:
        values, count = self._values[k]
        if not isinstance(values, float):
            values = np.mean(values)
        return values / max(1, count)

    def _draw(self, current: int, now: float, time_per_unit: float, finalize: bool) -> None:
        message = "\b" * self._prev_total_width + "\r" if self._dynamic_display else "\n"
        special = 0
        if self.target is not None and self.target > 0:
            numdigits = int(math.log10(self.target)) + 1
            bar = f"\x1b[1m{(f'%{numdigits}d/%d') % (current, self.target)}\x1b[0m "
            special += 8
            prog_width = int(self.width * float(current) / self.target)
            if prog_width > 0:
                bar += f"\33[32m{'━' * prog_width}\x1b[0m"
                special += 9
            bar += f"\33[37m{'━' * (self.width - prog_width)}\x1b[0m"
            special += 9
        else:
            bar = "%7d/Unknown" % current
        message += bar
        if self.target is not None and self.target > 0 and not finalize:
            eta = time_per_unit * (self.target - current)
            if eta > 3600:
                eta_format = "%d:%02d:%02d" % (eta // 3600, (eta % 3600) // 60, eta % 60)
            elif eta > 60:
                eta_format = "%d:%02d" % (eta // 60, eta % 60)
            else:
                eta_format = "%ds" % eta
            info = f" \x1b[1m{eta_format}\x1b[0m"
        else:
            info = f" \x1b[1m{now - self._start:.0f}s\x1b[0m"
        special += 8
        info += self._format_time(time_per_unit, self.unit_name)
        for k in self._values_order:
            info += f" - {k}:"
            avg = self._average(k)
            info += f" {avg:.4f}" if abs(avg) > 1e-3 else f" {avg:.4e}"
        message += info
        total_width = len(bar) + len(info) - special
        if self._prev_total_width > total_width:
            message += " " * (self._prev_total_width - total_width)
        if finalize:
            message += "\n"
        print_msg(message, line_break=False)
        self._prev_total_width = total_width

    def add(self, n: int, values: Any = None) -> None:
        self.update(self._seen_so_far + n, values)

    @staticmethod
    def _format_time(time_per_unit: float, unit_name: str) -> str:
        if time_per_unit >= 1 or time_per_unit == 0:
            return f" {time_per_unit:.0f}s/{unit_name}"
        if time_per_unit >= 1e-3:
            return f" {time_per_unit * 1000.0:.0f}ms/{unit_name}"
        return f" {time_per_unit * 1000000.0:.0f}us/{unit_name}"

    def _estimate_step_duration(self, current: int, now: float) -> float:
        """Keras: seconds per step, not counting the first step once there are more."""
        if not current:
            return 0
        if self._time_after_first_step is not None and current > 1:
            time_per_unit = (now - self._time_after_first_step) / (current - 1)
        else:
            time_per_unit = (now - self._start) / current
        if current == 1:
            self._time_after_first_step = now
        return time_per_unit
