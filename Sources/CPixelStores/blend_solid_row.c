#include "animrender_stores.h"

#include <stdint.h>
#include <string.h>

// AnimRaster's SolidSource.blendRow with 256-bit integer vectors (AVX2), compiled for that
// instruction set alone and called only where the processor has it (animrender_has_avx2). Every
// pixel gets the arithmetic of the Swift version, lane for lane: for coverage c and the colour's
// channels k (alpha a), s = mul255(k, c), d' = the low byte of s + mul255(d, 255 - mul255(a, c)),
// with mul255(x, y) = (t + (t >> 8)) >> 8 for t = x·y + 128, computed as the high half of t · 257
// (exact for t < 2^16). So the bytes are the same on every processor (AnimRasterTests).

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

int animrender_has_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    // AVX, and the system saving the 256-bit registers (OSXSAVE, then XCR0's SSE and AVX state).
    if (!((c >> 27) & 1) || !((c >> 28) & 1)) return 0;
    unsigned lo, hi;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    (void)hi;
    if ((lo & 6) != 6) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b >> 5) & 1;
}

/// mul255 in each 16-bit lane of a · b (both at most 255).
AVX2 static inline __m256i mul255(__m256i a, __m256i b) {
    __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(a, b), _mm256_set1_epi16(128));
    return _mm256_mulhi_epu16(t, _mm256_set1_epi16(257));
}

/// Four pixels (16 lanes, one per channel) under coverage lanes c: the source-over of the colour.
AVX2 static inline __m256i over4(__m256i d, __m256i c, __m256i color, __m256i alpha) {
    __m256i s = mul255(color, c);
    __m256i inverse = _mm256_sub_epi16(_mm256_set1_epi16(255), mul255(alpha, c));
    __m256i r = _mm256_add_epi16(s, mul255(d, inverse));
    return _mm256_and_si256(r, _mm256_set1_epi16(0xFF));
}

/// Eight pixels at p under the coverage bytes of `eight` (pixel 0 in the low byte).
AVX2 static inline void blend8(uint8_t *p, uint64_t eight, __m256i color, __m256i alpha) {
    __m256i d = _mm256_loadu_si256((const __m256i *)p);
    __m128i c8 = _mm_cvtsi64_si128((long long)eight);
    __m128i c0 = _mm_shuffle_epi8(c8, _mm_setr_epi8(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3));
    __m128i c1 = _mm_shuffle_epi8(c8, _mm_setr_epi8(4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7));
    __m256i lo = over4(_mm256_cvtepu8_epi16(_mm256_castsi256_si128(d)), _mm256_cvtepu8_epi16(c0), color, alpha);
    __m256i hi = over4(_mm256_cvtepu8_epi16(_mm256_extracti128_si256(d, 1)), _mm256_cvtepu8_epi16(c1), color, alpha);
    // packus works within each 128-bit half: pixels 0-1, 4-5, 2-3, 6-7; put them back in order.
    __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi16(lo, hi), 0xD8);
    _mm256_storeu_si256((__m256i *)p, packed);
}

/// Eight pixels whose coverage bytes are each 0 or 255, under an opaque colour: the colour where
/// 255, the pixel kept where 0 (what the blend gives them).
AVX2 static inline void select8(uint8_t *p, uint64_t eight, __m256i word) {
    __m128i c8 = _mm_cvtsi64_si128((long long)eight);
    __m256i mask = _mm256_cvtepi8_epi32(c8);  // 0xFF → all ones, 0 → 0
    __m256i d = _mm256_loadu_si256((const __m256i *)p);
    _mm256_storeu_si256((__m256i *)p, _mm256_blendv_epi8(d, word, mask));
}

static inline uint64_t load64(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/// Whether the 32 bytes at c are all 255 (`full`) or all 0.
static inline int all32(const uint8_t *c, int full) {
    uint64_t a = load64(c), b = load64(c + 8), e = load64(c + 16), f = load64(c + 24);
    return full ? (a & b & e & f) == ~(uint64_t)0 : (a | b | e | f) == 0;
}

AVX2 void animrender_blend_solid_row_avx2(unsigned char *p, const unsigned char *coverage, long count, long room,
                                          unsigned int word) {
    const uint8_t k[4] = {(uint8_t)word, (uint8_t)(word >> 8), (uint8_t)(word >> 16), (uint8_t)(word >> 24)};
    const int opaque = k[3] == 255;
    const __m256i color = _mm256_setr_epi16(k[0], k[1], k[2], k[3], k[0], k[1], k[2], k[3],
                                            k[0], k[1], k[2], k[3], k[0], k[1], k[2], k[3]);
    const __m256i alpha = _mm256_set1_epi16(k[3]);
    const __m256i words = _mm256_set1_epi32((int)word);
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        uint64_t eight = load64(coverage + i);
        if (eight == ~(uint64_t)0) {
            // A run of full coverage (a shape's inside): 32 bytes a test.
            long run = 8;
            while (i + run + 32 <= count && all32(coverage + i + run, 1)) run += 32;
            for (long j = 0; j < run; j += 8) {
                if (opaque) _mm256_storeu_si256((__m256i *)(p + (i + j) * 4), words);
                else blend8(p + (i + j) * 4, ~(uint64_t)0, color, alpha);
            }
            i += run - 8;
        } else if (eight != 0) {
            uint64_t high = eight & 0x8080808080808080ULL;
            if (opaque && (high >> 7) * 0xFF == eight) select8(p + i * 4, eight, words);
            else blend8(p + i * 4, eight, color, alpha);
        } else {
            // A run of zeros (inside a border's ring, around a blurred shadow): 32 bytes a test.
            while (i + 40 <= count && all32(coverage + i + 8, 0)) i += 32;
        }
    }
    if (i >= count) return;
    long rest = count - i;
    if (room - i >= 8) {
        // The last few as eight with the missing coverage 0, which leaves those pixels as they are.
        // Read as the eight bytes ending at `count` and shifted down when the row has eight (a
        // byte-wise copy into a word would stall the load that follows it); else byte by byte.
        uint64_t eight = 0;
        if (count >= 8) {
            eight = load64(coverage + count - 8) >> (8 * (8 - rest));
        } else {
            for (long j = 0; j < rest; j++) eight |= (uint64_t)coverage[i + j] << (8 * j);
        }
        if (eight != 0) blend8(p + i * 4, eight, color, alpha);
        return;
    }
    for (; i < count; i++) {
        uint8_t c = coverage[i];
        if (c == 0) continue;
        uint64_t one = c;
        // One pixel through the same lanes: blend eight into a copy and keep the first.
        uint8_t tmp[32];
        memcpy(tmp, p + i * 4, 4);
        memset(tmp + 4, 0, 28);
        blend8(tmp, one, color, alpha);
        memcpy(p + i * 4, tmp, 4);
    }
}

#else

int animrender_has_avx2(void) { return 0; }

void animrender_blend_solid_row_avx2(unsigned char *p, const unsigned char *coverage, long count, long room,
                                     unsigned int word) {
    (void)p; (void)coverage; (void)count; (void)room; (void)word;
    __builtin_trap();  // never called: animrender_has_avx2() is 0 here
}

#endif
