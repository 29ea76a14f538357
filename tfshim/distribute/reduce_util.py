"""tf.distribute.ReduceOp (TF: python/distribute/reduce_util.py)."""

from __future__ import annotations

import enum

from tfshim.util.tf_export import tf_export


@tf_export("distribute.ReduceOp")
class ReduceOp(enum.Enum):
    """How values of the replicas combine: summed or averaged."""

    SUM = "SUM"
    MEAN = "MEAN"

    @staticmethod
    def from_variable_aggregation(aggregation: object) -> ReduceOp:
        name = getattr(aggregation, "name", str(aggregation)).upper()
        mapping = {"SUM": ReduceOp.SUM, "MEAN": ReduceOp.MEAN, "ONLY_FIRST_REPLICA": ReduceOp.MEAN}
        if name not in mapping:
            raise ValueError(f"Could not convert from `tf.VariableAggregation` {aggregation} to`tf.distribute."
                             "ReduceOp` type")
        return mapping[name]
