"""keras.layers.SimpleRNN / LSTM / GRU (Keras 3) and their cells.

On a CPU, Keras's TF backend runs these with its generic `rnn` loop (cuDNN kernels need a GPU): one cell
step per time step, with the cell's own matmuls and activations (LSTM and GRU in their default
`implementation=2`). tfshim runs the same steps eagerly. Not supported: masks, dropout and recurrent
dropout, `stateful=True`, `unroll` (which only changes how TF builds the graph).
"""

from __future__ import annotations

from typing import Any

from tfshim.keras import activations, initializers, regularizers
from tfshim.keras.layers.layer import InputSpec, Layer, SeedGenerator, _tf


class _Cell(Layer):
    # Keras makes each cell's dropout SeedGenerator in __init__ (SimpleRNNCell before its initializers,
    # LSTMCell/GRUCell after): unseeded, each draws from Python's `random` like the initializers do.
    _seed_generator_first = False

    def __init__(self, units: int, activation: Any, recurrent_activation: Any, use_bias: bool,
                 kernel_initializer: Any, recurrent_initializer: Any, bias_initializer: Any,
                 dropout: float = 0.0, recurrent_dropout: float = 0.0, **kwargs: Any) -> None:
        self.kernel_regularizer = regularizers.get(kwargs.pop("kernel_regularizer", None))
        self.recurrent_regularizer = regularizers.get(kwargs.pop("recurrent_regularizer", None))
        self.bias_regularizer = regularizers.get(kwargs.pop("bias_regularizer", None))
        for arg in ("kernel_constraint", "recurrent_constraint", "bias_constraint"):
            if kwargs.pop(arg, None) is not None:
                raise NotImplementedError(f"tfshim: {arg} of Keras RNN cells is not implemented")
        seed = kwargs.pop("seed", None)
        kwargs.pop("implementation", None)
        super().__init__(**kwargs)
        if units <= 0:
            raise ValueError(f"Received an invalid value for argument `units`, expected a positive integer, got "
                             f"{units}.")
        if dropout or recurrent_dropout:
            raise NotImplementedError("tfshim: dropout and recurrent_dropout in Keras RNN layers are not implemented")
        self.units = units
        self.activation = activations.get(activation)
        self.recurrent_activation = activations.get(recurrent_activation) if recurrent_activation else None
        self.use_bias = use_bias
        if self._seed_generator_first:
            self._make_seed_generator(seed)
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.recurrent_initializer = initializers.get(recurrent_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        if not self._seed_generator_first:
            self._make_seed_generator(seed)
        self.dropout = dropout
        self.recurrent_dropout = recurrent_dropout

    def _weight(self, name: str) -> Any:
        """The weight as this time step sees it (see RNN.call)."""
        return self._step_weights.get(name, getattr(self, name)) if self._step_weights else getattr(self, name)

    _step_weights: dict = {}

    def _make_seed_generator(self, seed: Any) -> None:
        self.seed_generator = SeedGenerator(seed)
        self._seed_generators.append(self.seed_generator)

    def get_initial_state(self, batch_size: Any) -> list:
        tf = _tf()
        return [tf.zeros((batch_size, self.units), dtype=self.compute_dtype) for _ in range(self._num_states)]


class SimpleRNNCell(_Cell):
    _num_states = 1
    _seed_generator_first = True

    def __init__(self, units: int, activation: Any = "tanh", use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform", recurrent_initializer: Any = "orthogonal",
                 bias_initializer: Any = "zeros", **kwargs: Any) -> None:
        super().__init__(units, activation, None, use_bias, kernel_initializer, recurrent_initializer,
                         bias_initializer, **kwargs)
        self.state_size = units
        self.output_size = units

    def build(self, input_shape: Any) -> None:
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), name="kernel",
                                      regularizer=self.kernel_regularizer, initializer=self.kernel_initializer)
        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units), name="recurrent_kernel",
                                                regularizer=self.recurrent_regularizer,
                                                initializer=self.recurrent_initializer)
        self.bias = self.add_weight(shape=(self.units,), name="bias", initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer) \
            if self.use_bias else None
        self.built = True

    def call(self, sequence: Any, states: Any, training: bool = False) -> tuple:
        tf = _tf()
        prev_output = states[0] if isinstance(states, (list, tuple)) else states
        h = tf.matmul(sequence, self._weight("kernel"))
        if self.bias is not None:
            h = tf.add(h, self._weight("bias"))
        output = h + tf.matmul(prev_output, self._weight("recurrent_kernel"))
        if self.activation is not None:
            output = self.activation(output)
        return output, [output] if isinstance(states, (list, tuple)) else output


