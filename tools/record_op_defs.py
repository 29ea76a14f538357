"""Records TF's OpDefs (signature summary and allowed dtypes) into tfshim/ops/op_defs.py.

Run under real TF:  ../shared/tools/tf-oracle tools/record_op_defs.py
The summary text is TF's C++ SummarizeOpDef, ported here, used in TF's
"Value for attr 'T' of int32 is not in the list of allowed values" errors.
"""

import sys

from tensorflow.core.framework import types_pb2
from tensorflow.python.framework import op_def_registry

OPS = sys.argv[1:] or open(__file__.replace("record_op_defs.py", "op_names.txt")).read().split()


def _used_by_tfshim(names: list) -> list:
    """Only ops tfshim's sources name (as "Op" string literals), to keep the wheel small."""
    from pathlib import Path

    src = "".join(p.read_text() for p in (Path(__file__).resolve().parent.parent / "tfshim").rglob("*.py")
                  if p.name != "op_defs.py")
    return [n for n in names if f'"{n}"' in src or f"'{n}'" in src]


OPS = _used_by_tfshim(OPS)


def type_name(enum):
    return types_pb2.DataType.Name(enum)


def summarize_attr_value(v):
    kind = v.WhichOneof("value")
    if kind == "type":
        return type_name(v.type)
    if kind == "list":
        if v.list.s:
            return "[" + ", ".join('"%s"' % x.decode() for x in v.list.s) + "]"
        if v.list.i:
            return "[" + ", ".join(str(x) for x in v.list.i) + "]"
        if v.list.b:
            return "[" + ", ".join("true" if x else "false" for x in v.list.b) + "]"
        return "[" + ", ".join(type_name(t) for t in v.list.type) + "]"
    if kind == "b":
        return "true" if v.b else "false"
    if kind == "i":
        return str(v.i)
    if kind == "f":
        f = v.f
        return ("%g" % f) if f != int(f) else "%d" % f
    if kind == "s":
        return '"%s"' % v.s.decode()
    if kind == "shape":
        return "<unknown>" if v.shape.unknown_rank else "[" + ",".join(str(d.size) for d in v.shape.dim) + "]"
    raise NotImplementedError(kind)


def summarize_args(args):
    out = []
    for a in args:
        s = a.name + ":"
        if a.is_ref:
            s += "Ref("
        if a.number_attr:
            s += a.number_attr + "*"
        if a.type_attr:
            s += a.type_attr
        elif a.type_list_attr:
            pass  # TF's SummarizeArgs prints nothing for a list of types ("dense_defaults:")
        else:
            s += type_name(a.type)[3:].lower()
        if a.is_ref:
            s += ")"
        out.append(s)
    return ", ".join(out)


def summarize(od):
    ret = "Op<name=%s; signature=%s -> %s" % (od.name, summarize_args(od.input_arg), summarize_args(od.output_arg))
    for a in od.attr:
        ret += "; attr=%s:%s" % (a.name, a.type)
        if a.HasField("default_value"):
            ret += ",default=" + summarize_attr_value(a.default_value)
        if a.has_minimum:
            ret += ",min=%d" % a.minimum
        if a.HasField("allowed_values"):
            ret += ",allowed=" + summarize_attr_value(a.allowed_values)
    if od.is_commutative:
        ret += "; is_commutative=true"
    if od.is_aggregate:
        ret += "; is_aggregate=true"
    if od.is_stateful:
        ret += "; is_stateful=true"
    if od.allows_uninitialized_input:
        ret += "; allows_uninitialized_input=true"
    if od.is_distributed_communication:
        ret += "; is_distributed_communication=true"
    return ret + ">"


table = {}
for name in OPS:
    od = op_def_registry.get(name)
    if od is not None:
        table[name] = summarize(od)


def kernels_text(name):
    """TF's KernelsRegisteredForOp text (the list in "Could not find device for node" errors)."""
    from tensorflow.python.framework import kernels

    out = ""
    for k in kernels.get_registered_kernels_for_op(name).kernel:
        out += "  device='%s'" % k.device_type
        if k.label:
            out += "; label='%s'" % k.label
        for c in k.constraint:
            out += "; %s in %s" % (c.name, summarize_attr_value(c.allowed_values))
        out += "\n"
    return out


# XLA's kernels are registered when the first op fails to find a kernel: make one fail, so that the lists are
# the ones users see.
import tensorflow as tf  # noqa: E402

try:
    tf.raw_ops.RealDiv(x=tf.constant([1]), y=tf.constant([1]))
except tf.errors.NotFoundError:
    pass

# Ops with no CPU kernel for some allowed T: tfshim raises TF's NotFoundError for those dtypes
# (ops.op.check_kernel).
kernel_table = {}
# Ops whose CPU kernels cover every T but not every value of another attr (MaxPoolGradWithArgmax: Targmax
# int64 only; ApproxTopK: reduction_dimension -1 and is_max_k only): their lists are quoted in tfshim's own
# NotFoundErrors.
OTHER_ATTR_KERNELS = ("MaxPoolGradWithArgmax", "ApproxTopK")
for name in OPS:
    od = op_def_registry.get(name)
    t_attr = [a for a in od.attr if a.name == "T"] if od is not None else []
    if not t_attr:
        continue
    allowed = set(t_attr[0].allowed_values.list.type) if t_attr[0].HasField("allowed_values") else None
    text = kernels_text(name)
    from tensorflow.python.framework import kernels as _k

    cpu: set = set()
    unconstrained = False
    for k in _k.get_registered_kernels_for_op(name).kernel:
        if k.device_type != "CPU":
            continue
        constrained = [c for c in k.constraint if c.name == "T"]
        if constrained:
            cpu |= set(constrained[0].allowed_values.list.type)
        else:
            unconstrained = True
    if not unconstrained and cpu and (allowed is None or allowed - cpu) or name in OTHER_ATTR_KERNELS:
        kernel_table[name] = text

with open(__file__.replace("tools/record_op_defs.py", "tfshim/ops/op_defs.py"), "w") as f:
    f.write('"""TF 2.21 OpDef summaries (TF\'s C++ SummarizeOpDef text, which also lists allowed dtypes).\n\n'
            'Generated by tools/record_op_defs.py under real TF; do not edit.\n"""\n\n')
    f.write("OP_DEFS = {\n")
    for name in sorted(table):
        f.write(f"    {name!r}: {table[name]!r},\n")
    f.write("}\n\n")
    f.write("# TF's registered kernels, for ops with allowed dtypes that have no CPU kernel\n")
    f.write("KERNELS = {\n")
    for name in sorted(kernel_table):
        f.write(f"    {name!r}: {kernel_table[name]!r},\n")
    f.write("}\n")

# tf.RegisterGradient raises TF's KeyError for a name TF registered a gradient (or no_gradient) for
from tensorflow.python.framework import ops as _ops  # noqa: E402

with open(__file__.replace("tools/record_op_defs.py", "tfshim/ops/op_defs.py"), "a") as f:
    f.write("\n# The op type names in TF's gradient registry (ops.RegisterGradient, ops.NotDifferentiable)\n")
    f.write("GRADIENT_REGISTERED = frozenset(\"\"\"\n")
    line = ""
    for name in sorted(_ops._gradient_registry.list()):
        if len(line) + len(name) + 1 > 116:
            f.write(line.rstrip() + "\n")
            line = ""
        line += name + " "
    f.write(line.rstrip() + "\n\"\"\".split())\n")
