import numpy as np
import tensorflow as tf

# tf.add_n sums as TF's AddN kernel: the first n % 8 inputs left to right, then each further 8 summed and added to
# the total (`out += in1 + ... + in8`). Rounding and the NaN that wins show the order.


def nan(payload, sign=0):
    return np.array([(sign << 31) | 0x7F800000 | payload] * 20, np.uint32).view(np.float32)


for n, a, b in [(10, 0, 2), (10, 2, 0), (10, 1, 5), (17, 3, 9), (17, 9, 3), (17, 10, 12), (20, 0, 4), (9, 0, 8)]:
    xs = [np.full(20, float(i), np.float32) for i in range(n)]
    xs[a] = nan(0x100 + a)
    xs[b] = nan(0x200 + b, 1)
    r = tf.add_n([tf.constant(v) for v in xs]).numpy().view(np.uint32)
    print(n, a, b, hex(r[0]), hex(r[-1]))

print(float(tf.add_n([tf.constant(np.float32(1e8))] + [tf.constant(np.float32(1.0))] * 16)))
print(float(tf.add_n([tf.constant(np.float32(3.3))] * 8 + [tf.constant(np.float32(1e8))] +
                     [tf.constant(np.float32(0.7))] * 9)))
rng = np.random.default_rng(0)
for n in (2, 7, 8, 9, 15, 16, 17, 25, 64, 65):
    xs = [tf.constant((rng.standard_normal(5) * 10.0 ** rng.integers(-3, 8)).astype(np.float32)) for _ in range(n)]
    print(n, tf.add_n(xs).numpy().view(np.uint32).tolist())
