# unicode_encode (dense code points), unicode_transcode and unicode_script.
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)


print(tf.strings.unicode_encode(tf.constant([104, 233, 128512]), "UTF-8"))
print(tf.strings.unicode_encode(tf.constant([[104, 233], [65, 66]]), "UTF-16-BE"))
print(tf.strings.unicode_encode(tf.constant([[104, 233], [65, 66]]), "UTF-32-BE"))
print(tf.strings.unicode_encode(tf.constant([104, -1, 0x110000, 0xD800]), "UTF-8"))
print(tf.strings.unicode_encode(tf.constant([104, -1]), "UTF-8", errors="ignore"))
print(tf.strings.unicode_encode(tf.constant([104, -1]), "UTF-8", replacement_char=63))
show(lambda: tf.strings.unicode_encode(tf.constant([104, -1]), "UTF-8", errors="strict"))
show(lambda: tf.strings.unicode_encode(tf.constant(104), "UTF-8"))
show(lambda: tf.strings.unicode_encode(tf.constant([104.0]), "UTF-8"))
print(tf.strings.unicode_transcode(tf.constant(["héllo", "a"]), "UTF-8", "UTF-16-BE"))
print(tf.strings.unicode_transcode(tf.constant([b"h\xffa", b"a"]), "UTF-8", "UTF-8"))
print(tf.strings.unicode_transcode(tf.constant([b"h\xffa"]), "UTF-8", "UTF-8", errors="ignore"))
print(tf.strings.unicode_transcode(tf.constant([b"h\x01a"]), "UTF-8", "UTF-8", replace_control_characters=True))
print(tf.strings.unicode_transcode(tf.constant([b"\x00h\x00i"]), "UTF-16-BE", "UTF-8"))
print(tf.strings.unicode_transcode(tf.constant([b"h\xe9"]), "ISO-8859-1", "UTF-8"))
show(lambda: tf.strings.unicode_transcode(tf.constant([b"h\xffa"]), "UTF-8", "UTF-8", errors="strict"))
print(tf.strings.unicode_script(tf.constant([65, 1041, 12354, 0x4E00, 48, -1, 0x110000, 0x0600, 0x0915])))
show(lambda: tf.strings.unicode_script(tf.constant([65], tf.int64)))
