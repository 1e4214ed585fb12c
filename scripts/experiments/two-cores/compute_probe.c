// Does this machine give two threads twice the work right now? Independent AVX2 integer
// arithmetic (no memory traffic) on one thread, then the same on two at once.
//   cc -O2 -mavx2 -pthread compute_probe.c -o compute_probe && ./compute_probe
// A scaling well below 2 means the two virtual cores are not both ours at the moment (another
// tenant on the host), and every two-thread benchmark run then says more about the neighbours.
#include <immintrin.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static void *run(void *out) {
    __m256i a[8];
    for (int i = 0; i < 8; i++) a[i] = _mm256_set1_epi32(i + 1);
    __m256i m = _mm256_set1_epi32(3);
    for (long r = 0; r < 100000000L; r++)
        for (int i = 0; i < 8; i++) a[i] = _mm256_add_epi32(_mm256_mullo_epi16(a[i], m), m);
    int s = 0;
    for (int i = 0; i < 8; i++) s += _mm256_extract_epi32(a[i], 0);
    *(int *)out = s;
    return 0;
}

int main(void) {
    for (int k = 0; k < 3; k++) {
        int o[2];
        pthread_t t[2];
        double s = now();
        run(o);
        double one = now() - s;
        s = now();
        for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, run, &o[i]);
        for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
        double two = now() - s;
        printf("compute: 1 thread %.3f s, 2 threads %.3f s, scaling %.2fx\n", one, two, 2 * one / two);
    }
    return 0;
}
