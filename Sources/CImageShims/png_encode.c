#include "animrender_png.h"

#include <stdio.h>
#include <string.h>
#include <png.h>

#include "png_messages.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/*
 * Filter choice. libpng's heuristic (png_write_find_filter, libpng 1.6) filters each row five
 * ways, one byte at a time, and keeps the way whose bytes v sum least as v < 128 ? v : 256 - v.
 * The sums are found here in one pass over the row, sixteen bytes a step with SSE2, and libpng
 * then applies only the filter chosen. libpng stops a sum early once it exceeds the best so far;
 * that never changes which filter wins, since every term is non-negative.
 */

/* v < 128 ? v : 256 - v, the magnitude of v read as a signed byte. */
static inline unsigned shim_cost(unsigned v) {
    v &= 0xff;
    return v < 128 ? v : 256 - v;
}

/* The Paeth predictor of the PNG specification (and libpng's ties: a, then b, then c). */
static inline int shim_paeth(int a, int b, int c) {
    int p = b - c, q = a - c;
    int pa = p < 0 ? -p : p, pb = q < 0 ? -q : q, pc = (p + q) < 0 ? -(p + q) : p + q;
    return (pa <= pb && pa <= pc) ? a : (pb <= pc) ? b : c;
}

/* Adds byte i's five filtered magnitudes to `sums`; the left neighbours are 0 in the first pixel. */
static inline void shim_sums_at(const uint8_t *row, const uint8_t *prev, size_t i, uint64_t sums[5]) {
    int r = row[i], b = prev[i];
    int a = i >= 4 ? row[i - 4] : 0, c = i >= 4 ? prev[i - 4] : 0;
    sums[0] += shim_cost((unsigned)r);
    sums[1] += shim_cost((unsigned)(r - a));
    sums[2] += shim_cost((unsigned)(r - b));
    sums[3] += shim_cost((unsigned)(r - (a + b) / 2));
    sums[4] += shim_cost((unsigned)(r - shim_paeth(a, b, c)));
}

#ifdef __SSE2__
/* The sum of the sixteen bytes' magnitudes, in the two 64-bit lanes. */
static inline __m128i shim_cost16(__m128i x) {
    __m128i zero = _mm_setzero_si128();
    return _mm_sad_epu8(_mm_min_epu8(x, _mm_sub_epi8(zero, x)), zero);
}

static inline __m128i shim_abs16(__m128i x) {
    return _mm_max_epi16(x, _mm_sub_epi16(_mm_setzero_si128(), x));
}

/* The Paeth predictor of eight 16-bit lanes. */
static inline __m128i shim_paeth8(__m128i a, __m128i b, __m128i c) {
    __m128i p = _mm_sub_epi16(b, c), q = _mm_sub_epi16(a, c);
    __m128i pa = shim_abs16(p), pb = shim_abs16(q), pc = shim_abs16(_mm_add_epi16(p, q));
    __m128i notA = _mm_or_si128(_mm_cmpgt_epi16(pa, pb), _mm_cmpgt_epi16(pa, pc));
    __m128i notB = _mm_cmpgt_epi16(pb, pc);
    __m128i bc = _mm_or_si128(_mm_andnot_si128(notB, b), _mm_and_si128(notB, c));
    return _mm_or_si128(_mm_andnot_si128(notA, a), _mm_and_si128(notA, bc));
}

/* Bytes [4, end) sixteen at a time, where end - 4 is a multiple of 16; returns end. */
static size_t shim_sums_vector(const uint8_t *row, const uint8_t *prev, size_t bytes, uint64_t sums[5]) {
    if (bytes < 20) return 4;
    size_t end = 4 + (bytes - 4) / 16 * 16;
    __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi8(1);
    __m128i s0 = zero, s1 = zero, s2 = zero, s3 = zero, s4 = zero;
    for (size_t i = 4; i < end; i += 16) {
        __m128i r = _mm_loadu_si128((const __m128i *)(row + i));
        __m128i a = _mm_loadu_si128((const __m128i *)(row + i - 4));
        __m128i b = _mm_loadu_si128((const __m128i *)(prev + i));
        __m128i c = _mm_loadu_si128((const __m128i *)(prev + i - 4));
        /* floor((a + b) / 2): the rounded-up average less the bit it rounded up by. */
        __m128i avg = _mm_sub_epi8(_mm_avg_epu8(a, b), _mm_and_si128(_mm_xor_si128(a, b), one));
        __m128i lo = shim_paeth8(_mm_unpacklo_epi8(a, zero), _mm_unpacklo_epi8(b, zero), _mm_unpacklo_epi8(c, zero));
        __m128i hi = shim_paeth8(_mm_unpackhi_epi8(a, zero), _mm_unpackhi_epi8(b, zero), _mm_unpackhi_epi8(c, zero));
        __m128i paeth = _mm_packus_epi16(lo, hi);
        s0 = _mm_add_epi64(s0, shim_cost16(r));
        s1 = _mm_add_epi64(s1, shim_cost16(_mm_sub_epi8(r, a)));
        s2 = _mm_add_epi64(s2, shim_cost16(_mm_sub_epi8(r, b)));
        s3 = _mm_add_epi64(s3, shim_cost16(_mm_sub_epi8(r, avg)));
        s4 = _mm_add_epi64(s4, shim_cost16(_mm_sub_epi8(r, paeth)));
    }
    __m128i all[5] = {s0, s1, s2, s3, s4};
    for (int f = 0; f < 5; f++) {
        uint64_t lanes[2];
        _mm_storeu_si128((__m128i *)lanes, all[f]);
        sums[f] += lanes[0] + lanes[1];
    }
    return end;
}
#endif

