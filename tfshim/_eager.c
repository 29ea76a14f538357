/* tfshim._eager: the eager dispatcher's per-op path in C, the twin of three Python functions that stay the
 * reference (and run alone under TFSHIM_PURE=1 or without a compiler):
 *
 *   OpBase.__call__   ops/op.py _eager_call       run an op's kernel, wrap its result, record it on tapes
 *   wrap              framework/tensor.py _wrap   a kernel result as an EagerTensor
 *   record_operation  eager/tape.py               an op on every active tape that tracks one of its inputs
 *   backward          eager/backprop.py _backward the reverse walk over a tape (its gradient functions stay Python)
 *
 * Why: an op on small tensors is mostly Python frames around a sub-microsecond NumPy call (issue #19's per-op
 * figure). The arithmetic stays in the Python kernels; only the bookkeeping around them moves here.
 *
 * Every attribute is read and written by name, as the Python twin does, so what patches the classes (tf.function's
 * tracing swaps Tensor._value for a property) is seen the same way. What is not the common case (more than eight
 * inputs, a tape entry that keeps stand-ins, the setup not done yet) calls the Python twin.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define MAX_INPUTS 8

static PyObject *S_value, *S_dtype, *S_npdtype, *S_id, *S_fp, *S_kernel, *S_multi_output, *S_tapes, *S_tensor_tape,
    *S_trainable, *S_grad_uses, *S_KEEP_ALL, *S_ndim, *S_op, *S_inputs, *S_outputs, *S_attrs,
    *S_skip_input_indices, *S_grad, *S_name;

/* set by setup() from framework/tensor.py, eager/tape.py and ops/op.py */
static PyObject *EagerTensor, *NDArray, *OpContext;
static PyObject *asarray, *by_np, *from_numpy, *next_id;
static PyObject *tape_state, *tape_globals, *entry_py;
static PyObject *py_call, *kernel_error, *kernel_failed, *quiet, *unquiet, *fp_enter, *fp_exit, *flush;
static PyObject *not_differentiable, *aggregate, *zeros_like;

static int ready_to_wrap(void) { return EagerTensor && NDArray && asarray && by_np && from_numpy && next_id; }

static int ready_to_record(void) { return ready_to_wrap() && tape_state && tape_globals && entry_py && OpContext; }

static int ready_to_call(void) {
    return ready_to_record() && py_call && kernel_error && kernel_failed && quiet && unquiet && fp_enter && fp_exit
        && flush;
}

/* bool(obj.<name>): 1, 0, or -1 on error */
static int attr_truth(PyObject *obj, PyObject *name) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -1;
    int truth = PyObject_IsTrue(v);
    Py_DECREF(v);
    return truth;
}

/* ---- wrap: tensor.py _wrap ------------------------------------------------------------------------------------ */

static PyObject *wrap(PyObject *value) {
    PyObject *v, *npdt, *d, *t = NULL, *id = NULL;
    if ((PyObject *)Py_TYPE(value) == NDArray) {
        v = value;
        Py_INCREF(v);
    } else if (!(v = PyObject_CallOneArg(asarray, value))) {
        return NULL;
    }
    if (!(npdt = PyObject_GetAttr(v, S_npdtype))) goto done;
    d = PyDict_GetItemWithError(by_np, npdt); /* `_BY_NP.get(value.dtype) or from_numpy(value.dtype)` */
    if (d) {
        int truth = PyObject_IsTrue(d);
        if (truth < 0) {
            Py_DECREF(npdt);
            goto done;
        }
        if (truth)
            Py_INCREF(d);
        else
            d = NULL;
    } else if (PyErr_Occurred()) {
        Py_DECREF(npdt);
        goto done;
    }
    if (!d)
        d = PyObject_CallOneArg(from_numpy, npdt);
    Py_DECREF(npdt);
    if (!d) goto done;
    t = ((PyTypeObject *)EagerTensor)->tp_alloc((PyTypeObject *)EagerTensor, 0);
    if (t && !(id = PyObject_CallNoArgs(next_id))) Py_CLEAR(t);
    if (t && (PyObject_SetAttr(t, S_value, v) < 0 || PyObject_SetAttr(t, S_dtype, d) < 0
              || PyObject_SetAttr(t, S_id, id) < 0))
        Py_CLEAR(t);
    Py_XDECREF(id);
    Py_DECREF(d);
done:
    Py_DECREF(v);
    return t;
}

static PyObject *py_wrap(PyObject *self, PyObject *value) {
    if (!ready_to_wrap()) {
        PyErr_SetString(PyExc_RuntimeError, "tfshim._eager.wrap before setup");
        return NULL;
    }
    return wrap(value);
}

/* ---- record_operation: tape.py record_operation and _entry ----------------------------------------------------- */

