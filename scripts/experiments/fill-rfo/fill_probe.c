// How fast can one and two threads fill a canvas's background when the canvas does not fit the
// caches? Each thread draws into three canvases in turn, band by band as CanvasBands does (34 rows
// of a 3840x2160 canvas, 512 KB): the band's background is filled, then 30 % of it is read,
// modified and written back while it is in the cache (a layer). The fill is done three ways:
//   sse stores:  16-byte stores, as Bitmap.fill did (every cache line is read before it is written);
//   memcpy 16K:  the first 16 KB filled, then copied forward (glibc's memmove uses rep movsb at that
//                size, which writes whole lines without reading them first), as Bitmap.fill does now;
//   rep stosl:   the string store itself, for comparison.
//   cc -O2 -mavx2 -pthread fill_probe.c -o fill_probe && ./fill_probe [WIDTH HEIGHT BAND_ROWS]
// If two threads take much longer per frame than one, the memory sets the pace (docs/benchmarks.md,
// session 31).
#include <immintrin.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int W = 3840, H = 2160, ROWS = 34;
static int method;
static const int frames = 40;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static void fill_rows(uint32_t *p, int rows, uint32_t v, const uint32_t *pattern) {
    size_t n = (size_t)rows * W;
    if (method == 0) {
        __m128i x = _mm_set1_epi32((int)v);
        for (size_t i = 0; i + 16 <= n; i += 16) {
            _mm_storeu_si128((__m128i *)(p + i), x);
            _mm_storeu_si128((__m128i *)(p + i + 4), x);
            _mm_storeu_si128((__m128i *)(p + i + 8), x);
            _mm_storeu_si128((__m128i *)(p + i + 12), x);
        }
    } else if (method == 1) {
        size_t bytes = n * 4, o = 0;
        while (o < bytes) {
            size_t c = bytes - o < 16384 ? bytes - o : 16384;
            memcpy((char *)p + o, pattern, c);
            o += c;
        }
    } else {
        size_t c = n;
        uint32_t *d = p;
        __asm__ volatile("rep stosl" : "+D"(d), "+c"(c) : "a"(v) : "memory");
    }
}

static void *run(void *arg) {
    double *out = arg;
    size_t size = (size_t)W * H * 4;
    uint32_t *canvas[3];
    for (int i = 0; i < 3; i++) { canvas[i] = aligned_alloc(64, size); memset(canvas[i], 1, size); }
    uint32_t *pattern = aligned_alloc(64, 16384);
    for (int i = 0; i < 4096; i++) pattern[i] = 0xF7F2F2FF;
    double best = 1e9;
    for (int rep = 0; rep < 3; rep++) {
        double t0 = now();
        for (int f = 0; f < frames; f++) {
            uint32_t *p = canvas[f % 3];
            for (int y = 0; y < H; y += ROWS) {
                int rows = H - y < ROWS ? H - y : ROWS;
                uint32_t *band = p + (size_t)y * W;
                fill_rows(band, rows, 0xF7F2F2FF, pattern);
                __m256i a = _mm256_set1_epi32(0x01010101);
                size_t n = (size_t)rows * W;
                for (size_t i = n / 3; i + 8 <= n * 2 / 3; i += 8) {
                    __m256i v = _mm256_loadu_si256((__m256i *)(band + i));
                    _mm256_storeu_si256((__m256i *)(band + i), _mm256_adds_epu8(v, a));
                }
            }
        }
        double ms = (now() - t0) * 1000 / frames;
        if (ms < best) best = ms;
    }
    *out = best;
    for (int i = 0; i < 3; i++) free(canvas[i]);
    free(pattern);
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 3) { W = atoi(argv[1]); H = atoi(argv[2]); ROWS = atoi(argv[3]); }
    const char *names[] = {"sse stores", "memcpy 16K", "rep stosl"};
    for (method = 0; method < 3; method++) {
        for (int threads = 1; threads <= 2; threads++) {
            pthread_t t[2];
            double ms[2] = {0, 0};
            for (int i = 0; i < threads; i++) pthread_create(&t[i], 0, run, &ms[i]);
            for (int i = 0; i < threads; i++) pthread_join(t[i], 0);
            double worst = ms[0] > ms[1] ? ms[0] : ms[1];
            printf("%-11s %d thread(s): %.2f ms per frame per thread\n", names[method], threads, worst);
        }
    }
    return 0;
}
