"""TF's gradient registry by op type name (ops/op.py): what tfshim marks not differentiable, and tf.RegisterGradient
for an op whose module `import tfshim` has not loaded yet (tools/gen_api.py LAZY_MODULES)."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import tfshim.ops as ops_pkg
from tfshim.ops.op import NOT_DIFFERENTIABLE, OPS
from tfshim.ops.op_defs import GRADIENT_REGISTERED

COMPAT = Path(__file__).resolve().parents[2] / "compat"


def test_not_differentiable_only_where_tf_registers_it() -> None:
    # An op TF has no registry entry for raises LookupError when a gradient reaches it (TF's text:
    # "gradient registry has no entry for: UniqueWithCounts"); marking it NotDifferentiable would answer None.
    for info in pkgutil.walk_packages(ops_pkg.__path__, "tfshim.ops."):
        importlib.import_module(info.name)
    wrong = sorted(name for name, op in OPS.items()
                   if op.grad is NOT_DIFFERENTIABLE and name not in GRADIENT_REGISTERED)
    assert wrong == []


def test_register_gradient_before_the_ops_module_is_imported() -> None:
    # compat/framework/gradient_registry_late.py registers DenseBincount's gradient before its first bincount; run in
    # a fresh process, where `import tfshim` has not imported bincount_ops, so the op is declared after registration.
    check = "import sys, tfshim; print('tfshim.ops.bincount_ops' in sys.modules)"
    fresh = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True).stdout
    assert fresh == "False\n"
    script = COMPAT / "framework" / "gradient_registry_late.py"
    out = subprocess.run([sys.executable, "-m", "tfshim", str(script)], capture_output=True, text=True, check=True)
    assert out.stdout == script.with_suffix(".out").read_text()
