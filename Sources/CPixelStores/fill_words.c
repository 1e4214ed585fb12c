#include "animrender_stores.h"

#include <wchar.h>

// wchar_t is a 32-bit integer on the platforms animrender builds for (glibc's, Darwin's), so
// wmemset stores a pixel per element: the C library's set of 4-byte words, which glibc makes with
// 32-byte vector stores (and `rep stosd` where that is faster), writing without reading.
_Static_assert(sizeof(wchar_t) == 4, "wmemset must set 4-byte words");

void animrender_fill_words(void *dst, unsigned int word, size_t count) {
    wmemset((wchar_t *)dst, (wchar_t)word, count);
}
