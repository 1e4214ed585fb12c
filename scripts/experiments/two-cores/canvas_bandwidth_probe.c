// How fast can one and two threads draw 4K canvases when the memory is the limit? Each thread fills
// one of three 3840x2160 RGBA canvases in turn (33 MB each, far beyond the caches) and then
// reads, modifies and writes 40 % of it, as a frame's background fill and layers do; with plain
// stores and with non-temporal ones for the fill.
//   cc -O2 -mavx2 -pthread canvas_bandwidth_probe.c -o canvas_bandwidth_probe && ./canvas_bandwidth_probe
// If two threads take twice as long per frame as one, one core already uses the memory's bandwidth.
#include <immintrin.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SIZE (3840 * 2160 * 4)

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

typedef struct { int streaming; double ms; } Job;

static void *run(void *p) {
    Job *job = p;
    uint32_t *canvas[3];
    for (int i = 0; i < 3; i++) { canvas[i] = aligned_alloc(64, SIZE); memset(canvas[i], 1, SIZE); }
    __m256i x = _mm256_set1_epi32(7);
    double start = now();
    for (int r = 0; r < 40; r++) {
        uint32_t *d = canvas[r % 3];
        if (job->streaming) {
            for (size_t i = 0; i < SIZE / 4; i += 8) _mm256_stream_si256((__m256i *)(d + i), x);
            _mm_sfence();
        } else {
            for (size_t i = 0; i < SIZE / 4; i += 8) _mm256_store_si256((__m256i *)(d + i), x);
        }
        for (size_t i = 0; i < SIZE / 4 * 4 / 10; i += 8) {
            __m256i v = _mm256_load_si256((__m256i *)(d + i));
            _mm256_store_si256((__m256i *)(d + i), _mm256_add_epi32(v, x));
        }
    }
    job->ms = (now() - start) / 40 * 1e3;
    for (int i = 0; i < 3; i++) free(canvas[i]);
    return 0;
}

static void measure(int threads, int streaming) {
    pthread_t t[2];
    Job jobs[2];
    for (int i = 0; i < threads; i++) { jobs[i] = (Job){streaming, 0}; pthread_create(&t[i], 0, run, &jobs[i]); }
    for (int i = 0; i < threads; i++) pthread_join(t[i], 0);
    printf("%d thread(s), %s fill: %.2f ms per frame per thread\n", threads, streaming ? "non-temporal" : "plain", jobs[0].ms);
}

int main(void) {
    for (int streaming = 0; streaming < 2; streaming++)
        for (int threads = 1; threads <= 2; threads++) measure(threads, streaming);
    return 0;
}
