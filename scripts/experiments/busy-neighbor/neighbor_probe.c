// What a busy second core costs a fixed piece of memory-bound work on this machine (session 32).
// One thread draws a fake 1280x720 frame 40 times (a background memset, then three read-modify-
// write passes over half the canvas, like blends), and its CPU time per frame is taken
// (CLOCK_THREAD_CPUTIME_ID: time the host gave another guest is not in it) in three conditions,
// alternated ROUNDS times:
//   alone           the other core idle;
//   arith neighbor  the other core running integer multiplies (no memory traffic at all);
//   twin neighbor   the other core drawing the same fake frames into its own canvas.
// If the twin costs much more than the arithmetic neighbour, the two cores' shared cache and
// memory are the bottleneck; if both cost the same, it is having the other core busy at all.
//   cc -O2 -pthread scripts/experiments/busy-neighbor/neighbor_probe.c -o /tmp/neighbor_probe
//   /tmp/neighbor_probe [ROUNDS]   (default 100)
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { W = 1280, H = 720, FRAMES = 40, MAX_ROUNDS = 1000 };
static volatile int stop;
static volatile uint64_t sink;

static double seconds(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static void frame(uint8_t *c, size_t n) {
    memset(c, 0xF2, n);
    for (int p = 0; p < 3; p++) {
        size_t start = (p * n / 7) & ~(size_t)63;
        for (size_t i = start; i < start + n / 2; i += 4) {
            uint32_t v;
            memcpy(&v, c + i, 4);
            v = ((v >> 1) & 0x7f7f7f7f) + 0x20202020;
            memcpy(c + i, &v, 4);
        }
    }
}

static void *neighbor(void *arg) {
    if ((intptr_t)arg == 1) {
        uint64_t a0 = 1, a1 = 2, a2 = 3, a3 = 4, m = 6364136223846793005ULL;
        for (uint64_t i = 0; !stop; i++) { a0 = a0 * m + i; a1 = a1 * m + i; a2 = a2 * m + i; a3 = a3 * m + i; }
        sink = a0 ^ a1 ^ a2 ^ a3;
    } else {
        size_t n = (size_t)W * H * 4;
        uint8_t *c = aligned_alloc(64, n);
        while (!stop) frame(c, n);
        free(c);
    }
    return 0;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 100;
    if (rounds < 1 || rounds > MAX_ROUNDS) { fprintf(stderr, "ROUNDS: 1 to %d\n", MAX_ROUNDS); return 2; }
    size_t n = (size_t)W * H * 4;
    uint8_t *canvas = aligned_alloc(64, n);
    frame(canvas, n);
    static double ms[3][MAX_ROUNDS];
    const char *names[] = {"alone", "arith neighbor", "twin neighbor"};
    for (int k = 0; k < rounds; k++) {
        for (int mode = 0; mode < 3; mode++) {
            pthread_t t;
            stop = 0;
            if (mode) pthread_create(&t, 0, neighbor, (void *)(intptr_t)mode);
            nanosleep(&(struct timespec){0, 5000000}, 0);  // the neighbour under way
            double start = seconds(CLOCK_THREAD_CPUTIME_ID);
            for (int f = 0; f < FRAMES; f++) frame(canvas, n);
            ms[mode][k] = (seconds(CLOCK_THREAD_CPUTIME_ID) - start) / FRAMES * 1e3;
            stop = 1;
            if (mode) pthread_join(t, 0);
        }
    }
    for (int mode = 0; mode < 3; mode++) {
        double *r = ms[mode];
        qsort(r, rounds, sizeof *r, compare);
        printf("%-15s median %.3f ms CPU a frame, quartiles %.3f-%.3f, min %.3f, max %.3f\n", names[mode],
               r[rounds / 2], r[rounds / 4], r[(3 * rounds) / 4], r[0], r[rounds - 1]);
    }
    free(canvas);
    return 0;
}
