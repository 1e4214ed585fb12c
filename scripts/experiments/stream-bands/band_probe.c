/* A 1280x720 frame drawn in bands of 102 rows, eight frames in turn: mode 0 fills each band in the
 * canvas and runs PASSES read-modify-write passes over it there (as CanvasBands did); mode 1 does
 * the same in one band-sized buffer and streams the band into the canvas (movntdq), as
 * CanvasBands does since session 52. One thread, then two at once. See README.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
#include <pthread.h>
#include <emmintrin.h>
#define W 1280
#define H 720
#define STRIDE (W*4)
#define SZ (W*H*4)
#define NBUF 8
#define ITER 300
#define BANDROWS 102
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
static int mode, passes;
static void work(uint8_t* p, size_t n){ /* 'passes' read-modify-write passes */
  for(int k=0;k<passes;k++){ __m128i one=_mm_set1_epi8(1); for(size_t i=0;i<n;i+=16){ __m128i v=_mm_load_si128((__m128i*)(p+i)); _mm_store_si128((__m128i*)(p+i),_mm_adds_epu8(v,one)); } }
}
static void frame(uint8_t* canvas, uint8_t* scratch){
  for(int top=0;top<H;top+=BANDROWS){ int rows = top+BANDROWS<H?BANDROWS:H-top; size_t n=(size_t)rows*STRIDE;
    if(mode==0){ uint8_t*p=canvas+(size_t)top*STRIDE; memset(p,0x20,n); work(p,n); }
    else { memset(scratch,0x20,n); work(scratch,n); uint8_t*d=canvas+(size_t)top*STRIDE; for(size_t i=0;i<n;i+=64){ __m128i a=_mm_load_si128((__m128i*)(scratch+i)),b=_mm_load_si128((__m128i*)(scratch+i+16)),c=_mm_load_si128((__m128i*)(scratch+i+32)),e=_mm_load_si128((__m128i*)(scratch+i+48)); _mm_stream_si128((__m128i*)(d+i),a);_mm_stream_si128((__m128i*)(d+i+16),b);_mm_stream_si128((__m128i*)(d+i+32),c);_mm_stream_si128((__m128i*)(d+i+48),e);} }
  }
  if(mode) _mm_sfence();
}
static void* run(void*arg){
  uint8_t* bufs[NBUF]; for(int i=0;i<NBUF;i++){bufs[i]=aligned_alloc(64,SZ); memset(bufs[i],1,SZ);}
  uint8_t* scratch=aligned_alloc(64,BANDROWS*STRIDE); memset(scratch,0,BANDROWS*STRIDE);
  uint64_t sum=0;
  double t0=now();
  for(int k=0;k<ITER;k++){ uint8_t*p=bufs[k%NBUF]; frame(p,scratch); sum+=p[(k*4099)%SZ]; }
  double t=now()-t0; *(double*)arg=t/ITER*1e3;
  for(int i=0;i<NBUF;i++) free(bufs[i]); free(scratch);
  return (void*)sum;
}
int main(int argc,char**argv){
  mode=atoi(argv[1]); passes=atoi(argv[2]);
  double a,b,c; run(&a);
  pthread_t t1,t2; pthread_create(&t1,0,run,&b); pthread_create(&t2,0,run,&c); pthread_join(t1,0); pthread_join(t2,0);
  printf("mode %d passes %d: 1 thread %.3f ms/frame, 2 threads %.3f ms each -> scaling %.2fx\n",mode,passes,a,(b+c)/2,2*a/((b+c)/2));
}
