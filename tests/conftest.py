"""Shared test setup: hypothesis profiles ("ci" fixed and bounded, "deep" for long local runs)."""

import os
import sys

# The reference is TF with oneDNN on (TF's default on Intel CPUs with AVX-512 VNNI/BF16 or AMX, where the compat
# recordings were made); on other CPUs TF turns it off by itself and its conv, pooling and softmax kernels (and some
# errors) differ. The live differential tests import TF after this.
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "1")

try:
    from hypothesis import HealthCheck, settings

    settings.register_profile(
        "ci", max_examples=60, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck),
        print_blob=True)
    settings.register_profile("deep", max_examples=3000, deadline=None, suppress_health_check=list(HealthCheck))
    settings.register_profile("dev", max_examples=30, deadline=None)
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
except ImportError:  # hypothesis is a test extra; tests that need it import it themselves
    pass


def pytest_terminal_summary(terminalreporter):
    """Says how many differential tests ran against real TensorFlow (CI's log must show it ran)."""
    ran = [r for key in ("passed", "failed", "xfailed")
           for r in terminalreporter.stats.get(key, []) if "tests/differential/" in getattr(r, "nodeid", "")]
    skipped = [r for r in terminalreporter.stats.get("skipped", [])
               if "differential" in str(getattr(r, "longrepr", ""))]
    if ran:
        import tensorflow

        terminalreporter.write_line(
            f"differential suite: {len(ran)} tests ran against real TensorFlow {tensorflow.__version__}")
        fuzz_test = next((m for name, m in list(sys.modules.items()) if name.endswith("test_fuzz_vs_tf")), None)
        counts = getattr(fuzz_test, "LAST_COUNTS", None)
        if counts:
            terminalreporter.write_line("bad-input fuzzer: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    elif skipped:
        terminalreporter.write_line("differential suite: skipped (TensorFlow not importable)")
