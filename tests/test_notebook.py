"""`%load_ext tfshim` in an IPython session: the seed page's examples, run as notebook cells, print what TF 2.21
printed, and a cell ending in a tensor displays TF's plain repr (TF has no rich HTML display).

The session runs in a child process, so that binding `import tensorflow` never leaks into this test process
(where the differential tests import the real TensorFlow).
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("IPython", reason="IPython not installed: notebook tests skipped (pip install -e '.[test]')")

SEED = Path(__file__).resolve().parent.parent / "compat" / "seed_gradient"
EXAMPLES = sorted(SEED.glob("0*.py"))

SESSION = r'''
import io, json, sys
from contextlib import redirect_stdout
from IPython.core.interactiveshell import InteractiveShell

shell = InteractiveShell.instance(colors="NoColor")
results = {}

def run(key, cell):
    out = io.StringIO()
    with redirect_stdout(out):
        r = shell.run_cell(cell, store_history=True)
    results[key] = {"stdout": out.getvalue(), "ok": r.success,
                    "error": repr(r.error_before_exec or r.error_in_exec)}
    return r

run("load", "%load_ext tfshim")
for path in json.loads(sys.argv[1]):
    run(path, open(path, encoding="utf-8").read())
run("define", "import tensorflow as tf\nx = tf.constant([[1.0, 2.0], [3.0, 4.0]])\nv = tf.Variable([1, 2])\n"
              "u = v.assign([3, 4])\ns = tf.constant(7)")
for name in ["x", "v", "u", "s"]:
    obj = shell.user_ns[name]
    data, _ = shell.display_formatter.format(obj)
    results["display:" + name] = {"mimes": sorted(data), "text": data.get("text/plain"), "repr": repr(obj),
                                  "html": [hasattr(type(obj), m) for m in ("_repr_html_", "_repr_pretty_",
                                                                          "_repr_mimebundle_", "_ipython_display_")]}
r = run("expr", "x")
results["expr"]["result_repr"] = repr(r.result)
results["is_tfshim"] = shell.user_ns["tf"].__name__
run("unload", "%unload_ext tfshim")
results["after_unload"] = "tensorflow" in sys.modules and sys.modules["tensorflow"].__name__
print("@@RESULTS@@" + json.dumps(results))
'''


@pytest.fixture(scope="module")
def session():
    proc = subprocess.run([sys.executable, "-c", SESSION, json.dumps([str(p) for p in EXAMPLES])],
                          capture_output=True, text=True, timeout=120, cwd=SEED)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.rpartition("@@RESULTS@@")[2])


def test_load_ext_binds_tensorflow_to_tfshim(session):
    assert session["load"]["ok"], session["load"]
    assert session["load"]["stdout"] == ""
    assert session["is_tfshim"] == "tfshim"


def test_six_seed_examples():
    assert len(EXAMPLES) == 6


@pytest.mark.parametrize("script", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_seed_example_as_cell_prints_tf_output(session, script):
    cell = session[str(script)]
    assert cell["ok"], cell["error"]
    assert cell["stdout"] == script.with_suffix(".out").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["x", "v", "u", "s"])
def test_display_is_plain_repr(session, name):
    shown = session["display:" + name]
    assert shown["mimes"] == ["text/plain"]
    assert shown["text"] == shown["repr"]
    assert shown["html"] == [False, False, False, False]  # as for TF 2.21's EagerTensor and ResourceVariable


def test_expression_cell_shows_tf_repr(session):
    expr = session["expr"]
    assert expr["ok"], expr["error"]
    # recorded from real TF 2.21 (the oracle): repr(tf.constant([[1.0, 2.0], [3.0, 4.0]]))
    tf_repr = ("<tf.Tensor: shape=(2, 2), dtype=float32, numpy=\n"
               "array([[1., 2.],\n       [3., 4.]], dtype=float32)>")
    assert expr["result_repr"] == tf_repr
    # IPython's terminal displayhook: "Out[n]: " then, for a multi-line value, the repr on the next line
    assert expr["stdout"].endswith(": \n" + tf_repr + "\n") or expr["stdout"].endswith(": " + tf_repr + "\n")


def test_unload_ext(session):
    assert session["unload"]["ok"], session["unload"]
    assert session["after_unload"] is False
