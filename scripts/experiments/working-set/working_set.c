// How many canvas-sized buffers per thread the shared cache of this machine holds: each thread
// clears, reads back and touches one of NBUF 1280x720 RGBA buffers in turn, 600 times (as a render
// loop draws into the canvases it cycles through). Compare 1 and 2 threads at each NBUF: while the
// buffers of both threads fit the cache the times match; past that the second thread slows both.
//   cc -O2 -pthread working_set.c -o working_set && ./working_set NBUF THREADS
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int buffers;
static const size_t size = 1280 * 720 * 4;
static volatile uint64_t sink;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static void *work(void *unused) {
    (void)unused;
    uint8_t *b[16];
    for (int i = 0; i < buffers; i++) { b[i] = malloc(size); memset(b[i], 1, size); }
    uint64_t s = 0;
    for (int r = 0; r < 600; r++) {
        uint8_t *p = b[r % buffers];
        memset(p, r, size);
        for (size_t o = 0; o < size; o += 4096) s += p[o];
        for (size_t o = 0; o < size; o += 64) p[o]++;
    }
    for (int i = 0; i < buffers; i++) free(b[i]);
    sink = s;
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: working_set NBUF THREADS\n"); return 64; }
    buffers = atoi(argv[1]);
    int threads = atoi(argv[2]);
    if (buffers < 1 || buffers > 16 || threads < 1 || threads > 8) { fprintf(stderr, "NBUF 1-16, THREADS 1-8\n"); return 64; }
    pthread_t t[8];
    double start = now();
    for (int i = 0; i < threads; i++) pthread_create(&t[i], NULL, work, NULL);
    for (int i = 0; i < threads; i++) pthread_join(t[i], NULL);
    printf("%d buffers per thread, %d threads: %.3f s\n", buffers, threads, now() - start);
    return 0;
}
