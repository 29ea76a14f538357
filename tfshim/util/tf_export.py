"""`tf_export`: one definition, many public names (TF: python/util/tf_export.py).

`tools/gen_api.py` reads EXPORTS and writes the namespace modules (`tfshim/__init__.py`,
`tfshim/math.py`, ...) as plain import lines.
"""

from __future__ import annotations

from typing import Any

# public name -> (defining module, attribute); filled by tf_export, read by tools/gen_api.py
EXPORTS: dict[str, tuple[str, str]] = {}


class tf_export:  # noqa: N801 - TF's name
    """Records the public names (`"math.add"`, `"add"`) of a function, class or constant."""

    def __init__(self, *names: str) -> None:
        self.names = names

    def __call__(self, obj: Any) -> Any:
        for n in self.names:
            EXPORTS[n] = (obj.__module__, obj.__name__)
        return obj

    def export_constant(self, module: str, attr: str) -> None:
        for n in self.names:
            EXPORTS[n] = (module, attr)


