"""Candidate sampling helpers (TF: candidate_sampling_ops.py, kernels/candidate_sampler_ops.cc):
tf.nn.all_candidate_sampler and tf.nn.compute_accidental_hits, both deterministic. Like TF they draw the op's seed
(random_seed.get_seed), so later seeded random ops see the same op-seed counter as in TF."""

from __future__ import annotations

import collections
from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor
from tfshim.ops.op import (
    KernelError,
    as_called,
    defop,
    dtype_mismatch,
    error_suffix,
    make_bool,
    make_int,
    op_def,
    run_op,
    tf_export,
)


def _int64(value: Any, op: str, index: int, raw: tuple, slow: bool = False) -> Tensor:
    """An int64 input: a Python value is converted to it (the op's signature), a tensor must already be int64 (after
    TF's Python fallback, `slow`, a tensor of another dtype fails to convert: ValueError)."""
    t = convert_to_tensor(value, dtype=None if isinstance(value, Tensor) and not slow else dtypes.int64)
    if t.dtype != dtypes.int64:
        raise as_called(dtype_mismatch(op, index, dtypes.int64, t.dtype), raw)
    return t


def _min_attr(op: str, attr: str, value: int, raw: tuple) -> None:
    if value < 1:
        raise errors.InvalidArgumentError(None, None, "Value for attr '%s' of %d must be at least minimum 1\n\t; "
                                          "NodeDef: {{node %s}}; %s [Op:%s]%s" % (
                                              attr, value, op, op_def(op)[0], op, error_suffix(raw)))  # type: ignore


def _all_candidate_kernel(true_classes: np.ndarray, num_true: int, num_sampled: int, unique: bool, seed: int,
                          seed2: int) -> Any:
    """Every class in [0, num_sampled), each expected once."""
    if true_classes.ndim != 2:
        raise KernelError(errors.InvalidArgumentError, "true_classes must be a matrix")
    if true_classes.shape[1] != num_true:
        # TF's message names the two numbers the other way round
        raise KernelError(errors.InvalidArgumentError, "true_classes must have num_true columns, expected: %d was: %d"
                          % (true_classes.shape[1], num_true))
    bad = true_classes[(true_classes < 0) | (true_classes >= num_sampled)]
    if bad.size:
        raise KernelError(errors.InvalidArgumentError, "`true_candidate` out of range [0, %d), received %d"
                          % (num_sampled, bad[0]))
    return (np.arange(num_sampled, dtype=np.int64), np.ones(true_classes.shape, np.float32),
            np.ones(num_sampled, np.float32))


AllCandidateSampler = defop("AllCandidateSampler", _all_candidate_kernel, multi_output=True)
AllCandidateSamplerOutput = collections.namedtuple(
    "AllCandidateSampler", ["sampled_candidates", "true_expected_count", "sampled_expected_count"])


@tf_export("random.all_candidate_sampler", "nn.all_candidate_sampler")
def all_candidate_sampler(true_classes: Any, num_true: int, num_sampled: int, unique: bool, seed: Any = None,
                          name: Any = None) -> tuple:
    """TF: tf.random.all_candidate_sampler (AllCandidateSampler): the classes 0..num_sampled-1 as the "samples",
    every expected count 1 (for testing samplers)."""
    from tfshim.ops import random_ops

    raw = (true_classes,)
    seed1, seed2 = random_ops.get_seed(seed)
    # TF's op helper checks the attrs before it converts the input
    num_true, num_sampled = make_int(num_true, "num_true"), make_int(num_sampled, "num_sampled")
    unique = make_bool(unique, "unique")
    t = _int64(true_classes, "AllCandidateSampler", 0, raw)
    _min_attr("AllCandidateSampler", "num_true", num_true, raw)
    _min_attr("AllCandidateSampler", "num_sampled", num_sampled, raw)
    out = run_op(AllCandidateSampler, raw, t, num_true=num_true, num_sampled=num_sampled,
                 unique=unique, seed=seed1 or 0, seed2=seed2 or 0)
    return AllCandidateSamplerOutput(*out)


def _accidental_hits_kernel(true_classes: np.ndarray, sampled: np.ndarray, num_true: int, seed: int,
                            seed2: int) -> Any:
    """TF's kernel: for each batch row and each of its true classes (in order), a hit where that class is among the
    sampled candidates, at the candidate's last position; weight -FLT_MAX."""
    if true_classes.ndim != 2 or true_classes.shape[1] != num_true:
        raise KernelError(errors.InvalidArgumentError, "true_candidates must be a batch_size * num_true matrix")
    if sampled.ndim != 1:
        raise KernelError(errors.InvalidArgumentError, "sampled_candidates must be a vector, which is typically an "
                          "output from CandidateSampler")
    position = {int(c): i for i, c in enumerate(sampled.tolist())}
    indices, ids = [], []
    for i, row in enumerate(true_classes.tolist()):
        for c in row:
            if c in position:
                indices.append(i)
                ids.append(position[c])
    return (np.array(indices, np.int32), np.array(ids, np.int64),
            np.full(len(ids), -np.finfo(np.float32).max, np.float32))


ComputeAccidentalHits = defop("ComputeAccidentalHits", _accidental_hits_kernel, multi_output=True)
ComputeAccidentalHitsOutput = collections.namedtuple("ComputeAccidentalHits", ["indices", "ids", "weights"])


@tf_export("nn.compute_accidental_hits")
def compute_accidental_hits(true_classes: Any, sampled_candidates: Any, num_true: int, seed: Any = None,
                            name: Any = None) -> tuple:
    """TF: tf.nn.compute_accidental_hits (ComputeAccidentalHits): (row indices, candidate positions, -FLT_MAX
    weights) of the sampled candidates that equal a true class of their row."""
    from tfshim.ops import random_ops

    raw = (true_classes, sampled_candidates)
    seed1, seed2 = random_ops.get_seed(seed)
    from tfshim.ops.eager_attrs import op_attrs

    attrs = op_attrs("compute_accidental_hits", raw, ("int", "num_true", num_true), ("int", "seed", seed1, 0),
                     ("int", "seed2", seed2, 0))
    num_true = attrs[0]
    t = _int64(true_classes, "ComputeAccidentalHits", 0, raw, attrs.slow)
    s = _int64(sampled_candidates, "ComputeAccidentalHits", 1, raw, attrs.slow)
    out = run_op(ComputeAccidentalHits, raw, t, s, num_true=num_true, seed=seed1 or 0, seed2=seed2 or 0)
    return ComputeAccidentalHitsOutput(*out)
