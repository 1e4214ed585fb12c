#include "animrender_stores.h"

#include <string.h>

// Every product and sum below is rounded on its own, as in Swift (which never fuses them): a
// compiler allowed to fuse m · 255 + 0.5 into one multiply-add (clang does by default where the
// processor has one, as on arm64) would round once and change bytes.
#pragma STDC FP_CONTRACT OFF

/// The coverage byte of a running sum s: min(1, |s|) · 255 + 0.5, truncated, in float (what
/// AnimRaster's `Accumulator` computes as `UInt8(min(1, abs(s)) * 255 + 0.5)`).
static inline unsigned char coverage_of(float s) {
    float m = s < 0 ? -s : s;
    m = m < 1 ? m : 1;
    return (unsigned char)(int)(m * 255.0f + 0.5f);
}

#if defined(__SSE2__)
#include <emmintrin.h>

/// Whether the `n` (8 or 32) floats at p are all +0 or −0.
static inline int all_zero(const float *p, int n) {
    __m128i bits = _mm_setzero_si128();
    for (int k = 0; k < n; k += 4) bits = _mm_or_si128(bits, _mm_loadu_si128((const __m128i *)(p + k)));
    bits = _mm_and_si128(bits, _mm_set1_epi32(0x7FFFFFFF));
    return _mm_movemask_epi8(_mm_cmpeq_epi32(bits, _mm_setzero_si128())) == 0xFFFF;
}

/// The coverage bytes of four running sums, little-endian: the same IEEE operations as
/// `coverage_of` in each lane (andps for the magnitude, minps giving 1 where the sum is not
/// below it, mulps, addps, cvttps2dq truncating), packed to bytes (values 0…255 pass unsaturated).
static inline unsigned int coverage_of4(float s0, float s1, float s2, float s3) {
    __m128 m = _mm_and_ps(_mm_setr_ps(s0, s1, s2, s3), _mm_castsi128_ps(_mm_set1_epi32(0x7FFFFFFF)));
    m = _mm_min_ps(m, _mm_set1_ps(1.0f));
    m = _mm_add_ps(_mm_mul_ps(m, _mm_set1_ps(255.0f)), _mm_set1_ps(0.5f));
    __m128i i = _mm_cvttps_epi32(m);
    i = _mm_packs_epi32(i, i);
    i = _mm_packus_epi16(i, i);
    return (unsigned int)_mm_cvtsi128_si32(i);
}
#else
static inline int all_zero(const float *p, int n) {
    for (int k = 0; k < n; k++) {
        unsigned int b;
        memcpy(&b, p + k, 4);
        if (b & 0x7FFFFFFFu) return 0;
    }
    return 1;
}

static inline unsigned int coverage_of4(float s0, float s1, float s2, float s3) {
    return (unsigned int)coverage_of(s0) | (unsigned int)coverage_of(s1) << 8
        | (unsigned int)coverage_of(s2) << 16 | (unsigned int)coverage_of(s3) << 24;
}
#endif

int animrender_resolve_row(float *cell, unsigned char *coverage, long width) {
    float sum = 0;
    unsigned char v = 0;
    int any = 0;
    long x = 0;
    while (x < width) {
        // Cells without an edge leave the sum, and so the coverage, as it is: runs of it.
        if (x + 8 <= width && all_zero(cell + x, 8)) {
            memset(coverage + x, v, 8);
            x += 8;
            while (x + 32 <= width && all_zero(cell + x, 32)) {
                memset(coverage + x, v, 32);
                x += 32;
            }
            continue;
        }
        if (x + 4 <= width) {
            // The four sums one after another (the same additions in the same order), then
            // converted together; a cell of ±0 among them leaves |sum| and its coverage as a run would.
            float s0 = sum + cell[x], s1 = s0 + cell[x + 1], s2 = s1 + cell[x + 2];
            sum = s2 + cell[x + 3];
            memset(cell + x, 0, 4 * sizeof(float));
            unsigned int bytes = coverage_of4(s0, s1, s2, sum);
            memcpy(coverage + x, &bytes, 4);
            v = (unsigned char)(bytes >> 24);
            any |= bytes != 0;
            x += 4;
            continue;
        }
        sum += cell[x];
        cell[x] = 0;
        v = coverage_of(sum);
        coverage[x] = v;
        any |= v != 0;
        x += 1;
    }
    cell[width] = 0;  // the spill column, never read
    return any;
}
