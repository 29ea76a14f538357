"""tf.device, tf.config and tf.distribute on tfshim's one CPU (outputs in compat/runtime/ are TF-recorded)."""

from __future__ import annotations

import pytest

import tfshim as tf
from tfshim.framework import device as device_lib

CPU = "/job:localhost/replica:0/task:0/device:CPU:0"


def test_device_scopes_nest_and_merge():
    assert device_lib.current_device_name() == ""
    with tf.device("/job:localhost"):
        with tf.device("GPU:1"):
            assert device_lib.current_device_name() == "/job:localhost/replica:0/task:0/device:GPU:1"
            assert tf.constant(1.0).device == CPU  # soft placement: the one device is the CPU
        assert device_lib.current_device_name() == CPU
    assert device_lib.current_device_name() == ""


def test_device_scope_exited_out_of_order_raises():
    a, b = tf.device("CPU:0"), tf.device("GPU:0")
    a.__enter__()
    b.__enter__()
    with pytest.raises(RuntimeError, match="Exiting device scope without proper scope nesting"):
        a.__exit__(None, None, None)
    b.__exit__(None, None, None)
    a.__exit__(None, None, None)


def test_mirrored_scope_makes_mirrored_variables_only_inside():
    m = tf.distribute.MirroredStrategy()
    with m.scope():
        v = tf.Variable(1.0)
    w = tf.Variable(1.0)
    assert type(v).__name__ == "MirroredVariable" and type(w).__name__ == "ResourceVariable"
    assert v.values == (v,)
    assert tf.distribute.get_strategy() is not m


def test_replica_context_inside_run_cross_replica_in_scope():
    s = tf.distribute.OneDeviceStrategy("CPU:0")
    with s.scope():
        assert tf.distribute.get_replica_context() is None
        assert tf.distribute.in_cross_replica_context()
        ctx = s.run(tf.distribute.get_replica_context)
    assert ctx.strategy is s and ctx.num_replicas_in_sync == 1


def test_more_than_one_mirrored_device_is_not_implemented():
    with pytest.raises(NotImplementedError, match="is not implemented by tfshim"):
        tf.distribute.MirroredStrategy(["/cpu:0", "/gpu:0"])
    assert tf.distribute.MirroredStrategy(["/gpu:0"]).extended.worker_devices == (
        "/job:localhost/replica:0/task:0/device:GPU:0",)


def test_sysconfig_native_library_queries_are_not_implemented():
    with pytest.raises(NotImplementedError, match=r"^tf\.sysconfig\.get_include is not implemented by tfshim"):
        tf.sysconfig.get_include()


def test_cross_replica_calls_over_several_replicas_say_they_are_not_implemented():
    # the logical CPUs can only be split before the runtime starts: run in a fresh interpreter
    import subprocess
    import sys

    code = (
        "import tfshim as tf\n"
        "cpu = tf.config.list_physical_devices('CPU')[0]\n"
        "tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)\n"
        "s = tf.distribute.MirroredStrategy(['cpu:0', 'cpu:1'])\n"
        "try:\n"
        "    s.run(lambda: tf.distribute.get_replica_context().all_reduce('SUM', tf.constant(1.)))\n"
        "except NotImplementedError as e:\n"
        "    print(e)\n"
        "try:\n"
        "    tf.distribute.MirroredStrategy(['cpu:0', 'cpu:2'])\n"
        "except NotImplementedError as e:\n"
        "    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == [
        "tf.distribute.ReplicaContext.all_reduce over 2 replicas is not implemented by tfshim",
        "tf.distribute.MirroredStrategy on /job:localhost/replica:0/task:0/device:CPU:2 is not implemented by tfshim "
        "(tfshim runs on the logical CPUs, here 2)"]