/* 1 if every value is 0-d (tape.py _all_scalars), 0 if not, -1 on error */
static int all_scalars(PyObject *seq) {
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyObject_GetAttr(PySequence_Fast_GET_ITEM(seq, i), S_value);
        if (!v) return -1;
        int truth = attr_truth(v, S_ndim);
        Py_DECREF(v);
        if (truth) return truth < 0 ? -1 : 0;
    }
    return 1;
}

/* tape.py _entry: (OpContext(op, inputs, outputs, attrs), input ids); the Python twin where it keeps stand-ins */
static PyObject *make_entry(PyObject *op, PyObject *inputs, PyObject *ins, PyObject *outputs, PyObject *outs,
                            PyObject *attrs) {
    PyObject *uses = PyObject_GetAttr(op, S_grad_uses), *ids, *ctx, *entry;
    if (!uses) return NULL;
    if (uses != Py_None) {
        PyObject *keep = PyDict_GetItemWithError(tape_globals, S_KEEP_ALL);
        int keep_all = keep ? PyObject_IsTrue(keep) : (PyErr_Occurred() ? -1 : 0), scalars = 1;
        if (keep_all < 0) {
            Py_DECREF(uses);
            return NULL;
        }
        if (!keep_all) {
            if ((scalars = all_scalars(ins)) == 1) scalars = all_scalars(outs);
        }
        if (scalars < 0) {
            Py_DECREF(uses);
            return NULL;
        }
        if (!keep_all && !scalars) {
            Py_DECREF(uses);
            return PyObject_CallFunctionObjArgs(entry_py, op, inputs, outputs, attrs, NULL);
        }
    }
    Py_DECREF(uses);
    Py_ssize_t n = PySequence_Fast_GET_SIZE(ins);
    if (!(ids = PyTuple_New(n))) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *id = PyObject_GetAttr(PySequence_Fast_GET_ITEM(ins, i), S_id);
        if (!id) {
            Py_DECREF(ids);
            return NULL;
        }
        PyTuple_SET_ITEM(ids, i, id);
    }
    /* OpContext.__init__'s five slots, without its Python frame */
    ctx = ((PyTypeObject *)OpContext)->tp_alloc((PyTypeObject *)OpContext, 0);
    if (!ctx || PyObject_SetAttr(ctx, S_op, op) < 0 || PyObject_SetAttr(ctx, S_inputs, inputs) < 0
        || PyObject_SetAttr(ctx, S_outputs, outputs) < 0 || PyObject_SetAttr(ctx, S_attrs, attrs) < 0) {
        Py_XDECREF(ctx);
        Py_DECREF(ids);
        return NULL;
    }
    PyObject *empty = PyTuple_New(0);
    int bad = !empty || PyObject_SetAttr(ctx, S_skip_input_indices, empty) < 0;
    Py_XDECREF(empty);
    if (bad) {
        Py_DECREF(ctx);
        Py_DECREF(ids);
        return NULL;
    }
    entry = PyTuple_Pack(2, ctx, ids);
    Py_DECREF(ctx);
    Py_DECREF(ids);
    return entry;
}

/* 1 if the tape's dict tracks one of the inputs of a trainable dtype, 0 if not, -1 on error */
static int tracks_one(PyObject *tracked, PyObject *ins) {
    Py_ssize_t n = PySequence_Fast_GET_SIZE(ins);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *t = PySequence_Fast_GET_ITEM(ins, i), *id = PyObject_GetAttr(t, S_id), *d;
        if (!id) return -1;
        int in = PySequence_Contains(tracked, id);
        Py_DECREF(id);
        if (in <= 0) {
            if (in < 0) return -1;
            continue;
        }
        if (!(d = PyObject_GetAttr(t, S_dtype))) return -1;
        int truth = attr_truth(d, S_trainable);
        Py_DECREF(d);
        if (truth) return truth;
    }
    return 0;
}

static int record(PyObject *op, PyObject *inputs, PyObject *outputs, PyObject *attrs) {
    PyObject *tapes = PyObject_GetAttr(tape_state, S_tapes), *ins = NULL, *outs = NULL, *entry = NULL;
    int rc = -1;
    if (!tapes) return -1;
    if (!(ins = PySequence_Fast(inputs, "record_operation: inputs")) ||
        !(outs = PySequence_Fast(outputs, "record_operation: outputs")))
        goto done;
    /* (by iterator: a Python twin called below could push or pop a tape) */
    PyObject *it = PyObject_GetIter(tapes), *tape;
    if (!it) goto done;
    while ((tape = PyIter_Next(it))) {
        PyObject *tracked = PyObject_GetAttr(tape, S_tensor_tape);
        Py_DECREF(tape);
        if (!tracked) break;
        int found = tracks_one(tracked, ins);
        if (found > 0 && !entry) {
            if (!(entry = make_entry(op, inputs, ins, outputs, outs, attrs))) found = -1;
        }
        if (found > 0) {
            Py_ssize_t n = PySequence_Fast_GET_SIZE(outs);
            for (Py_ssize_t i = 0; i < n && found > 0; i++) {
                PyObject *id = PyObject_GetAttr(PySequence_Fast_GET_ITEM(outs, i), S_id);
                if (!id || PyObject_SetItem(tracked, id, entry) < 0) found = -1;
                Py_XDECREF(id);
            }
        }
        Py_DECREF(tracked);
        if (found < 0) break;
    }
    Py_DECREF(it);
    if (!PyErr_Occurred()) rc = 0;
done:
    Py_XDECREF(entry);
    Py_XDECREF(ins);
    Py_XDECREF(outs);
    Py_DECREF(tapes);
    return rc;
}