class LSTMCell(_Cell):
    _num_states = 2

    def __init__(self, units: int, activation: Any = "tanh", recurrent_activation: Any = "sigmoid",
                 use_bias: bool = True, kernel_initializer: Any = "glorot_uniform",
                 recurrent_initializer: Any = "orthogonal", bias_initializer: Any = "zeros",
                 unit_forget_bias: bool = True, **kwargs: Any) -> None:
        super().__init__(units, activation, recurrent_activation, use_bias, kernel_initializer,
                         recurrent_initializer, bias_initializer, **kwargs)
        self.unit_forget_bias = unit_forget_bias
        self.state_size = [units, units]
        self.output_size = units

    def build(self, input_shape: Any) -> None:
        tf = _tf()
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units * 4), name="kernel",
                                      regularizer=self.kernel_regularizer, initializer=self.kernel_initializer)
        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units * 4), name="recurrent_kernel",
                                                regularizer=self.recurrent_regularizer,
                                                initializer=self.recurrent_initializer)
        if self.use_bias:
            if self.unit_forget_bias:
                def bias_initializer(_: Any, *args: Any, **kwargs: Any) -> Any:
                    return tf.concat([self.bias_initializer((self.units,), *args, **kwargs),
                                      initializers.get("ones")((self.units,), *args, **kwargs),
                                      self.bias_initializer((self.units * 2,), *args, **kwargs)], axis=0)
            else:
                bias_initializer = self.bias_initializer
            self.bias = self.add_weight(shape=(self.units * 4,), name="bias", initializer=bias_initializer,
                                        regularizer=self.bias_regularizer)
        else:
            self.bias = None
        self.built = True

    def call(self, inputs: Any, states: Any, training: bool = False) -> tuple:
        tf = _tf()
        h_tm1, c_tm1 = states[0], states[1]
        z = tf.matmul(inputs, self._weight("kernel"))
        z = tf.add(z, tf.matmul(h_tm1, self._weight("recurrent_kernel")))
        if self.use_bias:
            z = tf.add(z, self._weight("bias"))
        z0, z1, z2, z3 = tf.split(z, 4, axis=1)
        i = self.recurrent_activation(z0)
        f = self.recurrent_activation(z1)
        c = f * c_tm1 + i * self.activation(z2)
        o = self.recurrent_activation(z3)
        h = o * self.activation(c)
        return h, [h, c]


