"""Binding `import tensorflow` (and `import keras`, the Keras 3 that TF 2.21 bundles) to tfshim, only when
asked (`python -m tfshim`, notebooks)."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from typing import Any

# The aliased top-level packages and what they resolve to.
_ALIASES = {"tensorflow": "tfshim", "keras": "tfshim.keras"}


def _target(fullname: str) -> Any:
    for alias, real in _ALIASES.items():
        if fullname == alias or fullname.startswith(alias + "."):
            return real + fullname[len(alias):]
    return None


class _TensorflowAlias:
    """Resolves `tensorflow`/`tensorflow.X` to `tfshim`/`tfshim.X` and `keras`/`keras.X` to
    `tfshim.keras`/`tfshim.keras.X`. A meta path finder and loader by protocol: importlib.abc's base classes would
    cost `import tfshim` importlib.resources, tempfile and random."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if _target(fullname) is not None:
            return importlib.util.spec_from_loader(fullname, self)
        return None

    def create_module(self, spec: Any) -> Any:
        real = _target(spec.name)
        try:
            return importlib.import_module(real)
        except ModuleNotFoundError:
            raise ModuleNotFoundError(
                f"No module named {spec.name!r} (tfshim provides no {real!r})", name=spec.name) from None

    def exec_module(self, module: Any) -> None:
        pass


_finder = _TensorflowAlias()


def install_as_tensorflow() -> None:
    """Makes `import tensorflow` (and `tensorflow.X`) import tfshim from now on in this process."""
    import tfshim

    if _finder not in sys.meta_path:
        sys.meta_path.insert(0, _finder)
    sys.modules["tensorflow"] = tfshim
    for name, mod in list(sys.modules.items()):
        if name.startswith("tfshim.") and mod is not None:
            sys.modules.setdefault("tensorflow" + name[len("tfshim"):], mod)
            if name == "tfshim.keras" or name.startswith("tfshim.keras."):
                sys.modules.setdefault(name[len("tfshim."):], mod)


def uninstall_as_tensorflow() -> None:
    """Undoes install_as_tensorflow (for tests)."""
    if _finder in sys.meta_path:
        sys.meta_path.remove(_finder)
    for name in [n for n in sys.modules if _target(n) is not None]:
        if getattr(sys.modules[name], "__name__", "").startswith("tfshim"):
            del sys.modules[name]
