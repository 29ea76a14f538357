"""Checkpoints and SavedModels in TF's formats (TF: python/checkpoint/, python/training/, core/util/tensor_bundle/)."""
