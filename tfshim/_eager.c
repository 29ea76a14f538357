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
/* NumPy's C API for the 0-d kernels below (reading and making 0-d arrays without a Python call); the default
 * target (NumPy 1.23's API) keeps one build working under NumPy 1.26 and 2.x */
#define NPY_NO_DEPRECATED_API NPY_1_23_API_VERSION
#include <numpy/arrayobject.h>
#include <structmember.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define MAX_INPUTS 8

static PyObject *S_value, *S_dtype, *S_npdtype, *S_id, *S_fp, *S_kernel, *S_multi_output, *S_tapes, *S_tensor_tape,
    *S_trainable, *S_grad_uses, *S_KEEP_ALL, *S_ndim, *S_op, *S_inputs, *S_outputs, *S_attrs,
    *S_skip_input_indices, *S_grad, *S_name, *S_enum, *S_np, *S_checked, *S_value_method,
    *S_watch_accessed, *S_variables, *S_call;

/* set by setup() from framework/tensor.py, eager/tape.py and ops/op.py */
static PyObject *EagerTensor, *NDArray, *OpContext, *ResourceVariable, *op_class, *eager_call, *read_op;
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

/* t.<name> for a tensor: an EagerTensor's attributes without the detour through Tensor.__getattr__'s hook (which
 * Python takes for every attribute of a class defining __getattr__); what it does not find, PyObject_GetAttr looks
 * up again (so __getattr__'s errors are TF's) */
static PyObject *tensor_attr(PyObject *t, PyObject *name) {
    if ((PyObject *)Py_TYPE(t) == EagerTensor) {
        PyObject *r = PyObject_GenericGetAttr(t, name);
        if (r || !PyErr_ExceptionMatches(PyExc_AttributeError)) return r;
        PyErr_Clear();
    }
    return PyObject_GetAttr(t, name);
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

/* tensor.py _wrap_as: an ndarray and its DType as a new EagerTensor */
static PyObject *wrap_as(PyObject *v, PyObject *d) {
    PyObject *id, *t = ((PyTypeObject *)EagerTensor)->tp_alloc((PyTypeObject *)EagerTensor, 0);
    if (!t) return NULL;
    if (!(id = PyObject_CallNoArgs(next_id))) {
        Py_DECREF(t);
        return NULL;
    }
    if (PyObject_SetAttr(t, S_value, v) < 0 || PyObject_SetAttr(t, S_dtype, d) < 0 || PyObject_SetAttr(t, S_id, id) < 0)
        Py_CLEAR(t);
    else if (PyArray_CheckExact(v) && !PyDataType_REFCHK(PyArray_DESCR((PyArrayObject *)v)))
        /* A tensor refers to an array of numbers, a DType and an int: it can never be in a reference cycle, so the
         * cyclic collector need not look at it (a tape of 1,000 steps keeps some 5,000 tensors; collecting them
         * again and again took about a tenth of an op's time) */
        PyObject_GC_UnTrack(t);
    Py_DECREF(id);
    return t;
}

static PyObject *wrap(PyObject *value) {
    PyObject *v, *npdt, *d, *t = NULL;
    if ((PyObject *)Py_TYPE(value) == NDArray) {
        v = value;
        Py_INCREF(v);
    } else if (!(v = PyObject_CallOneArg(asarray, value))) {
        return NULL;
    }
    if (PyArray_Check(v)) {
        npdt = (PyObject *)PyArray_DESCR((PyArrayObject *)v);
        Py_INCREF(npdt);
    } else if (!(npdt = PyObject_GetAttr(v, S_npdtype))) {
        goto done;
    }
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
    t = wrap_as(v, d);
    Py_DECREF(d);
done:
    Py_DECREF(v);
    return t;
}

static PyObject *py_wrap_as(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (!ready_to_wrap()) {
        PyErr_SetString(PyExc_RuntimeError, "tfshim._eager.wrap_as before setup");
        return NULL;
    }
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "wrap_as(value, dtype)");
        return NULL;
    }
    return wrap_as(args[0], args[1]);
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
        PyObject *v = tensor_attr(PySequence_Fast_GET_ITEM(seq, i), S_value);
        if (!v) return -1;
        int truth = PyArray_Check(v) ? PyArray_NDIM((PyArrayObject *)v) != 0 : attr_truth(v, S_ndim);
        Py_DECREF(v);
        if (truth) return truth < 0 ? -1 : 0;
    }
    return 1;
}

/* 1 if every item is an EagerTensor or a ResourceVariable (their slots hold arrays, DTypes, ints, names, shapes
 * and a cached tensor: they can refer to nothing that refers back), else 0 */
