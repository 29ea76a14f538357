/* tfshim._kernels: TF's CPU kernels compiled, each the twin of a NumPy emulation in tfshim/kernels/ (or
 * tfshim/ops/linalg_ops.py) that stays the reference and the portable path. Every function here gives the same
 * bits as its twin (tests/kernels/test_compiled_twins.py), with AVX2+FMA where the CPU has them and plain C
 * otherwise (chosen at run time; same bits either way).
 *
 * Build: C99, only the Python C API, arrays through the buffer protocol (C-contiguous, dtype checked by the
 * Python callers in tfshim/kernels/native.py). Compile with -ffp-contract=off: Eigen's pmadd on TF's AVX (no FMA)
 * build is a multiply and an add, two roundings; the FMAs of oneDNN's float32 GEMM are written as intrinsics.
 * Every kernel runs with MXCSR's FTZ|DAZ set, as TF's ScopedFlushDenormal does.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <math.h>
#include <stdint.h>
#include <string.h>

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define TFS_X86 1
#include <immintrin.h>
#define TFS_AVX2 __attribute__((target("avx2,fma")))
#else
#define TFS_X86 0
#endif

#if defined(__GNUC__) || defined(__clang__)
#define INL static inline __attribute__((always_inline))
#else
#define INL static inline
#endif

static int use_avx2 = 0;      /* the CPU has AVX2 and FMA (and the OS saves YMM) */
static int have_avx2 = 0;

/* ----- floating-point environment: FTZ | DAZ as in TF ------------------------------------------------------ */
typedef struct { unsigned int csr; } fpenv_t;

static inline fpenv_t env_enter(void) {
    fpenv_t e = {0};
#if TFS_X86
    e.csr = _mm_getcsr();
    _mm_setcsr(e.csr | 0x8040u);
#endif
    return e;
}

static inline void env_exit(fpenv_t e) {
#if TFS_X86
    _mm_setcsr(e.csr);
#else
    (void)e;
#endif
}

/* ----- bit helpers ---------------------------------------------------------------------------------------- */
static inline uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline uint64_t d2u(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static inline double u2d(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static inline float quiet32(float a) { return u2f(f2u(a) | 0x00400000u); }

/* ----- buffers -------------------------------------------------------------------------------------------- */
typedef struct { Py_buffer b; int ok; } buf_t;

static int get_buf(PyObject *o, buf_t *out, int writable, Py_ssize_t itemsize, const char *what) {
    int flags = PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0);
    out->ok = 0;
    if (PyObject_GetBuffer(o, &out->b, flags) < 0) return -1;
    out->ok = 1;
    if (out->b.itemsize != itemsize) {
        PyErr_Format(PyExc_TypeError, "tfshim._kernels: %s has item size %zd, expected %zd", what,
                     out->b.itemsize, itemsize);
        return -1;
    }
    return 0;
}

static void rel(buf_t *b) { if (b->ok) { PyBuffer_Release(&b->b); b->ok = 0; } }

/* ----- threads --------------------------------------------------------------------------------------------- */
#define MAX_THREADS 8
static int max_threads = 1;  /* the usable CPUs (at most MAX_THREADS), as TF's intra-op pool */

#if defined(_WIN32)
#define TFS_THREADS 0
#else
#define TFS_THREADS 1
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>
#endif

/* =========================================================================================================
 * float32 MatMul in oneDNN's order (tfshim/ops/linalg_ops.py _matmul_np): every output is its k fused
 * multiply-adds in order from 0; a range [k0, k1) is summed from zero and then added to the output (brgemm's
 * 512-deep k blocks). NaN operands: the result NaN is the first NaN of (a, b, acc), quieted (measured on TF);
 * a NaN made inside (inf * 0, inf - inf) is x86's default NaN.
 * ========================================================================================================= */

/* a*b + c rounded once, without an FMA instruction: the float64 sum of the exact product can round onto a float32
 * midpoint, where the sign of its rounding error (TwoSum) decides (the same arithmetic as _fma32). */
static inline float fma32_soft(float a, float b, float c) {
    double p = (double)a * (double)b, cd = (double)c;
    double s = p + cd;
    if ((d2u(s) & 0x1FFFFFFFull) == 0x10000000ull) {
        double e = (p - (s - cd)) + (cd - (s - (s - cd)));
        if (e != 0) s = nextafter(s, e > 0 ? INFINITY : -INFINITY);
    }
    return (float)s;
}

static inline float fma32_nan(float a, float b, float c) {
    if (a != a) return quiet32(a);
    if (b != b) return quiet32(b);
    if (c != c) return quiet32(c);
    return fma32_soft(a, b, c);
}

/* A k block's sum added to the output: a NaN block sum wins (measured on TF: oneDNN adds C to the block's
 * accumulator), quieted. */
static inline float block_add(float o, float acc) { return acc != acc ? quiet32(acc) : o + acc; }

/* x(i, kk) is x[i * xi + kk * xk]: a row-major x (xi = k, xk = 1) or the transpose of a row-major [k, m] array
 * (xi = 1, xk = m: MatMul's transpose_a without a copy). */

/* Scalar: out[i, j] (+)= sum over k in [k0, k1) of x(i, k) * y[k, j], FMAs in order. */
static void mm32_scalar(const float *x, const float *y, float *out, Py_ssize_t m, Py_ssize_t n, Py_ssize_t xi,
                        Py_ssize_t xk, Py_ssize_t k0, Py_ssize_t k1, int add, int nan, Py_ssize_t jlo,
                        Py_ssize_t jhi) {
    for (Py_ssize_t i = 0; i < m; i++) {
        for (Py_ssize_t j = jlo; j < jhi; j++) {
            float acc = 0.0f;
            const float *xr = x + i * xi;
            if (nan)
                for (Py_ssize_t kk = k0; kk < k1; kk++) acc = fma32_nan(xr[kk * xk], y[kk * n + j], acc);
            else
                for (Py_ssize_t kk = k0; kk < k1; kk++) acc = fma32_soft(xr[kk * xk], y[kk * n + j], acc);
            out[i * n + j] = add ? block_add(out[i * n + j], acc) : acc;
        }
    }
}

#if TFS_X86
/* AVX2: a 4 x 16 block of accumulators (8 registers), a packed 16-column panel of y per column block; each
 * output still gets its k FMAs in order (the FMA rounds once, like fma32_soft). At the FMA units' peak on one
 * core (measured: 64x784x128 in 135 us); a 6 x 16 block is no faster. */
#define MM_ROW(c0, c1, r)                                                                                      \
    a = _mm256_broadcast_ss(xp + (r) * xi);                                                                    \
    c0 = _mm256_fmadd_ps(a, b0, c0);                                                                           \
    c1 = _mm256_fmadd_ps(a, b1, c1);
#define MM_STORE(c0, c1, r)                                                                                    \
    {                                                                                                          \
        float tmp[16];                                                                                         \
        _mm256_storeu_ps(tmp, c0);                                                                             \
        _mm256_storeu_ps(tmp + 8, c1);                                                                         \
        float *o = out + (i0 + (r)) * n + j0;                                                                  \
        for (Py_ssize_t j = 0; j < nj; j++) o[j] = add ? block_add(o[j], tmp[j]) : tmp[j];                     \
    }

TFS_AVX2 static void mm32_avx2(const float *x, const float *y, float *out, Py_ssize_t m, Py_ssize_t n,
                               Py_ssize_t xi, Py_ssize_t xk, Py_ssize_t k0, Py_ssize_t k1, int add, float *panel,
                               Py_ssize_t jlo, Py_ssize_t jhi) {
    Py_ssize_t kd = k1 - k0;
    for (Py_ssize_t j0 = jlo; j0 < jhi; j0 += 16) {
        Py_ssize_t nj = jhi - j0 < 16 ? jhi - j0 : 16;
        for (Py_ssize_t kk = 0; kk < kd; kk++) {
            const float *src = y + (k0 + kk) * n + j0;
            float *dst = panel + kk * 16;
            Py_ssize_t j = 0;
            for (; j < nj; j++) dst[j] = src[j];
            for (; j < 16; j++) dst[j] = 0.0f;
        }
        Py_ssize_t i0 = 0;
        for (; i0 + 4 <= m; i0 += 4) {
            __m256 c00 = _mm256_setzero_ps(), c01 = _mm256_setzero_ps(), c10 = _mm256_setzero_ps(),
                   c11 = _mm256_setzero_ps(), c20 = _mm256_setzero_ps(), c21 = _mm256_setzero_ps(),
                   c30 = _mm256_setzero_ps(), c31 = _mm256_setzero_ps();
            const float *xp = x + i0 * xi + k0 * xk, *pp = panel;
            for (Py_ssize_t kk = 0; kk < kd; kk++, pp += 16, xp += xk) {
                __m256 b0 = _mm256_loadu_ps(pp), b1 = _mm256_loadu_ps(pp + 8), a;
                MM_ROW(c00, c01, 0) MM_ROW(c10, c11, 1) MM_ROW(c20, c21, 2) MM_ROW(c30, c31, 3)
            }
            MM_STORE(c00, c01, 0) MM_STORE(c10, c11, 1) MM_STORE(c20, c21, 2) MM_STORE(c30, c31, 3)
        }
        for (; i0 < m; i0++) {
            __m256 c00 = _mm256_setzero_ps(), c01 = _mm256_setzero_ps();
            const float *xp = x + i0 * xi + k0 * xk, *pp = panel;
            for (Py_ssize_t kk = 0; kk < kd; kk++, pp += 16, xp += xk) {
                __m256 b0 = _mm256_loadu_ps(pp), b1 = _mm256_loadu_ps(pp + 8), a;
                MM_ROW(c00, c01, 0)
            }
            MM_STORE(c00, c01, 0)
        }
    }
}
#undef MM_ROW
#undef MM_STORE
#endif

/* The k blocks (linalg_ops._k_blocks): mode 0, fixed blocks of kb; mode 1, blocks of kb while at least 2 kb
 * remain, then the rest in two halves (oneDNN gemm_driver's k loop); mode 2, two halves when kb < k < 2 kb, else
 * fixed blocks of kb. Returns the end of the block that starts at s. */
static Py_ssize_t block_end(Py_ssize_t k, Py_ssize_t s, Py_ssize_t kb, int mode) {
    Py_ssize_t size = k - s;
    if (mode == 1) {
        if (size >= 2 * kb) size = kb;
        else if (size > kb) size = (size + 1) / 2;
    } else if (mode == 2 && k > kb && k < 2 * kb) {
        size = s == 0 ? (k + 1) / 2 : size;
    } else if (size > kb) {
        size = kb;
    }
    return s + size;
}

/* matmul_f32(x, y, out, m, k, n, batch, kb, mode[, xt]): x [batch, m, k] (xt: x holds the [k, m] transpose, one
 * batch), y [batch, k, n], out [batch, m, n], all float32 C-contiguous. Each k block (block_end) is summed from
 * zero and added to the output in order. */
/* One thread's share: output columns [jlo, jhi) of every batch, all k blocks in order (each output is computed by
 * one thread, so the bits do not depend on the thread count). */
typedef struct {
    const float *x, *y;
    float *o;
    Py_ssize_t m, k, n, nb, kb, jlo, jhi, xi, xk;
    int mode, nan;
    float *panel;
} mm_job;

static void *mm_run(void *arg) {
    mm_job *t = arg;
    fpenv_t env = env_enter();
    for (Py_ssize_t b = 0; b < t->nb; b++) {
        const float *xb = t->x + b * t->m * t->k, *yb = t->y + b * t->k * t->n;
        float *ob = t->o + b * t->m * t->n;
        for (Py_ssize_t s = 0, e; s < t->k; s = e) {
            e = block_end(t->k, s, t->kb, t->mode);
#if TFS_X86
            if (t->panel) {
                mm32_avx2(xb, yb, ob, t->m, t->n, t->xi, t->xk, s, e, s > 0, t->panel, t->jlo, t->jhi);
                continue;
            }
#endif
            mm32_scalar(xb, yb, ob, t->m, t->n, t->xi, t->xk, s, e, s > 0, t->nan, t->jlo, t->jhi);
        }
    }
    env_exit(env);
    return NULL;
}

/* Runs fn on jobs[0..nt) (each `size` bytes), the caller's thread and nt - 1 helper threads each claiming the next
 * unclaimed job until none is left; without threads, one after another. Every job writes its own outputs, so who
 * runs which gives the same bits. Claiming, not a fixed job per thread: a helper the OS does not schedule at once
 * (the other core busy, e.g. with OpenBLAS's worker spinning for a while after a NumPy matmul) leaves its job to the
 * caller instead of stalling it for a time slice, milliseconds (measured: a 216,320-element Sub in the CNN benchmark
 * took 2-4 ms instead of 0.15). The helpers are detached; the shared block is freed by whoever leaves it last. */
#if TFS_THREADS
typedef struct {
    void *(*fn)(void *);
    char *jobs;
    size_t size;
    int nt, next, done, refs;  /* next, done and refs are updated atomically */
} pool_t;

/* Claims and runs jobs until none is left; `first_only`: at most one. */
static void pool_work(pool_t *p, int first_only) {
    for (;;) {
        int i = __atomic_fetch_add(&p->next, 1, __ATOMIC_ACQ_REL);
        if (i >= p->nt) return;
        p->fn(p->jobs + (size_t)i * p->size);
        __atomic_add_fetch(&p->done, 1, __ATOMIC_RELEASE);
        if (first_only) return;
    }
}

static void pool_release(pool_t *p) {
    if (__atomic_sub_fetch(&p->refs, 1, __ATOMIC_ACQ_REL) == 0) free(p);
}

static void *pool_helper(void *arg) {
    pool_work(arg, 0);
    pool_release(arg);
    return NULL;
}
#endif

static void run_threads(void *(*fn)(void *), void *jobs, size_t size, int nt) {
    char *j = jobs;
#if TFS_THREADS
    pool_t *p = nt > 1 ? malloc(sizeof(pool_t)) : NULL;
    if (p) {
        *p = (pool_t){fn, j, size, nt, 0, 0, 1};
        pthread_attr_t attr;
        if (pthread_attr_init(&attr) == 0) {  /* (no helpers without it: the caller then runs every job) */
            if (pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED) == 0)
                for (int t = 1; t < nt; t++) {
                    pthread_t th;
                    __atomic_add_fetch(&p->refs, 1, __ATOMIC_ACQ_REL);
                    if (pthread_create(&th, &attr, pool_helper, p) != 0) __atomic_sub_fetch(&p->refs, 1, __ATOMIC_ACQ_REL);
                }
            pthread_attr_destroy(&attr);
        }
        /* one job, then the CPU to a helper queued behind this thread on its core (the scheduler often starts a
         * new thread there), before taking the helpers' jobs that are still unclaimed */
        pool_work(p, 1);
        if (__atomic_load_n(&p->next, __ATOMIC_ACQUIRE) < nt) sched_yield();
        pool_work(p, 0);
        while (__atomic_load_n(&p->done, __ATOMIC_ACQUIRE) < nt) sched_yield();  /* a helper's claimed job */
        pool_release(p);
        return;
    }
#endif
    for (int t = 0; t < nt; t++) fn(j + t * size);
}