class GRUCell(_Cell):
    _num_states = 1

    def __init__(self, units: int, activation: Any = "tanh", recurrent_activation: Any = "sigmoid",
                 use_bias: bool = True, kernel_initializer: Any = "glorot_uniform",
                 recurrent_initializer: Any = "orthogonal", bias_initializer: Any = "zeros",
                 reset_after: bool = True, **kwargs: Any) -> None:
        super().__init__(units, activation, recurrent_activation, use_bias, kernel_initializer,
                         recurrent_initializer, bias_initializer, **kwargs)
        self.reset_after = reset_after
        self.state_size = units
        self.output_size = units

    def build(self, input_shape: Any) -> None:
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units * 3), name="kernel",
                                      regularizer=self.kernel_regularizer, initializer=self.kernel_initializer)
        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units * 3), name="recurrent_kernel",
                                                regularizer=self.recurrent_regularizer,
                                                initializer=self.recurrent_initializer)
        if self.use_bias:
            shape = (3 * self.units,) if not self.reset_after else (2, 3 * self.units)
            self.bias = self.add_weight(shape=shape, name="bias", initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer)
        else:
            self.bias = None
        self.built = True

    def call(self, inputs: Any, states: Any, training: bool = False) -> tuple:
        tf = _tf()
        h_tm1 = states[0] if isinstance(states, (list, tuple)) else states
        input_bias = recurrent_bias = None
        if self.use_bias:
            if not self.reset_after:
                input_bias = self._weight("bias")
            else:
                input_bias, recurrent_bias = (tf.squeeze(e, axis=0) for e in tf.split(self._weight("bias"), 2, axis=0))
        matrix_x = tf.matmul(inputs, self._weight("kernel"))
        if self.use_bias:
            matrix_x = tf.add(matrix_x, input_bias)
        x_z, x_r, x_h = tf.split(matrix_x, 3, axis=-1)
        if self.reset_after:
            matrix_inner = tf.matmul(h_tm1, self._weight("recurrent_kernel"))
            if self.use_bias:
                matrix_inner += recurrent_bias
        else:
            matrix_inner = tf.matmul(h_tm1, self._weight("recurrent_kernel")[:, : 2 * self.units])
        recurrent_z = matrix_inner[:, : self.units]
        recurrent_r = matrix_inner[:, self.units: self.units * 2]
        recurrent_h = matrix_inner[:, self.units * 2:]
        z = self.recurrent_activation(x_z + recurrent_z)
        r = self.recurrent_activation(x_r + recurrent_r)
        if self.reset_after:
            recurrent_h = r * recurrent_h
        else:
            recurrent_h = tf.matmul(r * h_tm1, self._weight("recurrent_kernel")[:, 2 * self.units:])
        hh = self.activation(x_h + recurrent_h)
        h = z * h_tm1 + (1 - z) * hh
        return h, [h] if isinstance(states, (list, tuple)) else h


