"""Keras 3's trainers: Model.compile/fit/evaluate/predict (keras/src/trainers/)."""
