"""`tf_export`: one definition, many public names (TF: python/util/tf_export.py).

`tools/gen_api.py` reads EXPORTS and writes the namespace modules (`tfshim/__init__.py`,
`tfshim/math.py`, ...) as plain import lines.
"""

from __future__ import annotations

import types
from typing import Any

# public name -> (defining module, attribute); filled by tf_export, read by tools/gen_api.py
EXPORTS: dict[str, tuple[str, str]] = {}


class tf_export:  # noqa: N801 - TF's name
    """Records the public names (`"math.add"`, `"add"`) of a function, class or constant."""

    def __init__(self, *names: str) -> None:
        self.names = names

    def __call__(self, obj: Any) -> Any:
        if isinstance(obj, types.FunctionType):
            from tfshim.util import dispatch
            from tfshim.util.arg_canonicalization import CANONICALIZED, PYTHON_NAMES

            if not CANONICALIZED.isdisjoint(self.names):  # TF binds its arguments in C++: TF's texts for bad calls
                obj = dispatch.canonicalizing(obj)
            else:  # Python's texts for bad calls name the function: TF's name (tf.negative is `neg`)
                tf_name = next((PYTHON_NAMES[n] for n in self.names if n in PYTHON_NAMES), None)
                if tf_name is not None:
                    obj.__qualname__ = tf_name
        for n in self.names:
            EXPORTS[n] = (obj.__module__, obj.__name__)
        return obj

    def export_constant(self, module: str, attr: str) -> None:
        for n in self.names:
            EXPORTS[n] = (module, attr)


