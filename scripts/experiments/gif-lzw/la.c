#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#define SLOTS (1<<13)
typedef struct { int minCode, nextCode, width, widthLimit; int32_t keys[SLOTS]; int16_t vals[SLOTS]; long bits; int cur; uint8_t last; } LZW;
static inline int slot(int32_t k) { return (int)(((uint32_t)k * 0x9E3779B1u) >> 19) & (SLOTS-1); }
static void reset(LZW *z) { memset(z->keys, 0xff, sizeof z->keys); z->nextCode = (1<<z->minCode)+2; z->width = z->minCode+1; z->widthLimit = 1<<z->width; }
static void out(LZW *z, int code) { z->bits += z->width; if (z->nextCode >= z->widthLimit && z->width < 12) { z->width++; z->widthLimit = 1<<z->width; } }
static inline int lookup(LZW *z, int prefix, int b) { int32_t k = prefix<<8|b; int s = slot(k); while (z->keys[s] != -1) { if (z->keys[s]==k) return z->vals[s]; s=(s+1)&(SLOTS-1);} return -1; }
static void add(LZW *z, int prefix, int b) { int32_t k = prefix<<8|b; int s = slot(k); while (z->keys[s] != -1) s=(s+1)&(SLOTS-1); z->keys[s]=k; z->vals[s]=z->nextCode++; }
// run pixels [s,e) continuing state z (cur already holds the string ending at s-1)
static void run(LZW *z, const uint8_t*p,const uint8_t*a,long s,long e){ int clear=1<<z->minCode; int cur=z->cur; uint8_t last=z->last;
  for(long i=s;i<e;i++){ uint8_t first=a[i]==last?a[i]:p[i]; uint8_t second=first==p[i]?a[i]:p[i]; int c;
    if((c=lookup(z,cur,first))>=0){cur=c;last=first;} else if(second!=first&&(c=lookup(z,cur,second))>=0){cur=c;last=second;}
    else{out(z,cur); if(z->nextCode<4095) add(z,cur,first); else {out(z,clear);reset(z);} cur=first;last=first;} }
  z->cur=cur; z->last=last; }
// clear "in the middle": emit current string, clear, start new string with pixel s
static void clearAt(LZW*z,const uint8_t*p,long s){ int clear=1<<z->minCode; out(z,z->cur); out(z,clear); reset(z); z->cur=p[s]; z->last=p[s]; }
int R=8, MINFILL=1024; double MARGIN=1.0;
static long encodeFrame(const uint8_t*p,const uint8_t*a,int w,int h,int minCode, int policy){
  static LZW z, t1, t2; z.minCode=minCode; reset(&z); z.bits=0; out(&z,1<<minCode); z.cur=p[0]; z.last=p[0];
  long n=(long)w*h; long i=1;
  for(int y=0;y<h;y+=R){ long s = (long)y*w; long e=(long)(y+R)*w; if(e>n) e=n; if (s==0) s=1;
    if (policy && y>0 && z.nextCode>MINFILL) { t1=z; run(&t1,p,a,s,e); t2=z; clearAt(&t2,p,s); run(&t2,p,a,s+1,e);
      if (t2.bits*MARGIN < t1.bits) { z=t2; } else z=t1; }
    else run(&z,p,a,s,e); }
  out(&z,z.cur); out(&z,(1<<minCode)+1); return (z.bits+7)/8; }
int main(int argc, char **argv) {
  int err; GifFileType *g = DGifOpenFileName(argv[1], &err); DGifSlurp(g); int policy=atoi(argv[2]); if(argc>3)R=atoi(argv[3]); if(argc>4)MINFILL=atoi(argv[4]); if(argc>5)MARGIN=atof(argv[5]);
  int W = g->SWidth, H = g->SHeight; uint32_t *shown = malloc(sizeof(uint32_t)*W*H); for (long i=0;i<(long)W*H;i++) shown[i]=1u<<24; long tot=0;
  for (int f = 0; f < g->ImageCount; f++) {
    SavedImage *im = &g->SavedImages[f]; GraphicsControlBlock gcb; DGifSavedExtensionToGCB(g, f, &gcb);
    ColorMapObject *cm = im->ImageDesc.ColorMap ? im->ImageDesc.ColorMap : g->SColorMap; int t = gcb.TransparentColor;
    int Lf = im->ImageDesc.Left, T = im->ImageDesc.Top, w = im->ImageDesc.Width, h = im->ImageDesc.Height;
    long n = (long)w*h; uint8_t *p = im->RasterBits; uint8_t *a = malloc(n);
    for (long k=0;k<n;k++) { int x=k%w,y=k/w; uint32_t under=shown[(T+y)*W+Lf+x]; int idx=p[k]; a[k]=idx; if (under==1u<<24) continue;
      if (idx==t) { for (int j=0;j<cm->ColorCount;j++){ if(j==t)continue; GifColorType c=cm->Colors[j]; if(((uint32_t)c.Red<<16|c.Green<<8|c.Blue)==under){a[k]=j;break;} } }
      else { GifColorType c=cm->Colors[idx]; if (t>=0 && ((uint32_t)c.Red<<16|c.Green<<8|c.Blue)==under) a[k]=t; } }
    int minCode = cm->BitsPerPixel < 2 ? 2 : cm->BitsPerPixel;
    tot += encodeFrame(p,a,w,h,minCode,policy);
    for (long k=0;k<n;k++){int x=k%w,y=k/w; if(p[k]!=t){GifColorType c=cm->Colors[p[k]]; shown[(T+y)*W+Lf+x]=(uint32_t)c.Red<<16|c.Green<<8|c.Blue;}}
    free(a); }
  printf("policy %d R %d minfill %d margin %g: %.1f KiB\n", policy, R, MINFILL, MARGIN, tot/1024.0); }
