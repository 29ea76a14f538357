"""tf.autodiff.ForwardAccumulator: forward-mode autodiff (TF: eager/forwardprop.py).

TF propagates tangents op by op with per-op JVP rules. tfshim computes the same JVPs with the
double-VJP trick, on a persistent tape that records while the accumulator is active:
`g(u) = J^T u` is linear in a dummy cotangent `u`, so `J v = d(g(u) . v)/du`. Two backward
passes per `jvp` call, exact for every op with a (differentiable) gradient, including custom
gradients; no JVP rule per op is needed. Nesting works as in TF: an outer accumulator (or an
outer GradientTape) records the inner one's computations, giving forward-over-reverse
Hessian-vector products.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.eager import tape as tape_lib
from tfshim.eager.backprop import GradientTape, UnconnectedGradients, imperative_grad
from tfshim.framework import dtypes
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.framework.variables import Variable
from tfshim.util import nest
from tfshim.util.tf_export import tf_export


def _same_structure_error(a: Any, b: Any) -> ValueError:
    def desc(x: Any) -> str:
        return f"type={type(x).__name__} str={x!s}"

    def skeleton(x: Any) -> str:
        return str(nest.map_structure(lambda _: ".", x)).replace("'", "") if nest.is_nested(x) else "."

    seq, other = (a, b) if nest.is_nested(a) else (b, a)
    return ValueError(
        "The two structures don't have the same nested structure.\n\n"
        f"First structure: {desc(a)}\n\nSecond structure: {desc(b)}\n\n"
        f'More specifically: Substructure "{desc(seq)}" is a sequence, while substructure "{desc(other)}" is not\n'
        f"Entire first structure:\n{skeleton(a)}\nEntire second structure:\n{skeleton(b)}")


@tf_export("autodiff.ForwardAccumulator")
class ForwardAccumulator:
    """Computes Jacobian-vector products of tensors computed in its context (TF: ForwardAccumulator).

    `jvp(t)` is d t / d primals . tangents, None when `t` does not depend on the primals
    (zeros with `unconnected_gradients="zero"`). See the module docstring for the method.
    """

    def __init__(self, primals: Any, tangents: Any) -> None:
        if nest.is_nested(primals) != nest.is_nested(tangents) or (
                nest.is_nested(primals) and len(nest.flatten(primals)) != len(nest.flatten(tangents))):
            raise _same_structure_error(primals, tangents)
        self._primals = nest.flatten(primals)
        self._tangents = [convert_to_tensor(t, dtype=p.dtype) for p, t in zip(self._primals, nest.flatten(tangents))]
        self._tape = tape_lib.Tape(persistent=True, watch_accessed_variables=False)
        for p in self._primals:
            if isinstance(p, Variable):
                self._tape.watch_variable(p)
            else:
                self._tape.watch(p)
        self._recording = False

    def __enter__(self) -> ForwardAccumulator:
        if self._recording:
            raise ValueError("Accumulator is already recording.")
        tape_lib.push_tape(self._tape)
        self._recording = True
        return self

    def __exit__(self, typ: Any, value: Any, traceback: Any) -> None:
        if self._recording:
            tape_lib.pop_tape(self._tape)
            self._recording = False

    def jvp(self, primals: Any, unconnected_gradients: Any = UnconnectedGradients.NONE) -> Any:
        """The tangent of each tensor in `primals` (any nested structure)."""
        unconnected = UnconnectedGradients(unconnected_gradients)

        def one(t: Any) -> Any:
            t = t if isinstance(t, (Tensor, Variable)) else convert_to_tensor(t)
            result = self._jvp_one(t)
            if result is None and unconnected is UnconnectedGradients.ZERO:
                return _wrap_as(np.zeros(t._value.shape, dtype=t._value.dtype), t._dtype)
            return result

        return nest.map_structure(one, primals)

    def _jvp_one(self, t: Any) -> Any:
        if t._dtype not in dtypes.TRAINABLE:
            return None
        u = _wrap_as(np.zeros(t._value.shape, dtype=t._value.dtype), t._dtype)  # the dummy cotangent
        with GradientTape() as outer:
            outer.watch(u)
            vjps = imperative_grad(self._tape, [t], self._primals, [u])  # J^T u, linear in u
        pairs = [(g, v) for g, v in zip(vjps, self._tangents) if g is not None]
        if not pairs:
            return None
        jvp = outer.gradient([g for g, _ in pairs], u, output_gradients=[v for _, v in pairs])
        if jvp is None:  # connected, but the derivative does not depend on u: it is zero
            return _wrap_as(np.zeros(t._value.shape, dtype=t._value.dtype), t._dtype)
        return jvp
