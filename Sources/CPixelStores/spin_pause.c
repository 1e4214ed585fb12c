#include "animrender_stores.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
void animrender_spin_pause(void) { _mm_pause(); }
#elif defined(__aarch64__)
void animrender_spin_pause(void) { __asm__ __volatile__("yield"); }
#else
void animrender_spin_pause(void) {}
#endif
