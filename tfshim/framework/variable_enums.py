"""tf.VariableSynchronization and tf.VariableAggregation (TF: ops/variables.py)."""

import enum

from tfshim.util.tf_export import tf_export


@tf_export("VariableSynchronization")
class VariableSynchronization(enum.Enum):
    AUTO = 0
    NONE = 1
    ON_WRITE = 2
    ON_READ = 3


@tf_export("VariableAggregation")
class VariableAggregation(enum.Enum):
    NONE = 0
    SUM = 1
    MEAN = 2
    ONLY_FIRST_REPLICA = 3
