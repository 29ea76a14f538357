"""String ops whose results are ragged: tf.strings.split, bytes_split, unicode_decode(_with_offsets),
unicode_split(_with_offsets), ngrams (TF: ops/ragged/ragged_string_ops.py and the C++ kernels
StringSplitV2, UnicodeDecode(WithOffsets), StringNGrams).

Dense string ops (length, upper, join, substr, unicode_encode, ...) live in ops/string_ops.py.
Every op here works on the flat values of its (dense or ragged) input and adds one ragged
dimension; a scalar input gives a 1-D Tensor, as in TF.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tfshim.framework import dtypes, errors
from tfshim.framework.constant_op import convert_to_tensor
from tfshim.framework.tensor import Tensor, _wrap_as
from tfshim.ops.ragged.ragged_tensor import RaggedTensor, convert_to_tensor_or_ragged_tensor
from tfshim.ops.ragged.row_partition import _from_splits_np
from tfshim.util import dispatch
from tfshim.util.tf_export import tf_export


def _strings(values: list) -> Tensor:
    arr = np.empty(len(values), dtype=object)
    arr[:] = values
    return _wrap_as(arr, dtypes.string)


def _ints(values: Any, dtype: dtypes.DType) -> Tensor:
    return _wrap_as(np.asarray(values, dtype=dtype.as_numpy_dtype), dtype)


def _as_string_input(value: Any) -> Any:
    if isinstance(value, Tensor) and value.dtype is not dtypes.string:
        raise ValueError(f"input: Tensor conversion requested dtype string for Tensor with dtype "
                         f"{value.dtype.name}: {value!r}")
    if isinstance(value, RaggedTensor):
        return convert_to_tensor_or_ragged_tensor(value, dtype=dtypes.string)
    return convert_to_tensor(value, dtype=dtypes.string)


def _rowwise(input: Any, fn: Any) -> Any:  # noqa: A002 - TF's name
    """Applies `fn(list of bytes) -> (flat outputs..., lengths)` to every string of `input` and
    builds the results with one more (ragged) dimension. Returns a tuple of results."""
    input = _as_string_input(input)
    rank = input.shape.rank
    if rank > 1 and not isinstance(input, RaggedTensor):
        input = RaggedTensor.from_tensor(input, ragged_rank=rank - 1)
    elif isinstance(input, RaggedTensor) and input.ragged_rank < rank - 1:
        input = input.with_flat_values(RaggedTensor.from_tensor(
            input.flat_values, ragged_rank=rank - input.ragged_rank - 1))
    flat = input.flat_values if isinstance(input, RaggedTensor) else input
    items = list(np.asarray(flat._value).reshape(-1))
    outputs, lengths = fn(items)
    splits = np.concatenate([[0], np.cumsum(lengths, dtype=np.int64)])
    results = []
    for out in outputs:
        if rank == 0:
            results.append(out)
            continue
        rt = RaggedTensor._from_row_partition(out, _from_splits_np(splits, dtypes.int64), validate=False)
        results.append(input.with_flat_values(rt) if isinstance(input, RaggedTensor) else rt)
    return tuple(results)


# --- split ----------------------------------------------------------------------------------------


@tf_export("strings.split")
def string_split_v2(input: Any, sep: Any = None, maxsplit: int = -1, name: Any = None) -> Any:  # noqa: A002
    """Splits each string at `sep` (runs of whitespace when None) into a ragged row of tokens."""
    if isinstance(sep, Tensor):
        sep = sep._numpy()
    if isinstance(sep, str):
        sep = sep.encode("utf-8")
    if sep is not None and sep == b"":
        sep = None  # TF: an empty separator splits on whitespace, as None does
    maxsplit = int(maxsplit)

    def split(items: list) -> tuple:
        pieces: list = []
        lengths = []
        for s in items:
            parts = s.split(sep, maxsplit) if maxsplit >= 0 else s.split(sep)
            pieces.extend(parts)
            lengths.append(len(parts))
        return [_strings(pieces)], lengths

    return _rowwise(input, split)[0]


@tf_export("strings.bytes_split")
def string_bytes_split(input: Any, name: Any = None) -> Any:  # noqa: A002 - TF's name
    """Splits each string into its bytes."""

    def split(items: list) -> tuple:
        pieces = [bytes([b]) for s in items for b in s]
        return [_strings(pieces)], [len(s) for s in items]

    return _rowwise(input, split)[0]


# --- unicode decoding -----------------------------------------------------------------------------

# The encodings TF's ICU converters take here (Python codec names).
_ENCODINGS = {"UTF-8": "utf-8", "UTF-16-BE": "utf-16-be", "UTF-32-BE": "utf-32-be", "UTF-16LE": "utf-16-le",
              "UTF-16-LE": "utf-16-le", "UTF-32-LE": "utf-32-le", "UTF-32LE": "utf-32-le",
              "ISO-8859-1": "latin-1", "US-ASCII": "ascii", "UTF-16": "utf-16", "UTF-32": "utf-32"}
_UNIT = {"utf-8": 1, "latin-1": 1, "ascii": 1, "utf-16-be": 2, "utf-16-le": 2, "utf-16": 2, "utf-32-be": 4,
         "utf-32-le": 4, "utf-32": 4}
_DEVICE = "_device_/job:localhost/replica:0/task:0/device:CPU:0"


def _kernel_error(op_name: str, message: str) -> Exception:
    return errors.InvalidArgumentError(
        None, None, "{{function_node __wrapped__%s%s}} %s [Op:%s] name: " % (op_name, _DEVICE, message, op_name))


def _check_decode_args(input_encoding: str, errors_mode: str, op_name: str) -> str:
    if errors_mode not in ("strict", "replace", "ignore"):
        from tfshim.ops.op import op_def

        summary = op_def(op_name)[0] if op_def(op_name) else ""
        raise errors.InvalidArgumentError(
            None, None, "Value for attr 'errors' of \"%s\" is not in the list of allowed values: \"strict\", "
            "\"replace\", \"ignore\"\n\t; NodeDef: {{node %s}}; %s [Op:%s] name: "
            % (errors_mode, op_name, summary, op_name))
    if input_encoding not in _ENCODINGS:
        raise _kernel_error(op_name, "Could not create converter for input encoding: %s" % input_encoding)
    return _ENCODINGS[input_encoding]


def _decode_one(s: bytes, codec: str, errors_mode: str, replacement_char: int, replace_control: bool,
                op_name: str) -> tuple:
    """(codepoints, byte offsets) of one string. Invalid sequences follow the maximal-subpart rule."""
    chars: list = []
    offsets: list = []
    pos = 0
    unit = _UNIT[codec]
    while pos < len(s):
        # Find the longest prefix starting at pos that decodes to exactly one character.
        decoded = None
        widths = (1, 2, 3, 4) if codec == "utf-8" else (1,) if unit == 1 else (2, 4) if unit == 2 else (4,)
        for width in widths:
            chunk = s[pos:pos + width]
            if len(chunk) < width:
                break
            try:
                text = chunk.decode(codec)
            except UnicodeDecodeError:
                continue
            if len(text) == 1:
                decoded = (ord(text), width)
                break
        if decoded is None:
            if errors_mode == "strict":
                raise _kernel_error(op_name, "Invalid formatting on input string")
            bad = _invalid_length(s, pos, codec, unit)
            if errors_mode == "replace":
                chars.append(replacement_char)
                offsets.append(pos)
            pos += bad
            continue
        cp, width = decoded
        if replace_control and (cp < 0x20 or 0x7F <= cp < 0xA0):
            cp = replacement_char
        chars.append(cp)
        offsets.append(pos)
        pos += width
    return chars, offsets


def _invalid_length(s: bytes, pos: int, codec: str, unit: int) -> int:
    """Bytes consumed by one invalid sequence (Python's maximal-subpart rule, as ICU)."""
    if unit != 1:
        return min(unit, len(s) - pos)
    try:
        s[pos:pos + 4].decode(codec)
    except UnicodeDecodeError as e:
        if e.start == 0:
            return max(1, e.end - e.start)
    return 1


def _unicode_decode(input: Any, input_encoding: str, errors_mode: str, replacement_char: int,  # noqa: A002
                    replace_control_characters: bool, with_offsets: bool) -> Any:
    op_name = "UnicodeDecodeWithOffsets" if with_offsets else "UnicodeDecode"
    codec = _check_decode_args(input_encoding, errors_mode, op_name)

    def decode(items: list) -> tuple:
        chars: list = []
        offsets: list = []
        lengths = []
        for s in items:
            c, o = _decode_one(s, codec, errors_mode, replacement_char, replace_control_characters, op_name)
            chars.extend(c)
            offsets.extend(o)
            lengths.append(len(c))
        return [_ints(chars, dtypes.int32), _ints(offsets, dtypes.int64)], lengths

    codepoints, offsets = _rowwise(input, decode)
    return (codepoints, offsets) if with_offsets else codepoints


@tf_export("strings.unicode_decode")
def unicode_decode(input: Any, input_encoding: str, errors: str = "replace",  # noqa: A002 - TF's name
                   replacement_char: int = 65533, replace_control_characters: bool = False, name: Any = None) -> Any:
    """Decodes each string into a ragged row of int32 Unicode codepoints."""
    return _unicode_decode(input, input_encoding, errors, replacement_char, replace_control_characters, False)


@tf_export("strings.unicode_decode_with_offsets")
def unicode_decode_with_offsets(input: Any, input_encoding: str, errors: str = "replace",  # noqa: A002
                                replacement_char: int = 65533, replace_control_characters: bool = False,
                                name: Any = None) -> tuple:
    """Like unicode_decode, plus the int64 byte offset where each character starts."""
    return _unicode_decode(input, input_encoding, errors, replacement_char, replace_control_characters, True)


def _encode_chars(codepoints: list, codec: str) -> list:
    return [chr(c).encode(codec, "surrogatepass") for c in codepoints]


def _unicode_split(input: Any, input_encoding: str, errors_mode: str, replacement_char: int,  # noqa: A002
                   with_offsets: bool) -> Any:
    op_name = "UnicodeDecodeWithOffsets" if with_offsets else "UnicodeDecode"
    codec = _check_decode_args(input_encoding, errors_mode, op_name)

    def split(items: list) -> tuple:
        pieces: list = []
        offsets: list = []
        lengths = []
        for s in items:
            c, o = _decode_one(s, codec, errors_mode, replacement_char, False, op_name)
            pieces.extend(_encode_chars(c, codec))
            offsets.extend(o)
            lengths.append(len(c))
        return [_strings(pieces), _ints(offsets, dtypes.int64)], lengths

    chars, offsets = _rowwise(input, split)
    return (chars, offsets) if with_offsets else chars


@tf_export("strings.unicode_split")
def unicode_split(input: Any, input_encoding: str, errors: str = "replace",  # noqa: A002 - TF's name
                  replacement_char: int = 65533, name: Any = None) -> Any:
    """Splits each string into a ragged row of its characters (each re-encoded)."""
    return _unicode_split(input, input_encoding, errors, replacement_char, False)


@tf_export("strings.unicode_split_with_offsets")
def unicode_split_with_offsets(input: Any, input_encoding: str, errors: str = "replace",  # noqa: A002
                               replacement_char: int = 65533, name: Any = None) -> tuple:
    """Like unicode_split, plus the int64 byte offset where each character starts."""
    return _unicode_split(input, input_encoding, errors, replacement_char, True)


# --- ngrams ---------------------------------------------------------------------------------------


def _ngrams_of_row(tokens: list, widths: list, sep: bytes, left: bytes, right: bytes, pad_attr: int,
                   preserve_short: bool) -> list:
    """TF's StringNGrams kernel for one row."""

    def pad_for(width: int) -> int:
        return min(width - 1 if pad_attr < 0 else pad_attr, width - 1)

    def make(count: int, width: int) -> list:
        out = []
        pad = pad_for(width)
        for k in range(count):
            lpad = max(0, pad - k)
            rpad = max(0, pad - (count - (k + 1)))
            ntok = width - (lpad + rpad)
            start = 0 if lpad > 0 else k - pad
            parts = [left] * lpad + tokens[start:start + ntok] + [right] * rpad
            out.append(sep.join(parts))
        return out

    result: list = []
    n = len(tokens)
    for width in widths:
        count = max(0, n + 2 * pad_for(width) - width + 1)
        result.extend(make(count, width))
    if preserve_short and n > 0 and not result:
        result.extend(make(1, n + 2 * max(pad_attr, 0)))
    return result


@tf_export("strings.ngrams")
def ngrams(data: Any, ngram_width: Any, separator: str = " ", pad_values: Any = None, padding_width: Any = None,
           preserve_short_sequences: bool = False, name: Any = None) -> Any:
    """The n-grams of each row of `data` (the innermost dimension), joined with `separator`."""
    if pad_values is None:
        left_pad = right_pad = b""
    elif isinstance(pad_values, tuple):
        if not all(isinstance(p, (str, bytes)) for p in pad_values) or len(pad_values) != 2:
            raise TypeError("pad_values must be a string, tuple of strings, or None.")
        left_pad, right_pad = pad_values
    else:
        if not isinstance(pad_values, (str, bytes)):
            raise TypeError("pad_values must be a string, tuple of strings, or None.")
        left_pad = right_pad = pad_values
    if padding_width is not None and padding_width < 1:
        raise ValueError("padding_width must be greater than 0.")
    if padding_width is not None and pad_values is None:
        raise ValueError("pad_values must be provided if padding_width is set.")
    data = convert_to_tensor_or_ragged_tensor(data, dtype=dtypes.string) if not isinstance(data, RaggedTensor) \
        else data
    dense_rows = None
    if not isinstance(data, RaggedTensor):
        rank = data._value.ndim
        if rank == 0:
            raise ValueError("Data must have rank>0")
        if rank == 1:
            rt = RaggedTensor.from_row_starts(data, [0], validate=False)
            return ngrams(rt, ngram_width, separator, pad_values, padding_width, preserve_short_sequences)[0]
        dense_rows = data._value.shape[:-1]
        data = RaggedTensor.from_tensor(data, ragged_rank=rank - 1)
    if data.dtype is not dtypes.string:
        raise TypeError(f"Expected string passed to parameter 'data' of op 'StringNGrams', got {data.dtype.name}")
    if data.ragged_rank > 1:
        output = data.with_values(ngrams(data.values, ngram_width, separator, pad_values, padding_width,
                                         preserve_short_sequences))
        return _dense_result(output, dense_rows)
    pad_attr = 0 if pad_values is None else (-1 if padding_width is None else int(padding_width))
    widths = list(ngram_width) if isinstance(ngram_width, (list, tuple)) else [ngram_width]
    for w in widths:
        if w < 1:
            raise ValueError("All ngram_widths must be greater than 0. Got %s" % (ngram_width,))
    enc = (lambda x: x.encode("utf-8") if isinstance(x, str) else x)
    sep, left, right = enc(separator), enc(left_pad), enc(right_pad)
    flat = list(np.asarray(data.flat_values._value).reshape(-1))
    splits = data.row_splits._value
    pieces: list = []
    lengths = []
    for a, b in zip(splits[:-1], splits[1:]):
        if not flat:  # TF's kernel returns no n-grams at all (not even padding) when there is no data
            lengths.append(0)
            continue
        row = _ngrams_of_row(flat[a:b], widths, sep, left, right, pad_attr, preserve_short_sequences)
        pieces.extend(row)
        lengths.append(len(row))
    out_splits = np.concatenate([[0], np.cumsum(lengths, dtype=np.int64)])
    output = RaggedTensor._from_row_partition(_strings(pieces), _from_splits_np(out_splits, data.row_splits.dtype),
                                              validate=False)
    return _dense_result(output, dense_rows)


def _dense_result(output: RaggedTensor, dense_rows: Any) -> Any:
    if dense_rows is None:
        return output
    from tfshim.ops import array_ops

    return array_ops.reshape(output.flat_values, list(dense_rows) + [-1])


# --- unicode_encode of a ragged input -------------------------------------------------------------

_OUTPUT_ENCODINGS = {"UTF-8": "utf-8", "UTF-16-BE": "utf-16-be", "UTF-32-BE": "utf-32-be"}


def _encode_row(codepoints: Any, codec: str, errors_mode: str, replacement_char: int) -> bytes:
    out = []
    for cp in codepoints:
        cp = int(cp)
        if not (0 <= cp <= 0x10FFFF) or 0xD800 <= cp <= 0xDFFF:
            if errors_mode == "strict":
                raise _kernel_error("UnicodeEncode", "Code point is out of range for Unicode, or is a surrogate.")
            if errors_mode == "ignore":
                continue
            cp = replacement_char
        out.append(chr(cp).encode(codec))
    return b"".join(out)


def unicode_encode(input: Any, output_encoding: str, errors: str = "replace",  # noqa: A002 - TF's name
                   replacement_char: int = 65533, name: Any = None) -> Any:
    """tf.strings.unicode_encode of a RaggedTensor: each innermost row of code points becomes one string,
    so the result has one dimension less (a Tensor when the input's ragged rank is 1).

    The public tf.strings.unicode_encode (ops/string_ops.py) handles dense inputs and calls this one."""
    if output_encoding not in _OUTPUT_ENCODINGS:
        raise _kernel_error("UnicodeEncode", "Could not create converter for output encoding: %s" % output_encoding)
    codec = _OUTPUT_ENCODINGS[output_encoding]
    flat = input.flat_values
    if flat._value.ndim > 1:
        # Uniform innermost rows: encode the dense flat values, keep the ragged partitions.
        inner = RaggedTensor.from_tensor(flat, ragged_rank=flat._value.ndim - 1)
        return input.with_flat_values(unicode_encode(inner, output_encoding, errors, replacement_char))
    if flat.dtype is not dtypes.int32:
        raise ValueError(f"input: Tensor conversion requested dtype int32 for Tensor with dtype "
                         f"{flat.dtype.name}: {flat!r}")
    innermost = input
    while isinstance(innermost.values, RaggedTensor):
        innermost = innermost.values
    s = innermost.row_splits._value
    cps = flat._value
    strings = _strings([_encode_row(cps[a:b], codec, errors, replacement_char) for a, b in zip(s[:-1], s[1:])])
    if innermost is input:
        return strings

    def rebuild(rt: RaggedTensor) -> Any:
        if rt.values is innermost:
            return strings
        return rt.with_values(rebuild(rt.values))

    return input.with_values(rebuild(input.values)) if input.values is not innermost else \
        RaggedTensor._from_row_partition(strings, input._row_partition, validate=False)


# --- dense string ops on ragged inputs ------------------------------------------------------------
# The elementwise tf.strings ops (substr, upper, to_hash_bucket_fast, ...) take ragged inputs through the
# unary elementwise handler of ragged_dispatch.py once ops/string_ops.py registers them with
# util/dispatch.py. tf.strings.join needs its own handler (TF: ragged_string_ops.string_join).


def _register_string_join() -> None:
    try:
        from tfshim.ops import string_ops  # type: ignore[attr-defined]
    except ImportError:  # the dense string ops are not part of this build
        return
    join = getattr(string_ops, "join", None)
    if join is None or not hasattr(join, "_tf_dispatchers"):
        return

    @dispatch.dispatch_for_api(join)
    def ragged_string_join(inputs: Any, separator: str = "", name: Any = None) -> Any:
        """TF: map_flat_values(string_join, inputs): the ragged inputs must share their row partitions."""
        if not isinstance(inputs, (list, tuple)) or not any(isinstance(x, RaggedTensor) for x in inputs):
            return NotImplemented
        from tfshim.ops.ragged.ragged_array_ops import map_flat_values

        return map_flat_values(join, list(inputs), separator)


_register_string_join()
