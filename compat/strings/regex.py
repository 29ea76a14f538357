# tf.strings.regex_full_match and regex_replace (RE2 syntax).
import tensorflow as tf


def show(f):
    try:
        print(f())
    except Exception as e:  # noqa: BLE001
        print(type(e).__name__, e)


s = tf.constant(["héllo", "", "Wörld 42"])
print(tf.strings.regex_full_match(s, "h.*"))
print(tf.strings.regex_full_match(s, tf.constant(r"\w+ \d+")))
print(tf.strings.regex_replace(s, "l+", "L"))
print(tf.strings.regex_replace(s, "(l)", r"<\1>", replace_global=False))
print(tf.strings.regex_replace(s, "(l)", r"<\0\\>"))
print(tf.strings.regex_replace(s, "", "-"))
print(tf.strings.regex_replace(s, "o*", "-"))
print(tf.strings.regex_replace(s, r"(\d)(\d)", r"\2\1"))
print(tf.strings.regex_replace(tf.constant("AbC"), "(?i)b", "x"))
print(tf.strings.regex_replace(tf.constant("a\nb\n"), "$", "#"))
print(tf.strings.regex_replace(tf.constant("a\nb\n"), "(?m)$", "#"))
print(tf.strings.regex_replace(tf.constant("é1٣"), r"\d", "#"))
print(tf.strings.regex_replace(tf.constant("a\x0bb c"), r"\s", "#"))
print(tf.strings.regex_replace(tf.constant("ab ab"), "[[:alpha:]]+", "w"))
print(tf.strings.regex_replace(tf.constant("a(b"), r"\Q(\E", "["))
print(tf.strings.regex_full_match(tf.constant(b"\xff"), "."))
for p in ["(h", "h)", "[a", "*a", "a**", "a*+", "(?=a)", "(?<!a)", r"(a)\1", "a{2,1}", "x{1001}"]:
    show(lambda: tf.strings.regex_full_match(s, p))
