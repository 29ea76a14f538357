# The elementwise tf.strings ops take RaggedTensors and keep their row partitions.
import tensorflow as tf

words = tf.ragged.constant([["So", "long"], ["thanks", "for", "all", "the", "fish"], []])
print(tf.strings.substr(words, 0, 2))
print(tf.strings.substr(words, -2, 2))
print(tf.strings.upper(words))
print(tf.strings.lower(tf.ragged.constant([["ÀB", "Cd"], ["é"]]), encoding="utf-8"))
print(tf.strings.length(words))
print(tf.strings.length(tf.ragged.constant([["héllo", "😀"]]), unit="UTF8_CHAR"))
print(tf.strings.strip(tf.ragged.constant([[" a ", "\tb"], ["c\n"]])))
print(tf.strings.to_hash_bucket_fast(words, 1000))
print(tf.strings.to_hash_bucket_strong(words, 100, [1, 2]))
print(tf.strings.to_hash_bucket(words, 100))
print(tf.strings.regex_replace(words, "[aeiou]", "_"))
print(tf.strings.regex_full_match(words, ".*o.*"))
print(tf.strings.to_number(tf.ragged.constant([["1.5", "2"], [], ["-3e2"]])))
print(tf.strings.to_number(tf.ragged.constant([["7"], ["8", "9"]]), out_type=tf.int64))
print(tf.strings.as_string(tf.ragged.constant([[1.5, 2.25], [3.0]]), precision=2))
print(tf.strings.unicode_script(tf.ragged.constant([[72, 1078], [65]])))
print(tf.strings.unicode_transcode(tf.ragged.constant([["añ"], ["b"]]), "UTF-8", "UTF-16-BE"))
print(tf.strings.join([words, words], separator="+"))
nested = tf.ragged.constant([[["a", "bc"], []], [["def"]]])
print(tf.strings.upper(nested))
print(tf.strings.length(nested))

sentences = tf.constant(["What makes you think she is a witch?", "She turned me into a newt.", "A newt?"])
hashed = tf.strings.to_hash_bucket_fast(tf.strings.split(sentences, " "), 1000)
print(hashed.to_list())
print(hashed.to_tensor())

for bad in (lambda: tf.strings.substr(tf.ragged.constant([[1, 2]]), 0, 1),
            lambda: tf.strings.length(words, unit="CHAR"),
            lambda: tf.strings.to_number(tf.ragged.constant([["x"]]))):
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
