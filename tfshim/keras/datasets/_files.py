"""Keras' file_utils.get_file for the datasets: the cache path, a download when possible, extraction."""

from __future__ import annotations

import os
import tarfile
import urllib.error
import urllib.request
from typing import Any


def keras_home() -> str:
    """Keras: `$KERAS_HOME`, else `~/.keras`."""
    return os.environ.get("KERAS_HOME", os.path.join(os.path.expanduser("~"), ".keras"))


def _download(url: str, path: str) -> None:
    urllib.request.urlretrieve(url, path)  # noqa: S310 - Keras downloads its datasets from these https URLs


def get_file(fname: str, origin: str, cache_subdir: str = "datasets", extract: bool = False, **kwargs: Any) -> str:
    """The cached file (or extraction directory) Keras uses for `fname`, fetched from `origin` if missing."""
    datadir = os.path.join(os.path.expanduser(keras_home()), cache_subdir)
    if extract:
        target = os.path.join(datadir, fname)
        archive = os.path.join(datadir, f"{fname}_archive")
    else:
        target = archive = os.path.join(datadir, fname)
    if os.path.exists(target):
        return target
    if not os.path.exists(archive):
        os.makedirs(datadir, exist_ok=True)
        try:
            _download(origin, archive)
        except (urllib.error.URLError, OSError) as e:
            if os.path.exists(archive):
                os.remove(archive)
            where = f"{archive} (it is extracted to {target})" if extract else target
            raise Exception(f"URL fetch failure on {origin}: {getattr(e, 'reason', e)} -- without network, "  # noqa: TRY002 - Keras raises a bare Exception here
                            f"download that file elsewhere and put it at {where}") from None
    if extract:
        with tarfile.open(archive) as tar:
            tar.extractall(target)  # noqa: S202 - Keras' own dataset archives
    return target
