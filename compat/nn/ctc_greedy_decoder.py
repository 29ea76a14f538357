import tensorflow as tf

inf = float("inf")
logits = tf.constant([[[0.0, -inf, -inf], [-2.3, -inf, -0.1]],
                      [[-inf, -0.5, -inf], [-inf, -inf, -0.1]],
                      [[-inf, -inf, -inf], [-0.1, -inf, -2.3]]])
decoded, neg_sum_logits = tf.nn.ctc_greedy_decoder(logits, tf.constant([2, 3]), blank_index=1)
print(decoded[0])
print(tf.sparse.to_dense(decoded[0]), neg_sum_logits)
print(tf.nn.ctc_greedy_decoder(logits, [2, 3]))
print(tf.nn.ctc_greedy_decoder(logits, [3, 3], merge_repeated=False, blank_index=-3))
print(tf.nn.ctc_greedy_decoder(tf.cast(logits, tf.float64), [3, 0], blank_index=0))
print(tf.nn.ctc_greedy_decoder(logits, [-1, 3]))
steps = tf.reshape(tf.range(5 * 2 * 4, dtype=tf.float32) * 7 % 9, [5, 2, 4])
decoded, log_prob = tf.nn.ctc_greedy_decoder(steps, [5, 4])
print(decoded[0].indices.numpy().tolist(), decoded[0].values.numpy().tolist(), log_prob.numpy().tolist())
for bad in (lambda: tf.nn.ctc_greedy_decoder(logits, [4, 3]),
            lambda: tf.nn.ctc_greedy_decoder(logits, [3]),
            lambda: tf.nn.ctc_greedy_decoder(logits[0], [3]),
            lambda: tf.nn.ctc_greedy_decoder(logits, [[3, 3]]),
            lambda: tf.nn.ctc_greedy_decoder(tf.cast(logits, tf.float16), [3, 3]),
            lambda: tf.nn.ctc_greedy_decoder(logits, tf.constant([3, 3], tf.int64)),
            lambda: tf.nn.ctc_greedy_decoder(logits, [3, 3], blank_index=5),
            lambda: tf.nn.ctc_greedy_decoder(tf.zeros([0, 2, 3]), [0, 0])):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
