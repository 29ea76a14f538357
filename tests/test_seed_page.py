"""The six examples of the GradientTape.gradient page (../shared/seed/gradient-method.ru.txt)."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

SEED = Path(__file__).resolve().parent.parent / "compat" / "seed_gradient"
EXAMPLES = sorted(SEED.glob("0*.py"))


def test_six_examples():
    assert len(EXAMPLES) == 6


@pytest.mark.parametrize("script", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_page_output_equals_tf_modulo_spaces(script):
    """The page shows `[ 2. 4. 6. 8. 10.]` where TF prints `[ 2.  4.  6.  8. 10.]`: the page
    collapsed runs of spaces. TF's recording is the spec; the page agrees with it modulo spaces."""
    page = script.with_suffix(".page.txt").read_text(encoding="utf-8")
    tf_out = script.with_suffix(".out").read_text(encoding="utf-8")
    squash = lambda s: re.sub(r" +", " ", s).strip()  # noqa: E731
    assert squash(page) == squash(tf_out)


@pytest.mark.parametrize("script", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_with_import_tfshim_as_tf(script, tmp_path):
    """The same example with `import tfshim as tf` in place of the import line, run by plain python."""
    src = script.read_text(encoding="utf-8").replace("import tensorflow as tf", "import tfshim as tf", 1)
    copy = tmp_path / script.name
    copy.write_text(src, encoding="utf-8")
    proc = subprocess.run([sys.executable, str(copy)], capture_output=True, timeout=60)
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stdout.decode() == script.with_suffix(".out").read_text(encoding="utf-8")


def test_second_example_shows_tf_spacing():
    out = (SEED / "02_watch_constant.out").read_text()
    assert out == "tf.Tensor([ 2.  4.  6.  8. 10.], shape=(5,), dtype=float32)\n"
