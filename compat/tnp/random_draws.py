import tensorflow as tf
import tensorflow.experimental.numpy as tnp

tnp.random.seed(7)
print(repr(tnp.random.randn(2, 3)))
print(repr(tnp.random.rand(3)))
print(repr(tnp.random.uniform(-1, 1, size=[2])))
print(repr(tnp.random.random([2])))
print(repr(tnp.random.standard_normal(2)))
print(repr(tnp.random.randint(10, size=4)))
print(repr(tnp.random.randint(3, 7, size=(2,), dtype=tnp.int32)))
print(repr(tnp.random.uniform()))
try:
    tnp.random.randint(5, dtype=tnp.float32)
except ValueError as e:
    print("ValueError:", e)
try:
    tnp.random.seed("abc")
except Exception as e:
    print(type(e).__name__, e)