static int has_nan_buf(const void *p, Py_ssize_t len, Py_ssize_t itemsize); /* the vectorised scan, below */

static PyObject *py_matmul_f32(PyObject *self, PyObject *args) {
    PyObject *ox, *oy, *oo;
    Py_ssize_t m, k, n, nb, kb;
    int mode, xt = 0;
    if (!PyArg_ParseTuple(args, "OOOnnnnni|i", &ox, &oy, &oo, &m, &k, &n, &nb, &kb, &mode, &xt)) return NULL;
    buf_t bx, by, bo;
    bx.ok = by.ok = bo.ok = 0;
    PyObject *res = NULL;
    if (get_buf(ox, &bx, 0, 4, "x") < 0 || get_buf(oy, &by, 0, 4, "y") < 0 || get_buf(oo, &bo, 1, 4, "out") < 0)
        goto done;
    if (bx.b.len < nb * m * k * 4 || by.b.len < nb * k * n * 4 || bo.b.len < nb * m * n * 4 || kb <= 0 ||
        (xt && nb != 1)) {
        PyErr_SetString(PyExc_ValueError, "tfshim._kernels.matmul_f32: buffer sizes do not match the shape");
        goto done;
    }
    {
        const float *x = bx.b.buf, *y = by.b.buf;
        float *o = bo.b.buf;
        int nan = has_nan_buf(x, nb * m * k * 4, 4) || has_nan_buf(y, nb * k * n * 4, 4);
        /* threads over 16-column panels, from 2^24 multiply-adds (below, starting threads costs more than it saves) */
        int nt = 1;
        Py_ssize_t panels = (n + 15) / 16;
        if ((double)nb * m * n * k >= (double)(1 << 24) && panels >= 2) nt = max_threads < panels ? max_threads : (int)panels;
        mm_job jobs[MAX_THREADS];
        int ok = 1;
        for (int t = 0; t < nt; t++) {
            jobs[t] = (mm_job){x, y, o, m, k, n, nb, kb, panels * t / nt * 16, panels * (t + 1) / nt * 16,
                               xt ? 1 : k, xt ? m : 1, mode, nan, NULL};
            if (jobs[t].jhi > n) jobs[t].jhi = n;
#if TFS_X86
            if (use_avx2 && !nan && k > 0) {
                jobs[t].panel = PyMem_RawMalloc((size_t)(kb < k ? kb : k) * 16 * sizeof(float));
                if (!jobs[t].panel) ok = 0;
            }
#endif
        }
        if (!ok) {
            for (int t = 0; t < nt; t++) PyMem_RawFree(jobs[t].panel);
            PyErr_NoMemory();
            goto done;
        }
        Py_BEGIN_ALLOW_THREADS
        if (k == 0) memset(o, 0, (size_t)(nb * m * n) * sizeof(float));
        run_threads(mm_run, jobs, sizeof(mm_job), nt);
        Py_END_ALLOW_THREADS
        for (int t = 0; t < nt; t++) PyMem_RawFree(jobs[t].panel);
    }
    res = Py_NewRef(Py_None);
done:
    rel(&bx); rel(&by); rel(&bo);
    return res;
}

/* =========================================================================================================
 * Eigen's float32 packet functions (tfshim/kernels/eigen_math.py, eigen_pow.py), AVX without FMA: each is a
 * plain C function of one lane, written with the same operations in the same order as its NumPy twin, and the
 * loops over them are compiled twice (baseline and AVX2); the compiler vectorises them without changing an
 * operation (-ffp-contract=off, no fast-math), so both give the same bits. pow, exp, sigmoid and log have AVX2
 * twins written with intrinsics instead (below), which must give the same bits as these.
 * ========================================================================================================= */

INL float pmin32(float a, float b) { return b < a ? b : a; }   /* _mm256_min_ps(b, a) */
INL float pmax32(float a, float b) { return b > a ? b : a; }

/* pldexp for float32: the float64 product with 2^clip(e, -278, 278) rounded once; NaN e scales by 1. */
INL float pldexp32(float a, float e) {
    double s = 1.0;
    if (e == e) {
        float c = e < -278.0f ? -278.0f : (e > 278.0f ? 278.0f : e);
        s = u2d((uint64_t)(int64_t)((int32_t)c + 1023) << 52);
    }
    return (float)((double)a * s);
}

INL float pexp32(float x0) {
    float x = pmin32(x0, 88.723f);
    float m = floorf(x * 1.44269504088896341f + 0.5f);
    float r = m * -0.693359375f + x;
    r = m * 2.12194440e-4f + r;
    float r2 = r * r;
    float pe = r2 * 1.37449637986719608306884765625e-3f + 4.166965186595916748046875e-2f;
    float po = r2 * 8.36894474923610687255859375e-3f + 0.16666518151760101318359375f;
    pe = r2 * pe + 0.49999988079071044921875f;
    float pl = r + 1.0f;
    float y = r * po + pe;
    y = r2 * y + pl;
    float res = pmax32(pldexp32(y, m), x0);
    return x0 < -104.0f ? 0.0f : res;
}

INL float ptanh32(float a) {
    const float c = 7.90738964080810547f;
    float x = pmax32(pmin32(a, c), -c);
    float x2 = x * x;
    float x3 = x2 * x;
    float p = ((1.394553628e-8f * x2 + 2.102733560e-5f) * x2 + 3.520756727e-3f) * x2 + 1.340216100e-1f;
    float q = (((8.015776984e-7f * x2 + 3.326951409e-4f) * x2 + 2.597254514e-2f) * x2 + 4.673548340e-1f) * x2 + 1.0f;
    p = x3 * p + x;
    return p / q;
}

/* pldexp_fast: the biased exponent e + 127 clamped to [0, 255] (NaN: 0), one multiply. */
INL float pldexp_fast32(float a, float e) {
    float be = e + 127.0f;
    be = be != be ? 0.0f : (be < 0.0f ? 0.0f : (be > 255.0f ? 255.0f : be));
    return a * u2f((uint32_t)(int32_t)be << 23);
}

/* scalar_logistic_op<float>::packetOp (eigen_math._plogistic_f32) */
INL float plogistic32(float x0) {
    float x = pmin32(x0, 16.6355324f);
    x = x * 0.5f;
    float m = floorf(x * 1.44269504088896341f + 0.5f);
    float r = m * -0.693359375f + x;
    r = m * 2.12194440e-4f + r;
    float r2 = r * r;
    float pe = r2 * 4.1898667812347412109375e-2f + 0.49999141693115234375f;
    float po = r2 * 8.33471305668354034423828125e-3f + 0.16666877269744873046875f;
    float pl = r + 1.0f;
    float p = r * po + pe;
    p = r2 * p + pl;
    float e = pldexp_fast32(p, m);
    e = e * e;
    float res = e / (1.0f + e);
    return x0 < -104.0f ? 0.0f : res;
}

/* plog_impl_float (eigen_math._plog_f32); the mantissa/exponent only matter for positive normal x0 (the other
 * lanes are replaced by the special values at the end). */
INL float plog32(float x0) {
    uint32_t u = f2u(x0);
    float x = u2f((u & 0x807FFFFFu) | 0x3F000000u);
    float e = (float)((int32_t)((u >> 23) & 0xFFu) - 126);
    int mask = x < 0.707106781186547524f;
    float tmp = mask ? x : 0.0f;
    x = x - 1.0f;
    e = e - (mask ? 1.0f : 0.0f);
    x = x + tmp;
    float p = (0.18256296349849254f * x + 1.0000000190281063f) * x + 1.0000000190281136f;
    p = x * p;
    float q = ((0.049616247954120038f * x + 0.59923249590823520f) * x + 1.4999999999999927f) * x + 1.0f;
    x = p / q;
    x = e * 0.693147180559945309417232121458176568f + x;
    x = x0 == INFINITY ? INFINITY : x;
    x = !(x0 >= 0.0f) ? u2f(0xFFFFFFFFu) : x;
    return x0 == 0.0f ? -INFINITY : x;
}

/* Relu's float packets (nn_ops._relu_kernel): max_ps(x, 0) keeping NaN; DAZ reads subnormals as zero; -0 -> +0. */
INL float relu32(float x) { return (x < 0.0f || fabsf(x) < 1.17549435e-38f) ? 0.0f : x; }

/* --- pow (eigen_pow.py): generic_pow over double-word arithmetic without FMA ----------------------------- */
INL void split32(float a, float *h, float *l) {
    float g = a * 4097.0f;
    float hh = (a - g) + g;
    *h = hh;
    *l = a - hh;
}

INL void two_prod32(float a, float b, float *p, float *e) {
    float ah, al, bh, bl;
    *p = a * b;
    split32(a, &ah, &al);
    split32(b, &bh, &bl);
    *e = ((ah * bh - *p) + ah * bl + al * bh) + al * bl;
}

INL void fast_twosum32(float x, float y, float *hi, float *lo) {
    float s = x + y;
    float t = s - x;
    *hi = s;
    *lo = y - t;
}

INL void fast_twosum_dd32(float xh, float xl, float yh, float yl, float *hi, float *lo) {
    float rh, rl;
    fast_twosum32(xh, yh, &rh, &rl);
    float s = (yl + rl) + xl;
    fast_twosum32(rh, s, hi, lo);
}

INL void twoprod_df32(float xh, float xl, float y, float *hi, float *lo) {
    float ch, cl1, th, tl1;
    two_prod32(xh, y, &ch, &cl1);
    float cl2 = xl * y;
    fast_twosum32(ch, cl2, &th, &tl1);
    float tl2 = tl1 + cl1;
    fast_twosum32(th, tl2, hi, lo);
}

INL float pround32(float a) {
    return truncf(a + u2f(0x3EFFFFFFu | (f2u(a) & 0x80000000u)));
}

INL float flush32(float v) { return fabsf(v) < 1.17549435e-38f ? v * 0.0f : v; }

INL void accurate_log2_32(float z, float *hi, float *lo) {
    /* _C0_HI/_C0_LO, _C1_HI/_C1_LO: the float32 head and tail of the float64 constants */
    const double k0 = 1.442695041742110273474963832995854318141937255859375e00;
    const double k1 = -7.2134751588268664068692714863573201000690460205078125e-01;
    const float c0h = (float)k0, c0l = (float)(k0 - (double)(float)k0);
    const float c1h = (float)k1, c1l = (float)(k1 - (double)(float)k1);
    float x = z - 1.0f;
    float p = 9.7010828554630279541015625e-02f;  /* _LOG2F_C, Horner */
    p = p * x + -1.6896486282348632812500000e-01f;
    p = p * x + 1.7200836539268493652343750e-01f;
    p = p * x + -1.7892272770404815673828125e-01f;
    p = p * x + 2.0505344867706298828125000e-01f;
    p = p * x + -2.4046677350997924804687500e-01f;
    p = p * x + 2.8857553005218505859375000e-01f;
    p = p * x + -3.6067414283752441406250000e-01f;
    p = p * x + 4.8089790344238281250000000e-01f;
    float ph, pl;
    two_prod32(x, p, &ph, &pl);
    fast_twosum_dd32(c1h, c1l, ph, pl, &ph, &pl);
    twoprod_df32(ph, pl, x, &ph, &pl);
    fast_twosum_dd32(c0h, c0l, ph, pl, &ph, &pl);
    twoprod_df32(ph, pl, x, hi, lo);
}

