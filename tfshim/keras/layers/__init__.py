"""tf.keras.layers (Keras 3): the base Layer, Input, and the layers tutorials use.

Layer.__call__ follows Keras 3: inputs are converted to the layer's compute dtype, the input spec is
checked, the layer builds itself on first call from the input shape inside its name scope (so weights
get paths like `mlp/dense/kernel`), and `training` flows from outer calls. Called on `keras.Input`
KerasTensors a layer records a node (the Functional API's graph) and returns KerasTensors whose shapes
come from `compute_output_shape`, or from running `call` on zeros where a layer does not define it.
"""

from tfshim.keras._backend import floatx
from tfshim.keras.layers.convolutional import Conv1D, Conv2D
from tfshim.keras.layers.core import Embedding, Lambda
from tfshim.keras.layers.layer import (
                                       Activation,
                                       Dense,
                                       Dropout,
                                       Flatten,
                                       Input,
                                       InputLayer,
                                       InputSpec,
                                       KerasTensor,
                                       Layer,
                                       ReLU,
                                       Softmax,
)
from tfshim.keras.layers.merging import (
                                       Add,
                                       Average,
                                       Concatenate,
                                       Maximum,
                                       Minimum,
                                       Multiply,
                                       Subtract,
                                       add,
                                       concatenate,
)
from tfshim.keras.layers.normalization import BatchNormalization, LayerNormalization
from tfshim.keras.layers.pooling import (
                                       AveragePooling1D,
                                       AveragePooling2D,
                                       GlobalAveragePooling1D,
                                       GlobalAveragePooling2D,
                                       GlobalMaxPooling1D,
                                       GlobalMaxPooling2D,
                                       MaxPooling1D,
                                       MaxPooling2D,
)
from tfshim.keras.layers.preprocessing import Normalization, Rescaling
from tfshim.keras.layers.reshaping import Reshape
from tfshim.keras.layers.rnn import GRU, LSTM, RNN, GRUCell, LSTMCell, SimpleRNN, SimpleRNNCell

AvgPool1D, AvgPool2D, MaxPool1D, MaxPool2D = AveragePooling1D, AveragePooling2D, MaxPooling1D, MaxPooling2D
GlobalAvgPool1D, GlobalAvgPool2D = GlobalAveragePooling1D, GlobalAveragePooling2D
GlobalMaxPool1D, GlobalMaxPool2D = GlobalMaxPooling1D, GlobalMaxPooling2D
Convolution1D, Convolution2D = Conv1D, Conv2D

__all__ = [
    "Activation", "Add", "AvgPool1D", "AvgPool2D", "Average", "AveragePooling1D", "AveragePooling2D",
    "BatchNormalization", "Concatenate", "Conv1D", "Conv2D", "Convolution1D", "Convolution2D", "Dense", "Dropout",
    "Embedding", "Flatten", "GRU", "GRUCell", "GlobalAveragePooling1D", "GlobalAveragePooling2D", "GlobalAvgPool1D",
    "GlobalAvgPool2D", "GlobalMaxPool1D", "GlobalMaxPool2D", "GlobalMaxPooling1D", "GlobalMaxPooling2D", "Input",
    "InputLayer", "InputSpec", "KerasTensor", "LSTM", "LSTMCell", "Lambda", "Layer", "LayerNormalization",
    "MaxPool1D", "MaxPool2D", "MaxPooling1D", "MaxPooling2D", "Maximum", "Minimum", "Multiply", "Normalization",
    "RNN", "ReLU", "Rescaling", "Reshape", "SimpleRNN", "SimpleRNNCell", "Softmax", "Subtract", "add", "concatenate",
    "floatx",
]


# TF's names that tfshim lacks raise NotImplementedError naming them; others TF's AttributeError
from tfshim.util.unimplemented import namespace_getattr as _namespace_getattr  # noqa: E402

__getattr__ = _namespace_getattr("keras.layers", __name__)
