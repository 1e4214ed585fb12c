#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "lzw_model.h"
// encode rows [r0, r1) starting fresh (after a clear code); cost per end row recorded in cost[r - r0] (incl. final code)
static void seg(const uint8_t *p, const uint8_t *a, int w, int r0, int r1, int minCode, long *cost) {
  static LZW zz; LZW *z=&zz; z->minCode=minCode; reset(z); z->bits=0; int clear=1<<minCode;
  out(z, clear);
  long s = (long)r0*w, e=(long)r1*w;
  int cur=p[s]; uint8_t last=p[s];
  for (long i=s+1;i<e;i++){
    if (i % w == 0) cost[i/w - 1 - r0] = z->bits + z->width;
    uint8_t first = a[i]==last ? a[i] : p[i]; uint8_t second = first==p[i] ? a[i] : p[i]; int c;
    if ((c = lookup(z, cur, first)) >= 0) { cur = c; last = first; }
    else if (second != first && (c = lookup(z, cur, second)) >= 0) { cur = c; last = second; }
    else { out(z,cur); if (z->nextCode < 4095) add(z,cur,first); else { out(z,clear); reset(z);} cur=first; last=first; }
  }
  cost[r1-1-r0] = z->bits + z->width;
}
int main(int argc, char **argv) {
  int err; GifFileType *g = DGifOpenFileName(argv[1], &err); DGifSlurp(g);
  int W = g->SWidth, H = g->SHeight; int L = atoi(argv[2]);
  uint32_t *shown = malloc(sizeof(uint32_t)*W*H); for (long i=0;i<(long)W*H;i++) shown[i]=1u<<24;
  long tb=0, td=0;
  for (int f = 0; f < g->ImageCount; f++) {
    SavedImage *im = &g->SavedImages[f]; GraphicsControlBlock gcb; DGifSavedExtensionToGCB(g, f, &gcb);
    ColorMapObject *cm = im->ImageDesc.ColorMap ? im->ImageDesc.ColorMap : g->SColorMap; int t = gcb.TransparentColor;
    int Lf = im->ImageDesc.Left, T = im->ImageDesc.Top, w = im->ImageDesc.Width, h = im->ImageDesc.Height;
    long n = (long)w*h; uint8_t *p = im->RasterBits; uint8_t *a = malloc(n);
    for (long k=0;k<n;k++) { int x=k%w,y=k/w; uint32_t under=shown[(T+y)*W+Lf+x]; int idx=p[k]; a[k]=idx; if (under==1u<<24) continue;
      if (idx==t) { for (int j=0;j<cm->ColorCount;j++){ if(j==t)continue; GifColorType c=cm->Colors[j]; if(((uint32_t)c.Red<<16|c.Green<<8|c.Blue)==under){a[k]=j;break;} } }
      else { GifColorType c=cm->Colors[idx]; if (t>=0 && ((uint32_t)c.Red<<16|c.Green<<8|c.Blue)==under) a[k]=t; } }
    int minCode = cm->BitsPerPixel < 2 ? 2 : cm->BitsPerPixel;
    if (argc <= 3 || atoi(argv[3]) == f) {
      long base[2000]; seg(p,a,w,0,h,minCode,base);
      long *best = malloc(sizeof(long)*(h+1)); best[0]=0; long *cost = malloc(sizeof(long)*(L+1));
      for (int j=1;j<=h;j++) best[j]=1L<<60;
      for (int i=0;i<h;i++){ int r1 = i+L < h ? i+L : h; seg(p,a,w,i,r1,minCode,cost);
        for (int j=i+1;j<=r1;j++){ long c=best[i]+cost[j-1-i]; if (c<best[j]) best[j]=c; } }
      printf("frame %d base %ld dp %ld (%.1f%%)\n", f, base[h-1]/8, best[h]/8, 100.0*(best[h]-base[h-1])/base[h-1]);
      tb+=base[h-1]/8; td+=best[h]/8; fflush(stdout);
      free(best); free(cost);
    }
    for (long k=0;k<n;k++){int x=k%w,y=k/w; if(p[k]!=t){GifColorType c=cm->Colors[p[k]]; shown[(T+y)*W+Lf+x]=(uint32_t)c.Red<<16|c.Green<<8|c.Blue;}}
    free(a);
  }
  printf("total base %ld dp %ld\n", tb, td);
}
