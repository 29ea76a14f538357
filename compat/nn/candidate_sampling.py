import tensorflow as tf

true_classes = tf.constant([[1, 2], [0, 4], [3, 3]], tf.int64)
print(tf.nn.all_candidate_sampler(true_classes, 2, 5, True))
print(tf.random.all_candidate_sampler([[1, 2]], 2, 3, False, seed=7))
print(tf.nn.compute_accidental_hits(true_classes, tf.constant([3, 1, 5, 3], tf.int64), 2))
hits = tf.nn.compute_accidental_hits(true_classes, [0, 7], 2)
print(hits.indices, hits.ids, hits.weights)
print(tf.nn.compute_accidental_hits(true_classes, tf.constant([], tf.int64), 2))
# both draw an op seed, as TF's samplers do: the next seeded op sees the same counter
tf.random.set_seed(3)
tf.nn.all_candidate_sampler(true_classes, 2, 5, True)
tf.nn.compute_accidental_hits(true_classes, [4, 4], 2)
print(tf.random.uniform([3]))
for bad in (lambda: tf.nn.all_candidate_sampler(true_classes, 2, 3, False),
            lambda: tf.nn.all_candidate_sampler(true_classes, 3, 5, False),
            lambda: tf.nn.all_candidate_sampler(tf.constant([[1, 2]]), 2, 3, False),
            lambda: tf.nn.all_candidate_sampler(true_classes, 2, 0, True),
            lambda: tf.nn.all_candidate_sampler(true_classes[0], 2, 3, True),
            lambda: tf.nn.compute_accidental_hits(true_classes, [0, 7], 3),
            lambda: tf.nn.compute_accidental_hits(true_classes, tf.constant([0, 7]), 2),
            lambda: tf.nn.compute_accidental_hits(true_classes, [[0, 7]], 2)):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
