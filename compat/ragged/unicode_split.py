import tensorflow as tf

print(tf.strings.unicode_split(u"语言处理".encode("UTF-8"), "UTF-8"))
print(tf.strings.unicode_split([u'hÃllo', u'😊!'], 'UTF-8'))
chars, offsets = tf.strings.unicode_split_with_offsets([u'aé😊', u''], 'UTF-8')
print(chars)
print(offsets)
print(tf.strings.unicode_split([b'a\xffb'], 'UTF-8'))
print(tf.strings.unicode_split([[u'ab', u'c']], 'UTF-8'))
