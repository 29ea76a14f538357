"""Foundation behaviours that are not about printed output: namespaces, the runner, threads, memory."""

import gc
import subprocess
import sys
import threading
import weakref
from pathlib import Path

import numpy as np
import pytest

import tfshim as tf

ROOT = Path(__file__).resolve().parent.parent


def test_generated_namespaces_are_current():
    proc = subprocess.run([sys.executable, "tools/gen_api.py", "--check"], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout


def test_namespaces_reexport_one_object():
    assert tf.add is tf.math.add
    assert tf.float32 is tf.dtypes.float32
    assert tf.errors.InvalidArgumentError.__module__ == "tfshim.framework.errors"


def test_runner_passes_argv_exit_code_and_main(tmp_path):
    script = tmp_path / "s.py"
    script.write_text(
        "import sys\nimport tensorflow as tf\nfrom tensorflow import constant\n"
        "print(__name__, sys.argv, tf.constant(1.0).dtype)\nsys.exit(3)\n")
    proc = subprocess.run([sys.executable, "-m", "tfshim", str(script), "a", "--b"], capture_output=True, text=True)
    assert proc.returncode == 3
    assert proc.stdout == f"__main__ ['{script}', 'a', '--b'] <dtype: 'float32'>\n"


def test_runner_uncaught_exception_exits_1(tmp_path):
    script = tmp_path / "s.py"
    script.write_text("import tensorflow as tf\ntf.constant([[1], [2, 3]])\n")
    proc = subprocess.run([sys.executable, "-m", "tfshim", str(script)], capture_output=True, text=True)
    assert proc.returncode == 1
    assert "ValueError: Can't convert non-rectangular Python sequence to Tensor." in proc.stderr


def test_nothing_aliased_unless_asked():
    proc = subprocess.run([sys.executable, "-c", "import tfshim, sys; print('tensorflow' in sys.modules)"],
                          capture_output=True, text=True)
    assert proc.stdout == "False\n"


def test_install_as_tensorflow_binds_submodules():
    code = ("import tfshim; tfshim.install_as_tensorflow()\n"
            "import tensorflow as tf, tensorflow.math as m\nfrom tensorflow import GradientTape\n"
            "print(tf is tfshim, m is tfshim.math, GradientTape is tfshim.GradientTape)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.stdout == "True True True\n", proc.stderr


def test_import_leaves_the_lazy_modules():
    # issue #19's import budget: `import tfshim` imports none of tools/gen_api.py's LAZY_MODULES (their names are
    # imported on first use), nor Keras
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import gen_api
    finally:
        sys.path.remove(str(ROOT / "tools"))
    code = "import sys, tfshim; print('\\n'.join(sorted(sys.modules)))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    prefixes = gen_api.LAZY_MODULES + ("tfshim.keras",)
    assert [m for m in loaded if m.startswith(prefixes) or m + "." in prefixes] == []
    # ... and the first use imports them
    code = ("import sys, tfshim; f = tfshim.math.bessel_i0; print(f.__name__, 'tfshim.ops.special_math_ops' in "
            "sys.modules, f is tfshim.math.bessel_i0 is tfshim.math.special.bessel_i0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out == "bessel_i0 True True\n"


def test_import_prints_nothing():
    proc = subprocess.run([sys.executable, "-c", "import tfshim"], capture_output=True, text=True)
    assert proc.stdout == "" and proc.stderr == ""


def test_tapes_are_per_thread():
    x = tf.constant(2.0)
    seen = {}

    def other():
        seen["y"] = x * x  # runs while the main thread's tape is active

    with tf.GradientTape(persistent=True) as g:
        g.watch(x)
        t = threading.Thread(target=other)
        t.start()
        t.join()
        y = x * x
    assert g.gradient(seen["y"], x) is None
    assert float(g.gradient(y, x)) == 4.0


def test_non_persistent_tape_releases_intermediates():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as g:
        g.watch(x)
        mid = x * x
        y = tf.reduce_sum(mid * 3.0)
    ref = weakref.ref(mid)
    del mid
    gc.collect()
    assert ref() is not None  # the tape still holds it for the backward pass
    g.gradient(y, x)
    gc.collect()
    assert ref() is None


def test_persistent_tape_keeps_intermediates_until_deleted():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape(persistent=True) as g:
        g.watch(x)
        mid = x * x
        y = tf.reduce_sum(mid)
    ref = weakref.ref(mid)
    del mid
    g.gradient(y, x)
    gc.collect()
    assert ref() is not None
    del g
    gc.collect()
    assert ref() is None


def test_backward_walks_only_connected_ops():
    x = tf.constant(1.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * 2.0
        _unused = tf.exp(x)  # noqa: F841 - recorded, not on the path
    assert float(g.gradient(y, x)) == 2.0


def test_gradient_fan_out_accumulates():
    x = tf.constant(3.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * x + x * 2.0 + x
    assert float(g.gradient(y, x)) == 9.0


def test_op_without_gradient_raises_lookup_error():
    from tfshim.ops.op import defop

    NoGrad = defop("NoGradForTest", lambda v: v * 2)
    x = tf.constant(1.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = NoGrad(x)
    with pytest.raises(LookupError, match="gradient registry has no entry for: NoGradForTest"):
        g.gradient(y, x)


def test_numpy_is_a_copy():
    t = tf.constant([1.0, 2.0])
    a = t.numpy()
    a[0] = 99.0
    assert t.numpy()[0] == 1.0
    assert isinstance(tf.constant(1.0).numpy(), np.float32)


def test_watch_int_logs_tf_warning(capsys):
    from tfshim.util import tf_logging

    tf_logging._counts.clear()  # TF logs this at most 5 times per process; other tests may have used them
    n = tf.constant(10)
    with tf.GradientTape() as g:
        g.watch(n)
        y = n * n
    assert g.gradient(y, n) is None
    assert "WARNING:tensorflow:The dtype of the watched tensor must be floating (e.g. tf.float32), got tf.int32" \
        in capsys.readouterr().err


def test_readme_op_table_matches_exports():
    proc = subprocess.run([sys.executable, "tools/gen_readme_ops.py", "--check"], cwd=ROOT, capture_output=True,
                          text=True)
    assert proc.returncode == 0, proc.stdout