static int all_acyclic(PyObject *seq) {
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        PyObject *t = (PyObject *)Py_TYPE(PySequence_Fast_GET_ITEM(seq, i));
        if (t != EagerTensor && (!ResourceVariable || t != ResourceVariable)) return 0;
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
        PyObject *id = tensor_attr(PySequence_Fast_GET_ITEM(ins, i), S_id);
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
    if (entry) {
        PyObject_GC_UnTrack(ids); /* ints: never in a reference cycle (the collector would untrack it later) */
        if (op_class && Py_IS_TYPE(op, (PyTypeObject *)op_class)
            && (Py_IS_TYPE(attrs, &PyDictProxy_Type) || (PyDict_Check(attrs) && !PyDict_GET_SIZE(attrs)))
            && all_acyclic(ins) && all_acyclic(outs)) {
            /* The entry of a declared op without attrs on tensors and variables refers to the op (kept by the op
             * registry for good), those and ints, none of which refers back to anything: it can never be in a
             * garbage cycle, so the collector is spared it (a tape of 1,000 steps keeps some 3,000 entries: the
             * collector's passes over them were a tenth of an op's time). Not so a custom gradient's op (an Op
             * subclass made per call, whose gradient function may hold the tape) or an op on other objects: those
             * stay tracked, so that a cycle through them is still collected. */
            PyObject_GC_UnTrack(entry);
            PyObject_GC_UnTrack(ctx);
            if (PyTuple_CheckExact(inputs)) PyObject_GC_UnTrack(inputs);
            if (PyTuple_CheckExact(outputs)) PyObject_GC_UnTrack(outputs);
        }
    }
    Py_DECREF(ctx);
    Py_DECREF(ids);
    return entry;
}

/* 1 if the tape's dict tracks one of the inputs of a trainable dtype, 0 if not, -1 on error */
static int tracks_one(PyObject *tracked, PyObject *ins) {
    Py_ssize_t n = PySequence_Fast_GET_SIZE(ins);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *t = PySequence_Fast_GET_ITEM(ins, i), *id = tensor_attr(t, S_id), *d;
        if (!id) return -1;
        int in = PySequence_Contains(tracked, id);
        Py_DECREF(id);
        if (in <= 0) {
            if (in < 0) return -1;
            continue;
        }
        if (!(d = tensor_attr(t, S_dtype))) return -1;
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
    /* (the list's length read at every step: a Python twin called below could push or pop a tape) */
    if (!PyList_Check(tapes)) {
        PyErr_SetString(PyExc_SystemError, "the tape stack is not a list");
        goto done;
    }
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(tapes); k++) {
        PyObject *tape = PyList_GET_ITEM(tapes, k);
        Py_INCREF(tape);
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
                PyObject *id = tensor_attr(PySequence_Fast_GET_ITEM(outs, i), S_id);
                if (!id || PyObject_SetItem(tracked, id, entry) < 0) found = -1;
                Py_XDECREF(id);
            }
        }
        Py_DECREF(tracked);
        if (found < 0) break;
    }
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

static PyTypeObject BinaryKernelType;
static int scalar_type(PyObject *a);

/* The attrs of an op called without any: one read-only empty mapping for all of them (a new dict per op, as
 * Python's **attrs makes, is an allocation the collector counts; nothing writes to an op context's attrs) */