INL float generic_exp2_32(float x) {
    x = pmax32(pmin32(x, 129.0f), -151.0f);
    float ph, pl;
    two_prod32(0.693147180559945309417232121458176568f, x, &ph, &pl);
    return pexp32(ph) * (1.0f + pl);
}

INL float generic_pow_impl32(float x, float y) {
    /* pfrexp of an already flushed x: zero / inf / NaN give (x, 0) */
    float mx = x, ex = 0.0f;
    uint32_t u = f2u(x);
    int special = (x == 0.0f) | ((u & 0x7F800000u) == 0x7F800000u);
    if (!special) {
        mx = u2f((u & 0x807FFFFFu) | 0x3F000000u);
        ex = (float)((int)((u >> 23) & 0xFF) - 126);
    }
    int scale = mx < 0.70710678118654752440f;
    mx = scale ? 2.0f * mx : mx;
    ex = scale ? ex - 1.0f : ex;
    float rh, rl, f1h, f1l, f2h, f2l, fh, fl;
    accurate_log2_32(mx, &rh, &rl);
    two_prod32(ex, y, &f1h, &f1l);
    twoprod_df32(rh, rl, y, &f2h, &f2l);
    fast_twosum_dd32(f1h, f1l, f2h, f2l, &fh, &fl);
    float nz = pround32(fh);
    float rz = (fh - nz) + fl;
    float nr = pround32(rz);
    rz = rz - nr;
    nz = nz + nr;
    return pldexp32(generic_exp2_32(rz), nz);
}

INL float neg32(float v) { return u2f(f2u(v) ^ 0x80000000u); }

INL float generic_pow32(float x0, float y0) {
    const float huge = (128.0f * 0.693147180559945309417232121458176568f) / 1.1920928955078125e-07f;
    const float nan = u2f(0x7FC00000u), inf = INFINITY;
    float x = flush32(x0), y = flush32(y0);
    float xa = fabsf(x);
    float pw = generic_pow_impl32(xa, y);
    int x_neg = x < 0.0f, x_zero = x == 0.0f, x_one = x == 1.0f;
    int x_sign = (f2u(x0) & 0x80000000u) != 0;
    int xa_gt1 = 1.0f < xa, xa_inf = xa == inf;
    float ya = fabsf(y);
    int y_neg = y < 0.0f;
    int y_int = (floorf(y) == y) & !(ya == inf);
    float yh = y * 0.5f;
    int y_odd = y_int & !(pround32(yh) == yh);
    int y_huge = huge <= ya;
    pw = (x_neg & !y_int) ? nan : pw;
    pw = x_zero ? (y_neg ? inf : 0.0f) : pw;
    pw = (x_sign & y_odd) ? neg32(pw) : pw;
    float inf_y = ((y_neg & x_zero) | (y_neg ^ xa_gt1)) ? inf : 0.0f;
    inf_y = x == -1.0f ? 1.0f : inf_y;
    pw = y_huge ? inf_y : pw;
    float xpi = y_neg ? 0.0f : inf;
    float xni = y_odd ? neg32(xpi) : xpi;
    pw = xa_inf ? (x_neg ? xni : xpi) : pw;
    pw = ((x != x) | (y != y)) ? nan : pw;
    int y_zero = y == 0.0f, y_one = y == 1.0f;
    pw = (x_one | y_zero) ? 1.0f : pw;
    return y_one ? x0 : pw;
}

#if TFS_X86
/* generic_pow32 on 8 VK lanes at a time: the same operations in the same order as generic_pow32, without FMA. One
 * lane is a chain of ~120 dependent operations, so each operation runs on VK independent vectors side by side (gcc's
 * vectorisation of generic_pow32, one vector at a time, ran at 12 ns per element, latency-bound); float additions
 * are then the bottleneck, and a few steps take other instructions for the same values: the comparisons that are
 * exact on the bits are made there, pfrexp's exponent is adjusted as an integer, ex's Veltkamp split is known, and
 * pldexp scales by float products (see vpldexp32). */
#define VK 5  /* measured best of 2..8 (more spills the 16 YMM registers) */
typedef struct { __m256 v[VK]; } vf32;
typedef struct { __m256i v[VK]; } vi32;

#define VINL TFS_AVX2 INL
#define VOP(T, name, args, expr)                                                                               \
    VINL T name args {                                                                                         \
        T r;                                                                                                   \
        for (int k = 0; k < VK; k++) r.v[k] = expr;                                                            \
        return r;                                                                                              \
    }
VOP(vf32, vadd, (vf32 a, vf32 b), _mm256_add_ps(a.v[k], b.v[k]))
VOP(vf32, vsub, (vf32 a, vf32 b), _mm256_sub_ps(a.v[k], b.v[k]))
VOP(vf32, vmul, (vf32 a, vf32 b), _mm256_mul_ps(a.v[k], b.v[k]))
VOP(vf32, vdiv, (vf32 a, vf32 b), _mm256_div_ps(a.v[k], b.v[k]))
VOP(vf32, vmin, (vf32 a, vf32 b), _mm256_min_ps(a.v[k], b.v[k]))
VOP(vf32, vmax, (vf32 a, vf32 b), _mm256_max_ps(a.v[k], b.v[k]))
VOP(vf32, vand, (vf32 a, vf32 b), _mm256_and_ps(a.v[k], b.v[k]))
VOP(vf32, vandn, (vf32 a, vf32 b), _mm256_andnot_ps(a.v[k], b.v[k]))  /* ~a & b */
VOP(vf32, vor, (vf32 a, vf32 b), _mm256_or_ps(a.v[k], b.v[k]))
VOP(vf32, vxor, (vf32 a, vf32 b), _mm256_xor_ps(a.v[k], b.v[k]))
VOP(vf32, vsel, (vf32 m, vf32 a, vf32 b), _mm256_blendv_ps(b.v[k], a.v[k], m.v[k]))  /* m ? a : b */
VOP(vf32, vlt, (vf32 a, vf32 b), _mm256_cmp_ps(a.v[k], b.v[k], _CMP_LT_OQ))
VOP(vf32, vle, (vf32 a, vf32 b), _mm256_cmp_ps(a.v[k], b.v[k], _CMP_LE_OQ))
VOP(vf32, veq, (vf32 a, vf32 b), _mm256_cmp_ps(a.v[k], b.v[k], _CMP_EQ_OQ))
VOP(vf32, vnge, (vf32 a, vf32 b), _mm256_cmp_ps(a.v[k], b.v[k], _CMP_NGE_UQ))  /* !(a >= b) */
VOP(vf32, vord, (vf32 a), _mm256_cmp_ps(a.v[k], a.v[k], _CMP_ORD_Q))
VOP(vf32, vfloor, (vf32 a), _mm256_floor_ps(a.v[k]))
VOP(vf32, vtrunc, (vf32 a), _mm256_round_ps(a.v[k], _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC))
VOP(vf32, vc, (float c), _mm256_set1_ps(c))
VOP(vf32, vload, (const float *p), _mm256_loadu_ps(p + 8 * k))
VOP(vi32, vbits, (vf32 a), _mm256_castps_si256(a.v[k]))
VOP(vf32, vfloat, (vi32 a), _mm256_castsi256_ps(a.v[k]))
VOP(vi32, vic, (uint32_t c), _mm256_set1_epi32((int)c))
VOP(vi32, viadd, (vi32 a, vi32 b), _mm256_add_epi32(a.v[k], b.v[k]))
VOP(vi32, visub, (vi32 a, vi32 b), _mm256_sub_epi32(a.v[k], b.v[k]))
VOP(vi32, viand, (vi32 a, vi32 b), _mm256_and_si256(a.v[k], b.v[k]))
VOP(vi32, viandn, (vi32 a, vi32 b), _mm256_andnot_si256(a.v[k], b.v[k]))
VOP(vi32, vior, (vi32 a, vi32 b), _mm256_or_si256(a.v[k], b.v[k]))
VOP(vi32, vieq, (vi32 a, vi32 b), _mm256_cmpeq_epi32(a.v[k], b.v[k]))
VOP(vi32, vigt, (vi32 a, vi32 b), _mm256_cmpgt_epi32(a.v[k], b.v[k]))  /* signed */
VOP(vi32, vshl23, (vi32 a), _mm256_slli_epi32(a.v[k], 23))
VOP(vi32, vshr23, (vi32 a), _mm256_srli_epi32(a.v[k], 23))
VOP(vi32, vsra1, (vi32 a), _mm256_srai_epi32(a.v[k], 1))
VOP(vi32, vcvtt, (vf32 a), _mm256_cvttps_epi32(a.v[k]))
VOP(vf32, vcvt, (vi32 a), _mm256_cvtepi32_ps(a.v[k]))
#undef VOP

VINL void vstore(float *p, vf32 a) { for (int k = 0; k < VK; k++) _mm256_storeu_ps(p + 8 * k, a.v[k]); }
VINL vf32 vcu(uint32_t u) { return vfloat(vic(u)); }
VINL vf32 vmask(vi32 m) { return vfloat(m); }
VINL vi32 vabsbits(vf32 a) { return viand(vbits(a), vic(0x7FFFFFFFu)); }

VINL void vsplit32(vf32 a, vf32 *h, vf32 *l) {
    vf32 g = vmul(a, vc(4097.0f));
    vf32 hh = vadd(vsub(a, g), g);
    *h = hh;
    *l = vsub(a, hh);
}

VINL void vtwo_prod_split32(vf32 a, vf32 ah, vf32 al, vf32 b, vf32 *p, vf32 *e) {
    vf32 bh, bl;
    *p = vmul(a, b);
    vsplit32(b, &bh, &bl);
    *e = vadd(vadd(vadd(vsub(vmul(ah, bh), *p), vmul(ah, bl)), vmul(al, bh)), vmul(al, bl));
}

VINL void vtwo_prod32(vf32 a, vf32 b, vf32 *p, vf32 *e) {
    vf32 ah, al;
    vsplit32(a, &ah, &al);
    vtwo_prod_split32(a, ah, al, b, p, e);
}

VINL void vfast_twosum32(vf32 x, vf32 y, vf32 *hi, vf32 *lo) {
    vf32 s = vadd(x, y);
    vf32 t = vsub(s, x);
    *hi = s;
    *lo = vsub(y, t);
}

VINL void vfast_twosum_dd32(vf32 xh, vf32 xl, vf32 yh, vf32 yl, vf32 *hi, vf32 *lo) {
    vf32 rh, rl;
    vfast_twosum32(xh, yh, &rh, &rl);
    vf32 s = vadd(vadd(yl, rl), xl);
    vfast_twosum32(rh, s, hi, lo);
}

VINL void vtwoprod_df32(vf32 xh, vf32 xl, vf32 y, vf32 *hi, vf32 *lo) {
    vf32 ch, cl1, th, tl1;
    vtwo_prod32(xh, y, &ch, &cl1);
    vf32 cl2 = vmul(xl, y);
    vfast_twosum32(ch, cl2, &th, &tl1);
    vf32 tl2 = vadd(tl1, cl1);
    vfast_twosum32(th, tl2, hi, lo);
}

VINL vf32 vpround32(vf32 a) { return vtrunc(vadd(a, vor(vcu(0x3EFFFFFFu), vand(a, vcu(0x80000000u))))); }

VINL vf32 vflush32(vf32 v) { return vsel(vmask(vigt(vabsbits(v), vic(0x007FFFFFu))), v, vmul(v, vc(0.0f))); }

/* pldexp32 rounds a * 2^c, c = clip(e, -278, 278) (0 for a NaN e), once from its exact float64 value. Here it is
 * ((a * 2^c1) * 2^c1) * 2^(c - 2 c1), c1 = trunc(c / 3): the three exponents have c's sign and are at most 94 in
 * size, so each partial product is exact, or already flushes to zero or overflows as the whole product does; the
 * last one rounds the same exact value (float64 conversions would take the adders this loop is short of). */
VINL vf32 vpldexp32(vf32 a, vf32 e) {
    vf32 c = vand(vmax(vmin(e, vc(278.0f)), vc(-278.0f)), vord(e));
    vi32 c1 = vcvtt(vmul(c, vc(1.0f / 3.0f)));
    vi32 c3 = visub(vcvtt(c), viadd(c1, c1));
    vf32 s1 = vfloat(vshl23(viadd(c1, vic(127))));
    return vmul(vmul(vmul(a, s1), s1), vfloat(vshl23(viadd(c3, vic(127)))));
}

