"""tf.train.Example, SequenceExample, Features, Feature and the value lists (TF: tensorflow/core/example/
example.proto and feature.proto, compiled into example_pb2 / feature_pb2).

TF's classes are protocol buffer messages, and users handle them with the protobuf library too
(`google.protobuf.text_format.Merge(text, tf.train.Example())`, `json_format`). So tfshim builds the same
messages from their descriptors with the protobuf package when it is installed: construction, fields,
`SerializeToString`/`FromString`, text format and equality are then the protobuf library's own, as in TF.
tfshim does not depend on protobuf; without it, constructing these classes raises NotImplementedError
saying so. Parsing serialized Examples (tf.io.parse_example) needs no protobuf: ops/parsing_ops.py reads the
wire format itself.
"""

from __future__ import annotations

from typing import Any

from tfshim.util.tf_export import tf_export

# (message name, [(field name, number, type, label, message type or None, packed, oneof index)], oneofs, map
# entries [(entry name, value message type)]), as feature.proto and example.proto declare them (proto3).
_BYTES, _FLOAT, _INT64, _STRING, _MESSAGE = 12, 2, 3, 9, 11  # FieldDescriptorProto.Type
_OPTIONAL, _REPEATED = 1, 3
_FEATURE_PROTO = ("tensorflow/core/example/feature.proto", [
    ("BytesList", [("value", 1, _BYTES, _REPEATED, None, None)], [], []),
    ("FloatList", [("value", 1, _FLOAT, _REPEATED, None, True)], [], []),
    ("Int64List", [("value", 1, _INT64, _REPEATED, None, True)], [], []),
    ("Feature", [("bytes_list", 1, _MESSAGE, _OPTIONAL, ".tensorflow.BytesList", None, 0),
                 ("float_list", 2, _MESSAGE, _OPTIONAL, ".tensorflow.FloatList", None, 0),
                 ("int64_list", 3, _MESSAGE, _OPTIONAL, ".tensorflow.Int64List", None, 0)], ["kind"], []),
    ("Features", [("feature", 1, _MESSAGE, _REPEATED, ".tensorflow.Features.FeatureEntry", None)], [],
     [("FeatureEntry", ".tensorflow.Feature")]),
    ("FeatureList", [("feature", 1, _MESSAGE, _REPEATED, ".tensorflow.Feature", None)], [], []),
    ("FeatureLists", [("feature_list", 1, _MESSAGE, _REPEATED, ".tensorflow.FeatureLists.FeatureListEntry", None)],
     [], [("FeatureListEntry", ".tensorflow.FeatureList")]),
], [])
_EXAMPLE_PROTO = ("tensorflow/core/example/example.proto", [
    ("Example", [("features", 1, _MESSAGE, _OPTIONAL, ".tensorflow.Features", None)], [], []),
    ("SequenceExample", [("context", 1, _MESSAGE, _OPTIONAL, ".tensorflow.Features", None),
                         ("feature_lists", 2, _MESSAGE, _OPTIONAL, ".tensorflow.FeatureLists", None)], [], []),
], ["tensorflow/core/example/feature.proto"])


def _file_descriptor(descriptor_pb2: Any, spec: tuple) -> Any:
    name, messages, deps = spec
    fd = descriptor_pb2.FileDescriptorProto(name=name, package="tensorflow", syntax="proto3", dependency=deps)
    for msg_name, fields, oneofs, entries in messages:
        msg = fd.message_type.add(name=msg_name)
        for oneof in oneofs:
            msg.oneof_decl.add(name=oneof)
        for field_name, number, ftype, label, type_name, packed, *oneof_index in fields:
            f = msg.field.add(name=field_name, number=number, type=ftype, label=label, json_name=field_name)
            if type_name:
                f.type_name = type_name
            if packed:
                f.options.packed = True
            if oneof_index:
                f.oneof_index = oneof_index[0]
        for entry_name, value_type in entries:
            entry = msg.nested_type.add(name=entry_name)
            entry.options.map_entry = True
            entry.field.add(name="key", number=1, type=_STRING, label=_OPTIONAL, json_name="key")
            entry.field.add(name="value", number=2, type=_MESSAGE, label=_OPTIONAL, type_name=value_type,
                            json_name="value")
    return fd


def _message_classes() -> dict:
    """The message classes, built in a pool of their own (TF's classes may be loaded in the same process)."""
    try:
        from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
    except ImportError:
        return {}
    pool = descriptor_pool.DescriptorPool()
    for spec in (_FEATURE_PROTO, _EXAMPLE_PROTO):
        pool.Add(_file_descriptor(descriptor_pb2, spec))
    names = [m[0] for m in _FEATURE_PROTO[1] + _EXAMPLE_PROTO[1]]
    get_class = getattr(message_factory, "GetMessageClass", None)
    if get_class is None:  # protobuf < 4.21
        factory = message_factory.MessageFactory(pool)
        get_class = factory.GetPrototype
    classes = {n: get_class(pool.FindMessageTypeByName("tensorflow." + n)) for n in names}
    for name, cls in classes.items():
        cls.__module__, cls.__qualname__ = __name__, name  # so that pickle finds them here
    return classes


def _needs_protobuf(name: str) -> type:
    def __new__(cls: type, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(f"tf.train.{name} is a protocol buffer message: tfshim implements it with the "
                                  "protobuf package, which is not installed (pip install tfshim[proto])")

    return type(name, (), {"__new__": __new__, "__doc__": f"TF's tf.train.{name} (needs protobuf)."})


_CLASSES = _message_classes()


def _message(name: str) -> type:
    return _CLASSES.get(name) or _needs_protobuf(name)


BytesList = _message("BytesList")
FloatList = _message("FloatList")
Int64List = _message("Int64List")
Feature = _message("Feature")
Features = _message("Features")
FeatureList = _message("FeatureList")
FeatureLists = _message("FeatureLists")
Example = _message("Example")
SequenceExample = _message("SequenceExample")
for _name in ("BytesList", "FloatList", "Int64List", "Feature", "Features", "FeatureList", "FeatureLists", "Example",
              "SequenceExample"):
    tf_export("train." + _name).export_constant(__name__, _name)
