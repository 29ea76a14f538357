"""tf.keras.optimizers (Keras 3): SGD, Adam, AdamW, RMSprop, Adagrad on Keras's base optimizer.

Each `update_step` performs Keras's float32 operations in Keras's order (keras/src/optimizers/*.py
with the TF backend's ops), so the updated values are the ones Keras computes. As in Keras 3 there
is no `minimize`; use `apply_gradients(zip(grads, vars))` or `apply(grads, vars)`.
Not supported in tfshim: EMA, gradient accumulation, loss scaling, tf.distribute.
"""

from __future__ import annotations

import re
import warnings
from typing import Any

from tfshim.keras import initializers
from tfshim.keras._backend import Variable, auto_name, floatx, name_scope
from tfshim.keras.optimizers import schedules
from tfshim.keras.optimizers.schedules import LearningRateSchedule
from tfshim.training.data_structures import ListWrapper


def _tf() -> Any:
    import tfshim

    return tfshim


class Optimizer:
    """Keras: keras.optimizers.Optimizer (BaseOptimizer + the TF backend's TFOptimizer)."""

    def __init__(self, learning_rate: Any, weight_decay: Any = None, clipnorm: Any = None, clipvalue: Any = None,
                 global_clipnorm: Any = None, use_ema: bool = False, ema_momentum: float = 0.99,
                 ema_overwrite_frequency: Any = None, loss_scale_factor: Any = None,
                 gradient_accumulation_steps: Any = None, name: str | None = None, **kwargs: Any) -> None:
        self._lock = False
        if kwargs.pop("decay", None) is not None:
            warnings.warn("Argument `decay` is no longer supported and will be ignored.", stacklevel=2)
        if kwargs:
            raise ValueError(f"Argument(s) not recognized: {kwargs}")
        if name is None:
            name = auto_name(self.__class__.__name__)
        self.name = name
        self.weight_decay = weight_decay
        self.clipnorm = clipnorm
        self.global_clipnorm = global_clipnorm
        self.clipvalue = clipvalue
        self.use_ema = use_ema
        self.loss_scale_factor = loss_scale_factor
        self.gradient_accumulation_steps = gradient_accumulation_steps
        if gradient_accumulation_steps and not gradient_accumulation_steps >= 2:
            raise ValueError("`gradient_accumulation_steps` must be an integer >= 2. Received: "
                             f"gradient_accumulation_steps={gradient_accumulation_steps}")
        if use_ema or gradient_accumulation_steps:
            raise NotImplementedError("tfshim: use_ema and gradient_accumulation_steps are not supported")
        self.ema_momentum = ema_momentum
        self.ema_overwrite_frequency = ema_overwrite_frequency
        if sum(a is not None for a in [clipnorm, clipvalue, global_clipnorm]) > 1:
            raise ValueError(
                "Only one of `clipnorm`, `clipvalue` and `global_clipnorm` can be set. Received: "
                f"clipnorm={clipnorm}, clipvalue={clipvalue}, global_clipnorm={global_clipnorm}")
        self.built = False
        # ListWrappers, as TF's AutoTrackable makes them: a checkpoint restored before the optimizer was built
        # gives its slot variables their values by position as they are appended (deferred restoration)
        self._variables: list = ListWrapper()
        self._trainable_variables: list = ListWrapper()
        self._trainable_variables_indices: dict = {}
        with name_scope(self.name, caller=self):
            iterations = Variable(0, name="iteration", dtype="int", trainable=False)
        self._variables.append(iterations)
        self._iterations = iterations
        if isinstance(learning_rate, LearningRateSchedule) or callable(learning_rate):
            self._learning_rate = learning_rate
        else:
            if not isinstance(learning_rate, float):
                raise ValueError(
                    "Argument `learning_rate` should be float, or an instance of LearningRateSchedule, or a "
                    "callable (that takes in the current iteration value and returns the corresponding learning "
                    f"rate value). Received instead: learning_rate={learning_rate}")
            with name_scope(self.name, caller=self):
                lr = Variable(learning_rate, name="learning_rate", dtype=floatx(), trainable=False)
            self._variables.append(lr)
            self._learning_rate = lr

    # ---- state -----------------------------------------------------------------------------
    @property
    def iterations(self) -> Variable:
        return self._iterations

    @property
    def variables(self) -> list:
        return self._variables[:]

    @property
    def learning_rate(self) -> Any:
        if isinstance(self._learning_rate, LearningRateSchedule):
            return self._learning_rate(self._iterations)
        if isinstance(self._learning_rate, Variable):
            return self._learning_rate
        if callable(self._learning_rate):
            return self._learning_rate()
        return self._learning_rate

    @learning_rate.setter
    def learning_rate(self, learning_rate: Any) -> None:
        prev = self._learning_rate if isinstance(self._learning_rate, Variable) else None
        if isinstance(learning_rate, LearningRateSchedule) or callable(learning_rate):
            self._learning_rate = learning_rate
        else:
            if isinstance(self._learning_rate, LearningRateSchedule):
                raise TypeError(
                    "This optimizer was created with a `LearningRateSchedule` object as its `learning_rate` "
                    "constructor argument, hence its learning rate is not settable. If you need the learning rate "
                    "to be settable, you should instantiate the optimizer with a float `learning_rate` argument.")
            self._learning_rate.assign(learning_rate)
        if prev is not None and not isinstance(self._learning_rate, Variable):
            self._variables = ListWrapper(v for v in self._variables if v is not prev)

    def _var_key(self, variable: Any) -> int:
        return id(variable)

    def _get_variable_index(self, variable: Any) -> int:
        return self._trainable_variables_indices[self._var_key(variable)]

    def build(self, variables: Any) -> None:
        for i, variable in enumerate(variables):
            self._trainable_variables_indices[self._var_key(variable)] = i
        self._trainable_variables = ListWrapper(variables)
        self.built = True

    def add_variable(self, shape: Any, initializer: Any = "zeros", dtype: Any = None, aggregation: str = "none",
                     layout: Any = None, name: str | None = None) -> Variable:
        initializer = initializers.get(initializer)
        with name_scope(self.name, caller=self):
            variable = Variable(initializer, shape=shape, dtype=dtype, trainable=False, name=name)
        self._variables.append(variable)
        return variable

    def add_variable_from_reference(self, reference_variable: Any, name: str | None = None,
                                    initializer: Any = "zeros") -> Variable:
        name = name or "var"
        if hasattr(reference_variable, "path"):
            name = f"{reference_variable.path.replace('/', '_')}_{name}"
        else:
            sanitised = str(reference_variable.name).replace("/", "_").replace(":", "_")
            name = f"{sanitised}_{name}"
        shape = reference_variable.shape
        shape = tuple(shape) if isinstance(shape, tuple) else tuple(shape.as_list())
        dtype = reference_variable.dtype
        return self.add_variable(shape=shape, initializer=initializer, dtype=getattr(dtype, "name", dtype),
                                 name=name)

    def add_optimizer_variables(self, trainable_variables: Any, name: Any, initializer: Any = "zeros") -> Any:
        names = [name] if isinstance(name, str) else list(name)
        inits = [initializer] * len(names) if isinstance(initializer, (str, initializers.Initializer)) or \
            isinstance(name, str) else list(initializer)
        out: tuple = tuple([] for _ in names)
        for variable in trainable_variables:
            for i, (n, init) in enumerate(zip(names, inits)):
                out[i].append(self.add_variable_from_reference(variable, name=n, initializer=init))
        return out[0] if isinstance(name, str) else out

    def _check_variables_are_known(self, variables: list) -> None:
        for v in variables:
            if self._var_key(v) not in self._trainable_variables_indices:
                raise ValueError(
                    f"Unknown variable: {v}. This optimizer can only be called for the variables it was originally "
                    "built with. When working with a new set of variables, you should recreate a new optimizer "
                    "instance.")

    # ---- updates (TFOptimizer.assign*: the value is cast to the variable's dtype) -----------
    def assign(self, variable: Any, value: Any) -> None:
        variable.assign(_tf().cast(value, variable._dtype))

    def assign_add(self, variable: Any, value: Any) -> None:
        variable.assign_add(_tf().cast(value, variable._dtype))

    def assign_sub(self, variable: Any, value: Any) -> None:
        variable.assign_sub(_tf().cast(value, variable._dtype))

    def update_step(self, gradient: Any, variable: Any, learning_rate: Any) -> None:
        raise NotImplementedError

    def apply_gradients(self, grads_and_vars: Any) -> Variable:
        """Keras: applies `(gradient, variable)` pairs; returns the iterations variable."""
        grads, trainable_variables = zip(*grads_and_vars)
        self.apply(grads, trainable_variables)
        return self._iterations

    def apply(self, grads: Any, trainable_variables: Any = None) -> None:
        """Keras: updates the variables from their gradients (None gradients are skipped with a warning)."""
        if len(grads) == 0:
            return
        if trainable_variables is None:
            if not self.built:
                raise ValueError(
                    "When passing `grads` without `variables`, the optimizer must already be built on a list of "
                    "variables. Call `optimizer.build(trainable_variables)` first. ")
            if len(grads) != len(self._trainable_variables_indices):
                raise ValueError(
                    "When passing `grads` as a list of gradient tensors, the gradients must match "
                    f"`optimizer.variables` one-to-on. Received a list of {len(grads)} gradients, but the optimizer "
                    f"is tracking {len(self._trainable_variables)} trainable variables.")
            trainable_variables = self._trainable_variables
        else:
            trainable_variables = list(trainable_variables)
            if not self.built:
                with name_scope(self.name, caller=self):
                    self.build(trainable_variables)
                self.built = True
            self._check_variables_are_known(trainable_variables)
        with name_scope(self.name, caller=self):
            grads, trainable_variables = self._filter_empty_gradients(grads, trainable_variables)
            if len(grads) > 0:
                if self.loss_scale_factor is not None:
                    grads = [g if g is None else g / self.loss_scale_factor for g in grads]
                grads = self._clip_gradients(grads)
                self._apply_weight_decay(trainable_variables)
                learning_rate = self.learning_rate
                for grad, var in zip(grads, trainable_variables):
                    self.update_step(grad, var, learning_rate)
                for variable in trainable_variables:
                    constraint = getattr(variable, "constraint", None)
                    if constraint is not None:
                        variable.assign(constraint(variable))
        self._iterations.assign_add(1)

    def _filter_empty_gradients(self, grads: Any, variables: Any) -> tuple:
        grads, variables = list(grads), list(variables)
        missing = []
        for i in range(len(grads) - 1, -1, -1):
            if grads[i] is None:
                grads.pop(i)
                v = variables.pop(i)
                missing.append(getattr(v, "path", None) or v.name)
        if not grads:
            raise ValueError("No gradients provided for any variable.")
        if missing:
            warnings.warn(
                f"Gradients do not exist for variables {list(reversed(missing))} when minimizing the loss. If using "
                "`model.compile()`, did you forget to provide a `loss` argument?", stacklevel=3)
        return grads, variables

    def _clip_gradients(self, grads: list) -> list:
        tf = _tf()
        if self.clipnorm and self.clipnorm > 0:
            return [tf.clip_by_norm(g, self.clipnorm) if g is not None else g for g in grads]
        if self.global_clipnorm and self.global_clipnorm > 0:
            return list(tf.clip_by_global_norm(grads, self.global_clipnorm)[0])
        if self.clipvalue and self.clipvalue > 0:
            v = self.clipvalue
            return [tf.clip_by_value(g, -v, v) if g is not None else g for g in grads]
        return grads

    def exclude_from_weight_decay(self, var_list: Any = None, var_names: Any = None) -> None:
        if self.built:
            raise ValueError("`exclude_from_weight_decay()` can only be configured before the optimizer is built.")
        self._exclude_from_weight_decay = {self._var_key(v) for v in var_list} if var_list else set()
        self._exclude_pattern = re.compile("|".join(set(var_names))) if var_names else None

    def _use_weight_decay(self, variable: Any) -> bool:
        if self._var_key(variable) in getattr(self, "_exclude_from_weight_decay", set()):
            return False
        pattern = getattr(self, "_exclude_pattern", None)
        return not (pattern is not None and re.search(pattern, variable.name) is not None)

    def _apply_weight_decay(self, variables: list) -> None:
        """TFOptimizer: `variable.assign_sub(variable * wd * lr)`."""
        if self.weight_decay is None:
            return
        tf = _tf()
        for variable in variables:
            if self._use_weight_decay(variable):
                lr = tf.cast(self.learning_rate, variable._dtype)
                wd = tf.cast(self.weight_decay, variable._dtype)
                variable.assign_sub(variable * wd * lr)

    def get_config(self) -> dict:
        if isinstance(self._learning_rate, LearningRateSchedule):
            lr: Any = schedules.serialize(self._learning_rate)
        elif isinstance(self._learning_rate, Variable):
            lr = float(self._learning_rate.numpy())
        else:
            lr = 0.5
        return {"name": self.name, "learning_rate": lr, "weight_decay": self.weight_decay,
                "clipnorm": self.clipnorm, "global_clipnorm": self.global_clipnorm, "clipvalue": self.clipvalue,
                "use_ema": self.use_ema, "ema_momentum": self.ema_momentum,
                "ema_overwrite_frequency": self.ema_overwrite_frequency,
                "loss_scale_factor": self.loss_scale_factor,
                "gradient_accumulation_steps": self.gradient_accumulation_steps}

    @classmethod
    def from_config(cls, config: dict, custom_objects: Any = None) -> Optimizer:
        return cls(**config)

    def set_weights(self, weights: Any) -> None:
        if not self.built:
            raise ValueError(
                "You are calling `set_weights()` on an optimizer that has not yet been built. Please call "
                "`optimizer.build(trainable_variables)` to create the optimizer weights before calling "
                "`set_weights()`.")
        for variable, weight in zip(self._variables, weights):
            variable.assign(weight)

    def scale_loss(self, loss: Any) -> Any:
        return loss * self.loss_scale_factor if self.loss_scale_factor is not None else loss

    def finalize_variable_values(self, var_list: Any) -> None:
        pass


