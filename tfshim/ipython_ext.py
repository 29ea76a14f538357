"""`%load_ext tfshim` in IPython and Jupyter: later `import tensorflow` cells import tfshim, for the session.

TF has no rich display for tensors (no `_repr_html_`, `_repr_pretty_` or `_repr_mimebundle_`): a notebook shows
`repr(tensor)` as plain text, and so it does for tfshim's tensors and variables. `%unload_ext tfshim` undoes it.
"""

from __future__ import annotations

import sys
import warnings
from typing import Any


def load_ipython_extension(ipython: Any) -> None:
    """Called by `%load_ext tfshim`: binds `import tensorflow` (and `tensorflow.X`) to tfshim."""
    from tfshim.aliasing import install_as_tensorflow

    real = sys.modules.get("tensorflow")
    if real is not None and not getattr(real, "__name__", "").startswith("tfshim"):
        warnings.warn("a real TensorFlow was already imported in this session; names bound to it still refer to "
                      "it (restart the kernel and run `%load_ext tfshim` first)", stacklevel=2)
    install_as_tensorflow()


def unload_ipython_extension(ipython: Any) -> None:
    """Called by `%unload_ext tfshim`: `import tensorflow` no longer resolves to tfshim."""
    from tfshim.aliasing import uninstall_as_tensorflow

    uninstall_as_tensorflow()
