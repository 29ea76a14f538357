"""TF 2.21's public names, recorded from real TF, and how many of them tfshim provides.

    python compat/coverage.py              # prints provided/total for tf, tf.math, tf.nn, tf.linalg (no TF needed)
    python compat/coverage.py --all        # the same for every recorded namespace
    tf-oracle compat/coverage.py --record  # records TF's public names into compat/tf_public_names.json

The record holds, for `tf` and every public sub-namespace reached from it (recursively: `tf.math`, `tf.keras.layers`,
`tf.data.experimental.service`, ...), the names `dir()` lists without a leading underscore and the module's
`__name__` (TF's AttributeError text names it). `tf.compat.v1`/`v2` are recorded without their sub-namespaces
(TF 1's API, and a copy of `tf`). A namespace that is the same module as one under `tf.keras` (`tf.losses` is
`tf.keras.losses`) is recorded once, with an alias. `tools/gen_api.py` turns the record into
`tfshim/util/tf_public_names.py`, which tfshim uses to tell a TF name it lacks from a name TF does not have.
"""

from __future__ import annotations

import importlib
import json
import sys
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent
NAMES = HERE / "tf_public_names.json"
SUMMARY = ("tf", "tf.math", "tf.nn", "tf.linalg")
# Modules that are TF's public API (TF's generated `_api` tree and Keras' public modules). Others that `dir(tf)`
# shows (`tf.dtensor`, `tf.tools`, `tf.security`) are implementation modules: their names are recorded in `tf`,
# their contents are not.
API_PREFIXES = ("tensorflow._api.v2", "keras.", "tensorflow.experimental")
NO_RECURSION = ("tf.compat.v1", "tf.compat.v2")


def public_names(mod: object) -> list[str]:
    return sorted(n for n in dir(mod) if not n.startswith("_"))


def record() -> None:
    import tensorflow as tf

    names: dict[str, list[str]] = {}
    modules: dict[str, str] = {}
    first_path: dict[str, str] = {}  # module __name__ -> first path (tf.losses and tf.keras.losses are two
    # module objects of one module)
    aliases: dict[str, str] = {}

    def walk(path: str, mod: types.ModuleType) -> None:
        names[path] = public_names(mod)
        modules[path] = mod.__name__
        first_path[mod.__name__] = path
        if path in NO_RECURSION:
            return
        for n in names[path]:
            child = getattr(mod, n, None)
            if not isinstance(child, types.ModuleType) or not child.__name__.startswith(API_PREFIXES):
                continue
            keras_twin = f"tf.keras.{n}" if path == "tf" and child.__name__.startswith("keras") else ""
            if keras_twin in names and public_names(child) == names[keras_twin]:
                # tf.initializers is Keras' initializers module, under another __name__ depending on import order
                aliases[f"{path}.{n}"] = keras_twin
                continue
            if child.__name__ in first_path:
                aliases[f"{path}.{n}"] = first_path[child.__name__]
                continue
            walk(f"{path}.{n}", child)

    # tf.keras first, so that an alias (tf.losses) points at its place under tf.keras.
    first_path[tf.__name__] = "tf"
    walk("tf.keras", tf.keras)
    walk("tf", tf)
    # an alias of a namespace that was itself walked later (none expected, but keep the record consistent)
    aliases = {a: t for a, t in aliases.items() if a not in names}
    record = {"names": dict(sorted(names.items())), "modules": dict(sorted(modules.items())),
              "aliases": dict(sorted(aliases.items()))}
    NAMES.write_text(json.dumps(record, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"recorded {sum(map(len, names.values()))} names of {len(names)} namespaces into {NAMES.name}")


def _tfshim_namespace(path: str) -> object:
    mod = importlib.import_module("tfshim")
    for part in path.split(".")[1:]:
        mod = getattr(mod, part)
    return mod


def report(namespaces: tuple[str, ...] | None = None) -> None:
    sys.path.insert(0, str(HERE.parent))
    record = json.loads(NAMES.read_text(encoding="utf-8"))
    names, aliases = record["names"], record["aliases"]

    def provided(ns: str, mod: object) -> list[str]:
        # a sub-namespace counts when it provides something (tfshim has a module for each TF namespace, most empty)
        have = []
        for n in names[ns]:
            child_ns = aliases.get(f"{ns}.{n}", f"{ns}.{n}")
            if not hasattr(mod, n):
                continue
            if child_ns in names and not provided(child_ns, getattr(mod, n)):
                continue
            have.append(n)
        return have

    for ns in namespaces or tuple(names):
        try:
            mod = _tfshim_namespace(ns)
        except (ImportError, AttributeError):  # NotImplementedError for a namespace tfshim lacks is one
            print(f"{ns}: 0/{len(names[ns])}")
            continue
        print(f"{ns}: {len(provided(ns, mod))}/{len(names[ns])}")


if __name__ == "__main__":
    if "--record" in sys.argv[1:]:
        record()
    else:
        report(None if "--all" in sys.argv[1:] else SUMMARY)