static PyObject *py_record_operation(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "record_operation(op, inputs, outputs, attrs)");
        return NULL;
    }
    if (!ready_to_record()) {
        PyErr_SetString(PyExc_RuntimeError, "tfshim._eager.record_operation before setup");
        return NULL;
    }
    if (record(args[0], args[1], args[2], args[3]) < 0) return NULL;
    Py_RETURN_NONE;
}

/* ---- OpBase.__call__: op.py _eager_call ------------------------------------------------------------------------ */

static PyObject *call_python_twin(PyObject *self, PyObject *args, PyObject *kwargs) {
    Py_ssize_t n = PyTuple_GET_SIZE(args);
    PyObject *full = PyTuple_New(n + 1), *r;
    if (!full) return NULL;
    Py_INCREF(self);
    PyTuple_SET_ITEM(full, 0, self);
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_INCREF(PyTuple_GET_ITEM(args, i));
        PyTuple_SET_ITEM(full, i + 1, PyTuple_GET_ITEM(args, i));
    }
    r = PyObject_Call(py_call, full, kwargs);
    Py_DECREF(full);
    return r;
}

/* The `finally:` of the kernel call: FTZ|DAZ off (if it was set) and NumPy's warnings back, keeping an exception
 * raised before it (as Python's finally does) unless one of them raises. */
static int leave_kernel(int flushed, PyObject *token) {
    PyObject *et, *ev, *tb, *r;
    int rc = 0;
    PyErr_Fetch(&et, &ev, &tb);
    if (flushed) {
        if ((r = PyObject_CallNoArgs(fp_exit)))
            Py_DECREF(r);
        else
            rc = -1;
    }
    if (rc == 0) {
        if ((r = PyObject_CallOneArg(unquiet, token)))
            Py_DECREF(r);
        else
            rc = -1;
    }
    if (rc == 0)
        PyErr_Restore(et, ev, tb);
    else {
        Py_XDECREF(et);
        Py_XDECREF(ev);
        Py_XDECREF(tb);
    }
    return rc;
}

