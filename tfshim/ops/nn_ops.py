"""Neural-network ops: activations, softmax, losses, conv and pooling (TF: ops/nn_ops.py, nn_impl.py, nn_grad.py)."""