static PyObject *no_attrs(void) {
    static PyObject *empty;
    if (!empty) {
        PyObject *d = PyDict_New();
        if (!d) return NULL;
        empty = PyDictProxy_New(d);
        Py_DECREF(d);
        if (!empty) return NULL;
    }
    Py_INCREF(empty);
    return empty;
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

/* The `finally:` of the kernel call: FTZ|DAZ off (if it was set) and NumPy's warnings back (if switched off: a token),
 * keeping an exception raised before it (as Python's finally does) unless one of them raises. */
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
    if (rc == 0 && token) {
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
        if (!(vals[got] = tensor_attr(PyTuple_GET_ITEM(args, got), S_value))) goto done;
    if (n) {
        int f = PyObject_IsTrue(flush);
        if (f < 0) goto done;
        if (f) {
            PyObject *d = tensor_attr(PyTuple_GET_ITEM(args, 0), S_dtype);
            if (!d) goto done;
            f = attr_truth(d, S_fp);
            Py_DECREF(d);
            if (f < 0) goto done;
        }
        flushed = f;
    }
    if (!(kernel = PyObject_GetAttr(self, S_kernel))) goto done;
    /* NumPy's warnings are switched off around the kernel, except for binary_kernel's 0-d case: no NumPy call */
    int numpy_free = 0;
    if (Py_IS_TYPE(kernel, &BinaryKernelType) && n == 2 && !(kwargs && PyDict_GET_SIZE(kwargs))) {
        int t = scalar_type(vals[0]);
        numpy_free = t >= 0 && scalar_type(vals[1]) == t;
    }
    if (!numpy_free && !(token = PyObject_CallNoArgs(quiet))) goto done;
    if (flushed) {
        PyObject *r = PyObject_CallNoArgs(fp_enter);
        if (!r) {
            flushed = 0;
            leave_kernel(0, token);
            goto done;
        }
        Py_DECREF(r);
    }
    out = PyObject_VectorcallDict(kernel, vals, (size_t)n, kwargs && PyDict_GET_SIZE(kwargs) ? kwargs : NULL);
    if (!out && (PyErr_ExceptionMatches(kernel_error) || PyErr_ExceptionMatches(PyExc_MemoryError))) {
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
        PyObject *attrs = kwargs && PyDict_GET_SIZE(kwargs) ? PyDict_Copy(kwargs) : no_attrs(), *outs = outputs;
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

/* Counts keyed by a tensor id or an entry's address (PrepareBackprop's usage and missing counts): an open-addressing
 * table of C integers, as dicts of Python ints cost a lookup, an int and an insertion per step of the walk */
#define CM_EMPTY LLONG_MIN
typedef struct {
    long long *keys;
    long *counts;
    Py_ssize_t cap, len; /* cap: a power of two */
} countmap_t;

static Py_ssize_t cm_find(const countmap_t *m, long long key) { /* key's slot, or the empty slot it would take */
    Py_ssize_t i = (Py_ssize_t)(((unsigned long long)key * 0x9E3779B97F4A7C15ull) >> 20) & (m->cap - 1);
    while (m->keys[i] != key && m->keys[i] != CM_EMPTY) i = (i + 1) & (m->cap - 1);
    return i;
}

static int cm_grow(countmap_t *m) {
    countmap_t bigger = {NULL, NULL, m->cap ? m->cap * 2 : 64, m->len};
    if (!(bigger.keys = PyMem_Malloc(sizeof(long long) * bigger.cap))
        || !(bigger.counts = PyMem_Malloc(sizeof(long) * bigger.cap))) {
        PyMem_Free(bigger.keys);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < bigger.cap; i++) bigger.keys[i] = CM_EMPTY;
    for (Py_ssize_t i = 0; i < m->cap; i++) {
        if (m->keys[i] == CM_EMPTY) continue;
        Py_ssize_t j = cm_find(&bigger, m->keys[i]);
        bigger.keys[j] = m->keys[i];
        bigger.counts[j] = m->counts[i];
    }
    PyMem_Free(m->keys);
    PyMem_Free(m->counts);
    *m = bigger;
    return 0;
}

/* the count of `key` (0 if absent) plus delta, stored; the new count, or -1 on error */
static long cm_add(countmap_t *m, long long key, long delta) {
    if (2 * (m->len + 1) > m->cap && cm_grow(m) < 0) return -1;
    Py_ssize_t i = cm_find(m, key);
    if (m->keys[i] == CM_EMPTY) {
        m->keys[i] = key;
        m->counts[i] = 0;
        m->len++;
    }
    return m->counts[i] += delta;
}

/* 1 if `key` has a count, else 0 */
static int cm_has(const countmap_t *m, long long key) { return m->cap && m->keys[cm_find(m, key)] != CM_EMPTY; }

static void cm_free(countmap_t *m) {
    PyMem_Free(m->keys);
    PyMem_Free(m->counts);
    m->keys = NULL;
    m->counts = NULL;
}

/* a tensor id (a Python int) as a key; -1 with an error if it is not one */
static int id_key(PyObject *id, long long *key) {
    *key = PyLong_AsLongLong(id);
    if (*key == -1 && PyErr_Occurred()) return -1;
    if (*key == CM_EMPTY) {
        PyErr_SetString(PyExc_OverflowError, "tensor id out of range");
        return -1;
    }
    return 0;
}

#define ENTRY_KEY(e) ((long long)(intptr_t)(e))

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
static int prepare(PyObject *tensor_tape, PyObject *targets, PyObject *entries, countmap_t *usage,
                   countmap_t *missing) {
    PyObject *stack = PySequence_List(targets);
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
            long long key;
            long c = id_key(id, &key) < 0 ? -1 : cm_add(usage, key, 1);
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
    for (Py_ssize_t slot = 0; slot < usage->cap; slot++) {
        if (usage->keys[slot] == CM_EMPTY) continue;
        PyObject *i = PyLong_FromLongLong(usage->keys[slot]), *producer;
        if (!i) return -1;
        producer = PyDict_GetItemWithError(tensor_tape, i);
        Py_DECREF(i);
        if (!producer) {
            if (PyErr_Occurred()) return -1;
            continue;
        }
        if (producer != Py_None && cm_add(missing, ENTRY_KEY(producer), 1) < 0) return -1;
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
        PyObject *id = tensor_attr(PySequence_Fast_GET_ITEM(outs, j), S_id), *gl, *g = NULL;
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
static int release_inputs(PyObject *ids, PyObject *tensor_tape, countmap_t *usage, countmap_t *missing,
                          ring_t *ready) {
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(ids); j++) {
        PyObject *id = PyTuple_GET_ITEM(ids, j), *producer;
        long long key;
        if (id_key(id, &key) < 0) return -1;
        if (!cm_has(usage, key) || cm_add(usage, key, -1) > 0) continue;
        if (!(producer = PyDict_GetItemWithError(tensor_tape, id))) {
            if (PyErr_Occurred()) return -1;
            continue;
        }
        if (producer == Py_None || !cm_has(missing, ENTRY_KEY(producer))) continue;
        if (cm_add(missing, ENTRY_KEY(producer), -1) == 0 && ring_appendleft(ready, producer) < 0) return -1;
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
            PyObject *id = tensor_attr(PySequence_Fast_GET_ITEM(outs, j), S_id), *e;
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
    PyObject *tensor_tape, *targets, *source_ids, *grads, *entries = NULL, *k, *e;
    countmap_t usage = {NULL, NULL, 0, 0}, missing = {NULL, NULL, 0, 0};
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
    if (!(entries = PyDict_New())) goto fail;
    if (prepare(tensor_tape, targets, entries, &usage, &missing) < 0) goto fail;
    /* TF's op stack: ready ops are inserted at the front and taken from the back */
    while (PyDict_Next(entries, &pos, &k, &e))
        if (!cm_has(&missing, ENTRY_KEY(e)) && ring_append(&ready, e) < 0) goto fail;
    while (ready.len) {
        PyObject *entry = ring_pop(&ready), *ids;
        if (!(ids = entry_ids(entry))) {
            Py_DECREF(entry);
            goto fail;
        }
        int bad = run_entry(entry, tensor_tape, source_ids, grads) < 0
            || release_inputs(ids, tensor_tape, &usage, &missing, &ready) < 0
            || (consume && forget(entry, tensor_tape, entries) < 0);
        Py_DECREF(ids);
        Py_DECREF(entry);
        if (bad) goto fail;
    }
    ring_clear(&ready);
    cm_free(&usage);
    cm_free(&missing);
    Py_DECREF(entries);
    Py_RETURN_NONE;
fail:
    ring_clear(&ready);
    cm_free(&usage);
    cm_free(&missing);
    Py_XDECREF(entries);
    return NULL;
}

/* ---- binary_kernel: the 0-d case of math_ops.py x86_nan_order's kernel ------------------------------------------ */

/* Add, Sub, Mul and RealDiv on two 0-d float32 or float64 arrays, the operands of a loop over Python scalars, in C;
 * every other call goes to the NumPy kernel it wraps (`fallback`, math_ops.py's x86_nan_order fn, the reference).
 * Same bits as it (tests/kernels/test_compiled_twins.py): the hardware's IEEE result under the MXCSR the dispatcher
 * set (FTZ|DAZ), as NumPy's loop gets; where both operands are NaN, the first one's, quieted (TF's x86 order). */
enum { K_ADD, K_SUB, K_MUL, K_DIV };

typedef struct {
    PyObject_HEAD
    int code;
    PyObject *fallback;
    vectorcallfunc vectorcall;
} BinaryKernel;

/* x <code> y in T (U: T's bits; QUIET: the quiet bit). volatile: the operation is done at run time under the caller's
 * MXCSR, never folded or reordered past it. */
#define SCALAR_OP(NAME, T, U, QUIET)                                                                                \
    static T NAME(int code, volatile T x, volatile T y) {                                                          \
        if (isnan(x) && isnan(y)) {                                                                                 \
            U b;                                                                                                    \
            T q;                                                                                                    \
            memcpy(&b, (const void *)&x, sizeof b);                                                                 \
            b |= QUIET;                                                                                             \
            memcpy(&q, &b, sizeof q);                                                                               \
            return q;                                                                                               \
        }                                                                                                           \
        switch (code) {                                                                                             \
        case K_ADD: return x + y;                                                                                   \
        case K_SUB: return x - y;                                                                                   \
        case K_MUL: return x * y;                                                                                   \
        default: return x / y;                                                                                      \
        }                                                                                                           \
    }

SCALAR_OP(f32_op, float, uint32_t, 0x00400000u)
SCALAR_OP(f64_op, double, uint64_t, 0x0008000000000000ull)

/* a 0-d, aligned, native-order float32 (NPY_FLOAT) or float64 (NPY_DOUBLE) ndarray: its type number, else -1 */
static int scalar_type(PyObject *a) {
    if (!PyArray_CheckExact(a)) return -1;
    PyArrayObject *arr = (PyArrayObject *)a;
    if (PyArray_NDIM(arr) != 0 || !PyArray_ISALIGNED(arr) || !PyArray_ISNOTSWAPPED(arr)) return -1;
    int t = PyArray_TYPE(arr);
    return t == NPY_FLOAT || t == NPY_DOUBLE ? t : -1;
}

static PyObject *binary_kernel_call(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    BinaryKernel *k = (BinaryKernel *)self;
    Py_ssize_t n = PyVectorcall_NARGS(nargsf);
    int t;
    if (n == 2 && !kwnames && (t = scalar_type(args[0])) >= 0 && scalar_type(args[1]) == t) {
        PyObject *out = PyArray_SimpleNew(0, NULL, t);
        if (!out) return NULL;
        void *x = PyArray_DATA((PyArrayObject *)args[0]), *y = PyArray_DATA((PyArrayObject *)args[1]);
        void *r = PyArray_DATA((PyArrayObject *)out);
        if (t == NPY_FLOAT)
            *(float *)r = f32_op(k->code, *(const float *)x, *(const float *)y);
        else
            *(double *)r = f64_op(k->code, *(const double *)x, *(const double *)y);
        return out;
    }
    return PyObject_Vectorcall(k->fallback, args, nargsf, kwnames);
}

static PyObject *binary_kernel_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    static const char *names[] = {"add", "sub", "mul", "div"};
    const char *name;
    PyObject *fallback;
    if (kwargs && PyDict_GET_SIZE(kwargs)) {
        PyErr_SetString(PyExc_TypeError, "binary_kernel(name, fallback)");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "sO:binary_kernel", &name, &fallback)) return NULL;
    for (int code = 0; code < 4; code++) {
        if (strcmp(name, names[code])) continue;
        BinaryKernel *k = (BinaryKernel *)type->tp_alloc(type, 0);
        if (!k) return NULL;
        k->code = code;
        Py_INCREF(fallback);
        k->fallback = fallback;
        k->vectorcall = binary_kernel_call;
        return (PyObject *)k;
    }
    PyErr_Format(PyExc_ValueError, "binary_kernel: no 0-d kernel named %s", name);
    return NULL;
}

static int binary_kernel_traverse(PyObject *self, visitproc visit, void *arg) {
    Py_VISIT(((BinaryKernel *)self)->fallback);
    return 0;
}

static int binary_kernel_clear(PyObject *self) {
    Py_CLEAR(((BinaryKernel *)self)->fallback);
    return 0;
}

/* tp_dealloc of the module's collectable types: untracked, their references dropped (tp_clear), freed */
static void gc_dealloc(PyObject *self) {
    PyObject_GC_UnTrack(self);
    Py_TYPE(self)->tp_clear(self);
    Py_TYPE(self)->tp_free(self);
}

static PyMemberDef binary_kernel_members[] = {
    {"fallback", T_OBJECT_EX, offsetof(BinaryKernel, fallback), READONLY, "the NumPy kernel (the reference)"},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject BinaryKernelType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tfshim._eager.binary_kernel",
    .tp_basicsize = sizeof(BinaryKernel),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "binary_kernel(name, fallback): a kernel computing two 0-d float32/float64 operands in C ('add', "
              "'sub', 'mul', 'div'), every other call going to `fallback`.",
    .tp_new = binary_kernel_new,
    .tp_dealloc = gc_dealloc,
    .tp_traverse = binary_kernel_traverse,
    .tp_clear = binary_kernel_clear,
    .tp_call = PyVectorcall_Call,
    .tp_vectorcall_offset = offsetof(BinaryKernel, vectorcall),
    .tp_members = binary_kernel_members,
};

/* ---- read_variable: variables.py Variable.value under a tape --------------------------------------------------- */

/* v.value() for a ResourceVariable while a tape is active: tape.py variable_accessed (a trainable variable is
 * watched by every tape that watches accessed variables), then the read recorded as a ReadVariableOp; where
 * Variable.value would call the op itself (tf.function tracing, a dtype without its own DType), it is called. */
static PyObject *read_variable(PyObject *var) {
    PyObject *tapes = PyObject_GetAttr(tape_state, S_tapes), *id = NULL, *val = NULL, *d = NULL, *t = NULL;
    int trainable;
    if (!tapes) return NULL;
    if (!PyList_Check(tapes) || !PyList_GET_SIZE(tapes)) {
        Py_DECREF(tapes);
        return PyObject_CallMethodNoArgs(var, S_value_method);
    }
    if ((trainable = attr_truth(var, S_trainable)) < 0 || !(id = PyObject_GetAttr(var, S_id))) goto done;
    for (Py_ssize_t k = 0; trainable && k < PyList_GET_SIZE(tapes); k++) {
        PyObject *tape = PyList_GET_ITEM(tapes, k), *vars = NULL, *tracked = NULL;
        Py_INCREF(tape);
        int watch = attr_truth(tape, S_watch_accessed), rc = 0;
        if (watch > 0) { /* Tape.watch_variable */
            rc = (vars = PyObject_GetAttr(tape, S_variables)) && (tracked = PyObject_GetAttr(tape, S_tensor_tape))
                ? 0 : -1;
            if (rc == 0 && !(rc = PySequence_Contains(vars, id))) rc = PyObject_SetItem(vars, id, var);
            if (rc >= 0 && !(rc = PySequence_Contains(tracked, id))) rc = PyObject_SetItem(tracked, id, Py_None);
        }
        Py_XDECREF(vars);
        Py_XDECREF(tracked);
        Py_DECREF(tape);
        if (watch < 0 || rc < 0) goto done;
    }
    if (!(val = PyObject_GetAttr(var, S_value)) || !(d = PyObject_GetAttr(var, S_dtype))) goto done;
    PyObject *call = PyObject_GetAttr(op_class, S_call);
    int eager = call == eager_call;
    Py_XDECREF(call);
    if (!call) goto done;
    if (eager && PyArray_Check(val)) {
        PyObject *own = PyDict_GetItemWithError(by_np, (PyObject *)PyArray_DESCR((PyArrayObject *)val));
        if (!own && PyErr_Occurred()) goto done;
        eager = own == d;
    } else {
        eager = 0;
    }
    if (!eager) {
        t = PyObject_CallOneArg(read_op, var);
        goto done;
    }
    if ((t = wrap_as(val, d))) {
        PyObject *ins = PyTuple_Pack(1, var), *outs = PyTuple_Pack(1, t), *attrs = no_attrs();
        if (!ins || !outs || !attrs || record(read_op, ins, outs, attrs) < 0) Py_CLEAR(t);
        Py_XDECREF(ins);
        Py_XDECREF(outs);
        Py_XDECREF(attrs);
    }
done:
    Py_XDECREF(val);
    Py_XDECREF(d);
    Py_XDECREF(id);
    Py_DECREF(tapes);
    return t;
}

static PyObject *py_read_variable(PyObject *self, PyObject *var) {
    if (!ready_to_record() || !op_class || !eager_call || !read_op) {
        PyErr_SetString(PyExc_RuntimeError, "tfshim._eager.read_variable before setup");
        return NULL;
    }
    return read_variable(var);
}

/* ---- binary_operator: operators.py _binary_operator's fast path ----------------------------------------------- */

/* `x + y`, `x - y`, `x * y` (and the reflected forms) where operators.py calls the op straight: an EagerTensor and
 * an EagerTensor or ResourceVariable of the same dtype, or an EagerTensor of a float dtype and a Python float, when
 * the op's checks have passed for that dtype before (Op.checked). Everything else, and float16, goes to the Python
 * operator it wraps (`slow`, the reference, which repeats these checks and converts as TF does). */
typedef struct {
    PyObject_HEAD
    PyObject *op, *slow;
    int reflected;
    vectorcallfunc vectorcall;
} BinaryOperator;

/* (d._enum, d._enum) in op.checked: 1, 0, or -1 on error; the pairs of TF's DataType enums below 32 are kept */
static int passed_before(PyObject *op, PyObject *d) {
    static PyObject *pairs[32];
    PyObject *e = PyObject_GetAttr(d, S_enum), *sig, *checked;
    int r = -1;
    if (!e) return -1;
    long v = PyLong_Check(e) ? PyLong_AsLong(e) : -1;
    if (v == -1 && PyErr_Occurred()) PyErr_Clear(); /* (an enum that is not a small int: a pair of its own) */
    if (v >= 0 && v < 32 && pairs[v]) {
        sig = pairs[v];
        Py_INCREF(sig);
    } else {
        sig = PyTuple_Pack(2, e, e);
        if (sig && v >= 0 && v < 32) {
            Py_INCREF(sig);
            pairs[v] = sig;
        }
    }
    Py_DECREF(e);
    if (!sig) return -1;
    if ((checked = PyObject_GetAttr(op, S_checked))) {
        r = PySequence_Contains(checked, sig);
        Py_DECREF(checked);
    }
    Py_DECREF(sig);
    return r;
}

/* constant_op.py _scalar_fast_path(value, d) for a Python float and a float32/float64 DType `d`: a new tensor, or
 * NULL without an error where the Python operator decides (float16, another dtype, a float32 overflow) */
static PyObject *float_constant(PyObject *value, PyObject *d) {
    PyObject *npd = PyObject_GetAttr(d, S_np), *a, *t;
    double v = PyFloat_AS_DOUBLE(value);
    int type = -1;
    if (!npd) return NULL;
    if (PyArray_DescrCheck(npd) && PyArray_ISNBO(((PyArray_Descr *)npd)->byteorder)) {
        int num = ((PyArray_Descr *)npd)->type_num;
        if (num == NPY_DOUBLE || (num == NPY_FLOAT && !(fabs(v) > (double)FLT_MAX))) type = num;
    }
    Py_DECREF(npd);
    if (type < 0 || !(a = PyArray_SimpleNew(0, NULL, type))) return NULL;
    if (type == NPY_FLOAT)
        *(float *)PyArray_DATA((PyArrayObject *)a) = (float)v; /* NumPy's cast: rounded to nearest */
    else
        *(double *)PyArray_DATA((PyArrayObject *)a) = v;
    t = wrap_as(a, d);
    Py_DECREF(a);
    return t;
}

static PyObject *call_op(PyObject *op, PyObject *x, PyObject *y) {
    PyObject *args[2] = {x, y};
    return PyObject_Vectorcall(op, args, 2, NULL);
}

/* the fast path: a result, or NULL (with an error, or without one where `slow` decides) */
static PyObject *operator_fast(BinaryOperator *o, PyObject *tensor, PyObject *other) {
    PyObject *d, *r = NULL;
    PyTypeObject *ty = Py_TYPE(other);
    int ok;
    if ((PyObject *)Py_TYPE(tensor) != EagerTensor) return NULL;
    if (!(d = tensor_attr(tensor, S_dtype))) return NULL;
    if (!o->reflected && ((PyObject *)ty == EagerTensor || (PyObject *)ty == ResourceVariable)) {
        PyObject *od = tensor_attr(other, S_dtype);
        ok = od ? od == d : -1;
        Py_XDECREF(od);
        if (ok > 0) ok = passed_before(o->op, d);
        if (ok > 0) {
            if ((PyObject *)ty == EagerTensor) {
                r = call_op(o->op, tensor, other);
            } else { /* the variable read as TF's fast path reads it: when the op runs */
                int in_c = op_class && eager_call && read_op && ready_to_record();
                PyObject *v = in_c ? read_variable(other) : PyObject_CallMethodNoArgs(other, S_value_method);
                if (v) {
                    r = call_op(o->op, tensor, v);
                    Py_DECREF(v);
                }
            }
        }
    } else if (PyFloat_CheckExact(other)) {
        ok = passed_before(o->op, d);
        PyObject *c = ok > 0 ? float_constant(other, d) : NULL;
        if (c) {
            r = o->reflected ? call_op(o->op, c, tensor) : call_op(o->op, tensor, c);
            Py_DECREF(c);
        }
    }
    Py_DECREF(d);
    return r;
}

static PyObject *binary_operator_call(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    BinaryOperator *o = (BinaryOperator *)self;
    if (PyVectorcall_NARGS(nargsf) == 2 && !kwnames && ready_to_wrap() && ResourceVariable) {
        PyObject *r = operator_fast(o, args[0], args[1]);
        if (r || PyErr_Occurred()) return r;
    }
    return PyObject_Vectorcall(o->slow, args, nargsf, kwnames);
}

static PyObject *binary_operator_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    PyObject *op, *slow;
    int reflected;
    if (kwargs && PyDict_GET_SIZE(kwargs)) {
        PyErr_SetString(PyExc_TypeError, "binary_operator(op, slow, reflected)");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "OOp:binary_operator", &op, &slow, &reflected)) return NULL;
    BinaryOperator *o = (BinaryOperator *)type->tp_alloc(type, 0);
    if (!o) return NULL;
    Py_INCREF(op);
    o->op = op;
    Py_INCREF(slow);
    o->slow = slow;
    o->reflected = reflected;
    o->vectorcall = binary_operator_call;
    return (PyObject *)o;
}

static int binary_operator_traverse(PyObject *self, visitproc visit, void *arg) {
    Py_VISIT(((BinaryOperator *)self)->op);
    Py_VISIT(((BinaryOperator *)self)->slow);
    return 0;
}

static int binary_operator_clear(PyObject *self) {
    Py_CLEAR(((BinaryOperator *)self)->op);
    Py_CLEAR(((BinaryOperator *)self)->slow);
    return 0;
}


/* bound as a method, as the Python function it stands for is (`t.__add__`, and the type slots call it unbound) */
static PyObject *binary_operator_repr(PyObject *self) { return PyObject_Repr(((BinaryOperator *)self)->slow); }

static PyObject *binary_operator_get(PyObject *self, PyObject *obj, PyObject *type) {
    if (!obj || obj == Py_None) { /* (a function's __get__(None, cls) is the function) */
        Py_INCREF(self);
        return self;
    }
    return PyMethod_New(self, obj);
}

/* __name__, __qualname__, __doc__, __module__: the Python operator's */
static PyObject *binary_operator_slow_attr(PyObject *self, void *name) {
    return PyObject_GetAttrString(((BinaryOperator *)self)->slow, (const char *)name);
}

static PyGetSetDef binary_operator_getset[] = {
    {"__name__", binary_operator_slow_attr, NULL, NULL, "__name__"},
    {"__qualname__", binary_operator_slow_attr, NULL, NULL, "__qualname__"},
    {"__doc__", binary_operator_slow_attr, NULL, NULL, "__doc__"},
    {"__module__", binary_operator_slow_attr, NULL, NULL, "__module__"},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMemberDef binary_operator_members[] = {
    {"__wrapped__", T_OBJECT_EX, offsetof(BinaryOperator, slow), READONLY, "the Python operator (the reference)"},
    {"op", T_OBJECT_EX, offsetof(BinaryOperator, op), READONLY, "the op it calls"},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject BinaryOperatorType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tfshim._eager.binary_operator",
    .tp_basicsize = sizeof(BinaryOperator),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL | Py_TPFLAGS_METHOD_DESCRIPTOR,
    .tp_doc = NULL,
    .tp_new = binary_operator_new,
    .tp_dealloc = gc_dealloc,
    .tp_traverse = binary_operator_traverse,
    .tp_clear = binary_operator_clear,
    .tp_call = PyVectorcall_Call,
    .tp_vectorcall_offset = offsetof(BinaryOperator, vectorcall),
    .tp_descr_get = binary_operator_get,
    .tp_repr = binary_operator_repr,
    .tp_getset = binary_operator_getset,
    .tp_members = binary_operator_members,
};

/* ---- setup ----------------------------------------------------------------------------------------------------- */

static PyObject **slot_named(const char *name) {
    static const struct { const char *name; PyObject **slot; } slots[] = {
        {"eager_tensor", &EagerTensor}, {"ndarray", &NDArray}, {"asarray", &asarray}, {"by_np", &by_np},
        {"from_numpy", &from_numpy}, {"next_id", &next_id}, {"tape_state", &tape_state},
        {"tape_globals", &tape_globals}, {"entry", &entry_py}, {"op_context", &OpContext}, {"py_call", &py_call},
        {"kernel_error", &kernel_error}, {"kernel_failed", &kernel_failed}, {"quiet", &quiet},
        {"unquiet", &unquiet}, {"enter", &fp_enter}, {"exit", &fp_exit}, {"flush", &flush},
        {"not_differentiable", &not_differentiable}, {"resource_variable", &ResourceVariable},
        {"op_class", &op_class}, {"eager_call", &eager_call}, {"read_op", &read_op}, {"aggregate", &aggregate},
        {"zeros_like", &zeros_like},
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
    {"read_variable", py_read_variable, METH_O,
     "framework/variables.py Variable.value(): a ResourceVariable's value, read on the active tapes."},
    {"wrap", py_wrap, METH_O, "framework/tensor.py _wrap: a kernel result as an EagerTensor."},
    {"wrap_as", (PyCFunction)(void (*)(void))py_wrap_as, METH_FASTCALL,
     "framework/tensor.py _wrap_as(value, dtype): an ndarray and its DType as an EagerTensor."},
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
    INTERN(S_enum, "_enum"); INTERN(S_np, "_np"); INTERN(S_checked, "checked"); INTERN(S_value_method, "value");
    INTERN(S_watch_accessed, "watch_accessed_variables"); INTERN(S_variables, "variables"); INTERN(S_call, "__call__");
#undef INTERN
    static const struct { const char *name; PyTypeObject *type; } types[] = {
        {"OpBase", &OpBaseType}, {"binary_kernel", &BinaryKernelType}, {"binary_operator", &BinaryOperatorType}};
    if (_import_array() < 0) return NULL; /* (an ImportError: tfshim runs the Python twins) */
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (PyType_Ready(types[i].type) < 0) return NULL;
    if (!(m = PyModule_Create(&moddef))) return NULL;
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        Py_INCREF(types[i].type);
        if (PyModule_AddObject(m, types[i].name, (PyObject *)types[i].type) < 0) {
            Py_DECREF(types[i].type);
            Py_DECREF(m);
            return NULL;
        }
    }
    return m;
}
