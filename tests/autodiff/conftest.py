"""Keeps TF-style warnings logged by these tests from leaking into other tests.

The "tensorflow" logger binds sys.stderr when first used and log_first_n counts per process,
so a warning logged here (under pytest's capture) would hide one another test expects.
"""

import logging

import pytest


@pytest.fixture(autouse=True)
def _isolated_tf_logger(monkeypatch):
    from tfshim.util import tf_logging

    logger = logging.getLogger("tensorflow")
    handlers = list(logger.handlers)
    monkeypatch.setattr(tf_logging, "_counts", dict(tf_logging._counts))
    monkeypatch.setattr(tf_logging, "_logger", tf_logging._logger)
    yield
    logger.handlers[:] = handlers
