import tensorflow as tf

sentences = tf.constant(
    ['What makes you think she is a witch?',
     'She turned me into a newt.',
     'A newt?',
     'Well, I got better.'])
print(tf.strings.split(sentences, ' '))
print(tf.strings.split(sentences))
print(tf.strings.split('a,b,,c', ','))
print(tf.strings.split(['a,b,,c', ''], ','))
print(tf.strings.split(['  hello   world  ', '']))
print(tf.strings.split(['a b c d', 'e f'], maxsplit=1))
print(tf.strings.split(['a<>b<>c'], '<>'))
print(tf.strings.split([['a b', 'c'], ['d e f', '']]))
print(tf.strings.split(tf.ragged.constant([['a b', 'c'], ['d e f']])))
print(tf.strings.bytes_split('hello'))
print(tf.strings.bytes_split(['hello', 'hi', '']))
print(tf.strings.bytes_split(tf.ragged.constant([['ab'], ['c', 'de']])))
