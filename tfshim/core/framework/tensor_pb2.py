"""TensorProto and TensorShapeProto (TF: tensorflow/core/framework/tensor.proto, tensor_shape.proto, types.proto).

Built from their descriptors with the protobuf package, as tfshim/core/example/example_pb2.py builds tf.train.Example:
the messages' fields, text format (their repr), serialization and equality are then protobuf's own, as in TF.
Without protobuf, constructing one raises NotImplementedError naming `pip install tfshim[proto]`.
The fields for resource handles and variants (which tfshim's tensors never hold) are left out.
"""

from __future__ import annotations

from typing import Any

# TF's DataType enum (types.proto), names and numbers
_DATA_TYPES = [
    ("DT_INVALID", 0), ("DT_FLOAT", 1), ("DT_DOUBLE", 2), ("DT_INT32", 3), ("DT_UINT8", 4), ("DT_INT16", 5),
    ("DT_INT8", 6), ("DT_STRING", 7), ("DT_COMPLEX64", 8), ("DT_INT64", 9), ("DT_BOOL", 10), ("DT_QINT8", 11),
    ("DT_QUINT8", 12), ("DT_QINT32", 13), ("DT_BFLOAT16", 14), ("DT_QINT16", 15), ("DT_QUINT16", 16),
    ("DT_UINT16", 17), ("DT_COMPLEX128", 18), ("DT_HALF", 19), ("DT_RESOURCE", 20), ("DT_VARIANT", 21),
    ("DT_UINT32", 22), ("DT_UINT64", 23), ("DT_FLOAT8_E5M2", 24), ("DT_FLOAT8_E4M3FN", 25),
    ("DT_FLOAT8_E4M3FNUZ", 26), ("DT_FLOAT8_E4M3B11FNUZ", 27), ("DT_FLOAT8_E5M2FNUZ", 28), ("DT_INT4", 29),
    ("DT_UINT4", 30), ("DT_INT2", 31), ("DT_UINT2", 32), ("DT_FLOAT4_E2M1FN", 33),
]
_DATA_TYPES += [(name + "_REF", number + 100) for name, number in _DATA_TYPES[1:]]

# FieldDescriptorProto types and labels
_DOUBLE, _FLOAT, _INT64, _UINT64, _INT32, _BOOL, _STRING, _MESSAGE, _BYTES, _UINT32, _ENUM = (
    1, 2, 3, 4, 5, 8, 9, 11, 12, 13, 14)
_OPTIONAL, _REPEATED = 1, 3

# (message, [(field, number, type, label, type name, packed)])
_MESSAGES: list[tuple[str, list[tuple]]] = [
    ("TensorShapeProto", [("dim", 2, _MESSAGE, _REPEATED, ".tensorflow.TensorShapeProto.Dim", False),
                          ("unknown_rank", 3, _BOOL, _OPTIONAL, None, False)]),
    ("TensorShapeProto.Dim", [("size", 1, _INT64, _OPTIONAL, None, False),
                              ("name", 2, _STRING, _OPTIONAL, None, False)]),
    ("TensorProto", [
        ("dtype", 1, _ENUM, _OPTIONAL, ".tensorflow.DataType", False),
        ("tensor_shape", 2, _MESSAGE, _OPTIONAL, ".tensorflow.TensorShapeProto", False),
        ("version_number", 3, _INT32, _OPTIONAL, None, False),
        ("tensor_content", 4, _BYTES, _OPTIONAL, None, False),
        ("half_val", 13, _INT32, _REPEATED, None, True),
        ("float_val", 5, _FLOAT, _REPEATED, None, True),
        ("double_val", 6, _DOUBLE, _REPEATED, None, True),
        ("int_val", 7, _INT32, _REPEATED, None, True),
        ("string_val", 8, _BYTES, _REPEATED, None, False),
        ("scomplex_val", 9, _FLOAT, _REPEATED, None, True),
        ("int64_val", 10, _INT64, _REPEATED, None, True),
        ("bool_val", 11, _BOOL, _REPEATED, None, True),
        ("dcomplex_val", 12, _DOUBLE, _REPEATED, None, True),
        ("uint32_val", 16, _UINT32, _REPEATED, None, True),
        ("uint64_val", 17, _UINT64, _REPEATED, None, True),
        ("float8_val", 18, _BYTES, _OPTIONAL, None, False),
    ]),
]


def _file_descriptor(descriptor_pb2: Any) -> Any:
    fd = descriptor_pb2.FileDescriptorProto(name="tensorflow/core/framework/tensor.proto", package="tensorflow",
                                            syntax="proto3")
    enum = fd.enum_type.add(name="DataType")
    for name, number in _DATA_TYPES:
        enum.value.add(name=name, number=number)
    messages: dict = {}
    for full_name, fields in _MESSAGES:
        parent, _, name = full_name.rpartition(".")
        msg = messages[parent].nested_type.add(name=name) if parent else fd.message_type.add(name=name)
        messages[full_name] = msg
        for field_name, number, ftype, label, type_name, packed in fields:
            f = msg.field.add(name=field_name, number=number, type=ftype, label=label, json_name=_json(field_name))
            if type_name:
                f.type_name = type_name
            if packed:
                f.options.packed = True
    return fd


def _json(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p.title() for p in rest)


def _message_classes() -> dict:
    try:
        from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
    except ImportError:
        return {}
    pool = descriptor_pool.DescriptorPool()
    pool.Add(_file_descriptor(descriptor_pb2))
    get_class = getattr(message_factory, "GetMessageClass", None)
    if get_class is None:  # protobuf < 4.21
        get_class = message_factory.MessageFactory(pool).GetPrototype
    classes = {n: get_class(pool.FindMessageTypeByName("tensorflow." + n)) for n in ("TensorProto", "TensorShapeProto")}
    for name, cls in classes.items():
        cls.__module__, cls.__qualname__ = __name__, name  # so that pickle finds them here
    return classes


def _needs_protobuf(name: str) -> type:
    def __new__(cls: type, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(f"{name} is a protocol buffer message: tfshim implements it with the protobuf "
                                  "package, which is not installed (pip install tfshim[proto])")

    return type(name, (), {"__new__": __new__, "__doc__": f"TF's {name} (needs protobuf)."})


_CLASSES = _message_classes()
TensorProto = _CLASSES.get("TensorProto") or _needs_protobuf("TensorProto")
TensorShapeProto = _CLASSES.get("TensorShapeProto") or _needs_protobuf("TensorShapeProto")
