"""The bad-input fuzzer (fuzz.py) in CI: every entry point, 20 seeded cases each (> 5,000 calls), through real
TF 2.21 and tfshim, outcomes classified and counted (printed at the end of the run, with the differential
suite's line).

It fails on any silent divergence (tfshim returns where TF raises) or internal error (a Python/NumPy exception
from inside tfshim where TF raises something else or returns) that `fuzz_known.txt` does not list: that file is
the list of such cases still open, each a bug to fix (remove its line when it is fixed; the test also fails on
a listed case that no longer diverges, so the list cannot go stale). Exception-class agreement among the cases
where both raise must stay at or above FLOOR.
"""

from __future__ import annotations

import collections
import os
import sys
from pathlib import Path

import pytest

pytest.importorskip(
    "tensorflow",
    reason="real TensorFlow is not importable: install the oracle extra (pip install -e '.[test,oracle]') "
           "to run the differential suite")
sys.path.insert(0, str(Path(__file__).parent))
import fuzz  # noqa: E402

KNOWN = Path(__file__).with_name("fuzz_known.txt")
GUARDED = ("silent divergence", "internal error")
FLOOR = 0.985  # share of both-raise cases with TF's exception class (99.4% on 2026-12-05 #3; raise it as it improves)

LAST_COUNTS: dict = {}


def _known() -> set:
    if not KNOWN.exists():
        return set()
    return {line.rstrip("\n") for line in KNOWN.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")}


@pytest.fixture(scope="module")
def results():
    # In a fresh process: the cases' outcomes must not depend on what earlier tests left in TF's or tfshim's state
    # (random seeds, name counters), so that fuzz_known.txt holds exactly what a run finds.
    import json
    import subprocess

    per_entry = int(os.environ.get("TFSHIM_FUZZ_PER_ENTRY", fuzz.PER_ENTRY))
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", PYTHONPATH=os.pathsep.join(
        [str(root)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    proc = subprocess.run([sys.executable, str(Path(__file__).with_name("fuzz.py")), "--json",
                           "--per-entry", str(per_entry)], capture_output=True, text=True, env=env, timeout=1800)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = [tuple(r) for r in json.loads(proc.stdout.strip().splitlines()[-1])]
    LAST_COUNTS.clear()
    LAST_COUNTS.update(collections.Counter(kind for kind, _, _ in out))
    return out


def test_runs_at_least_5000_calls(results):
    compared = sum(LAST_COUNTS.get(c, 0) for c in fuzz.CLASSES)  # a class with no case is absent
    assert compared >= 5000 or os.environ.get("TFSHIM_FUZZ_PER_ENTRY"), compared


def test_no_new_silent_divergence_or_internal_error(results):
    known = _known()
    found = {f"{kind}\t{desc}" for kind, desc, _ in results if kind in GUARDED}
    new = [(kind, desc, detail) for kind, desc, detail in results if kind in GUARDED and f"{kind}\t{desc}" not in known]
    assert not new, "\n".join(f"{kind}: {desc}\n    {detail}" for kind, desc, detail in new[:40])
    if not os.environ.get("TFSHIM_FUZZ_PER_ENTRY"):
        fixed = sorted(known - found)
        assert not fixed, "fixed: remove these lines from fuzz_known.txt:\n" + "\n".join(fixed)


def test_exception_classes_agree(results):
    both = [kind for kind, _, detail in results
            if (kind == "same" and detail == "both raised") or kind == "message mismatch"
            or (kind in ("class mismatch", "internal error") and "(TF returned)" not in detail)]
    same = sum(1 for kind in both if kind in ("same", "message mismatch"))
    assert not both or same / len(both) >= FLOOR, f"{same}/{len(both)} same exception class"