/* pmin32(a, b) is _mm256_min_ps(b, a) and pmax32(a, b) _mm256_max_ps(b, a) (their NaN lanes) */
/* pexp32's range reduction and polynomial on a clamped x: y = e^r for r = x - m ln2, m = floor(x / ln2 + 1/2)
 * (vpexp32 and vexp32 then scale y by 2^m each their own way). */
VINL vf32 vexp_poly32(vf32 x, vf32 *m_out) {
    vf32 m = vfloor(vadd(vmul(x, vc(1.44269504088896341f)), vc(0.5f)));
    vf32 r = vadd(vmul(m, vc(-0.693359375f)), x);
    r = vadd(vmul(m, vc(2.12194440e-4f)), r);
    vf32 r2 = vmul(r, r);
    vf32 pe = vadd(vmul(r2, vc(1.37449637986719608306884765625e-3f)), vc(4.166965186595916748046875e-2f));
    vf32 po = vadd(vmul(r2, vc(8.36894474923610687255859375e-3f)), vc(0.16666518151760101318359375f));
    pe = vadd(vmul(r2, pe), vc(0.49999988079071044921875f));
    vf32 pl = vadd(r, vc(1.0f));
    vf32 y = vadd(vmul(r, po), pe);
    y = vadd(vmul(r2, y), pl);
    *m_out = m;
    return y;
}

VINL vf32 vpexp32(vf32 x0) {
    vf32 m, y = vexp_poly32(vmin(vc(88.723f), x0), &m);
    vf32 res = vmax(x0, vpldexp32(y, m));
    return vandn(vlt(x0, vc(-104.0f)), res);
}

VINL void vaccurate_log2_32(vf32 z, vf32 *hi, vf32 *lo) {
    const double k0 = 1.442695041742110273474963832995854318141937255859375e00;
    const double k1 = -7.2134751588268664068692714863573201000690460205078125e-01;
    const float c0h = (float)k0, c0l = (float)(k0 - (double)(float)k0);
    const float c1h = (float)k1, c1l = (float)(k1 - (double)(float)k1);
    vf32 x = vsub(z, vc(1.0f));
    vf32 p = vc(9.7010828554630279541015625e-02f);
    p = vadd(vmul(p, x), vc(-1.6896486282348632812500000e-01f));
    p = vadd(vmul(p, x), vc(1.7200836539268493652343750e-01f));
    p = vadd(vmul(p, x), vc(-1.7892272770404815673828125e-01f));
    p = vadd(vmul(p, x), vc(2.0505344867706298828125000e-01f));
    p = vadd(vmul(p, x), vc(-2.4046677350997924804687500e-01f));
    p = vadd(vmul(p, x), vc(2.8857553005218505859375000e-01f));
    p = vadd(vmul(p, x), vc(-3.6067414283752441406250000e-01f));
    p = vadd(vmul(p, x), vc(4.8089790344238281250000000e-01f));
    vf32 ph, pl;
    vtwo_prod32(x, p, &ph, &pl);
    vfast_twosum_dd32(vc(c1h), vc(c1l), ph, pl, &ph, &pl);
    vtwoprod_df32(ph, pl, x, &ph, &pl);
    vfast_twosum_dd32(vc(c0h), vc(c0l), ph, pl, &ph, &pl);
    vtwoprod_df32(ph, pl, x, hi, lo);
}

VINL vf32 vgeneric_exp2_32(vf32 x) {
    x = vmax(vc(-151.0f), vmin(vc(129.0f), x));
    vf32 ph, pl;
    vtwo_prod32(vc(0.693147180559945309417232121458176568f), x, &ph, &pl);
    return vmul(vpexp32(ph), vadd(vc(1.0f), pl));
}

/* x = |flushed x0| is positive: its comparisons are integer ones on the bits */
VINL vf32 vgeneric_pow_impl32(vf32 x, vf32 y) {
    vi32 u = vbits(x), bexp = viand(u, vic(0x7F800000u));
    vi32 special = vior(vieq(u, vic(0)), vieq(bexp, vic(0x7F800000u)));  /* pfrexp: zero, inf, NaN give (x, 0) */
    vf32 m = vfloat(vior(viand(u, vic(0x807FFFFFu)), vic(0x3F000000u)));
    vi32 e = viandn(special, visub(vshr23(bexp), vic(126)));
    vf32 mx = vsel(vmask(special), x, m);
    vi32 keep = vigt(vbits(mx), vic(f2u(0.70710678118654752440f) - 1));  /* !(mx < 0.70710678f) */
    mx = vsel(vmask(keep), mx, vmul(vc(2.0f), mx));
    vf32 ex = vcvt(visub(visub(e, vic(1)), keep));  /* ex - 1 where scaled: small integers, exact either way */
    vf32 rh, rl, f1h, f1l, f2h, f2l, fh, fl;
    vaccurate_log2_32(mx, &rh, &rl);
    /* ex is an integer of at most 8 bits: its Veltkamp split is exactly (ex, +0) */
    vtwo_prod_split32(ex, ex, vc(0.0f), y, &f1h, &f1l);
    vtwoprod_df32(rh, rl, y, &f2h, &f2l);
    vfast_twosum_dd32(f1h, f1l, f2h, f2l, &fh, &fl);
    vf32 nz = vpround32(fh);
    vf32 rz = vadd(vsub(fh, nz), fl);
    vf32 nr = vpround32(rz);
    rz = vsub(rz, nr);
    nz = vadd(nz, nr);
    return vpldexp32(vgeneric_exp2_32(rz), nz);
}

/* The selects of generic_pow32; its equalities of the flushed x and y are made on the bits (v == 0 is |bits| == 0)
 * and so is the NaN test (|bits| > bits(inf)). */
VINL vf32 vgeneric_pow32(vf32 x0, vf32 y0) {
    const float huge = (128.0f * 0.693147180559945309417232121458176568f) / 1.1920928955078125e-07f;
    const vf32 nan = vcu(0x7FC00000u), inf = vc(INFINITY), zero = vc(0.0f), one = vc(1.0f), sign = vcu(0x80000000u);
    const vi32 iinf = vic(0x7F800000u), ione = vic(0x3F800000u);
    vf32 x = vflush32(x0), y = vflush32(y0);
    vf32 xa = vandn(sign, x);
    vf32 pw = vgeneric_pow_impl32(xa, y);
    vi32 ux = vbits(x), uxa = vbits(xa), uy = vbits(y), uya = vabsbits(y);
    vf32 x_neg = vlt(x, zero);
    vf32 x_zero = vmask(vieq(uxa, vic(0))), x_one = vmask(vieq(ux, ione));
    vf32 x_sign = vand(x0, sign);  /* only its sign bit is used */
    vf32 xa_gt1 = vlt(one, xa);
    vf32 xa_inf = vmask(vieq(uxa, iinf));
    vf32 y_neg = vlt(y, zero);
    vf32 y_int = vandn(vmask(vieq(uya, iinf)), veq(vfloor(y), y));
    vf32 yh = vmul(y, vc(0.5f));
    vf32 y_odd = vandn(veq(vpround32(yh), yh), y_int);
    vf32 y_huge = vle(vc(huge), vandn(sign, y));
    pw = vsel(vandn(y_int, x_neg), nan, pw);
    pw = vsel(x_zero, vand(y_neg, inf), pw);
    pw = vxor(pw, vand(x_sign, y_odd));
    vf32 inf_y = vand(vor(vand(y_neg, x_zero), vxor(y_neg, xa_gt1)), inf);
    inf_y = vsel(vmask(vieq(ux, vic(0xBF800000u))), one, inf_y);
    pw = vsel(y_huge, inf_y, pw);
    vf32 xpi = vandn(y_neg, inf);
    vf32 xni = vxor(xpi, vand(y_odd, sign));
    pw = vsel(xa_inf, vsel(x_neg, xni, xpi), pw);
    pw = vsel(vmask(vior(vigt(uxa, iinf), vigt(uya, iinf))), nan, pw);
    pw = vsel(vor(x_one, vmask(vieq(uya, vic(0)))), one, pw);
    return vsel(vmask(vieq(uy, ione)), x0, pw);
}

/* exp, sigmoid and log on 8 VK lanes too: their chains are ~30 operations, and gcc's one-vector loops (1.1, 4.1 and
 * 0.48 ns per element; it left plogistic32 scalar) become throughput-bound at ~0.4 ns.
 *
 * pexp32 for exp_f32 alone, with fewer operations for the same bits:
 * - x0 < -104 (-inf too) is clamped to x = -104 instead of selected after: there m = -150 and y = e^-0.0279
 *   (< 1), so y * 2^-150 rounds to +0, pexp32's value, with or without FTZ;
 * - the result is never below x0 (it is e^x0 >= 0, or inf from the clamp at 88.723; a NaN x0 has max_ps return
 *   its second operand), so pmax32's max is left out;
 * - m is then an integer in [-150, 128] (or NaN) and y (e^r, |r| <= ln2 / 2 + rounding) in [0.7, 1.5]: pldexp32's
 *   single rounding of y * 2^m is (y * 2^c1) * 2^c2, c1 = floor(m / 2) and c2 = m - c1 in [-75, 64], the first
 *   product exact and normal (two multiplies instead of vpldexp32's three and its clamps; pow keeps vpldexp32, its
 *   nz reaches 278). A NaN m converts to INT_MIN, and scales made by shifting into the exponent field are never
 *   NaN, so a NaN y keeps its payload as pldexp32's scaling by 1.0 does. */
VINL vf32 vexp32(vf32 x0) {
    vf32 m, y = vexp_poly32(vmax(vc(-104.0f), vmin(vc(88.723f), x0)), &m);
    vi32 b = viadd(vcvtt(m), vic(254)), b1 = vsra1(b);  /* the biased exponents c1 + 127 and c2 + 127 */
    return vmul(vmul(y, vfloat(vshl23(b1))), vfloat(vshl23(visub(b, b1))));
}

/* plogistic32 with vexp32's first two shortcuts: x0 < -104 clamped to -104 gives x = -52, m = -75 and
 * e = (p * 2^-75)^2 with p^2 < 1, which rounds to +0, so e / (1 + e) is plogistic32's +0. Where the result is kept m is
 * in [-75, 12] and pldexp_fast32's clamps of m + 127 to [0, 255] never act; a NaN m (and p) is scaled by a
 * non-NaN power of two as by pldexp_fast32's 0, keeping p's payload. */
VINL vf32 vlogistic32(vf32 x0) {
    vf32 x = vmul(vmax(vc(-104.0f), vmin(vc(16.6355324f), x0)), vc(0.5f));
    vf32 m = vfloor(vadd(vmul(x, vc(1.44269504088896341f)), vc(0.5f)));
    vf32 r = vadd(vmul(m, vc(-0.693359375f)), x);
    r = vadd(vmul(m, vc(2.12194440e-4f)), r);
    vf32 r2 = vmul(r, r);
    vf32 pe = vadd(vmul(r2, vc(4.1898667812347412109375e-2f)), vc(0.49999141693115234375f));
    vf32 po = vadd(vmul(r2, vc(8.33471305668354034423828125e-3f)), vc(0.16666877269744873046875f));
    vf32 pl = vadd(r, vc(1.0f));
    vf32 p = vadd(vmul(r, po), pe);
    p = vadd(vmul(r2, p), pl);
    vf32 e = vmul(p, vfloat(vshl23(viadd(vcvtt(m), vic(127)))));
    e = vmul(e, e);
    return vdiv(e, vadd(vc(1.0f), e));
}

/* plog32: the lanes of negative, zero, inf and NaN x0 are replaced at the end, so the exponent is taken from the
 * bits without masking the sign off, and the mask's -1 (all ones) is added to it as an integer before converting
 * (the same small integer as pfrexp's e - 1.0). */
VINL vf32 vlog32(vf32 x0) {
    vi32 u = vbits(x0);
    vf32 x = vfloat(vior(viand(u, vic(0x807FFFFFu)), vic(0x3F000000u)));
    vf32 mask = vlt(x, vc(0.707106781186547524f));
    vf32 e = vcvt(viadd(visub(vshr23(u), vic(126)), vbits(mask)));
    vf32 tmp = vand(mask, x);
    x = vsub(x, vc(1.0f));
    x = vadd(x, tmp);
    vf32 p = vadd(vmul(vadd(vmul(vc(0.18256296349849254f), x), vc(1.0000000190281063f)), x),
                  vc(1.0000000190281136f));
    p = vmul(x, p);
    vf32 q = vadd(vmul(vadd(vmul(vc(0.049616247954120038f), x), vc(0.59923249590823520f)), x),
                  vc(1.4999999999999927f));
    q = vadd(vmul(q, x), vc(1.0f));
    x = vdiv(p, q);
    x = vadd(vmul(e, vc(0.693147180559945309417232121458176568f)), x);
    x = vsel(veq(x0, vc(INFINITY)), vc(INFINITY), x);
    x = vor(x, vnge(x0, vc(0.0f)));
    return vsel(veq(x0, vc(0.0f)), vc(-INFINITY), x);
}