static PyObject *op_call(PyObject *self, PyObject *args, PyObject *kwargs) {
    Py_ssize_t n = PyTuple_GET_SIZE(args), i, got = 0;
    PyObject *vals[MAX_INPUTS], *kernel = NULL, *token = NULL, *out = NULL, *result = NULL, *outputs = NULL;
    int flushed = 0;
    if (n > MAX_INPUTS || !ready_to_call()) return call_python_twin(self, args, kwargs);
    for (; got < n; got++)
        if (!(vals[got] = PyObject_GetAttr(PyTuple_GET_ITEM(args, got), S_value))) goto done;
    if (n) {
        int f = PyObject_IsTrue(flush);
        if (f < 0) goto done;
        if (f) {
            PyObject *d = PyObject_GetAttr(PyTuple_GET_ITEM(args, 0), S_dtype);
            if (!d) goto done;
            f = attr_truth(d, S_fp);
            Py_DECREF(d);
            if (f < 0) goto done;
        }
        flushed = f;
    }
    if (!(token = PyObject_CallNoArgs(quiet))) goto done;
    if (flushed) {
        PyObject *r = PyObject_CallNoArgs(fp_enter);
        if (!r) {
            flushed = 0;
            leave_kernel(0, token);
            goto done;
        }
        Py_DECREF(r);
    }
    kernel = PyObject_GetAttr(self, S_kernel);
    if (kernel)
        out = PyObject_VectorcallDict(kernel, vals, (size_t)n, kwargs && PyDict_GET_SIZE(kwargs) ? kwargs : NULL);
    if (!out && kernel && (PyErr_ExceptionMatches(kernel_error) || PyErr_ExceptionMatches(PyExc_MemoryError))) {
        /* op.py _kernel_failed: TF's OpError text (or its OOM) for what the kernel raised; it always raises */
        PyObject *et, *ev, *tb, *r;
        PyErr_Fetch(&et, &ev, &tb);
        PyErr_NormalizeException(&et, &ev, &tb);
        r = PyObject_CallFunctionObjArgs(kernel_failed, self, ev ? ev : Py_None, NULL);
        Py_XDECREF(r);
        Py_XDECREF(et);
        Py_XDECREF(ev);
        Py_XDECREF(tb);
        if (r && !PyErr_Occurred()) PyErr_SetString(PyExc_SystemError, "_kernel_failed returned");
    }
    if (leave_kernel(flushed, token) < 0) Py_CLEAR(out);
    if (!out) goto done;

    int is_multi = attr_truth(self, S_multi_output);
    if (is_multi < 0) goto done;
    if (is_multi) {
        PyObject *seq = PySequence_Fast(out, "a multi-output kernel returns a sequence");
        if (!seq) goto done;
        Py_ssize_t m = PySequence_Fast_GET_SIZE(seq);
        outputs = PyTuple_New(m);
        for (i = 0; outputs && i < m; i++) {
            PyObject *t = wrap(PySequence_Fast_GET_ITEM(seq, i));
            if (!t) Py_CLEAR(outputs);
            else PyTuple_SET_ITEM(outputs, i, t);
        }
        Py_DECREF(seq);
        if (!outputs) goto done;
    } else {
        if (!(result = wrap(out))) goto done;
    }
    int any = attr_truth(tape_state, S_tapes);
    if (any < 0) goto fail;
    if (any) {
        /* the op context keeps a dict of its own, as Python's **attrs is */
        PyObject *attrs = kwargs ? PyDict_Copy(kwargs) : PyDict_New(), *outs = outputs;
        if (!attrs) goto fail;
        if (!outs && !(outs = PyTuple_Pack(1, result))) {
            Py_DECREF(attrs);
            goto fail;
        }
        int rc = record(self, args, outs, attrs);
        if (outs != outputs) Py_DECREF(outs);
        Py_DECREF(attrs);
        if (rc < 0) goto fail;
    }
    if (outputs) {
        result = outputs;
        outputs = NULL;
    }
    goto done;
fail:
    Py_CLEAR(result);
done:
    Py_XDECREF(outputs);
    Py_XDECREF(out);
    Py_XDECREF(kernel);
    Py_XDECREF(token);
    for (i = 0; i < got; i++) Py_DECREF(vals[i]);
    return result;
}

static PyTypeObject OpBaseType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tfshim._eager.OpBase",
    .tp_basicsize = sizeof(PyObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "The base of ops.op.Op when compiled: its __call__ is the C twin of op.py's _eager_call.",
    .tp_call = op_call,
    .tp_new = PyType_GenericNew,
};

/* ---- backward: backprop.py _backward (batch None) ------------------------------------------------------------- */

/* collections.deque's pop() and appendleft(), on a ring of strong references */
typedef struct {
    PyObject **items;
    Py_ssize_t head, len, cap; /* items[head] is the leftmost */
} ring_t;

static int ring_grow(ring_t *r) {
    Py_ssize_t cap = r->cap ? r->cap * 2 : 64;
    PyObject **items = PyMem_Malloc(sizeof(PyObject *) * cap);
    if (!items) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < r->len; i++) items[i] = r->items[(r->head + i) % r->cap];
    PyMem_Free(r->items);
    r->items = items;
    r->head = 0;
    r->cap = cap;
    return 0;
}

static int ring_append(ring_t *r, PyObject *o) { /* append (right), a new reference */
    if (r->len == r->cap && ring_grow(r) < 0) return -1;
    Py_INCREF(o);
    r->items[(r->head + r->len++) % r->cap] = o;
    return 0;
}

static int ring_appendleft(ring_t *r, PyObject *o) {
    if (r->len == r->cap && ring_grow(r) < 0) return -1;
    Py_INCREF(o);
    r->head = (r->head + r->cap - 1) % r->cap;
    r->items[r->head] = o;
    r->len++;
    return 0;
}

static PyObject *ring_pop(ring_t *r) { /* pop (right): the reference passes to the caller */
    return r->items[(r->head + --r->len) % r->cap];
}

static void ring_clear(ring_t *r) {
    while (r->len) Py_DECREF(ring_pop(r));
    PyMem_Free(r->items);
}

/* dict[key] += delta for an int count (a missing key counts 0); the new count, -1 on error */
static long count_add(PyObject *d, PyObject *key, long delta) {
    PyObject *v = PyDict_GetItemWithError(d, key), *nv;
    long c = 0;
    if (v) {
        if ((c = PyLong_AsLong(v)) == -1 && PyErr_Occurred()) return -1;
    } else if (PyErr_Occurred()) {
        return -1;
    }
    c += delta;
    if (!(nv = PyLong_FromLong(c))) return -1;
    int rc = PyDict_SetItem(d, key, nv);
    Py_DECREF(nv);
    return rc < 0 ? -1 : c;
}

