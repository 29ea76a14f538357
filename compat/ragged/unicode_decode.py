import tensorflow as tf

batch_utf8 = [s.encode('UTF-8') for s in [u'hÃllo', u'What is the weather tomorrow', u'Göödnight', u'😊']]
batch_chars_ragged = tf.strings.unicode_decode(batch_utf8, input_encoding='UTF-8')
for sentence_chars in batch_chars_ragged.to_list():
    print(sentence_chars)
print(batch_chars_ragged)
print(tf.strings.unicode_decode(u"语言处理".encode("UTF-8"), "UTF-8"))
cp, off = tf.strings.unicode_decode_with_offsets(u"🎈🎉🎊", 'UTF-8')
print(cp, off)
print(tf.strings.unicode_decode_with_offsets(['ab', u'é'], 'UTF-8'))
print(tf.strings.unicode_decode([b'a\xffb', b'\xe2\x82', b'ok'], 'UTF-8'))
print(tf.strings.unicode_decode([b'a\xffb'], 'UTF-8', errors='ignore'))
print(tf.strings.unicode_decode([b'a\xffb'], 'UTF-8', replacement_char=63))
print(tf.strings.unicode_decode(u'ab'.encode('UTF-16-BE'), 'UTF-16-BE'))
print(tf.strings.unicode_decode([b'a\x01b'], 'UTF-8', replace_control_characters=True))
print(tf.strings.unicode_decode(tf.ragged.constant([['ab', 'c'], []]), 'UTF-8'))
