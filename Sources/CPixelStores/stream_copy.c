#include "animrender_stores.h"

#include <stdint.h>
#include <string.h>
#include <wchar.h>

#if defined(__SSE2__)
#include <emmintrin.h>

/// Bytes from d up to its next line boundary (at most `bytes`): a streaming store of part of a
/// line costs a partial write to memory, so those bytes go through the cache.
static inline size_t head_of(const unsigned char *d, size_t bytes) {
    size_t head = (64 - ((uintptr_t)d & 63)) & 63;
    return head > bytes ? bytes : head;
}

void animrender_stream_copy_unfenced(void *dst, const void *src, size_t bytes) {
    unsigned char *d = dst;
    const unsigned char *s = src;
    size_t head = head_of(d, bytes);
    memcpy(d, s, head);
    d += head;
    s += head;
    bytes -= head;
    size_t lines = bytes / 64;
    for (size_t i = 0; i < lines; i++, d += 64, s += 64) {
        __m128i a = _mm_loadu_si128((const __m128i *)s);
        __m128i b = _mm_loadu_si128((const __m128i *)(s + 16));
        __m128i c = _mm_loadu_si128((const __m128i *)(s + 32));
        __m128i e = _mm_loadu_si128((const __m128i *)(s + 48));
        _mm_stream_si128((__m128i *)d, a);
        _mm_stream_si128((__m128i *)(d + 16), b);
        _mm_stream_si128((__m128i *)(d + 32), c);
        _mm_stream_si128((__m128i *)(d + 48), e);
    }
    memcpy(d, s, bytes - lines * 64);
}

void animrender_stream_fill_unfenced(void *dst, unsigned int word, size_t count) {
    unsigned char *d = dst;
    size_t bytes = count * 4;
    // dst is 4-byte aligned (a pixel), so the head is whole words.
    size_t head = head_of(d, bytes);
    wmemset((wchar_t *)d, (wchar_t)word, head / 4);
    d += head;
    bytes -= head;
    size_t lines = bytes / 64;
    __m128i v = _mm_set1_epi32((int)word);
    for (size_t i = 0; i < lines; i++, d += 64) {
        _mm_stream_si128((__m128i *)d, v);
        _mm_stream_si128((__m128i *)(d + 16), v);
        _mm_stream_si128((__m128i *)(d + 32), v);
        _mm_stream_si128((__m128i *)(d + 48), v);
    }
    wmemset((wchar_t *)d, (wchar_t)word, (bytes - lines * 64) / 4);
}

void animrender_store_fence(void) { _mm_sfence(); }

int animrender_stream_copy_streams(void) { return 1; }

#else

void animrender_stream_copy_unfenced(void *dst, const void *src, size_t bytes) { memcpy(dst, src, bytes); }

void animrender_stream_fill_unfenced(void *dst, unsigned int word, size_t count) {
    wmemset((wchar_t *)dst, (wchar_t)word, count);
}

void animrender_store_fence(void) {}

int animrender_stream_copy_streams(void) { return 0; }

#endif

void animrender_stream_copy(void *dst, const void *src, size_t bytes) {
    animrender_stream_copy_unfenced(dst, src, bytes);
    animrender_store_fence();
}
