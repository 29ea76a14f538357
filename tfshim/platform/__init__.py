"""TF's platform layer: build information, test helpers (TF: python/platform/)."""
