/* Writing a 1280x720 RGBA frame's bytes, eight frames in turn (beyond the caches), on one thread
 * and then on two at once: mode 0 memset, 1 plain 16-byte stores, 2 streaming stores (movntdq),
 * 3 clzero before each line's stores, 4 clzero over a 512 KB band, then stores (AMD only: clzero
 * is an illegal instruction elsewhere). Session 52; see README.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
#include <pthread.h>
#include <emmintrin.h>
#define W 1280
#define H 720
#define SZ (W*H*4)
#define NBUF 8
#define ITER 400
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
static int mode;
static void fill(uint8_t*p){
  uint32_t c=0xff336699;
  switch(mode){
  case 0: memset(p,0x33,SZ); break;
  case 1: { __m128i v=_mm_set1_epi32(c); for(size_t i=0;i<SZ;i+=64){_mm_store_si128((__m128i*)(p+i),v);_mm_store_si128((__m128i*)(p+i+16),v);_mm_store_si128((__m128i*)(p+i+32),v);_mm_store_si128((__m128i*)(p+i+48),v);} } break;
  case 2: { __m128i v=_mm_set1_epi32(c); for(size_t i=0;i<SZ;i+=64){_mm_stream_si128((__m128i*)(p+i),v);_mm_stream_si128((__m128i*)(p+i+16),v);_mm_stream_si128((__m128i*)(p+i+32),v);_mm_stream_si128((__m128i*)(p+i+48),v);} _mm_sfence(); } break;
  case 3: { __m128i v=_mm_set1_epi32(c); for(size_t i=0;i<SZ;i+=64){ __asm__ volatile("clzero"::"a"(p+i):"memory"); _mm_store_si128((__m128i*)(p+i),v);_mm_store_si128((__m128i*)(p+i+16),v);_mm_store_si128((__m128i*)(p+i+32),v);_mm_store_si128((__m128i*)(p+i+48),v);} } break;
  case 4: { /* band-wise: clzero a 512KB band then store */ __m128i v=_mm_set1_epi32(c); size_t B=512*1024; for(size_t b=0;b<SZ;b+=B){ size_t e=b+B<SZ?b+B:SZ; for(size_t i=b;i<e;i+=64) __asm__ volatile("clzero"::"a"(p+i):"memory"); for(size_t i=b;i<e;i+=64){_mm_store_si128((__m128i*)(p+i),v);_mm_store_si128((__m128i*)(p+i+16),v);_mm_store_si128((__m128i*)(p+i+32),v);_mm_store_si128((__m128i*)(p+i+48),v);} } } break;
  }
  /* a pass that reads-modifies the whole frame, like compositing */
}
static int touch;
static void* run(void*arg){
  uint8_t* bufs[NBUF]; for(int i=0;i<NBUF;i++){bufs[i]=aligned_alloc(64,SZ); memset(bufs[i],1,SZ);}
  double t0=now();
  for(int k=0;k<ITER;k++){ uint8_t*p=bufs[k%NBUF]; fill(p); if(touch){ for(size_t i=0;i<SZ;i+=64) p[i]+=1; } }
  double t=now()-t0; *(double*)arg=t/ITER*1e3;
  for(int i=0;i<NBUF;i++) free(bufs[i]);
  return 0;
}
int main(int argc,char**argv){
  mode=atoi(argv[1]); touch=argc>2?atoi(argv[2]):0;
  double a,b,c; run(&a);
  pthread_t t1,t2; pthread_create(&t1,0,run,&b); pthread_create(&t2,0,run,&c); pthread_join(t1,0); pthread_join(t2,0);
  printf("mode %d touch %d: 1 thread %.3f ms/frame, 2 threads %.3f ms each -> scaling %.2fx\n",mode,touch,a,(b+c)/2,2*a/((b+c)/2));
}
