// What a page the process has not touched yet costs, against one already mapped (session 28).
// For each of 8 rounds: a fresh 1280×720 canvas's worth of anonymous memory (3.7 MB) is filled
// (mode 0: faulting in page by page; mode 1: mapped first with one MADV_POPULATE_WRITE; mode 2:
// the same bytes filled again once mapped). Prints the mean time per canvas.
//   gcc -O2 scripts/experiments/fresh-pages/fresh_pages_probe.c -o /tmp/fresh_pages_probe
//   for i in 1 2 3; do for m in 0 1 2; do /tmp/fresh_pages_probe $m; done; done
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    int mode = argc > 1 ? atoi(argv[1]) : 0;
    size_t n = 1280 * 720 * 4;
    double total = 0;
    for (int r = 0; r < 8; r++) {
        char *p = mmap(0, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return 1;
        if (mode == 2) memset(p, 1, n);
        double t0 = now_ms();
        if (mode == 1 && madvise(p, n, MADV_POPULATE_WRITE) != 0) { perror("madvise"); return 1; }
        memset(p, 0x7f, n);
        total += now_ms() - t0;
        munmap(p, n);
    }
    const char *names[] = {"fresh, faulted in by the fill", "fresh, MADV_POPULATE_WRITE then fill", "mapped already, fill"};
    printf("%-40s %.3f ms per 3.7 MB (%.2f us per 4 KB page)\n", names[mode % 3], total / 8, total / 8 * 1000 / (n / 4096.0));
    return 0;
}