/* libpng's mask of each filter value, 0 (None) to 4 (Paeth). */
static const int shim_filter_masks[5] = {PNG_FILTER_NONE, PNG_FILTER_SUB, PNG_FILTER_UP,
                                         PNG_FILTER_AVG, PNG_FILTER_PAETH};

void animrender_png_filter_sums(const uint8_t *row, const uint8_t *previous, size_t bytes,
                                int vector, uint64_t sums[5]) {
    for (int f = 0; f < 5; f++) sums[f] = 0;
    size_t i = 0;
    for (; i < bytes && i < 4; i++) shim_sums_at(row, previous, i, sums);
#ifdef __SSE2__
    if (vector && i == 4) i = shim_sums_vector(row, previous, bytes, sums);
#else
    (void)vector;
#endif
    for (; i < bytes; i++) shim_sums_at(row, previous, i, sums);
}

int animrender_png_choose_filter(const uint8_t *row, const uint8_t *previous, size_t bytes,
                                 int allowed) {
    allowed &= PNG_ALL_FILTERS;
    for (int f = 0; f < 5; f++) {
        if (allowed == shim_filter_masks[f]) return f;  /* one filter: libpng applies it without sums */
    }
    if (allowed == 0) return 0;
    uint64_t sums[5];
    animrender_png_filter_sums(row, previous, bytes, 1, sums);
    /* libpng's order and ties: None's sum (when allowed) is the first best, then each later
     * filter replaces the best only with a strictly smaller sum. */
    uint64_t best = (allowed & PNG_FILTER_NONE) ? sums[0] : UINT64_MAX;
    int chosen = 0;
    for (int f = 1; f < 5; f++) {
        if ((allowed & shim_filter_masks[f]) && sums[f] < best) {
            best = sums[f];
            chosen = f;
        }
    }
    return chosen;
}

/* The output buffer and how many bytes the PNG has so far, reached through libpng's io pointer. */
struct shim_png_out {
    uint8_t *out;
    size_t capacity;
    size_t size;
};

/* Copies what fits and counts every byte, as png_image_write_to_memory does. */
static void shim_png_write(png_structp png, png_bytep data, size_t count) {
    struct shim_png_out *state = png_get_io_ptr(png);
    if (state->size < state->capacity) {
        size_t room = state->capacity - state->size;
        memcpy(state->out + state->size, data, count < room ? count : room);
    }
    state->size += count;
}

static void shim_png_flush(png_structp png) { (void)png; }

/* The filters libpng allows an image of this size (png_write_start_row). */
static int shim_allowed_filters(uint32_t width, uint32_t height) {
    int allowed = PNG_ALL_FILTERS;
    if (height == 1) allowed &= ~(PNG_FILTER_UP | PNG_FILTER_AVG | PNG_FILTER_PAETH);
    if (width == 1) allowed &= ~(PNG_FILTER_SUB | PNG_FILTER_AVG | PNG_FILTER_PAETH);
    return allowed ? allowed : PNG_FILTER_NONE;
}

/* Writes the rows; the first with libpng's own choice among all filters, so that libpng makes the
 * buffers every later choice needs, and picks zlib's strategy (Z_FILTERED, or the default when an
 * image of one pixel allows no filter) as it does for the simplified writer: it picks it once, as
 * the first row is compressed, from the filters allowed then. */
static void shim_png_write_rows(png_structp png, const uint8_t *pixels, uint32_t width,
                                uint32_t height, size_t stride) {
    int allowed = shim_allowed_filters(width, height);
    size_t bytes = (size_t)width * 4;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = pixels + (size_t)y * stride;
        if (y > 0) {
            int f = animrender_png_choose_filter(row, row - stride, bytes, allowed);
            png_set_filter(png, PNG_FILTER_TYPE_BASE, shim_filter_masks[f]);
        }
        png_write_row(png, row);
    }
}

int animrender_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                          uint8_t *out, size_t *size, char *error, size_t error_size) {
    struct shim_png_out state = {out, *size, 0};
    struct shim_png_message message = {error, error_size};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &message, shim_png_error,
                                              shim_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_write_struct(&png, NULL);
        snprintf(error, error_size, "cannot create libpng's write structures (out of memory, or a libpng of another version)");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    /* As the simplified writer does: a "benign" error (such as a filter libpng would drop) stops
     * the write instead of changing the bytes behind a warning. */
    png_set_benign_errors(png, 0);
    png_set_write_fn(png, &state, shim_png_write, shim_png_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(png, info);
    shim_png_write_rows(png, pixels, width, height, stride);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *size = state.size;
    return state.size <= state.capacity ? 0 : 1;
}