/* The entry's input ids as a tuple (a new reference), checking the entry is (op context, ids) */
static PyObject *entry_ids(PyObject *entry) {
    if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 2 || !PyTuple_Check(PyTuple_GET_ITEM(entry, 1))) {
        PyErr_SetString(PyExc_SystemError, "a tape entry is not (op context, input ids)");
        return NULL;
    }
    PyObject *ids = PyTuple_GET_ITEM(entry, 1);
    Py_INCREF(ids);
    return ids;
}

/* TF's PrepareBackprop: `entries` (id(entry) -> entry, in the order found), `usage` (tensor id -> consumers) and
 * `missing` (id(entry) -> outputs still awaited) */
static int prepare(PyObject *tensor_tape, PyObject *targets, PyObject *entries, PyObject *usage, PyObject *missing) {
    PyObject *stack = PySequence_List(targets), *i, *v;
    Py_ssize_t pos;
    if (!stack) return -1;
    while (PyList_GET_SIZE(stack)) {
        Py_ssize_t last = PyList_GET_SIZE(stack) - 1;
        PyObject *tid = PyList_GET_ITEM(stack, last), *entry, *k, *ids;
        Py_INCREF(tid);
        if (PyList_SetSlice(stack, last, last + 1, NULL) < 0) goto fail_tid;
        entry = PyDict_GetItemWithError(tensor_tape, tid);
        Py_DECREF(tid);
        if (!entry) {
            if (PyErr_Occurred()) goto fail;
            continue;
        }
        if (entry == Py_None) continue;
        Py_INCREF(entry); /* (entries holds it from here; until then, an allocation's GC could run Python code) */
        k = PyLong_FromVoidPtr(entry);
        int seen = k ? PyDict_Contains(entries, k) : -1;
        if (seen || PyDict_SetItem(entries, k, entry) < 0) {
            Py_XDECREF(k);
            Py_DECREF(entry);
            if (seen < 0 || !seen) goto fail;
            continue;
        }
        Py_DECREF(k);
        Py_DECREF(entry);
        if (!(ids = entry_ids(entry))) goto fail;
        for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(ids); j++) {
            PyObject *id = PyTuple_GET_ITEM(ids, j);
            long c = count_add(usage, id, 1);
            int in = c == 1 ? PyDict_Contains(tensor_tape, id) : 0;
            if (c < 0 || in < 0 || (in && PyList_Append(stack, id) < 0)) {
                Py_DECREF(ids);
                goto fail;
            }
        }
        Py_DECREF(ids);
        continue;
    fail_tid:
        Py_DECREF(tid);
        goto fail;
    }
    Py_DECREF(stack);
    pos = 0;
    while (PyDict_Next(usage, &pos, &i, &v)) {
        PyObject *producer = PyDict_GetItemWithError(tensor_tape, i), *k;
        if (!producer) {
            if (PyErr_Occurred()) return -1;
            continue;
        }
        if (producer == Py_None) continue;
        if (!(k = PyLong_FromVoidPtr(producer))) return -1;
        long c = count_add(missing, k, 1);
        Py_DECREF(k);
        if (c < 0) return -1;
    }
    return 0;
fail:
    Py_DECREF(stack);
    return -1;
}

/* `grads.get(id) if id in source_ids else grads.pop(id, None)`: a new reference or NULL (with or without error) */
static PyObject *take_grads(PyObject *grads, PyObject *source_ids, PyObject *id) {
    int is_source = PySet_Contains(source_ids, id);
    PyObject *gl;
    if (is_source < 0) return NULL;
    gl = PyDict_GetItemWithError(grads, id);
    if (!gl) return NULL;
    Py_INCREF(gl);
    if (!is_source && PyDict_DelItem(grads, id) < 0) Py_CLEAR(gl);
    return gl;
}

/* what reaches one output: its one gradient, or their _aggregate; NULL with no error where none did */
static PyObject *out_grad(PyObject *gl) {
    Py_ssize_t n;
    if (!PyList_Check(gl)) {
        PyErr_SetString(PyExc_SystemError, "gradients of a tensor are not a list");
        return NULL;
    }
    n = PyList_GET_SIZE(gl);
    if (!n) return NULL;
    if (n == 1) {
        Py_INCREF(PyList_GET_ITEM(gl, 0));
        return PyList_GET_ITEM(gl, 0);
    }
    return PyObject_CallOneArg(aggregate, gl);
}

