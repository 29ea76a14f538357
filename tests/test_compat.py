"""Every compat script, run through `python -m tfshim`, prints exactly what real TF 2.21 printed.

The `.out` files are recorded by compat/record.py under real TensorFlow; never edit them by hand.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

COMPAT = Path(__file__).resolve().parent.parent / "compat"
SCRIPTS = sorted(p for p in COMPAT.rglob("*.py") if p.with_suffix(".out").exists())


def run_shim(script: Path, *extra: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "tfshim", script.name, *extra], cwd=script.parent,
                          capture_output=True, env=env, timeout=120)


def test_there_are_compat_scripts():
    assert len(SCRIPTS) >= 36


@pytest.mark.parametrize("script", SCRIPTS, ids=[str(p.relative_to(COMPAT)) for p in SCRIPTS])
def test_compat_script_matches_tf(script):
    proc = run_shim(script)
    assert proc.returncode == 0, proc.stderr.decode()[-3000:]
    assert proc.stdout.decode("utf-8") == script.with_suffix(".out").read_text(encoding="utf-8")
