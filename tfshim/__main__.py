"""`python -m tfshim SCRIPT.py [args]`: runs an unchanged TF script with `import tensorflow`
resolved to tfshim, as `__main__`, with its own argv and exit code."""

from __future__ import annotations

import os
import runpy
import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: python -m tfshim SCRIPT.py [ARGS...]\n"
              "Runs SCRIPT.py with `import tensorflow` bound to tfshim.", file=sys.stderr)
        return 2
    from tfshim.aliasing import install_as_tensorflow

    install_as_tensorflow()
    script = argv[0]
    sys.argv = argv
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    runpy.run_path(script, run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main())
