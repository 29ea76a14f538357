"""Every compat script, run through `python -m tfshim`, prints exactly what real TF 2.21 printed.

The `.out` files are recorded by compat/record.py under real TensorFlow; never edit them by hand.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compat_forkserver import ForkServer, fresh_process  # noqa: E402

COMPAT = Path(__file__).resolve().parent.parent / "compat"


def _load_timing():
    """compat/timing.py: the timing mask of scripts marked `# compat: mask-keras-timing`."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("compat_timing", COMPAT / "timing.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TIMING = _load_timing()


def _skip_without_requirements(script: Path) -> None:
    """A script that needs an optional package says so with `# compat: requires <module>` (e.g. h5py for Keras
    saving, tfshim's `h5` extra); without it the script is skipped."""
    import importlib.util
    import re

    for module in re.findall(r"^# compat: requires (\S+)$", script.read_text(encoding="utf-8"), re.M):
        try:
            found = importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:  # a dotted name whose parent package is missing (google.protobuf)
            found = False
        if not found:
            pytest.skip(f"needs {module}")
SCRIPTS = sorted(p for p in COMPAT.rglob("*.py") if p.with_suffix(".out").exists())


def known_differences() -> dict:
    """compat/known_differences.txt: `script  reason` lines for outputs that still differ from TF's
    (explained in compat/DIFFERENCES.md). They run as strict xfails: fixing one makes its test fail
    until the line is removed."""
    known = {}
    path = COMPAT / "known_differences.txt"
    for line in path.read_text(encoding="utf-8").splitlines() if path.exists() else []:
        if line.strip() and not line.startswith("#"):
            name, reason = line.split(None, 1)
            known[name] = reason.strip()
    return known


KNOWN = known_differences()
PARAMS = [pytest.param(p, id=str(p.relative_to(COMPAT)),
                       marks=[pytest.mark.xfail(strict=True, reason=KNOWN[str(p.relative_to(COMPAT))])]
                       if str(p.relative_to(COMPAT)) in KNOWN else [])
          for p in SCRIPTS]


_SERVER = ForkServer()


@pytest.fixture(scope="module", autouse=True)
def _close_fork_server():
    yield
    _SERVER.close()


def run_shim(script: Path) -> subprocess.CompletedProcess:
    """`python -m tfshim SCRIPT.py` in the script's directory (forked from a process that has imported tfshim:
    tests/compat_forkserver.py); TFSHIM_COMPAT_FRESH=1 runs each script in a fresh process instead."""
    if os.environ.get("TFSHIM_COMPAT_FRESH") == "1":
        return fresh_process(script)
    return _SERVER.run(script)


def test_there_are_compat_scripts():
    assert len(SCRIPTS) >= 36


def test_known_differences_name_existing_scripts():
    assert set(KNOWN) <= {str(p.relative_to(COMPAT)) for p in SCRIPTS}


@pytest.mark.parametrize("script", PARAMS)
def test_compat_script_matches_tf(script):
    _skip_without_requirements(script)
    proc = run_shim(script)
    assert proc.returncode == 0, proc.stderr.decode()[-3000:]
    got = proc.stdout.decode("utf-8")
    if TIMING.wants_mask(script):
        got = TIMING.mask_timing(got)
    assert got == script.with_suffix(".out").read_text(encoding="utf-8")


_NUMBER = r"[-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|nan|inf)"


@pytest.mark.parametrize("name", sorted(KNOWN))
def test_known_differences_are_within_tf_test_tolerance(name):
    """A script that still differs from TF's recording differs only in float digits: the same text once
    numbers and their padding are taken out, and every number within TF's own test tolerance
    (assertAllClose's float32 rtol=atol=1e-6)."""
    import re

    script = COMPAT / name
    proc = run_shim(script)
    assert proc.returncode == 0, proc.stderr.decode()[-3000:]
    got, want = proc.stdout.decode("utf-8"), script.with_suffix(".out").read_text(encoding="utf-8")
    if TIMING.wants_mask(script):
        got = TIMING.mask_timing(got)
    shape = lambda text: re.sub(r"\s+", "", re.sub(_NUMBER, "#", text))  # noqa: E731 - numbers and padding out
    assert shape(got) == shape(want)
    g = [float(v) for v in re.findall(_NUMBER, got)]
    w = [float(v) for v in re.findall(_NUMBER, want)]
    assert len(g) == len(w)
    for a, b in zip(g, w):
        assert a == b or abs(a - b) <= 1e-6 + 1e-6 * abs(b), (a, b)