def _base_kwargs(**kw: Any) -> dict:
    return kw


class SGD(Optimizer):
    """Keras: SGD. momentum 0: `w -= g * lr`; else `m = m * momentum - g * lr`, `w += m`
    (nesterov: `w += m * momentum - g * lr`)."""

    def __init__(self, learning_rate: Any = 0.01, momentum: float = 0.0, nesterov: bool = False,
                 weight_decay: Any = None, clipnorm: Any = None, clipvalue: Any = None, global_clipnorm: Any = None,
                 use_ema: bool = False, ema_momentum: float = 0.99, ema_overwrite_frequency: Any = None,
                 loss_scale_factor: Any = None, gradient_accumulation_steps: Any = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(learning_rate=learning_rate, name=name, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor, gradient_accumulation_steps=gradient_accumulation_steps,
                         **kwargs)
        if not isinstance(momentum, float) or momentum < 0 or momentum > 1:
            raise ValueError("`momentum` must be a float between [0, 1].")
        self.momentum = momentum
        self.nesterov = nesterov

    def build(self, variables: Any) -> None:
        if self.built:
            return
        super().build(variables)
        self.momentums: list = []
        if self.momentum != 0:
            self.momentums = self.add_optimizer_variables(variables, "momentum")

    def update_step(self, gradient: Any, variable: Any, learning_rate: Any) -> None:
        tf = _tf()
        learning_rate = tf.cast(learning_rate, variable._dtype)
        gradient = tf.cast(gradient, variable._dtype)
        if self.momentum != 0:
            m = self.momentums[self._get_variable_index(variable)]
            momentum = tf.cast(self.momentum, variable._dtype)
            self.assign(m, tf.subtract(tf.multiply(m, momentum), tf.multiply(gradient, learning_rate)))
            if self.nesterov:
                self.assign_add(variable, tf.subtract(tf.multiply(m, momentum), tf.multiply(gradient, learning_rate)))
            else:
                self.assign_add(variable, m)
        else:
            self.assign_sub(variable, tf.multiply(gradient, learning_rate))

    def get_config(self) -> dict:
        return {**super().get_config(), "momentum": self.momentum, "nesterov": self.nesterov}


def _f32(x: Any) -> Any:
    """Keras ops with a Python float operand: the float becomes a (weak) float32 tensor."""
    tf = _tf()
    return x if isinstance(x, (tf.Tensor, tf.Variable)) else tf.constant(x, dtype=tf.float32)


class Adam(Optimizer):
    """Keras: Adam. `alpha = lr * sqrt(1 - b2^t) / (1 - b1^t)`; `m += (g - m) * (1 - b1)`;
    `v += (g^2 - v) * (1 - b2)`; `w -= m * alpha / (sqrt(v) + eps)` (amsgrad: max of v)."""

    def __init__(self, learning_rate: Any = 0.001, beta_1: float = 0.9, beta_2: float = 0.999,
                 epsilon: float = 1e-7, amsgrad: bool = False, weight_decay: Any = None, clipnorm: Any = None,
                 clipvalue: Any = None, global_clipnorm: Any = None, use_ema: bool = False,
                 ema_momentum: float = 0.99, ema_overwrite_frequency: Any = None, loss_scale_factor: Any = None,
                 gradient_accumulation_steps: Any = None, name: str | None = None, **kwargs: Any) -> None:
        super().__init__(learning_rate=learning_rate, name=name, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor, gradient_accumulation_steps=gradient_accumulation_steps,
                         **kwargs)
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        self.epsilon = epsilon
        self.amsgrad = amsgrad

    def build(self, var_list: Any) -> None:
        if self.built:
            return
        super().build(var_list)
        self._momentums, self._velocities = self.add_optimizer_variables(var_list, ["momentum", "velocity"])
        if self.amsgrad:
            self._velocity_hats = self.add_optimizer_variables(var_list, "velocity_hat")

    def update_step(self, gradient: Any, variable: Any, learning_rate: Any) -> None:
        tf = _tf()
        dt = variable._dtype
        lr = tf.cast(learning_rate, dt)
        gradient = tf.cast(gradient, dt)
        local_step = tf.cast(self.iterations + 1, dt)
        beta_1_power = tf.pow(tf.cast(self.beta_1, dt), local_step)
        beta_2_power = tf.pow(tf.cast(self.beta_2, dt), local_step)
        m = self._momentums[self._get_variable_index(variable)]
        v = self._velocities[self._get_variable_index(variable)]
        alpha = lr * tf.sqrt(1 - beta_2_power) / (1 - beta_1_power)
        self.assign_add(m, tf.multiply(tf.subtract(gradient, m), _f32(1 - self.beta_1)))
        self.assign_add(v, tf.multiply(tf.subtract(tf.square(gradient), v), _f32(1 - self.beta_2)))
        if self.amsgrad:
            v_hat = self._velocity_hats[self._get_variable_index(variable)]
            self.assign(v_hat, tf.maximum(v_hat, v))
            v = v_hat
        self.assign_sub(variable, tf.divide(tf.multiply(m, alpha), tf.add(tf.sqrt(v), _f32(self.epsilon))))

    def get_config(self) -> dict:
        return {**super().get_config(), "beta_1": self.beta_1, "beta_2": self.beta_2, "epsilon": self.epsilon,
                "amsgrad": self.amsgrad}


class AdamW(Adam):
    """Keras: AdamW — Adam after `w -= w * weight_decay * lr` (weight_decay default 0.004)."""

    def __init__(self, learning_rate: Any = 0.001, weight_decay: Any = 0.004, beta_1: float = 0.9,
                 beta_2: float = 0.999, epsilon: float = 1e-7, amsgrad: bool = False, clipnorm: Any = None,
                 clipvalue: Any = None, global_clipnorm: Any = None, use_ema: bool = False,
                 ema_momentum: float = 0.99, ema_overwrite_frequency: Any = None, loss_scale_factor: Any = None,
                 gradient_accumulation_steps: Any = None, name: str | None = None, **kwargs: Any) -> None:
        super().__init__(learning_rate=learning_rate, beta_1=beta_1, beta_2=beta_2, epsilon=epsilon,
                         amsgrad=amsgrad, name=name, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor, gradient_accumulation_steps=gradient_accumulation_steps,
                         **kwargs)
        if self.weight_decay is None:
            raise ValueError("Argument `weight_decay` must be a float. Received: weight_decay=None")


class RMSprop(Optimizer):
    """Keras: RMSprop. `v = rho * v + (1 - rho) * g^2`; `w -= lr * g / sqrt(v + eps)`
    (centered: `v - avg_g^2 + eps`; momentum: `m = momentum * m + increment`, `w -= m`)."""

    def __init__(self, learning_rate: Any = 0.001, rho: float = 0.9, momentum: float = 0.0, epsilon: float = 1e-7,
                 centered: bool = False, weight_decay: Any = None, clipnorm: Any = None, clipvalue: Any = None,
                 global_clipnorm: Any = None, use_ema: bool = False, ema_momentum: float = 0.99,
                 ema_overwrite_frequency: Any = None, loss_scale_factor: Any = None,
                 gradient_accumulation_steps: Any = None, name: str | None = None, **kwargs: Any) -> None:
        super().__init__(learning_rate=learning_rate, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor, gradient_accumulation_steps=gradient_accumulation_steps,
                         name=name, **kwargs)
        self.rho = rho
        self.momentum = momentum
        self.epsilon = epsilon
        self.centered = centered

    def build(self, var_list: Any) -> None:
        if self.built:
            return
        super().build(var_list)
        self._velocities = self.add_optimizer_variables(var_list, "velocity")
        self._momentums: list = []
        if self.momentum > 0:
            self._momentums = self.add_optimizer_variables(var_list, "momentum")
        self._average_gradients: list = []
        if self.centered:
            self._average_gradients = self.add_optimizer_variables(var_list, "average_gradient")

    def update_step(self, gradient: Any, variable: Any, learning_rate: Any) -> None:
        tf = _tf()
        dt = variable._dtype
        lr = tf.cast(learning_rate, dt)
        gradient = tf.cast(gradient, dt)
        i = self._get_variable_index(variable)
        velocity = self._velocities[i]
        rho = self.rho
        self.assign(velocity, tf.add(tf.multiply(_f32(rho), velocity),
                                     tf.multiply(_f32(1 - rho), tf.square(gradient))))
        if self.centered:
            average_grad = self._average_gradients[i]
            self.assign(average_grad, tf.add(tf.multiply(_f32(rho), average_grad),
                                             tf.multiply(_f32(1 - rho), gradient)))
            denominator = velocity - tf.square(average_grad) + self.epsilon
        else:
            denominator = tf.add(velocity, _f32(self.epsilon))
        increment = tf.divide(tf.multiply(lr, gradient), tf.sqrt(denominator))
        if self.momentum > 0:
            momentum = self._momentums[i]
            self.assign(momentum, tf.add(tf.multiply(_f32(self.momentum), momentum), increment))
            self.assign_sub(variable, momentum)
        else:
            self.assign_sub(variable, increment)

    def get_config(self) -> dict:
        return {**super().get_config(), "rho": self.rho, "momentum": self.momentum, "epsilon": self.epsilon,
                "centered": self.centered}


class Adagrad(Optimizer):
    """Keras: Adagrad. `acc += g^2` (acc starts at 0.1); `w -= lr * g / sqrt(acc + eps)`."""

    def __init__(self, learning_rate: Any = 0.001, initial_accumulator_value: float = 0.1, epsilon: float = 1e-7,
                 weight_decay: Any = None, clipnorm: Any = None, clipvalue: Any = None, global_clipnorm: Any = None,
                 use_ema: bool = False, ema_momentum: float = 0.99, ema_overwrite_frequency: Any = None,
                 loss_scale_factor: Any = None, gradient_accumulation_steps: Any = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(learning_rate=learning_rate, weight_decay=weight_decay, clipnorm=clipnorm,
                         clipvalue=clipvalue, global_clipnorm=global_clipnorm, use_ema=use_ema,
                         ema_momentum=ema_momentum, ema_overwrite_frequency=ema_overwrite_frequency,
                         loss_scale_factor=loss_scale_factor, gradient_accumulation_steps=gradient_accumulation_steps,
                         name=name, **kwargs)
        self.initial_accumulator_value = initial_accumulator_value
        self.epsilon = epsilon

    def build(self, var_list: Any) -> None:
        if self.built:
            return
        super().build(var_list)
        self._accumulators = self.add_optimizer_variables(
            var_list, "accumulator", initializer=initializers.Constant(self.initial_accumulator_value))

    def update_step(self, gradient: Any, variable: Any, learning_rate: Any) -> None:
        tf = _tf()
        dt = variable._dtype
        lr = tf.cast(learning_rate, dt)
        gradient = tf.cast(gradient, dt)
        accumulator = self._accumulators[self._get_variable_index(variable)]
        self.assign_add(accumulator, tf.square(gradient))
        self.assign_sub(variable, tf.divide(tf.multiply(lr, gradient),
                                            tf.sqrt(tf.add(accumulator, _f32(self.epsilon)))))

    def get_config(self) -> dict:
        return {**super().get_config(), "initial_accumulator_value": self.initial_accumulator_value,
                "epsilon": self.epsilon}


_ALL = {"sgd": SGD, "adam": Adam, "adamw": AdamW, "rmsprop": RMSprop, "adagrad": Adagrad}


def get(identifier: Any) -> Optimizer:
    """Keras: optimizers.get — an Optimizer instance or a name ('sgd', 'adam', ...)."""
    if isinstance(identifier, Optimizer):
        return identifier
    if isinstance(identifier, str) and identifier.lower() in _ALL:
        return _ALL[identifier.lower()]()
    raise ValueError(f"Could not interpret optimizer identifier: {identifier}")


__all__ = ["Optimizer", "SGD", "Adam", "AdamW", "RMSprop", "Adagrad", "schedules", "get"]


# TF's names that tfshim lacks raise NotImplementedError naming them; others TF's AttributeError
from tfshim.util.unimplemented import namespace_getattr as _namespace_getattr  # noqa: E402

__getattr__ = _namespace_getattr("keras.optimizers", __name__)