/* o[0..n) for n a multiple of 8 VK */
#define VBLOCKS1(name, vfn)                                                                                    \
    TFS_AVX2 __attribute__((noinline)) static void name(const float *x, float *o, Py_ssize_t n) {              \
        for (Py_ssize_t i = 0; i < n; i += 8 * VK) vstore(o + i, vfn(vload(x + i)));                           \
    }
VBLOCKS1(vexp_blocks32, vexp32)
VBLOCKS1(vlogistic_blocks32, vlogistic32)
VBLOCKS1(vlog_blocks32, vlog32)

/* o[0..n) for n a multiple of 8 VK; y has n elements (ys = 1) or one (ys = 0) */
TFS_AVX2 __attribute__((noinline)) static void vpow_blocks32(const float *x, const float *y, float *o, Py_ssize_t n,
                                                          int ys) {
    if (ys)
        for (Py_ssize_t i = 0; i < n; i += 8 * VK) vstore(o + i, vgeneric_pow32(vload(x + i), vload(y + i)));
    else {
        vf32 y0 = vc(y[0]);
        for (Py_ssize_t i = 0; i < n; i += 8 * VK) vstore(o + i, vgeneric_pow32(vload(x + i), y0));
    }
}
#endif

/* The loops, twice: baseline and AVX2 (same operations, so the same bits). */
#define UNARY_LOOPS(name, fn)                                                                                  \
    static void name##_base(const float *x, float *o, Py_ssize_t n) {                                          \
        for (Py_ssize_t i = 0; i < n; i++) o[i] = fn(x[i]);                                                    \
    }                                                                                                          \
    AVX2_LOOP1(name, fn)

#define UNARY_VLOOPS(name, fn, vblocks)                                                                        \
    static void name##_base(const float *x, float *o, Py_ssize_t n) {                                          \
        for (Py_ssize_t i = 0; i < n; i++) o[i] = fn(x[i]);                                                    \
    }                                                                                                          \
    AVX2_VLOOP1(name, vblocks)

#define BINARY_LOOPS(name, fn, vblocks)                                                                                \
    static void name##_base(const float *x, const float *y, float *o, Py_ssize_t n, int ys) {                 \
        for (Py_ssize_t i = 0; i < n; i++) o[i] = fn(x[i], y[i * ys]);                                         \
    }                                                                                                          \
    AVX2_LOOP2(name, vblocks)

#if TFS_X86
#define AVX2_LOOP1(name, fn)                                                                                   \
    TFS_AVX2 static void name##_avx2(const float *x, float *o, Py_ssize_t n) {                                 \
        for (Py_ssize_t i = 0; i < n; i++) o[i] = fn(x[i]);                                                    \
    }
/* Whole blocks of 8 VK lanes (vblocks, as vpow_blocks32), then the last n % (8 VK) elements through the same lanes,
 * padded. */
#define AVX2_VLOOP1(name, vblocks)                                                                             \
    TFS_AVX2 static void name##_avx2(const float *x, float *o, Py_ssize_t n) {                                 \
        Py_ssize_t m = n - n % (8 * VK);                                                                       \
        vblocks(x, o, m);                                                                                      \
        if (m < n) {                                                                                           \
            float bx[8 * VK] = {0}, bo[8 * VK];                                                                \
            for (Py_ssize_t k = 0; k < n - m; k++) bx[k] = x[m + k];                                           \
            vblocks(bx, bo, 8 * VK);                                                                           \
            for (Py_ssize_t k = 0; k < n - m; k++) o[m + k] = bo[k];                                           \
        }                                                                                                      \
    }
#define AVX2_LOOP2(name, vblocks)                                                                              \
    TFS_AVX2 static void name##_avx2(const float *x, const float *y, float *o, Py_ssize_t n, int ys) {        \
        Py_ssize_t m = n - n % (8 * VK);                                                                       \
        vblocks(x, y, o, m, ys);                                                                               \
        if (m < n) {                                                                                           \
            float bx[8 * VK] = {0}, by[8 * VK] = {0}, bo[8 * VK];                                              \
            for (Py_ssize_t k = 0; k < n - m; k++) bx[k] = x[m + k], by[k] = y[(m + k) * ys];                  \
            vblocks(bx, by, bo, 8 * VK, 1);                                                                    \
            for (Py_ssize_t k = 0; k < n - m; k++) o[m + k] = bo[k];                                           \
        }                                                                                                      \
    }
#else
#define AVX2_LOOP1(name, fn)
#define AVX2_VLOOP1(name, vblocks)
#define AVX2_LOOP2(name, vblocks)
#endif

UNARY_VLOOPS(exp32, pexp32, vexp_blocks32)
UNARY_LOOPS(tanh32, ptanh32)
UNARY_VLOOPS(logistic32, plogistic32, vlogistic_blocks32)
UNARY_VLOOPS(log32, plog32, vlog_blocks32)
UNARY_LOOPS(relu32, relu32)
UNARY_LOOPS(negate32, neg32)  /* the sign bit flipped, NaN and subnormals too (Eigen's pnegate) */
BINARY_LOOPS(pow32, generic_pow32, vpow_blocks32)

typedef void (*unary_fn)(const float *, float *, Py_ssize_t);
typedef void (*binary_fn)(const float *, const float *, float *, Py_ssize_t, int);
/* run_arith's loops (below): absolute [lo, hi), k packet elements, operand mode, scalar_wins */
typedef void (*arith_fn)(const float *, const float *, float *, Py_ssize_t, Py_ssize_t, Py_ssize_t, int, int);

/* Elementwise jobs: [lo, hi) of one call, on up to 2 threads for large arrays (each output is computed by one
 * thread, so the bits do not depend on the thread count). One of f1, f2, f3 is set. */
typedef struct {
    unary_fn f1;
    binary_fn f2;
    arith_fn f3;
    const float *x, *y;
    float *o;
    Py_ssize_t lo, hi, k;
    int ys, mode, sw;
} ew_job;

static void *ew_run(void *arg) {
    ew_job *j = arg;
    fpenv_t env = env_enter();
    if (j->f1) j->f1(j->x + j->lo, j->o + j->lo, j->hi - j->lo);
    else if (j->f2) j->f2(j->x + j->lo, j->y + (j->ys ? j->lo : 0), j->o + j->lo, j->hi - j->lo, j->ys);
    else j->f3(j->x, j->y, j->o, j->lo, j->hi, j->k, j->mode, j->sw);
    env_exit(env);
    return NULL;
}

#define EW_THREADS 2
#define EW_MIN_PER_THREAD 65536  /* below this a thread's start costs more than it saves */

static void ew_dispatch(ew_job job, Py_ssize_t n) {
    int nt = max_threads < EW_THREADS ? max_threads : EW_THREADS;
    if (n < 2 * EW_MIN_PER_THREAD) nt = 1;
    ew_job jobs[EW_THREADS];
    for (int t = 0; t < nt; t++) {
        jobs[t] = job;
        jobs[t].lo = n * t / nt / 8 * 8;  /* whole packets per thread */
        jobs[t].hi = t + 1 == nt ? n : n * (t + 1) / nt / 8 * 8;
    }
    run_threads(ew_run, jobs, sizeof(ew_job), nt);
}

static PyObject *run_unary(PyObject *args, unary_fn base, unary_fn avx2) {
    PyObject *ox, *oo;
    if (!PyArg_ParseTuple(args, "OO", &ox, &oo)) return NULL;
    buf_t bx, bo;
    bx.ok = bo.ok = 0;
    PyObject *res = NULL;
    if (get_buf(ox, &bx, 0, 4, "x") < 0 || get_buf(oo, &bo, 1, 4, "out") < 0) goto done;
    if (bo.b.len != bx.b.len) { PyErr_SetString(PyExc_ValueError, "tfshim._kernels: sizes differ"); goto done; }
    {
        Py_ssize_t n = bx.b.len / 4;
        ew_job job = {(use_avx2 && avx2) ? avx2 : base, NULL, NULL, bx.b.buf, NULL, bo.b.buf, 0, 0, 0, 0, 0, 0};
        Py_BEGIN_ALLOW_THREADS
        ew_dispatch(job, n);
        Py_END_ALLOW_THREADS
    }
    res = Py_NewRef(Py_None);
done:
    rel(&bx); rel(&bo);
    return res;
}

static PyObject *run_binary(PyObject *args, binary_fn base, binary_fn avx2) {
    PyObject *ox, *oy, *oo;
    if (!PyArg_ParseTuple(args, "OOO", &ox, &oy, &oo)) return NULL;
    buf_t bx, by, bo;
    bx.ok = by.ok = bo.ok = 0;
    PyObject *res = NULL;
    if (get_buf(ox, &bx, 0, 4, "x") < 0 || get_buf(oy, &by, 0, 4, "y") < 0 || get_buf(oo, &bo, 1, 4, "out") < 0)
        goto done;
    if (bo.b.len != bx.b.len || (by.b.len != bx.b.len && by.b.len != 4)) {
        PyErr_SetString(PyExc_ValueError, "tfshim._kernels: sizes differ");
        goto done;
    }
    {
        Py_ssize_t n = bx.b.len / 4;
        ew_job job = {NULL, (use_avx2 && avx2) ? avx2 : base, NULL, bx.b.buf, by.b.buf, bo.b.buf, 0, 0, 0,
                      by.b.len == bx.b.len, 0, 0};
        if (n > 0) {
            Py_BEGIN_ALLOW_THREADS
            ew_dispatch(job, n);
            Py_END_ALLOW_THREADS
        }
    }
    res = Py_NewRef(Py_None);
done:
    rel(&bx); rel(&by); rel(&bo);
    return res;
}

#if TFS_X86
#define AVX(name) name##_avx2
#else
#define AVX(name) NULL
#endif

static PyObject *py_exp_f32(PyObject *s, PyObject *a) { (void)s; return run_unary(a, exp32_base, AVX(exp32)); }
static PyObject *py_tanh_f32(PyObject *s, PyObject *a) { (void)s; return run_unary(a, tanh32_base, AVX(tanh32)); }
static PyObject *py_sigmoid_f32(PyObject *s, PyObject *a) {
    (void)s;
    return run_unary(a, logistic32_base, AVX(logistic32));
}
static PyObject *py_log_f32(PyObject *s, PyObject *a) { (void)s; return run_unary(a, log32_base, AVX(log32)); }
static PyObject *py_relu_f32(PyObject *s, PyObject *a) { (void)s; return run_unary(a, relu32_base, AVX(relu32)); }
static PyObject *py_neg_f32(PyObject *s, PyObject *a) { (void)s; return run_unary(a, negate32_base, AVX(negate32)); }
static PyObject *py_pow_f32(PyObject *s, PyObject *a) { (void)s; return run_binary(a, pow32_base, AVX(pow32)); }

/* =========================================================================================================
 * float32 Mul, AddV2, Sub and TanhGrad on large arrays (twins: tfshim/ops/math_ops.py x86_nan_order and
 * _tanh_grad_kernel): the hardware's arithmetic, with the NaN TF returns chosen explicitly (NumPy's loops and a
 * compiler may order the operands either way). A lone NaN operand comes back quieted; where both are NaN, the
 * first operand's, except that Mul and AddV2 with one operand of one element (TF's scalar_left/right functors)
 * take the scalar's NaN on the packet elements [0, k) and the tensor's on the tail; TanhGrad(y, dy) takes y's.
 * ========================================================================================================= */
INL float nan_pick32(float r, float a, float b, int prefer_b) {
    int na = a != a, nb = b != b;
    if (!(na | nb)) return r; /* a NaN made here (inf * 0, inf - inf) stays the hardware's default NaN */
    if (na & nb) return quiet32(prefer_b ? b : a);
    return quiet32(na ? a : b);
}

INL float mul_op32(float a, float b) { return a * b; }
INL float add_op32(float a, float b) { return a + b; }
INL float sub_op32(float a, float b) { return a - b; }

/* TanhGrad(y, dy) = dy * (1 - y * y), Eigen's scalar_tanh_gradient_op (packets and tail alike). */
INL float tanh_grad32(float y, float dy) { return nan_pick32(dy * (1.0f - y * y), y, dy, 0); }

/* mode 0: same shapes; 1: y has one element; 2: x has one element. sw: the scalar's NaN wins on [0, k). */
#define ARITH_BODY(op)                                                                                         \
    if (mode == 0) {                                                                                           \
        for (Py_ssize_t i = lo; i < hi; i++) o[i] = nan_pick32(op(x[i], y[i]), x[i], y[i], 0);                 \
    } else if (mode == 1) {                                                                                    \
        float b = y[0];                                                                                        \
        Py_ssize_t m = hi < k ? hi : k;                                                                        \
        if (m < lo) m = lo;                                                                                    \
        for (Py_ssize_t i = lo; i < m; i++) o[i] = nan_pick32(op(x[i], b), x[i], b, sw);                       \
        for (Py_ssize_t i = m; i < hi; i++) o[i] = nan_pick32(op(x[i], b), x[i], b, 0);                        \
    } else {                                                                                                   \
        float a = x[0];                                                                                        \
        Py_ssize_t m = hi < k ? hi : k;                                                                        \
        if (m < lo) m = lo;                                                                                    \
        for (Py_ssize_t i = lo; i < m; i++) o[i] = nan_pick32(op(a, y[i]), a, y[i], 0);                        \
        for (Py_ssize_t i = m; i < hi; i++) o[i] = nan_pick32(op(a, y[i]), a, y[i], sw);                       \
    }

