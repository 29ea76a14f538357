"""The `tfshim` console script: `tfshim run SCRIPT.py [args]`, `tfshim --version`, `tfshim doctor`."""

from __future__ import annotations

import sys

USAGE = """usage: tfshim run SCRIPT.py [ARGS...]   run a TF script with `import tensorflow` bound to tfshim
       tfshim --version                 tfshim's version and the TensorFlow API it follows
       tfshim doctor                    tfshim, NumPy and Python versions; is a real TensorFlow installed?
                                        which kernels run (compiled or NumPy)?"""


def _real_tensorflow() -> str:
    """Whether a real TensorFlow is importable, found without importing it (that takes seconds)."""
    import importlib.metadata
    import importlib.util

    try:
        spec = importlib.util.find_spec("tensorflow")
    except (ImportError, ValueError):
        spec = None
    if spec is None:
        return "not installed"
    dists = importlib.metadata.packages_distributions().get("tensorflow", [])
    versions = []
    for dist in dists:
        try:
            versions.append(f"{dist} {importlib.metadata.version(dist)}")
        except importlib.metadata.PackageNotFoundError:
            pass
    where = spec.origin or (list(spec.submodule_search_locations or []) or ["?"])[0]
    return f"{', '.join(versions) or 'installed'} at {where}"


def doctor() -> int:
    import platform

    import numpy

    import tfshim

    print(f"tfshim {tfshim.__tfshim_version__} (TensorFlow {tfshim.__version__} API) at {tfshim.__file__}")
    print(f"numpy {numpy.__version__}")
    print(f"python {platform.python_version()} ({platform.python_implementation()}, {sys.platform})")
    print(f"tensorflow: {_real_tensorflow()}")
    from tfshim.kernels import native

    print(f"kernels: {native.describe()}")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    command = argv[0] if argv else None
    if command in ("--version", "-V"):
        from tfshim import __tfshim_version__, __version__

        print(f"tfshim {__tfshim_version__} (TensorFlow {__version__} API)")
        return 0
    if command == "run":
        from tfshim.__main__ import main as run_main

        return run_main(argv[1:])
    if command == "doctor":
        return doctor()
    if command in ("-h", "--help"):
        print(USAGE)
        return 0
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
