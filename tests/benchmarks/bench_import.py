"""Time `import tfshim` against `import numpy` and `import tensorflow`, each in fresh processes.

Run: python tests/benchmarks/bench_import.py [RUNS]   (default 7 runs; median wall time per process)
tfshim is imported from this work tree with this Python; TensorFlow with the oracle's Python
(~/.cache/tfshim-tf-oracle/bin/python) when it exists, else with this Python if TF is installed here.
"Net" subtracts the median of a bare `python -c pass` on the same interpreter.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ORACLE = Path.home() / ".cache" / "tfshim-tf-oracle" / "bin" / "python"


def median_seconds(python: str, code: str, runs: int) -> float:
    env = dict(os.environ, PYTHONPATH=str(ROOT), TF_CPP_MIN_LOG_LEVEL="3")
    subprocess.run([python, "-c", code], env=env, check=True, capture_output=True)  # warm the OS file cache
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([python, "-c", code], env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    rows = []
    here = sys.executable
    base = median_seconds(here, "pass", runs)
    rows.append(("python -c pass", here, base, base))
    for mod in ("numpy", "tfshim"):
        t = median_seconds(here, f"import {mod}", runs)
        rows.append((f"import {mod}", here, t, base))
    tf_python = str(ORACLE) if ORACLE.exists() else here
    has_tf = "import importlib.util as u; print(u.find_spec('tensorflow') is not None)"
    probe = subprocess.run([tf_python, "-c", has_tf], capture_output=True, text=True)
    if probe.stdout.strip() == "True":
        tf_base = median_seconds(tf_python, "pass", runs) if tf_python != here else base
        rows.append(("import tensorflow", tf_python, median_seconds(tf_python, "import tensorflow", runs), tf_base))
    else:
        print("(no TensorFlow found: `import tensorflow` not timed)")
    import numpy

    print(f"median of {runs} fresh processes; python {sys.version.split()[0]}, numpy {numpy.__version__}")
    for label, python, t, b in rows:
        print(f"{label:20s} {t * 1e3:8.0f} ms  (net {max(t - b, 0) * 1e3:6.0f} ms)  [{python}]")


if __name__ == "__main__":
    main()