#define ARITH_LOOPS(name, op)                                                                                  \
    static void name##_base(const float *x, const float *y, float *o, Py_ssize_t lo, Py_ssize_t hi,           \
                            Py_ssize_t k, int mode, int sw) {                                                  \
        ARITH_BODY(op)                                                                                         \
    }                                                                                                          \
    ARITH_AVX2(name, op)

#if TFS_X86
#define ARITH_AVX2(name, op)                                                                                   \
    TFS_AVX2 static void name##_avx2(const float *x, const float *y, float *o, Py_ssize_t lo, Py_ssize_t hi,  \
                                     Py_ssize_t k, int mode, int sw) {                                         \
        ARITH_BODY(op)                                                                                         \
    }
#else
#define ARITH_AVX2(name, op)
#endif

ARITH_LOOPS(mul32, mul_op32)
ARITH_LOOPS(add32, add_op32)
ARITH_LOOPS(sub32, sub_op32)
ARITH_LOOPS(tgrad32, tanh_grad32)

/* (x, y, out, mode, scalar_wins): out = x op y over out's n elements; mode as above, k = n - n % 8. */
static PyObject *run_arith(PyObject *args, arith_fn base, arith_fn avx2) {
    PyObject *ox, *oy, *oo;
    int mode, sw;
    if (!PyArg_ParseTuple(args, "OOOii", &ox, &oy, &oo, &mode, &sw)) return NULL;
    buf_t bx, by, bo;
    bx.ok = by.ok = bo.ok = 0;
    PyObject *res = NULL;
    if (get_buf(ox, &bx, 0, 4, "x") < 0 || get_buf(oy, &by, 0, 4, "y") < 0 || get_buf(oo, &bo, 1, 4, "out") < 0)
        goto done;
    {
        Py_ssize_t n = bo.b.len / 4;
        Py_ssize_t nx = bx.b.len / 4, ny = by.b.len / 4;
        if (mode < 0 || mode > 2 || (mode == 0 && (nx != n || ny != n)) || (mode == 1 && (nx != n || ny != 1)) ||
            (mode == 2 && (nx != 1 || ny != n))) {
            PyErr_SetString(PyExc_ValueError, "tfshim._kernels: sizes do not match the mode");
            goto done;
        }
        ew_job job = {NULL, NULL, (use_avx2 && avx2) ? avx2 : base, bx.b.buf, by.b.buf, bo.b.buf, 0, 0,
                      n - n % 8, 0, mode, sw};
        Py_BEGIN_ALLOW_THREADS
        ew_dispatch(job, n);
        Py_END_ALLOW_THREADS
    }
    res = Py_NewRef(Py_None);
done:
    rel(&bx); rel(&by); rel(&bo);
    return res;
}

static PyObject *py_mul_f32(PyObject *s, PyObject *a) { (void)s; return run_arith(a, mul32_base, AVX(mul32)); }
static PyObject *py_add_f32(PyObject *s, PyObject *a) { (void)s; return run_arith(a, add32_base, AVX(add32)); }
static PyObject *py_sub_f32(PyObject *s, PyObject *a) { (void)s; return run_arith(a, sub32_base, AVX(sub32)); }
static PyObject *py_tanh_grad_f32(PyObject *s, PyObject *a) {
    (void)s;
    return run_arith(a, tgrad32_base, AVX(tgrad32));
}

#if defined(_MSC_VER)
#define TFS_TLS __declspec(thread)
#else
#define TFS_TLS __thread
#endif

/* ----- FTZ|DAZ for the NumPy kernels (tfshim/kernels/fpenv.py): a per-thread depth, so that nested kernels
 * switch MXCSR once; ~20x cheaper than fpenv's Python bookkeeping around mxcsr_enter/restore. ----------------- */
static TFS_TLS int fp_depth = 0;
static TFS_TLS unsigned int fp_saved = 0;

static PyObject *py_fp_push(PyObject *self, PyObject *noargs) {
    (void)self; (void)noargs;
#if TFS_X86
    if (fp_depth++ == 0) {
        fp_saved = _mm_getcsr();
        _mm_setcsr(fp_saved | 0x8040u);
    }
#endif
    Py_RETURN_NONE;
}

static PyObject *py_fp_pop(PyObject *self, PyObject *noargs) {
    (void)self; (void)noargs;
#if TFS_X86
    if (fp_depth > 0 && --fp_depth == 0) _mm_setcsr(fp_saved);
#endif
    Py_RETURN_NONE;
}

/* fp_unflushed(1): inside a kernel, MXCSR as it was outside (for ctypes' conversions); fp_unflushed(0): back. */
static PyObject *py_fp_unflushed(PyObject *self, PyObject *arg) {
    (void)self;
    long on = PyLong_AsLong(arg);
    if (on == -1 && PyErr_Occurred()) return NULL;
#if TFS_X86
    if (fp_depth > 0) _mm_setcsr(on ? fp_saved : (fp_saved | 0x8040u));
#endif
    Py_RETURN_NONE;
}

/* =========================================================================================================
 * float32 Sum in Eigen's InnerMostDimReducer order (tfshim/kernels/eigen_reduce.py _tree/_leaf): segments over
 * 8 * 1024 values split at a packet boundary, P * ceil((first + ceil(n/2)) / P) in absolute index, halves
 * combined as (0 + left) + right; a leaf keeps four 8-lane accumulators over 32-value chunks, folds them
 * ((a0 + a1) + a2) + a3, adds the remaining full packets, sums the tail in a scalar and returns
 * tail + predux(acc). Plain C adds, lane by lane (the same roundings as the packets). NaN payloads: the
 * Python caller uses the NumPy twin when the sum is NaN.
 * ========================================================================================================= */
#define SUM_P 8
#define SUM_LEAF 1024

static float leaf_sum32(const float *x, Py_ssize_t n) {
    float acc[SUM_P] = {0};
    Py_ssize_t j = 0;
    if (n >= 4 * SUM_P) {
        float a[4][SUM_P] = {{0}};
        for (; j + 4 * SUM_P <= n; j += 4 * SUM_P)
            for (int q = 0; q < 4; q++)
                for (int l = 0; l < SUM_P; l++) a[q][l] = a[q][l] + x[j + q * SUM_P + l];
        for (int l = 0; l < SUM_P; l++) acc[l] = ((a[0][l] + a[1][l]) + a[2][l]) + a[3][l];
    }
    for (; j + SUM_P <= n; j += SUM_P)
        for (int l = 0; l < SUM_P; l++) acc[l] = acc[l] + x[j + l];
    float s = 0.0f;
    for (; j < n; j++) s = s + x[j];
    float b[4], c0, c1;
    for (int l = 0; l < 4; l++) b[l] = acc[l] + acc[l + 4];
    c0 = b[0] + b[2];
    c1 = b[1] + b[3];
    return s + (c0 + c1);
}

static float tree_sum32(const float *x, Py_ssize_t first, Py_ssize_t n) {
    if (n <= SUM_P * SUM_LEAF) return leaf_sum32(x, n);
    Py_ssize_t half = (n + 1) / 2;
    Py_ssize_t split = SUM_P * ((first + half + SUM_P - 1) / SUM_P);
    Py_ssize_t left = split - first < n ? split - first : n;
    float acc = 0.0f + tree_sum32(x, first, left);
    if (left < n) acc = acc + tree_sum32(x + left, split, n - left);
    return acc;
}

/* tree_sum_f32(x, out, rows, k, first, step): out[r] = the InnerMostDimReducer sum of x[r*k : (r+1)*k], whose
 * first value has absolute index first + r*step. */
/* The float32 input x (nx values) and output out (no values) of a reduction, sizes checked. */
static int reduce_bufs(PyObject *ox, PyObject *oo, buf_t *bx, buf_t *bo, Py_ssize_t nx, Py_ssize_t no,
                       const char *name) {
    bx->ok = bo->ok = 0;
    if (get_buf(ox, bx, 0, 4, "x") < 0 || get_buf(oo, bo, 1, 4, "out") < 0) return -1;
    if (nx < 0 || no < 0 || bx->b.len < nx * 4 || bo->b.len < no * 4) {
        PyErr_Format(PyExc_ValueError, "tfshim._kernels.%s: buffer sizes do not match the shape", name);
        return -1;
    }
    return 0;
}

static PyObject *py_tree_sum_f32(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *ox, *oo;
    Py_ssize_t rows, k, first, step;
    if (!PyArg_ParseTuple(args, "OOnnnn", &ox, &oo, &rows, &k, &first, &step)) return NULL;
    buf_t bx = {.ok = 0}, bo = {.ok = 0};
    PyObject *res = NULL;
    if (reduce_bufs(ox, oo, &bx, &bo, rows < 0 || k < 0 ? -1 : rows * k, rows, "tree_sum_f32") < 0) goto done;
    {
        const float *x = bx.b.buf;
        float *o = bo.b.buf;
        Py_BEGIN_ALLOW_THREADS
        fpenv_t env = env_enter();
        for (Py_ssize_t r = 0; r < rows; r++) o[r] = tree_sum32(x + r * k, (first + r * step) % SUM_P, k);
        env_exit(env);
        Py_END_ALLOW_THREADS
    }
    res = Py_NewRef(Py_None);
done:
    rel(&bx); rel(&bo);
    return res;
}

/* ----- has_nan(x): whether a float32/float64 buffer holds a NaN (math_ops.x86_nan_order's check): some |bits|
 * above inf's makes inf - |bits| negative; ORed over a block (the compiler vectorises it), stopping at the first
 * block with one ------------------------------------------------------------------------------------------------ */
#define NAN_BLOCK 1024
#define NAN_SCAN(ATTR, name, U, S, ABS, INF)                                                                    \
    ATTR static int name(const U *p, Py_ssize_t n) {                                                            \
        for (Py_ssize_t b = 0; b < n; b += NAN_BLOCK) {                                                         \
            Py_ssize_t e = n - b < NAN_BLOCK ? n - b : NAN_BLOCK;                                               \
            U m = 0;                                                                                            \
            for (Py_ssize_t i = 0; i < e; i++) m |= INF - (p[b + i] & ABS);                                     \
            if ((S)m < 0) return 1;                                                                             \
        }                                                                                                       \
        return 0;                                                                                               \
    }
NAN_SCAN(, scan_nan32, uint32_t, int32_t, 0x7FFFFFFFu, 0x7F800000u)
NAN_SCAN(, scan_nan64, uint64_t, int64_t, 0x7FFFFFFFFFFFFFFFull, 0x7FF0000000000000ull)
#if TFS_X86
NAN_SCAN(TFS_AVX2, scan_nan32_avx2, uint32_t, int32_t, 0x7FFFFFFFu, 0x7F800000u)
NAN_SCAN(TFS_AVX2, scan_nan64_avx2, uint64_t, int64_t, 0x7FFFFFFFFFFFFFFFull, 0x7FF0000000000000ull)
#endif

static int has_nan_buf(const void *p, Py_ssize_t len, Py_ssize_t itemsize) {
#if TFS_X86
    if (use_avx2) return itemsize == 4 ? scan_nan32_avx2(p, len / 4) : scan_nan64_avx2(p, len / 8);
#endif
    return itemsize == 4 ? scan_nan32(p, len / 4) : scan_nan64(p, len / 8);
}

