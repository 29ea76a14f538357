"""The `tfshim` console script: `tfshim run SCRIPT.py [args]`, `tfshim --version`, `tfshim doctor`."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--version"]:
        from tfshim import __tfshim_version__, __version__

        print(f"tfshim {__tfshim_version__} (TensorFlow {__version__} API)")
        return 0
    if argv[:1] == ["run"]:
        from tfshim.__main__ import main as run_main

        return run_main(argv[1:])
    if argv[:1] == ["doctor"]:
        import importlib.util
        import platform

        import numpy

        from tfshim import __tfshim_version__

        print(f"tfshim {__tfshim_version__}")
        print(f"numpy {numpy.__version__}")
        print(f"python {platform.python_version()} ({platform.python_implementation()}, {sys.platform})")
        real = importlib.util.find_spec("tensorflow")
        origin = getattr(real, "origin", None) if real else None
        print(f"tensorflow: {'installed at ' + str(origin) if real else 'not installed'}")
        return 0
    print("usage: tfshim run SCRIPT.py [ARGS...] | tfshim --version | tfshim doctor", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
