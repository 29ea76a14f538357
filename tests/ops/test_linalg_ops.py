"""Linear algebra ops: numeric gradient checks (float64), edge cases, TF's error texts (recorded from TF 2.21)."""

import numpy as np
import pytest

import tfshim as tf
from tests.gradcheck import check_gradients

RNG = np.random.default_rng(1)
A = RNG.standard_normal((2, 3))
B = RNG.standard_normal((3, 4))
SPD = np.array([[4.0, 2.0, 0.4], [2.0, 5.0, 1.0], [0.4, 1.0, 3.0]])
M = SPD + 0.3 * RNG.standard_normal((3, 3))


@pytest.mark.parametrize("f, args", [
    (lambda a, b: tf.matmul(a, b), [A, B]),
    (lambda a, b: tf.matmul(a, b, transpose_a=True), [B, B]),
    (lambda a, b: tf.matmul(a, b, transpose_b=True), [A, A]),
    (lambda a, b: tf.matmul(a, b, adjoint_a=True, adjoint_b=True), [B, A]),
    (lambda a, b: tf.matmul(a, b), [RNG.standard_normal((2, 2, 3)), RNG.standard_normal((3, 2))]),
    (lambda a, b: tf.matmul(a, b, adjoint_b=True), [RNG.standard_normal((2, 2, 3)), RNG.standard_normal((1, 4, 3))]),
    (lambda a, b: tf.tensordot(a, b, axes=1), [A, B]),
    (lambda a, b: tf.tensordot(a, b, axes=[[0], [1]]), [A, RNG.standard_normal((3, 2))]),
    (lambda a, b: tf.einsum("ij,jk->ik", a, b), [A, B]),
    (lambda a: tf.einsum("ijk->j", a), [RNG.standard_normal((2, 3, 4))]),
    (lambda a: tf.linalg.inv(a), [M]),
    (lambda a: tf.linalg.inv(a, adjoint=True), [M]),
    (lambda a: tf.linalg.det(a), [M]),
    (lambda a: tf.linalg.slogdet(a)[1], [M]),
    (lambda a, b: tf.linalg.solve(a, b), [M, RNG.standard_normal((3, 2))]),
    (lambda a, b: tf.linalg.solve(a, b, adjoint=True), [M, RNG.standard_normal((3, 2))]),
    (lambda a: tf.linalg.cholesky((a + tf.linalg.matrix_transpose(a)) / 2.0), [SPD]),
    (lambda a, b: tf.linalg.triangular_solve(a, b), [M, RNG.standard_normal((3, 2))]),
    (lambda v: tf.linalg.diag(v) ** 2, [RNG.standard_normal(3)]),
    (lambda a: tf.linalg.diag_part(a) ** 2, [A]),
    (lambda a: tf.linalg.trace(a * a), [M]),
    (lambda a: tf.linalg.set_diag(a, tf.constant([1.0, 2.0], tf.float64)) ** 2, [A]),
    (lambda a, v: tf.linalg.matvec(a, v), [A, RNG.standard_normal(3)]),
    (lambda a: tf.linalg.matrix_transpose(a) ** 2, [A]),
    (lambda a: tf.linalg.band_part(a, 1, 0) ** 2, [M]),
])
def test_numeric_gradients(f, args):
    check_gradients(f, *args)


def test_values_and_edges():
    assert tf.matmul([[1, 2]], [[3], [4]]).numpy().tolist() == [[11]]
    assert tf.matmul(tf.ones([2, 3, 4]), tf.ones([4, 5])).shape == (2, 3, 5)
    assert np.isnan(tf.linalg.cholesky(-tf.eye(2)).numpy()[0, 0])  # TF: NaN, not an error
    z = tf.constant([[1 + 2j, 3j]], tf.complex64)
    assert tf.matmul(z, z, adjoint_b=True).numpy().tolist() == [[14 + 0j]]
    assert tf.linalg.det(tf.eye(3, batch_shape=[2])).numpy().tolist() == [1.0, 1.0]


MKL = "{{function_node __wrapped____MklMatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}} "


@pytest.mark.parametrize("f, msg", [
    (lambda: tf.matmul(tf.ones([2, 3]), tf.ones([2, 3])),
     MKL + "Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3] [Op:MatMul] name: "),
    (lambda: tf.matmul(tf.ones([3]), tf.ones([2, 3])), MKL + "In[0] ndims must be >= 2 [Op:MatMul] name: "),
    (lambda: tf.matmul(tf.ones([2, 3, 4]), tf.ones([2, 3, 4])),
     "{{function_node __wrapped____MklBatchMatMulV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
     "Matrix size-incompatible: In[0]: [2,3,4], In[1]: [2,3,4] 0 0 [Op:BatchMatMulV2] name: "),
    (lambda: tf.linalg.inv(tf.zeros([2, 2])),
     "{{function_node __wrapped__MatrixInverse_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
     "Input is not invertible. [Op:MatrixInverse] name: "),
])
def test_errors(f, msg):
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        f()
    assert str(e.value) == msg


def test_matmul_error_kernel_names_as_tf():
    # Recorded from TF 2.21: only half/bfloat16/float run oneDNN's _Mkl kernels (whose message adds the adj flags).
    dev = "_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
    cases = [
        (tf.float64, (1, 1, 2), (2, 1, 1), "{{function_node __wrapped__BatchMatMulV2" + dev +
         "Matrix size-incompatible: In[0]: [1,1,2], In[1]: [2,1,1] [Op:BatchMatMulV2] name: "),
        (tf.float64, (3, 2), (4, 5), "{{function_node __wrapped__MatMul" + dev +
         "Matrix size-incompatible: In[0]: [3,2], In[1]: [4,5] [Op:MatMul] name: "),
        (tf.int32, (2, 1, 2), (3, 2, 1), "{{function_node __wrapped__BatchMatMulV2" + dev +
         "In[0] and In[1] must have compatible batch dimensions: [2,1,2] vs. [3,2,1] [Op:BatchMatMulV2] name: "),
        (tf.float32, (1, 1, 2), (2, 1, 1), "{{function_node __wrapped____MklBatchMatMulV2" + dev +
         "Matrix size-incompatible: In[0]: [1,1,2], In[1]: [2,1,1] 0 0 [Op:BatchMatMulV2] name: "),
    ]
    for dtype, a, b, msg in cases:
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            tf.matmul(tf.zeros(a, dtype), tf.zeros(b, dtype))
        assert str(e.value) == msg