/* grads.setdefault(id, []).append(g) */
static int add_grad(PyObject *grads, PyObject *id, PyObject *g) {
    PyObject *gl = PyDict_GetItemWithError(grads, id);
    if (gl) return PyList_Append(gl, g);
    if (PyErr_Occurred() || !(gl = PyList_New(1))) return -1;
    Py_INCREF(g);
    PyList_SET_ITEM(gl, 0, g);
    int rc = PyDict_SetItem(grads, id, gl);
    Py_DECREF(gl);
    return rc;
}

/* One ready entry: its gradient function on what reached its outputs, the results added to `grads` */
static int run_entry(PyObject *entry, PyObject *tensor_tape, PyObject *source_ids, PyObject *grads) {
    PyObject *ctx = PyTuple_GET_ITEM(entry, 0), *ids = PyTuple_GET_ITEM(entry, 1), *outputs, *outs = NULL;
    PyObject *og = NULL, *op = NULL, *grad_fn = NULL, *skip = NULL, *in_grads = NULL, *ig = NULL;
    Py_ssize_t m, j;
    int rc = -1, any = 0, all = 1;
    if (!(outputs = PyObject_GetAttr(ctx, S_outputs))) return -1;
    if (!(outs = PySequence_Fast(outputs, "op outputs")) || !(og = PyTuple_New(PySequence_Fast_GET_SIZE(outs) + 1)))
        goto done;
    m = PySequence_Fast_GET_SIZE(outs);
    for (j = 0; j < m; j++) {
        PyObject *id = PyObject_GetAttr(PySequence_Fast_GET_ITEM(outs, j), S_id), *gl, *g = NULL;
        if (!id) goto done;
        gl = take_grads(grads, source_ids, id);
        Py_DECREF(id);
        if (gl) {
            g = out_grad(gl);
            Py_DECREF(gl);
        }
        if (PyErr_Occurred()) goto done;
        if (g) any = 1;
        else all = 0;
        PyTuple_SET_ITEM(og, j + 1, g ? g : (Py_INCREF(Py_None), Py_None));
    }
    if (!any) {
        rc = 0;
        goto done;
    }
    if (!(op = PyObject_GetAttr(ctx, S_op)) || !(grad_fn = PyObject_GetAttr(op, S_grad))) goto done;
    if (grad_fn == Py_None) {
        PyObject *name = PyObject_GetAttr(op, S_name);
        if (name) {
            PyErr_Format(PyExc_LookupError, "gradient registry has no entry for: %S", name);
            Py_DECREF(name);
        }
        goto done;
    }
    if (grad_fn == not_differentiable) {
        rc = 0;
        goto done;
    }
    if (!all) {
        for (j = 0; j < m; j++) {
            if (PyTuple_GET_ITEM(og, j + 1) != Py_None) continue;
            PyObject *z = PyObject_CallFunctionObjArgs(zeros_like, PySequence_Fast_GET_ITEM(outs, j), Py_None, NULL);
            if (!z) goto done;
            Py_SETREF(PyTuple_GET_ITEM(og, j + 1), z); /* (og is new: its items may be replaced) */
        }
    }
    {
        Py_ssize_t n = PyTuple_GET_SIZE(ids), k = 0;
        PyObject *idx[MAX_INPUTS], **buf = idx;
        if (n > MAX_INPUTS && !(buf = PyMem_Malloc(sizeof(PyObject *) * n))) {
            PyErr_NoMemory();
            goto done;
        }
        for (j = 0; j < n; j++) {
            PyObject *id = PyTuple_GET_ITEM(ids, j);
            int in = PyDict_Contains(tensor_tape, id);
            if (in == 0) in = PySet_Contains(source_ids, id);
            if (in < 0) break;
            if (!in) buf[k++] = PyLong_FromSsize_t(j); /* small ints: cached, never NULL */
        }
        if (j == n && (skip = PyTuple_New(k))) {
            for (Py_ssize_t q = 0; q < k; q++) PyTuple_SET_ITEM(skip, q, buf[q]);
        } else {
            for (Py_ssize_t q = 0; q < k; q++) Py_DECREF(buf[q]);
        }
        if (buf != idx) PyMem_Free(buf);
        if (!skip || PyObject_SetAttr(ctx, S_skip_input_indices, skip) < 0) goto done;
    }
    Py_INCREF(ctx);
    PyTuple_SET_ITEM(og, 0, ctx);
    if (!(in_grads = PyObject_Call(grad_fn, og, NULL))) goto done;
    if (PyList_Check(in_grads) || PyTuple_Check(in_grads)) {
        if (!(ig = PySequence_Fast(in_grads, ""))) goto done;
    } else if (!(ig = PyTuple_Pack(1, in_grads))) {
        goto done;
    }
    for (j = 0; j < PyTuple_GET_SIZE(ids) && j < PySequence_Fast_GET_SIZE(ig); j++) {
        PyObject *g = PySequence_Fast_GET_ITEM(ig, j);
        if (g != Py_None && add_grad(grads, PyTuple_GET_ITEM(ids, j), g) < 0) goto done;
    }
    rc = 0;
done:
    Py_XDECREF(ig);
    Py_XDECREF(in_grads);
    Py_XDECREF(skip);
    Py_XDECREF(grad_fn);
    Py_XDECREF(op);
    Py_XDECREF(og);
    Py_XDECREF(outs);
    Py_DECREF(outputs);
    return rc;
}

