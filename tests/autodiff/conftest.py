"""Keeps TF-style warnings logged by these tests from using up another test's quota:
log_first_n counts per process, as TF's does."""

import pytest


@pytest.fixture(autouse=True)
def _isolated_tf_log_counts(monkeypatch):
    from tfshim.util import tf_logging

    monkeypatch.setattr(tf_logging, "_counts", dict(tf_logging._counts))
