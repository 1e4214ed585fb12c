#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

typedef struct { uint8_t *buf; long n, cap; uint64_t acc; int cnt; } BW;
static void bw_write(BW *w, int code, int bits) {
  w->acc |= (uint64_t)code << w->cnt; w->cnt += bits;
  while (w->cnt >= 8) { if (w->n >= w->cap) { w->cap = w->cap*2+1024; w->buf = realloc(w->buf, w->cap);} w->buf[w->n++] = (uint8_t)w->acc; w->acc >>= 8; w->cnt -= 8; }
}
static long bw_finish(BW *w) { if (w->cnt > 0) { w->n++; } return w->n; }

#define SLOTS (1<<13)
typedef struct { int minCode, nextCode, width, widthLimit; int32_t keys[SLOTS]; int16_t vals[SLOTS]; BW w; long codes; } LZW;
static inline int slot(int32_t k) { return (int)(((uint32_t)k * 0x9E3779B1u) >> 19) & (SLOTS-1); }
static void reset(LZW *z) { memset(z->keys, 0xff, sizeof z->keys); z->nextCode = (1<<z->minCode)+2; z->width = z->minCode+1; z->widthLimit = 1<<z->width; }
static void out(LZW *z, int code) { bw_write(&z->w, code, z->width); z->codes++; if (z->nextCode >= z->widthLimit && z->width < 12) { z->width++; z->widthLimit = 1<<z->width; } }
static inline int lookup(LZW *z, int prefix, int b) { int32_t k = prefix<<8|b; int s = slot(k); while (z->keys[s] != -1) { if (z->keys[s]==k) return z->vals[s]; s=(s+1)&(SLOTS-1);} return -1; }
static void add(LZW *z, int prefix, int b) { int32_t k = prefix<<8|b; int s = slot(k); while (z->keys[s] != -1) s=(s+1)&(SLOTS-1); z->keys[s]=k; z->vals[s]=z->nextCode++; }

int MODE = 0; // 0 = giflib clear at 4095; 1 = never clear; 2 = adaptive
int WIN = 2000; double SLACK = 1.0;

static long encode(const uint8_t *p, const uint8_t *a, long n, int minCode) {
  LZW *z = calloc(1, sizeof *z); z->minCode = minCode; reset(z);
  int clear = 1<<minCode;
  out(z, clear);
  int cur = p[0]; uint8_t last = p[0];
  // adaptive state
  long winStartPix = 0, winStartBits = 0; double best = 1e9; int full = 0;
  for (long i = 1; i < n; i++) {
    uint8_t first = a[i]==last ? a[i] : p[i]; uint8_t second = first==p[i] ? a[i] : p[i];
    int c;
    if ((c = lookup(z, cur, first)) >= 0) { cur = c; last = first; }
    else if (second != first && (c = lookup(z, cur, second)) >= 0) { cur = c; last = second; }
    else {
      out(z, cur);
      if (z->nextCode < 4095) add(z, cur, first);
      else if (MODE == 0) { out(z, clear); reset(z); }
      else if (MODE == 2) {
        long bits = z->w.n*8 + z->w.cnt;
        if (!full) { full = 1; winStartPix = i; winStartBits = bits; best = 1e9; }
        else if (i - winStartPix >= WIN) {
          double r = (double)(bits - winStartBits) / (i - winStartPix);
          if (r > best * SLACK) { out(z, clear); reset(z); full = 0; }
          else { if (r < best) best = r; winStartPix = i; winStartBits = bits; }
        }
      }
      cur = first; last = first;
    }
  }
  out(z, cur); out(z, clear+1);
  long r = bw_finish(&z->w); free(z->w.buf); free(z); return r;
}

int main(int argc, char **argv) {
  int err; GifFileType *g = DGifOpenFileName(argv[1], &err);
  if (!g || DGifSlurp(g) != GIF_OK) { fprintf(stderr, "bad gif\n"); return 1; }
  MODE = argc > 2 ? atoi(argv[2]) : 0;
  if (argc > 3) WIN = atoi(argv[3]);
  if (argc > 4) SLACK = atof(argv[4]);
  int W = g->SWidth, H = g->SHeight;
  uint32_t *shown = malloc(sizeof(uint32_t)*W*H); for (long i=0;i<(long)W*H;i++) shown[i]=1u<<24;
  long total = 0, totalLZ = 0;
  for (int f = 0; f < g->ImageCount; f++) {
    SavedImage *im = &g->SavedImages[f];
    GraphicsControlBlock gcb; DGifSavedExtensionToGCB(g, f, &gcb);
    ColorMapObject *cm = im->ImageDesc.ColorMap ? im->ImageDesc.ColorMap : g->SColorMap;
    int t = gcb.TransparentColor;
    int L = im->ImageDesc.Left, T = im->ImageDesc.Top, w = im->ImageDesc.Width, h = im->ImageDesc.Height;
    long n = (long)w*h; uint8_t *p = im->RasterBits; uint8_t *a = malloc(n);
    for (long k=0;k<n;k++) {
      int x = k % w, y = k / w; uint32_t under = shown[(T+y)*W+L+x]; int idx = p[k]; a[k]=idx;
      if (under == 1u<<24) continue;
      if (idx == t) { for (int j=0;j<cm->ColorCount;j++) { if (j==t) continue; GifColorType c=cm->Colors[j]; if (((uint32_t)c.Red<<16|c.Green<<8|c.Blue)==under){a[k]=j;break;} } }
      else { GifColorType c=cm->Colors[idx]; if (t>=0 && ((uint32_t)c.Red<<16|c.Green<<8|c.Blue)==under) a[k]=t; }
    }
    int minCode = cm->BitsPerPixel < 2 ? 2 : cm->BitsPerPixel;
    long sz = encode(p, a, n, minCode);
    totalLZ += sz;
    for (long k=0;k<n;k++) { int x=k%w,y=k/w; if (p[k]!=t) { GifColorType c=cm->Colors[p[k]]; shown[(T+y)*W+L+x]=(uint32_t)c.Red<<16|c.Green<<8|c.Blue; } }
    free(a);
  }
  printf("lzw bytes %ld (%.1f KiB)\n", totalLZ, totalLZ/1024.0);
  return 0;
}
