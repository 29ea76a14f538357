"""Differential tests: tfshim and real TensorFlow 2.21 in one process, compared call by call.

They skip (with the reason) when `tensorflow` is not importable. To run them:
    pip install -e ".[test,oracle]" && python -m pytest tests/differential
Profiles: HYPOTHESIS_PROFILE=ci (default, derandomized, bounded) or `--hypothesis-profile=deep`.
"""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
