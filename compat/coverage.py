"""How many of TF 2.21's public names under tf, tf.math, tf.nn and tf.linalg tfshim provides.

    python compat/coverage.py            # prints provided/total per namespace (no TF needed)
    tf-oracle compat/coverage.py --record  # records TF's public names into compat/tf_public_names.json
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
NAMES = HERE / "tf_public_names.json"
NAMESPACES = ("", "math", "nn", "linalg")


def _module(root: str, ns: str) -> object:
    mod = importlib.import_module(root)
    for part in filter(None, ns.split(".")):
        mod = getattr(mod, part)
    return mod


def public_names(mod: object) -> list[str]:
    return sorted(n for n in dir(mod) if not n.startswith("_"))


def record() -> None:
    names = {ns or "tf": public_names(_module("tensorflow", ns)) for ns in NAMESPACES}
    NAMES.write_text(json.dumps(names, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"recorded {sum(map(len, names.values()))} names into {NAMES.name}")


def report() -> None:
    sys.path.insert(0, str(HERE.parent))
    names = json.loads(NAMES.read_text(encoding="utf-8"))
    for ns in NAMESPACES:
        key = ns or "tf"
        try:
            mod = _module("tfshim", ns)
        except (ImportError, AttributeError):
            mod = None
        have = [n for n in names[key] if mod is not None and hasattr(mod, n)]
        print(f"{'tf.' + ns if ns else 'tf'}: {len(have)}/{len(names[key])}")


if __name__ == "__main__":
    record() if "--record" in sys.argv[1:] else report()
