"""Shared test setup: hypothesis profiles ("ci" fixed and bounded, "deep" for long local runs)."""

import os

try:
    from hypothesis import HealthCheck, settings

    settings.register_profile(
        "ci", max_examples=60, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck),
        print_blob=True)
    settings.register_profile("deep", max_examples=3000, deadline=None, suppress_health_check=list(HealthCheck))
    settings.register_profile("dev", max_examples=30, deadline=None)
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
except ImportError:  # hypothesis is a test extra; tests that need it import it themselves
    pass