/* After an entry ran: its inputs have one consumer fewer; a producer none of whose outputs awaits one is ready */
static int release_inputs(PyObject *ids, PyObject *tensor_tape, PyObject *usage, PyObject *missing, ring_t *ready) {
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(ids); j++) {
        PyObject *id = PyTuple_GET_ITEM(ids, j), *v = PyDict_GetItemWithError(usage, id), *producer, *k;
        if (!v) {
            if (PyErr_Occurred()) return -1;
            continue;
        }
        long c = count_add(usage, id, -1);
        if (c < 0) return -1;
        if (c > 0) continue;
        if (!(producer = PyDict_GetItemWithError(tensor_tape, id))) {
            if (PyErr_Occurred()) return -1;
            continue;
        }
        if (producer == Py_None) continue;
        Py_INCREF(producer);
        if (!(k = PyLong_FromVoidPtr(producer))) {
            Py_DECREF(producer);
            return -1;
        }
        v = PyDict_GetItemWithError(missing, k);
        long mc = v ? count_add(missing, k, -1) : (PyErr_Occurred() ? -1 : 1);
        Py_DECREF(k);
        if (mc < 0 || (v && mc == 0 && ring_appendleft(ready, producer) < 0)) {
            Py_DECREF(producer);
            return -1;
        }
        Py_DECREF(producer);
    }
    return 0;
}

/* consume: every consumer of the entry's outputs has run; the tape forgets it */
static int forget(PyObject *entry, PyObject *tensor_tape, PyObject *entries) {
    PyObject *outputs = PyObject_GetAttr(PyTuple_GET_ITEM(entry, 0), S_outputs), *outs, *k;
    int rc = -1;
    if (!outputs) return -1;
    if ((outs = PySequence_Fast(outputs, "op outputs"))) {
        Py_ssize_t j, m = PySequence_Fast_GET_SIZE(outs);
        for (j = 0; j < m; j++) {
            PyObject *id = PyObject_GetAttr(PySequence_Fast_GET_ITEM(outs, j), S_id), *e;
            if (!id) break;
            e = PyDict_GetItemWithError(tensor_tape, id);
            int bad = (!e && PyErr_Occurred()) || (e == entry && PyDict_DelItem(tensor_tape, id) < 0);
            Py_DECREF(id);
            if (bad) break;
        }
        if (j == m && (k = PyLong_FromVoidPtr(entry))) {
            rc = PyDict_DelItem(entries, k);
            Py_DECREF(k);
        }
        Py_DECREF(outs);
    }
    Py_DECREF(outputs);
    return rc;
}

static PyObject *py_backward(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PyObject *tensor_tape, *targets, *source_ids, *grads, *entries = NULL, *usage = NULL, *missing = NULL, *k, *e;
    ring_t ready = {NULL, 0, 0, 0};
    Py_ssize_t pos = 0;
    int consume;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "backward(tensor_tape, target_ids, source_ids, grads, consume)");
        return NULL;
    }
    tensor_tape = args[0], targets = args[1], source_ids = args[2], grads = args[3];
    if (!PyDict_CheckExact(tensor_tape) || !PyAnySet_Check(source_ids) || !PyDict_CheckExact(grads)) {
        PyErr_SetString(PyExc_TypeError, "backward: a dict, a set and a dict expected");
        return NULL;
    }
    if (!not_differentiable || !aggregate || !zeros_like) {
        PyErr_SetString(PyExc_RuntimeError, "tfshim._eager.backward before setup");
        return NULL;
    }
    if ((consume = PyObject_IsTrue(args[4])) < 0) return NULL;
    if (!(entries = PyDict_New()) || !(usage = PyDict_New()) || !(missing = PyDict_New())) goto fail;
    if (prepare(tensor_tape, targets, entries, usage, missing) < 0) goto fail;
    /* TF's op stack: ready ops are inserted at the front and taken from the back */
    while (PyDict_Next(entries, &pos, &k, &e)) {
        int waits = PyDict_Contains(missing, k);
        if (waits < 0 || (!waits && ring_append(&ready, e) < 0)) goto fail;
    }
    while (ready.len) {
        PyObject *entry = ring_pop(&ready), *ids;
        if (!(ids = entry_ids(entry))) {
            Py_DECREF(entry);
            goto fail;
        }
        int bad = run_entry(entry, tensor_tape, source_ids, grads) < 0
            || release_inputs(ids, tensor_tape, usage, missing, &ready) < 0
            || (consume && forget(entry, tensor_tape, entries) < 0);
        Py_DECREF(ids);
        Py_DECREF(entry);
        if (bad) goto fail;
    }
    ring_clear(&ready);
    Py_DECREF(entries);
    Py_DECREF(usage);
    Py_DECREF(missing);
    Py_RETURN_NONE;