class RNN(Layer):
    """Keras: runs `cell` over the time axis (axis 1) of (batch, time, features) inputs."""

    def __init__(self, cell: Any, return_sequences: bool = False, return_state: bool = False,
                 go_backwards: bool = False, stateful: bool = False, unroll: bool = False,
                 zero_output_for_mask: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if stateful:
            raise NotImplementedError("tfshim: stateful Keras RNN layers are not implemented")
        self.cell = cell
        self.return_sequences = return_sequences
        self.return_state = return_state
        self.go_backwards = go_backwards
        self.stateful = stateful
        self.unroll = unroll
        self.input_spec = InputSpec(min_ndim=3)

    def build(self, input_shape: Any) -> None:
        if not self.cell.built:
            with self.cell._open_name_scope():
                self.cell.build((input_shape[0],) + tuple(input_shape[2:]))
            self.cell.built = True
        self.built = True

    def compute_output_shape(self, input_shape: Any) -> Any:
        batch, steps = input_shape[0], input_shape[1]
        units = self.cell.output_size
        output = (batch, steps, units) if self.return_sequences else (batch, units)
        if self.return_state:
            return [output] + [(batch, units) for _ in range(self.cell._num_states)]
        return output

    def call(self, sequences: Any, initial_state: Any = None, mask: Any = None, training: bool = False) -> Any:
        tf = _tf()
        if mask is not None:
            raise NotImplementedError("tfshim: masks in Keras RNN layers are not implemented")
        if initial_state is None:
            states = self.cell.get_initial_state(tf.shape(sequences)[0])
        else:
            states = list(initial_state) if isinstance(initial_state, (list, tuple)) else [initial_state]
            states = [tf.convert_to_tensor(s, dtype=self.cell.compute_dtype) for s in states]
        steps = list(range(sequences.shape[1]))
        if self.go_backwards:
            steps.reverse()
        # TF runs the steps in a while loop whose gradient adds each step's weight gradient to an accumulator,
        # last step first. Each step here reads its weights through a chain of identities (step t's from step
        # t-1's) so the tape sums the gradients in that same order.
        weights = {name: getattr(self.cell, name) for name in ("kernel", "recurrent_kernel", "bias")
                   if getattr(self.cell, name, None) is not None}
        outputs = []
        try:
            for t in steps:
                weights = {name: tf.identity(w) for name, w in weights.items()}
                self.cell._step_weights = weights
                output, states = self.cell.call(sequences[:, t, :], states, training=training)
                if not isinstance(states, (list, tuple)):
                    states = [states]
                outputs.append(output)
        finally:
            self.cell._step_weights = {}
        last_output = outputs[-1]
        output = tf.stack(outputs, axis=1) if self.return_sequences else last_output
        if self.return_state:
            return [output] + list(states)
        return output

    @property
    def units(self) -> int:
        return self.cell.units


def _cell_weight_kwargs(kwargs: dict) -> dict:
    """The regularizer and constraint arguments an RNN layer hands to its cell (popped from `kwargs`)."""
    names = ("kernel_regularizer", "recurrent_regularizer", "bias_regularizer", "kernel_constraint",
             "recurrent_constraint", "bias_constraint")
    return {name: kwargs.pop(name) for name in names if name in kwargs}


class SimpleRNN(RNN):
    def __init__(self, units: int, activation: Any = "tanh", use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform", recurrent_initializer: Any = "orthogonal",
                 bias_initializer: Any = "zeros", dropout: float = 0.0, recurrent_dropout: float = 0.0,
                 return_sequences: bool = False, return_state: bool = False, go_backwards: bool = False,
                 stateful: bool = False, unroll: bool = False, seed: Any = None, **kwargs: Any) -> None:
        cell = SimpleRNNCell(units, activation=activation, use_bias=use_bias, kernel_initializer=kernel_initializer,
                             recurrent_initializer=recurrent_initializer, bias_initializer=bias_initializer,
                             dropout=dropout, recurrent_dropout=recurrent_dropout, dtype=kwargs.get("dtype"),
                             name="simple_rnn_cell", seed=seed, **_cell_weight_kwargs(kwargs))
        super().__init__(cell, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, unroll=unroll, **kwargs)


class LSTM(RNN):
    def __init__(self, units: int, activation: Any = "tanh", recurrent_activation: Any = "sigmoid",
                 use_bias: bool = True, kernel_initializer: Any = "glorot_uniform",
                 recurrent_initializer: Any = "orthogonal", bias_initializer: Any = "zeros",
                 unit_forget_bias: bool = True, dropout: float = 0.0, recurrent_dropout: float = 0.0,
                 return_sequences: bool = False, return_state: bool = False, go_backwards: bool = False,
                 stateful: bool = False, unroll: bool = False, use_cudnn: Any = "auto", seed: Any = None,
                 **kwargs: Any) -> None:
        cell = LSTMCell(units, activation=activation, recurrent_activation=recurrent_activation, use_bias=use_bias,
                        kernel_initializer=kernel_initializer, recurrent_initializer=recurrent_initializer,
                        bias_initializer=bias_initializer, unit_forget_bias=unit_forget_bias, dropout=dropout,
                        recurrent_dropout=recurrent_dropout, dtype=kwargs.get("dtype"), name="lstm_cell",
                        seed=seed, **_cell_weight_kwargs(kwargs))
        super().__init__(cell, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, unroll=unroll, **kwargs)


class GRU(RNN):
    def __init__(self, units: int, activation: Any = "tanh", recurrent_activation: Any = "sigmoid",
                 use_bias: bool = True, kernel_initializer: Any = "glorot_uniform",
                 recurrent_initializer: Any = "orthogonal", bias_initializer: Any = "zeros",
                 dropout: float = 0.0, recurrent_dropout: float = 0.0, return_sequences: bool = False,
                 return_state: bool = False, go_backwards: bool = False, stateful: bool = False,
                 unroll: bool = False, reset_after: bool = True, use_cudnn: Any = "auto", seed: Any = None,
                 **kwargs: Any) -> None:
        cell = GRUCell(units, activation=activation, recurrent_activation=recurrent_activation, use_bias=use_bias,
                       kernel_initializer=kernel_initializer, recurrent_initializer=recurrent_initializer,
                       bias_initializer=bias_initializer, reset_after=reset_after, dropout=dropout,
                       recurrent_dropout=recurrent_dropout, dtype=kwargs.get("dtype"), name="gru_cell",
                       seed=seed, **_cell_weight_kwargs(kwargs))
        super().__init__(cell, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, unroll=unroll, **kwargs)
