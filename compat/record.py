"""Records the stdout of every compat script under real TensorFlow into SCRIPT.out.

    python compat/record.py [--python PY] [--check] [SCRIPT.py ...]

PY is a Python with tensorflow-cpu==2.21.0 (default: $TF_PYTHON, else the
tf-oracle environment, else this interpreter). --check re-records into memory and
fails if any .out differs (it proves the recordings come from TF). Recorded on
Linux x86-64 with TF's defaults (oneDNN on), as on Colab.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from timing import mask_timing, wants_mask  # noqa: E402 - compat/timing.py, beside this file

TOOLS = {"record.py", "coverage.py", "timing.py"}


def scripts(paths: list[str]) -> list[Path]:
    if paths:
        return [Path(p).resolve() for p in paths]
    return sorted(p for p in HERE.rglob("*.py") if p.name not in TOOLS and "__pycache__" not in p.parts)


def tf_python() -> str:
    if os.environ.get("TF_PYTHON"):
        return os.environ["TF_PYTHON"]
    oracle = shutil.which("tf-oracle") or str(HERE.parent.parent / "shared" / "tools" / "tf-oracle")
    if os.path.exists(oracle):
        out = subprocess.run([oracle, "--python"], capture_output=True, text=True)
        if out.returncode == 0 and out.stdout.strip():
            return out.stdout.strip()
    return sys.executable


def run(py: str, script: Path) -> str:
    # TF_ENABLE_ONEDNN_OPTS=1: TF's reference setting, which TF itself picks only on some CPUs (tests/conftest.py)
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8",
               TF_ENABLE_ONEDNN_OPTS=os.environ.get("TF_ENABLE_ONEDNN_OPTS", "1"))
    proc = subprocess.run([py, script.name], cwd=script.parent, capture_output=True, env=env, timeout=300)
    if proc.returncode != 0:
        raise RuntimeError(f"{script}: exit {proc.returncode}\n{proc.stderr.decode()[-2000:]}")
    out = proc.stdout.decode("utf-8")
    return mask_timing(out) if wants_mask(script) else out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--python", default=None)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("scripts", nargs="*")
    args = ap.parse_args()
    py = args.python or tf_python()
    bad = 0
    for s in scripts(args.scripts):
        try:
            out = run(py, s)
        except RuntimeError as e:
            print(e, file=sys.stderr)
            bad += 1
            continue
        target = s.with_suffix(".out")
        if args.check:
            if not target.exists() or target.read_text(encoding="utf-8") != out:
                print(f"differs: {s.relative_to(HERE)}")
                bad += 1
        else:
            target.write_text(out, encoding="utf-8")
            print(f"recorded {s.relative_to(HERE)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
