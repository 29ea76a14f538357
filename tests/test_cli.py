"""The `tfshim` console script: `run`, `--version`, `doctor`; through the installed script where there is one
(beside this Python), else `python -m tfshim.cli`."""

import importlib.util
import os
import platform
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import tfshim

SEED = Path(__file__).resolve().parent.parent / "compat" / "seed_gradient"
SCRIPT = Path(sys.executable).parent / ("tfshim.exe" if os.name == "nt" else "tfshim")
CLI = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "tfshim.cli"]


def cli(*args, cwd=None):
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=120, cwd=cwd, env=env)


def test_version():
    proc = cli("--version")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"tfshim {tfshim.__tfshim_version__} (TensorFlow 2.21.0 API)\n"


def test_version_matches_package_metadata():
    import importlib.metadata

    try:
        installed = importlib.metadata.version("tfshim")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("tfshim is not installed (run from a source tree): no metadata to compare")
    assert installed == tfshim.__tfshim_version__


def test_run_seed_example_prints_tf_output():
    script = SEED / "01_variable_square.py"
    proc = cli("run", script.name, cwd=SEED)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == script.with_suffix(".out").read_text(encoding="utf-8")


def test_run_equals_python_m_tfshim():
    script = SEED / "04_matrix_source.py"
    via_m = subprocess.run([sys.executable, "-m", "tfshim", script.name], capture_output=True, text=True,
                           cwd=SEED, timeout=120)
    assert cli("run", script.name, cwd=SEED).stdout == via_m.stdout == script.with_suffix(".out").read_text()


def test_run_passes_argv_and_exit_code(tmp_path):
    (tmp_path / "helper_mod.py").write_text("VALUE = 'found beside the script'\n")
    (tmp_path / "s.py").write_text(
        "import sys\nimport tensorflow as tf\nimport helper_mod\n"
        "print(__name__, sys.argv[1:], tf.__name__, helper_mod.VALUE)\nsys.exit(3)\n")
    proc = cli("run", str(tmp_path / "s.py"), "a", "--b")
    assert proc.returncode == 3, proc.stderr
    assert proc.stdout == "__main__ ['a', '--b'] tfshim found beside the script\n"


def test_run_without_script_is_a_usage_error():
    proc = cli("run")
    assert proc.returncode == 2
    assert "usage" in proc.stderr and proc.stdout == ""


def test_doctor():
    proc = cli("doctor")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 5, proc.stdout
    assert lines[0].startswith(f"tfshim {tfshim.__tfshim_version__} (TensorFlow 2.21.0 API) at ")
    assert lines[1] == f"numpy {np.__version__}"
    assert lines[2].startswith(f"python {platform.python_version()} ({platform.python_implementation()}, ")
    has_tf = importlib.util.find_spec("tensorflow") is not None
    assert lines[3].startswith("tensorflow: ")
    assert (lines[3] == "tensorflow: not installed") is not has_tf
    from tfshim.kernels import native

    assert lines[4] == f"kernels: {native.describe()}"


def test_doctor_pure_path():
    proc = subprocess.run([sys.executable, "-m", "tfshim.cli", "doctor"], capture_output=True, text=True,
                          env=dict(os.environ, TFSHIM_PURE="1"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "kernels: pure NumPy kernels (TFSHIM_PURE=1)"


@pytest.mark.parametrize("args, code", [((), 2), (("nonsense",), 2), (("--help",), 0)])
def test_usage(args, code):
    proc = cli(*args)
    assert proc.returncode == code
    text = proc.stdout if code == 0 else proc.stderr
    assert text.startswith("usage: tfshim run SCRIPT.py")