static PyObject *py_has_nan(PyObject *self, PyObject *arg) {
    (void)self;
    Py_buffer b;
    if (PyObject_GetBuffer(arg, &b, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
    int r = -1;
    if (b.format && (strcmp(b.format, "f") == 0 || strcmp(b.format, "d") == 0)) {
        Py_BEGIN_ALLOW_THREADS
        r = has_nan_buf(b.buf, b.len, b.itemsize);
        Py_END_ALLOW_THREADS
    }
    PyBuffer_Release(&b);
    if (r < 0) {
        PyErr_SetString(PyExc_TypeError, "tfshim._kernels.has_nan: expected float32 or float64");
        return NULL;
    }
    return PyBool_FromLong(r);
}

/* preserve_sum_f32(x, out, ni, J, K): x [ni, J, K] summed over J (eigen_reduce._preserver): GenericDimReducer
 * (rows in order from 0) where an output packet does not lie inside one output row, else InnerMostDimPreserver
 * (J >= 16: four accumulators over rows j = 4b + q, folded ((a0 + a1) + a2) + a3, then rows from J // 4 * 4). */
static void preserve_sum32(const float *x, float *o, Py_ssize_t ni, Py_ssize_t J, Py_ssize_t K) {
    Py_ssize_t n_out = ni * K, full = n_out / SUM_P * SUM_P;
    for (Py_ssize_t i = 0; i < ni; i++) {
        const float *xi = x + i * J * K;
        for (Py_ssize_t k = 0; k < K; k++) {
            Py_ssize_t oi = i * K + k, start = oi - oi % SUM_P;
            int packet = K >= SUM_P && n_out >= SUM_P && start + SUM_P <= full && start % K + SUM_P - 1 < K;
            float r = 0.0f;
            if (packet && J >= 16) {
                Py_ssize_t j4 = J / 4 * 4;
                float a[4] = {0.0f, 0.0f, 0.0f, 0.0f};
                for (Py_ssize_t j = 0; j < j4; j += 4)
                    for (int q = 0; q < 4; q++) a[q] = a[q] + xi[(j + q) * K + k];
                r = ((a[0] + a[1]) + a[2]) + a[3];
                for (Py_ssize_t j = j4; j < J; j++) r = r + xi[j * K + k];
            } else {
                for (Py_ssize_t j = 0; j < J; j++) r = r + xi[j * K + k];
            }
            o[oi] = r;
        }
    }
}

static PyObject *py_preserve_sum_f32(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *ox, *oo;
    Py_ssize_t ni, J, K;
    if (!PyArg_ParseTuple(args, "OOnnn", &ox, &oo, &ni, &J, &K)) return NULL;
    buf_t bx = {.ok = 0}, bo = {.ok = 0};
    PyObject *res = NULL;
    Py_ssize_t nx = ni < 0 || J < 0 || K < 0 ? -1 : ni * J * K;
    if (reduce_bufs(ox, oo, &bx, &bo, nx, ni * K, "preserve_sum_f32") < 0) goto done;
    {
        const float *x = bx.b.buf;
        float *o = bo.b.buf;
        Py_BEGIN_ALLOW_THREADS
        fpenv_t env = env_enter();
        preserve_sum32(x, o, ni, J, K);
        env_exit(env);
        Py_END_ALLOW_THREADS
    }
    res = Py_NewRef(Py_None);
done:
    rel(&bx); rel(&bo);
    return res;
}

/* =========================================================================================================
 * glibc 2.36's expf and logf (flt-32/e_expf.c, e_logf.c, FMA build), the twins of kernels/glibc.py _expf/_logf:
 * TF's scalar functor on the tails of its exp/log loops. The tables come from glibc.py (built there from their
 * definitions): exp2f's 32 entries, logf's 16 invc and logc. fma() is exact with or without an FMA unit.
 * ========================================================================================================= */
static double expf_tab[32];
static double logf_invc[16], logf_logc[16];
static int glibc_tables = 0;

static float glibc_expf(float x) {
    const double n_ln2 = 0x1.71547652b82fep5, shift = 0x1.8p52;
    const double c0 = 0x1.c6af84b912394p-5 / (32.0 * 32.0 * 32.0), c1 = 0x1.ebfce50fac4f3p-3 / (32.0 * 32.0),
                 c2 = 0x1.62e42ff0c52d6p-1 / 32.0;
    uint32_t ix = f2u(x);
    if (((ix >> 20) & 0x7FF) >= 0x42B) {  /* |x| >= 88 or NaN */
        if (ix == 0xFF800000u) return 0.0f;
        if ((ix & 0x7FFFFFFFu) >= 0x7F800000u) return x + x;
        if (x > u2f(0x42B17217u)) { volatile float y = 0x1p97f; return y * y; }
        if (x < u2f(0xC2CFF1B4u)) { volatile float y = 0x1p-95f; return y * y; }
        if (x < u2f(0xC2CE8ECFu)) { volatile float y = 0x1.4p-75f; return y * y; }
    }
    double xd = (double)x;
    double kd = fma(n_ln2, xd, shift);
    uint64_t ki = d2u(kd);
    kd -= shift;
    double r = fma(n_ln2, xd, -kd);
    double s = u2d(d2u(expf_tab[ki & 31]) + (ki << 47));
    return (float)(fma(fma(c0, r, c1), r * r, fma(c2, r, 1.0)) * s);
}

static float glibc_logf(float x) {
    const double a0 = -0x1.00ea348b88334p-2, a1 = 0x1.5575b0be00b6ap-2, a2 = -0x1.ffffef20a4123p-2;
    const double ln2 = 0x1.62e42fefa39efp-1;
    uint32_t ix = f2u(x);
    if (ix == 0x3F800000u) return 0.0f;
    if (ix - 0x00800000u >= 0x7F000000u) {  /* subnormal, 0, negative, inf or NaN */
        if (ix * 2 == 0) return -INFINITY;
        if (ix == 0x7F800000u) return x;
        if ((ix >> 31) || ix * 2 >= 0xFF000000u) { volatile float d = x - x; return d / d; }
        volatile float t = x * 0x1p23f;
        ix = f2u(t) - (23u << 23);
    }
    uint32_t tmp = ix - 0x3F330000u;
    int i = (tmp >> 19) & 15;
    double k = (double)((int32_t)tmp >> 23);
    double z = (double)u2f(ix - (tmp & 0xFF800000u));
    double r = fma(z, logf_invc[i], -1.0);
    double r2 = r * r;
    return (float)fma(fma(r2, a0, fma(r, a1, a2)), r2, r + fma(k, ln2, logf_logc[i]));
}


/* sparse_xent_f32(logits [B, K], labels int64 [B], loss [B], backprop [B, K]), K <= 8192 and NaN-free logits (the
 * caller checks): eigen_softmax.sparse_softmax_xent. s = x - rowmax; each row's exp(s) summed as one reducer leaf
 * (packet exp, glibc expf on the row's K % 8 tail); loss = glibc logf(sum) - s[label]; backprop = exp(s) (packet
 * exp, glibc expf on the global size % 8 tail) / sum - (j == label). */
static void sparse_xent32(const float *x, const int64_t *lab, float *loss, float *bp, Py_ssize_t B, Py_ssize_t K) {
    Py_ssize_t rtail = K / SUM_P * SUM_P, gtail = B * K / SUM_P * SUM_P;
    for (Py_ssize_t b = 0; b < B; b++) {
        const float *xr = x + b * K;
        float *br = bp + b * K;
        float m = xr[0];
        for (Py_ssize_t j = 1; j < K; j++) m = xr[j] > m ? xr[j] : m;
        for (Py_ssize_t j = 0; j < K; j++) {
            float sj = xr[j] - m;
            br[j] = j >= rtail ? glibc_expf(sj) : pexp32(sj);  /* the reducer's values, for now */
        }
        float total = leaf_sum32(br, K);
        loss[b] = glibc_logf(total) - (xr[lab[b]] - m);
        for (Py_ssize_t j = 0; j < K; j++) {
            float sj = xr[j] - m;
            /* a packet exp here that the reducer took as a packet too is already in br[j] */
            float e = b * K + j >= gtail ? glibc_expf(sj) : j < rtail ? br[j] : pexp32(sj);
            br[j] = e / total - (j == lab[b] ? 1.0f : 0.0f);
        }
    }
}

/* set_glibc_tables(exp2f_tab float64[32], logf_invc float64[16], logf_logc float64[16]) */
static PyObject *py_set_glibc_tables(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *oe, *oi, *ol;
    if (!PyArg_ParseTuple(args, "OOO", &oe, &oi, &ol)) return NULL;
    buf_t be, bi, bl;
    be.ok = bi.ok = bl.ok = 0;
    PyObject *res = NULL;
    if (get_buf(oe, &be, 0, 8, "exp2f table") < 0 || get_buf(oi, &bi, 0, 8, "invc") < 0 ||
        get_buf(ol, &bl, 0, 8, "logc") < 0)
        goto done;
    if (be.b.len != 32 * 8 || bi.b.len != 16 * 8 || bl.b.len != 16 * 8) {
        PyErr_SetString(PyExc_ValueError, "tfshim._kernels.set_glibc_tables: table sizes");
        goto done;
    }
    memcpy(expf_tab, be.b.buf, sizeof expf_tab);
    memcpy(logf_invc, bi.b.buf, sizeof logf_invc);
    memcpy(logf_logc, bl.b.buf, sizeof logf_logc);
    glibc_tables = 1;
    res = Py_NewRef(Py_None);
done:
    rel(&be); rel(&bi); rel(&bl);
    return res;
}

static void expf_loop(const float *x, float *o, Py_ssize_t n) { for (Py_ssize_t i = 0; i < n; i++) o[i] = glibc_expf(x[i]); }
static void logf_loop(const float *x, float *o, Py_ssize_t n) { for (Py_ssize_t i = 0; i < n; i++) o[i] = glibc_logf(x[i]); }

static PyObject *run_glibc(PyObject *args, unary_fn f) {
    if (!glibc_tables) {
        PyErr_SetString(PyExc_RuntimeError, "tfshim._kernels: set_glibc_tables first");
        return NULL;
    }
    return run_unary(args, f, NULL);
}
static PyObject *py_expf_f32(PyObject *s, PyObject *a) { (void)s; return run_glibc(a, expf_loop); }
static PyObject *py_logf_f32(PyObject *s, PyObject *a) { (void)s; return run_glibc(a, logf_loop); }

static PyObject *py_sparse_xent_f32(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *ox, *ol, *oloss, *obp;
    buf_t bx, bl, bs, bb;
    bx.ok = bl.ok = bs.ok = bb.ok = 0;
    PyObject *res = NULL;
    if (!PyArg_ParseTuple(args, "OOOO", &ox, &ol, &oloss, &obp)) return NULL;
    if (!glibc_tables) {
        PyErr_SetString(PyExc_RuntimeError, "tfshim._kernels: set_glibc_tables first");
        return NULL;
    }
    if (get_buf(ox, &bx, 0, 4, "logits") < 0 || get_buf(ol, &bl, 0, 8, "labels") < 0 ||
        get_buf(oloss, &bs, 1, 4, "loss") < 0 || get_buf(obp, &bb, 1, 4, "backprop") < 0)
        goto done;
    {
        Py_ssize_t B = bl.b.len / 8, n = bx.b.len / 4;
        Py_ssize_t K = B ? n / B : 0;
        if (B == 0 || K == 0 || K > SUM_P * SUM_LEAF || K * B != n || bs.b.len != B * 4 || bb.b.len != n * 4) {
            PyErr_SetString(PyExc_ValueError, "tfshim._kernels.sparse_xent_f32: shapes");
            goto done;
        }
        const int64_t *lab = bl.b.buf;
        for (Py_ssize_t b = 0; b < B; b++)
            if (lab[b] < 0 || lab[b] >= K) {
                PyErr_SetString(PyExc_ValueError, "tfshim._kernels.sparse_xent_f32: label out of range");
                goto done;
            }
        fpenv_t env = env_enter();
        sparse_xent32(bx.b.buf, lab, bs.b.buf, bb.b.buf, B, K);
        env_exit(env);
    }
    res = Py_NewRef(Py_None);
done:
    rel(&bx); rel(&bl); rel(&bs); rel(&bb);
    return res;
}

/* ----- MXCSR for the NumPy kernels (tfshim/kernels/fpenv.py): FTZ|DAZ on and back in one cheap call --------- */
static PyObject *py_mxcsr_enter(PyObject *self, PyObject *noargs) {
#if TFS_X86
    unsigned int csr = _mm_getcsr();
    _mm_setcsr(csr | 0x8040u);
    return PyLong_FromUnsignedLong(csr);
#else
    return PyLong_FromLong(0);
#endif
}

static PyObject *py_mxcsr_restore(PyObject *self, PyObject *arg) {
#if TFS_X86
    unsigned long csr = PyLong_AsUnsignedLong(arg);
    if (csr == (unsigned long)-1 && PyErr_Occurred()) return NULL;
    _mm_setcsr((unsigned int)csr);
#endif
    Py_RETURN_NONE;
}

/* ----- glibc's malloc: keep big temporaries in the heap ------------------------------------------------------
 * glibc serves every block above 128 KiB-32 MiB (its dynamic mmap threshold) with a fresh mmap and returns it at
 * free: a 1e6-element float32 op then page-faults its 4 MB result in, 1,000 faults a call, more time than the
 * kernel. tune_malloc() raises the mmap threshold to 32 MiB and the trim threshold to 64 MiB, so freed
 * temporaries are reused. It is process-wide (it changes how every malloc of the process behaves), called once
 * when tfshim loads its compiled kernels, and skipped when the user tunes malloc (MALLOC_* or GLIBC_TUNABLES
 * in the environment). Returns whether it changed anything. */
#if defined(__GLIBC__)
#include <malloc.h>
#endif

static PyObject *py_tune_malloc(PyObject *self, PyObject *noargs) {
    (void)self; (void)noargs;
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD) && defined(M_TRIM_THRESHOLD)
    extern char **environ;
    for (char **e = environ; e && *e; e++)
        if (strncmp(*e, "MALLOC_", 7) == 0 || strncmp(*e, "GLIBC_TUNABLES=", 15) == 0) Py_RETURN_FALSE;
    if (mallopt(M_MMAP_THRESHOLD, 32 << 20) && mallopt(M_TRIM_THRESHOLD, 64 << 20)) Py_RETURN_TRUE;
#endif
    Py_RETURN_FALSE;
}

/* ----- ISA --------------------------------------------------------------------------------------------- */
static PyObject *py_isa(PyObject *self, PyObject *noargs) {
    return PyUnicode_FromString(use_avx2 ? "avx2+fma" : "scalar");
}

static PyObject *py_set_threads(PyObject *self, PyObject *arg) {
    long t = PyLong_AsLong(arg);
    if (t == -1 && PyErr_Occurred()) return NULL;
    int old = max_threads;
    max_threads = t < 1 ? 1 : (t > MAX_THREADS ? MAX_THREADS : (int)t);
    return PyLong_FromLong(old);
}

/* set_isa("scalar" | "auto"): for the tests, which compare both paths. */
static PyObject *py_set_isa(PyObject *self, PyObject *arg) {
    const char *s = PyUnicode_AsUTF8(arg);
    if (!s) return NULL;
    if (strcmp(s, "scalar") == 0) use_avx2 = 0;
    else if (strcmp(s, "auto") == 0) use_avx2 = have_avx2;
    else { PyErr_Format(PyExc_ValueError, "unknown ISA %R", arg); return NULL; }
    return py_isa(self, NULL);
}


/* ----- float64 GEBP (kernels/eigen_gemm.py _gebp) ------------------------------------------------------------ */
/* One gebp_kernel<double, double, .., mr, 4> call of TF's Eigen matmul, x [m, K] times y [K, n], each output summed
 * in the order eigen_gemm.py's _gebp gives it: a rounded multiply then a rounded add per k (AVX without FMA in TF's
 * build), starting from +0:
 *   plain     rows i >= m//4*4, and the 8-column groups of each bm-column block;
 *   even/odd  the 4/2-column tails on rows i < m//4*4: even and odd k apart over k & ~7, summed, then in order;
 *   lanes     the odd last column of a block on those rows: four lanes (k mod 4) over k//4*4, (0+1)+(2+3), then in
 *             order.
 * Only NaN-free operands (the caller checks): then every NaN a product makes is the default NaN, and the order of an
 * add's operands cannot change a bit; where an operand holds a NaN, which NaN an add keeps is NumPy's loop's choice
 * in the emulation, so those products stay there. Outputs are independent, so a tile of JB columns is summed as JB
 * lanes (vectorised; each lane keeps its own order). */
#define GEBP_JB 64
enum { GEBP_PLAIN, GEBP_EVEN_ODD, GEBP_LANES };

#define GEBP_REGION(NAME, ATTR)                                                                                     \
    ATTR static void NAME(const double *x, const double *y, double *o, Py_ssize_t K, Py_ssize_t n, Py_ssize_t i0,   \
                          Py_ssize_t i1, Py_ssize_t j0, Py_ssize_t j1, int order) {                                 \
        double a[4][GEBP_JB];                                                                                       \
        for (Py_ssize_t jt = j0; jt < j1; jt += GEBP_JB) {                                                          \
            Py_ssize_t w = j1 - jt < GEBP_JB ? j1 - jt : GEBP_JB, k, jj, l;                                        \
            for (Py_ssize_t i = i0; i < i1; i++) {                                                                 \
                const double *xr = x + i * K, *yc = y + jt;                                                        \
                double *c = a[0];                                                                                   \
                Py_ssize_t from = 0;                                                                                \
                if (order == GEBP_PLAIN) {                                                                          \
                    for (jj = 0; jj < w; jj++) c[jj] = 0.0;                                                         \
                } else if (order == GEBP_EVEN_ODD) {                                                                \
                    Py_ssize_t p = K & ~(Py_ssize_t)7;                                                              \
                    for (l = 0; l < 2; l++) {                                                                       \
                        for (jj = 0; jj < w; jj++) a[l][jj] = 0.0;                                                  \
                        for (k = l; k < p; k += 2)                                                                  \
                            for (jj = 0; jj < w; jj++) a[l][jj] = a[l][jj] + xr[k] * yc[k * n + jj];                \
                    }                                                                                               \
                    for (jj = 0; jj < w; jj++) c[jj] = a[0][jj] + a[1][jj];                                         \
                    from = p;                                                                                       \
                } else {                                                                                            \
                    Py_ssize_t k4 = K / 4 * 4;                                                                      \
                    for (l = 0; l < 4; l++) {                                                                       \
                        for (jj = 0; jj < w; jj++) a[l][jj] = 0.0;                                                  \
                        for (k = l; k < k4; k += 4)                                                                 \
                            for (jj = 0; jj < w; jj++) a[l][jj] = a[l][jj] + xr[k] * yc[k * n + jj];                \
                    }                                                                                               \
                    for (jj = 0; jj < w; jj++) c[jj] = (a[0][jj] + a[1][jj]) + (a[2][jj] + a[3][jj]);               \
                    from = k4;                                                                                      \
                }                                                                                                   \
                for (k = from; k < K; k++)                                                                          \
                    for (jj = 0; jj < w; jj++) c[jj] = c[jj] + xr[k] * yc[k * n + jj];                              \
                for (jj = 0; jj < w; jj++) o[i * n + jt + jj] = c[jj];                                              \
            }                                                                                                       \
        }                                                                                                           \
    }

GEBP_REGION(gebp_region_base, )
#if TFS_X86
GEBP_REGION(gebp_region_avx2, TFS_AVX2)
#endif

static void gebp_region(const double *x, const double *y, double *o, Py_ssize_t K, Py_ssize_t n, Py_ssize_t i0,
                        Py_ssize_t i1, Py_ssize_t j0, Py_ssize_t j1, int order) {
    if (i0 >= i1 || j0 >= j1) return;
#if TFS_X86
    if (use_avx2) {
        gebp_region_avx2(x, y, o, K, n, i0, i1, j0, j1, order);
        return;
    }
#endif
    gebp_region_base(x, y, o, K, n, i0, i1, j0, j1, order);
}

/* gebp_f64(x, y, out, nb, m, K, n, bm, mr): False (out untouched) where an operand holds a NaN, else True */
static PyObject *py_gebp_f64(PyObject *self, PyObject *args) {
    PyObject *ox, *oy, *oo, *res = NULL;
    Py_ssize_t nb, m, K, n, bm;
    int mr;
    if (!PyArg_ParseTuple(args, "OOOnnnnni", &ox, &oy, &oo, &nb, &m, &K, &n, &bm, &mr)) return NULL;
    buf_t bx, by, bo;
    bx.ok = by.ok = bo.ok = 0;
    if (get_buf(ox, &bx, 0, 8, "x") < 0 || get_buf(oy, &by, 0, 8, "y") < 0 || get_buf(oo, &bo, 1, 8, "out") < 0)
        goto done;
    if (nb < 0 || m < 0 || K < 0 || n < 0 || bm < 0 || (mr != 8 && mr != 4) || bx.b.len < nb * m * K * 8
        || by.b.len < nb * K * n * 8 || bo.b.len < nb * m * n * 8) {
        PyErr_SetString(PyExc_ValueError, "tfshim._kernels.gebp_f64: buffer sizes do not match the shape");
        goto done;
    }
    if (has_nan_buf(bx.b.buf, nb * m * K * 8, 8) || has_nan_buf(by.b.buf, nb * K * n * 8, 8)) {
        res = Py_False;
        Py_INCREF(res);
        goto done;
    }
    Py_BEGIN_ALLOW_THREADS
    Py_ssize_t m4 = m / 4 * 4, B = bm ? bm : n;
    for (Py_ssize_t b = 0; b < nb; b++) {
        const double *x = (const double *)bx.b.buf + b * m * K, *y = (const double *)by.b.buf + b * K * n;
        double *o = (double *)bo.b.buf + b * m * n;
        if (!m4) {
            gebp_region(x, y, o, K, n, 0, m, 0, n, GEBP_PLAIN);
            continue;
        }
        gebp_region(x, y, o, K, n, m4, m, 0, n, GEBP_PLAIN);
        for (Py_ssize_t s0 = 0; s0 < n; s0 += B) {
            Py_ssize_t e = s0 + B < n ? s0 + B : n, eb = s0 + (e - s0) / mr * mr;
            Py_ssize_t e2 = mr == 8 ? e - (e - s0) % 2 : e;
            gebp_region(x, y, o, K, n, 0, m4, s0, eb, GEBP_PLAIN);
            gebp_region(x, y, o, K, n, 0, m4, eb, e2, GEBP_EVEN_ODD);
            gebp_region(x, y, o, K, n, 0, m4, e2, e, GEBP_LANES);
        }
    }
    Py_END_ALLOW_THREADS
    res = Py_True;
    Py_INCREF(res);
done:
    rel(&bx);
    rel(&by);
    rel(&bo);
    return res;
}

static PyMethodDef methods[] = {
    {"matmul_f32", py_matmul_f32, METH_VARARGS, "float32 matmul in oneDNN's sequential-FMA order."},
    {"gebp_f64", py_gebp_f64, METH_VARARGS, "float64 GEBP in Eigen's order (kernels/eigen_gemm.py _gebp)."},
    {"exp_f32", py_exp_f32, METH_VARARGS, "Eigen pexp_float (packet path)."},
    {"tanh_f32", py_tanh_f32, METH_VARARGS, "Eigen ptanh_float (packet path)."},
    {"pow_f32", py_pow_f32, METH_VARARGS, "Eigen generic_pow<float> (packet path)."},
    {"mul_f32", py_mul_f32, METH_VARARGS, "float32 Mul with TF's NaN operand order (math_ops.x86_nan_order)."},
    {"add_f32", py_add_f32, METH_VARARGS, "float32 AddV2 with TF's NaN operand order."},
    {"sub_f32", py_sub_f32, METH_VARARGS, "float32 Sub with TF's NaN operand order."},
    {"tanh_grad_f32", py_tanh_grad_f32, METH_VARARGS, "float32 TanhGrad(y, dy) with TF's NaN (math_ops)."},
    {"fp_push", py_fp_push, METH_NOARGS, "FTZ|DAZ on for this thread (nestable; kernels/fpenv.py enter)."},
    {"fp_pop", py_fp_pop, METH_NOARGS, "Undo one fp_push; the outermost restores MXCSR."},
    {"fp_unflushed", py_fp_unflushed, METH_O, "Inside fp_push: 1, MXCSR as outside; 0, flushing again."},
    {"sigmoid_f32", py_sigmoid_f32, METH_VARARGS, "Eigen scalar_logistic_op<float> (packet path)."},
    {"log_f32", py_log_f32, METH_VARARGS, "Eigen plog_impl_float (packet path)."},
    {"relu_f32", py_relu_f32, METH_VARARGS, "TF's Relu on float packets."},
    {"neg_f32", py_neg_f32, METH_VARARGS, "float32 Neg (two threads on large arrays)."},
    {"tree_sum_f32", py_tree_sum_f32, METH_VARARGS, "float32 Sum in Eigen's InnerMostDimReducer (tree) order."},
    {"has_nan", py_has_nan, METH_O, "Whether a C-contiguous float32/float64 array holds a NaN."},
    {"set_glibc_tables", py_set_glibc_tables, METH_VARARGS, "The exp2f and logf tables of kernels/glibc.py."},
    {"expf_f32", py_expf_f32, METH_VARARGS, "glibc 2.36 expf (kernels/glibc.py _expf)."},
    {"logf_f32", py_logf_f32, METH_VARARGS, "glibc 2.36 logf (kernels/glibc.py _logf)."},
    {"preserve_sum_f32", py_preserve_sum_f32, METH_VARARGS, "float32 Sum over the middle axis in Eigen's order."},
    {"sparse_xent_f32", py_sparse_xent_f32, METH_VARARGS, "float32 SparseSoftmaxCrossEntropyWithLogits, K <= 8192."},
    {"mxcsr_enter", py_mxcsr_enter, METH_NOARGS, "Set MXCSR's FTZ|DAZ; returns the previous MXCSR."},
    {"mxcsr_restore", py_mxcsr_restore, METH_O, "Restore an MXCSR value from mxcsr_enter."},
    {"tune_malloc", py_tune_malloc, METH_NOARGS, "glibc: keep temporaries up to 32 MiB in the heap (process-wide)."},
    {"isa", py_isa, METH_NOARGS, "The instruction set the kernels use."},
    {"set_threads", py_set_threads, METH_O, "The most threads a kernel uses (1..8); returns the old value."},
    {"set_isa", py_set_isa, METH_O, "Force 'scalar' or go back to 'auto'."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef moddef = {PyModuleDef_HEAD_INIT, "tfshim._kernels",
                                    "TF's CPU kernels compiled (twins of tfshim/kernels/).", -1, methods};

PyMODINIT_FUNC PyInit__kernels(void) {
#if TFS_X86
    __builtin_cpu_init();
    have_avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#endif
    use_avx2 = have_avx2;
#if TFS_THREADS
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    max_threads = cpus < 1 ? 1 : (cpus > MAX_THREADS ? MAX_THREADS : (int)cpus);
#endif
    return PyModule_Create(&moddef);
}
