/* Build-time probe of the x86 approximation instructions VRCPPS / VRSQRTPS (AVX, 256-bit).
 *
 * Used by tools/gen_eigen_rcp_tables.py (never at runtime).  It
 *   1. reads the hardware tables: VRCPPS on [1, 2) (the result depends only on the top 11
 *      mantissa bits), VRSQRTPS on [1, 2) and [0.5, 1) (top 10 mantissa bits, per exponent parity);
 *   2. checks, for ALL 2^32 float bit patterns, with the default MXCSR and with FTZ|DAZ set, that the
 *      table model used by tfshim/kernels/eigen_rcp.py reproduces the instruction bit for bit;
 *   3. prints the 12-bit result mantissas as hex, one table per line ("rcp", "rsqrt_odd", "rsqrt_even").
 *
 * Build: gcc -O2 -mavx eigen_rcp_tables.c -o eigen_rcp_tables
 */
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint32_t T_rcp[2048];      /* full result bits for inputs 1.m (biased exponent 127) */
static uint32_t T_rsq[2][1024];   /* [1]: exponent 127 (odd), [0]: exponent 126 (even) */

static uint32_t hw1(uint32_t u, int rsqrt) {
  float f, r;
  uint32_t o;
  memcpy(&f, &u, 4);
  __m256 v = _mm256_set1_ps(f);
  v = rsqrt ? _mm256_rsqrt_ps(v) : _mm256_rcp_ps(v);
  r = _mm256_cvtss_f32(v);
  memcpy(&o, &r, 4);
  return o;
}

/* The model implemented in NumPy by eigen_rcp._rcpps. */
static uint32_t model_rcp(uint32_t u) {
  uint32_t s = u & 0x80000000u, e = (u >> 23) & 255u, m = u & 0x7fffffu;
  int32_t r;
  if (e == 255u) return m ? (u | 0x400000u) : s;   /* NaN -> quiet NaN, +-inf -> +-0 */
  if (e == 0u) return s | 0x7f800000u;             /* +-0 and subnormals -> +-inf */
  r = (int32_t)T_rcp[m >> 12] + (int32_t)((127 - (int)e) * (1 << 23));
  if (r < (1 << 23)) return s;                     /* tiny results are flushed to +-0 */
  return s | (uint32_t)r;
}

/* The model implemented in NumPy by eigen_rcp._rsqrtps. */
static uint32_t model_rsqrt(uint32_t u) {
  uint32_t s = u & 0x80000000u, e = (u >> 23) & 255u, m = u & 0x7fffffu;
  int odd, k;
  if (e == 255u) {
    if (m) return u | 0x400000u;                   /* NaN -> quiet NaN */
    return s ? 0xffc00000u : 0u;                   /* -inf -> default NaN, +inf -> +0 */
  }
  if (e == 0u) return s | 0x7f800000u;             /* +-0 and subnormals -> +-inf */
  if (s) return 0xffc00000u;                       /* negative -> default NaN */
  odd = (int)(e & 1u);
  k = ((int)e - (odd ? 127 : 126)) / 2;
  return (uint32_t)((int32_t)T_rsq[odd][m >> 13] - k * (1 << 23));
}

static unsigned long long check_all(void) {
  unsigned long long bad = 0;
  for (uint64_t x = 0; x < (1ull << 32); x += 8) {
    uint32_t a[8], b[8];
    __m256 v = _mm256_castsi256_ps(_mm256_setr_epi32((int)x, (int)(x + 1), (int)(x + 2), (int)(x + 3),
                                                     (int)(x + 4), (int)(x + 5), (int)(x + 6), (int)(x + 7)));
    _mm256_storeu_ps((float *)a, _mm256_rcp_ps(v));
    _mm256_storeu_ps((float *)b, _mm256_rsqrt_ps(v));
    for (int j = 0; j < 8; j++) {
      uint32_t u = (uint32_t)(x + (uint64_t)j);
      if (a[j] != model_rcp(u) && bad++ < 5) fprintf(stderr, "rcp %08x: hw %08x model %08x\n", u, a[j], model_rcp(u));
      if (b[j] != model_rsqrt(u) && bad++ < 5)
        fprintf(stderr, "rsqrt %08x: hw %08x model %08x\n", u, b[j], model_rsqrt(u));
    }
  }
  return bad;
}

int main(void) {
  unsigned long long bad;
  for (uint32_t i = 0; i < 2048; i++) T_rcp[i] = hw1((127u << 23) | (i << 12), 0);
  for (uint32_t i = 0; i < 1024; i++) {
    T_rsq[1][i] = hw1((127u << 23) | (i << 13), 1);
    T_rsq[0][i] = hw1((126u << 23) | (i << 13), 1);
  }
  /* Exponent of each table is constant and the low 11 result bits are zero: 12-bit entries suffice. */
  for (int i = 0; i < 2048; i++)
    if ((T_rcp[i] >> 23) != 126u || (T_rcp[i] & 0x7ffu)) { fprintf(stderr, "unexpected rcp entry\n"); return 2; }
  for (int i = 0; i < 1024; i++)
    if ((T_rsq[1][i] >> 23) != 126u || (T_rsq[0][i] >> 23) != 127u || ((T_rsq[1][i] | T_rsq[0][i]) & 0x7ffu)) {
      fprintf(stderr, "unexpected rsqrt entry\n");
      return 2;
    }
  bad = check_all();
  _mm_setcsr(_mm_getcsr() | 0x8040); /* FTZ | DAZ, as in every TF kernel */
  bad += check_all();
  if (bad) {
    fprintf(stderr, "%llu mismatches: the table model does not describe this CPU\n", bad);
    return 1;
  }
  printf("rcp");
  for (int i = 0; i < 2048; i++) printf(" %03x", (T_rcp[i] >> 11) & 0xfffu);
  printf("\nrsqrt_odd");
  for (int i = 0; i < 1024; i++) printf(" %03x", (T_rsq[1][i] >> 11) & 0xfffu);
  printf("\nrsqrt_even");
  for (int i = 0; i < 1024; i++) printf(" %03x", (T_rsq[0][i] >> 11) & 0xfffu);
  printf("\n");
  return 0;
}
