import sys

import tensorflow as tf
from tensorflow import GradientTape, constant

print(__name__, sys.argv[1:])
x = constant(2.0)
with GradientTape() as g:
    g.watch(x)
    y = x * x
print(g.gradient(y, x))
print(tf.__version__)
if __name__ == "__main__":
    print("main block runs")
