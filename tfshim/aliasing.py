"""Binding `import tensorflow` to tfshim, only when asked (`python -m tfshim`, notebooks)."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
from typing import Any


class _TensorflowAlias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Resolves `tensorflow` and `tensorflow.X` to `tfshim` and `tfshim.X`."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if fullname == "tensorflow" or fullname.startswith("tensorflow."):
            return importlib.util.spec_from_loader(fullname, self)
        return None

    def create_module(self, spec: Any) -> Any:
        real = "tfshim" + spec.name[len("tensorflow"):]
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


def uninstall_as_tensorflow() -> None:
    """Undoes install_as_tensorflow (for tests)."""
    if _finder in sys.meta_path:
        sys.meta_path.remove(_finder)
    for name in [n for n in sys.modules if n == "tensorflow" or n.startswith("tensorflow.")]:
        if getattr(sys.modules[name], "__name__", "").startswith("tfshim"):
            del sys.modules[name]