fail:
    ring_clear(&ready);
    Py_XDECREF(entries);
    Py_XDECREF(usage);
    Py_XDECREF(missing);
    return NULL;
}

/* ---- setup ----------------------------------------------------------------------------------------------------- */

static PyObject **slot_named(const char *name) {
    static const struct { const char *name; PyObject **slot; } slots[] = {
        {"eager_tensor", &EagerTensor}, {"ndarray", &NDArray}, {"asarray", &asarray}, {"by_np", &by_np},
        {"from_numpy", &from_numpy}, {"next_id", &next_id}, {"tape_state", &tape_state},
        {"tape_globals", &tape_globals}, {"entry", &entry_py}, {"op_context", &OpContext}, {"py_call", &py_call},
        {"kernel_error", &kernel_error}, {"kernel_failed", &kernel_failed}, {"quiet", &quiet},
        {"unquiet", &unquiet}, {"enter", &fp_enter}, {"exit", &fp_exit}, {"flush", &flush},
        {"not_differentiable", &not_differentiable}, {"aggregate", &aggregate}, {"zeros_like", &zeros_like},
    };
    for (size_t i = 0; i < sizeof slots / sizeof slots[0]; i++)
        if (!strcmp(slots[i].name, name)) return slots[i].slot;
    return NULL;
}

static PyObject *py_setup(PyObject *self, PyObject *args, PyObject *kwargs) {
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    if (PyTuple_GET_SIZE(args) || !kwargs) {
        PyErr_SetString(PyExc_TypeError, "setup(name=object, ...)");
        return NULL;
    }
    while (PyDict_Next(kwargs, &pos, &key, &value)) {
        const char *name = PyUnicode_AsUTF8(key);
        PyObject **slot = name ? slot_named(name) : NULL;
        if (!slot) {
            if (name) PyErr_Format(PyExc_TypeError, "setup: unknown name %s", name);
            return NULL;
        }
        Py_INCREF(value);
        Py_XSETREF(*slot, value);
    }
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"setup", (PyCFunction)(void (*)(void))py_setup, METH_VARARGS | METH_KEYWORDS,
     "Hands the Python objects the twins use (the modules above call it once at import)."},
    {"wrap", py_wrap, METH_O, "framework/tensor.py _wrap: a kernel result as an EagerTensor."},
    {"record_operation", (PyCFunction)(void (*)(void))py_record_operation, METH_FASTCALL,
     "eager/tape.py record_operation(op, inputs, outputs, attrs)."},
    {"backward", (PyCFunction)(void (*)(void))py_backward, METH_FASTCALL,
     "eager/backprop.py _backward(tensor_tape, target_ids, source_ids, grads, consume) for batch None."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moddef = {PyModuleDef_HEAD_INIT, "tfshim._eager",
                                    "The eager dispatcher's per-op path (twins of op.py, tensor.py, tape.py).", -1,
                                    methods};

PyMODINIT_FUNC PyInit__eager(void) {
    PyObject *m;
#define INTERN(var, s) if (!(var = PyUnicode_InternFromString(s))) return NULL
    INTERN(S_value, "_value"); INTERN(S_dtype, "_dtype"); INTERN(S_npdtype, "dtype"); INTERN(S_id, "_id");
    INTERN(S_fp, "_fp"); INTERN(S_kernel, "kernel"); INTERN(S_multi_output, "multi_output");
    INTERN(S_tapes, "tapes"); INTERN(S_tensor_tape, "tensor_tape"); INTERN(S_trainable, "_trainable");
    INTERN(S_grad_uses, "grad_uses"); INTERN(S_KEEP_ALL, "KEEP_ALL"); INTERN(S_ndim, "ndim"); INTERN(S_op, "op");
    INTERN(S_inputs, "inputs"); INTERN(S_outputs, "outputs"); INTERN(S_attrs, "attrs");
    INTERN(S_skip_input_indices, "skip_input_indices"); INTERN(S_grad, "grad"); INTERN(S_name, "name");
#undef INTERN
    if (PyType_Ready(&OpBaseType) < 0) return NULL;
    if (!(m = PyModule_Create(&moddef))) return NULL;
    Py_INCREF(&OpBaseType);
    if (PyModule_AddObject(m, "OpBase", (PyObject *)&OpBaseType) < 0) {
        Py_DECREF(&OpBaseType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
