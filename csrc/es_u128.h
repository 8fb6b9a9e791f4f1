/*
 * es_u128.h -- prefix u128_: the unsigned 128-bit arithmetic of the solver (es_solve.c), in two
 * builds with the same integers.
 *
 *   fast      unsigned __int128 (GCC and Clang on 64-bit hosts): every operation is one or two
 *             machine instructions.
 *   portable  two 64-bit words, the 64 x 64 -> 128-bit product from four 32 x 32 -> 64-bit
 *             products of the halves; for compilers and targets without __int128 (the board's
 *             Cortex-M0+ and Cortex-M3: arm-none-eabi-gcc has no __int128 on 32-bit targets).
 *
 * The portable build is chosen when the compiler has no __int128 (__SIZEOF_INT128__ undefined),
 * or forced with -DES_PORTABLE128 (the host's test build, host/backend/_core_build.py --portable, runs the
 * parity and fuzz tests through it). es_portable128() (es_core.c) says which one a build has.
 *
 * Only what the solver needs: a 128-bit value from a word or two, add, add a word, a word times a
 * word, a value times a word below 2^32 (class weights and roll weights), shifts, the high and low
 * words, and at set-up a division by a word whose quotient fits a word.
 */
#ifndef ES_U128_H
#define ES_U128_H

#include <stdint.h>

#if defined(__SIZEOF_INT128__) && !defined(ES_PORTABLE128)

__extension__ typedef unsigned __int128 u128;
#define ES_U128_PORTABLE 0

static inline u128 u128_make(uint64_t hi, uint64_t lo) { return (u128)hi << 64 | lo; }
static inline u128 u128_from(uint64_t x) { return x; }
static inline uint64_t u128_lo(u128 x) { return (uint64_t)x; }
static inline uint64_t u128_hi(u128 x) { return (uint64_t)(x >> 64); }
static inline u128 u128_add(u128 a, u128 b) { return a + b; }
static inline u128 u128_add64(u128 a, uint64_t b) { return a + b; }
static inline u128 u128_mul64(uint64_t a, uint64_t b) { return (u128)a * b; }
static inline u128 u128_mul_small(u128 a, uint64_t k) { return a * k; }
static inline u128 u128_shl(u128 a, int n) { return a << n; }
/* the low word of a >> n, 0 <= n < 128 */
static inline uint64_t u128_shr_lo(u128 a, int n) { return (uint64_t)(a >> n); }
/* a / d for a quotient below 2^64 (set-up only) */
static inline uint64_t u128_div64(u128 a, uint64_t d) { return (uint64_t)(a / d); }

#else

typedef struct {
    uint64_t lo, hi;
} u128;
#define ES_U128_PORTABLE 1

static inline u128 u128_make(uint64_t hi, uint64_t lo)
{
    u128 r;
    r.lo = lo;
    r.hi = hi;
    return r;
}

static inline u128 u128_from(uint64_t x) { return u128_make(0, x); }
static inline uint64_t u128_lo(u128 x) { return x.lo; }
static inline uint64_t u128_hi(u128 x) { return x.hi; }

static inline u128 u128_add(u128 a, u128 b)
{
    uint64_t lo = a.lo + b.lo;
    return u128_make(a.hi + b.hi + (lo < a.lo), lo);
}

static inline u128 u128_add64(u128 a, uint64_t b)
{
    uint64_t lo = a.lo + b;
    return u128_make(a.hi + (lo < a.lo), lo);
}

/* The schoolbook product of the 32-bit halves: a = a1 2^32 + a0, b = b1 2^32 + b0;
 * a b = a1 b1 2^64 + (a1 b0 + a0 b1) 2^32 + a0 b0. Each partial product is below 2^64, and the
 * middle sum is carried through `mid`, whose high half and carry go to the high word. */
static inline u128 u128_mul64(uint64_t a, uint64_t b)
{
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;    /* < 3 * 2^32 */
    return u128_make(p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32), (mid << 32) | (uint32_t)p00);
}

/* a times k < 2^32: two products of a word by k, the low one's high word carried up */
static inline u128 u128_mul_small(u128 a, uint64_t k)
{
    u128 r = u128_mul64(a.lo, k);
    r.hi += a.hi * k;
    return r;
}

static inline u128 u128_shl(u128 a, int n)
{
    if (n == 0)
        return a;
    if (n >= 64)
        return u128_make(a.lo << (n - 64), 0);
    return u128_make(a.hi << n | a.lo >> (64 - n), a.lo << n);
}

static inline uint64_t u128_shr_lo(u128 a, int n)
{
    if (n == 0)
        return a.lo;
    if (n >= 64)
        return a.hi >> (n - 64);
    return a.lo >> n | a.hi << (64 - n);
}

/* Restoring division, one quotient bit a step from the top (set-up only: a few dozen calls). The
 * remainder before a step is below d < 2^64; shifted, it is carry 2^64 + rem, and subtracting d
 * when that is at least d leaves a remainder below d again, so the wrapped 64-bit difference is
 * exact. Quotient bits at 2^64 and above are never set (the caller's quotient fits a word). */
static inline uint64_t u128_div64(u128 a, uint64_t d)
{
    uint64_t q = 0, rem = 0;
    int i;
    for (i = 127; i >= 0; i--) {
        uint64_t bit = i >= 64 ? a.hi >> (i - 64) & 1 : a.lo >> i & 1;
        int carry = (int)(rem >> 63);
        rem = rem << 1 | bit;
        if (carry || rem >= d) {
            rem -= d;
            if (i < 64)
                q |= (uint64_t)1 << i;
        }
    }
    return q;
}

#endif

#endif
