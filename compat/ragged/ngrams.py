import tensorflow as tf

data = tf.ragged.constant([['a', 'b', 'c', 'd'], ['e', 'f'], ['g'], []])
print(tf.strings.ngrams(data, 2))
print(tf.strings.ngrams(data, 3, separator='_'))
print(tf.strings.ngrams(data, [1, 2]))
print(tf.strings.ngrams(data, 2, pad_values='#'))
print(tf.strings.ngrams(data, 3, pad_values=('<', '>'), padding_width=1))
print(tf.strings.ngrams(data, 3, preserve_short_sequences=True))
print(tf.strings.ngrams(tf.constant(['a', 'b', 'c']), 2))
print(tf.strings.ngrams(tf.constant([['a', 'b', 'c'], ['d', 'e', 'f']]), 2))
print(tf.strings.ngrams(tf.ragged.constant([[['a', 'b'], ['c']], [['d', 'e', 'f']]]), 2))
for bad in (dict(ngram_width=0), dict(ngram_width=2, padding_width=1)):
    try:
        tf.strings.ngrams(data, **bad)
    except ValueError as e:
        print(type(e).__name__, e)
