#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <math.h>
#include "lzw_model.h"
#define MAXC 8
typedef struct { uint8_t n; uint8_t idx[MAXC]; } Cand;
static int d2(uint32_t a, uint32_t b){int dr=(int)(a>>16)-(int)(b>>16), dg=(int)((a>>8)&255)-(int)((b>>8)&255), db=(int)(a&255)-(int)(b&255); return dr*dr+dg*dg+db*db;}
int main(int argc, char **argv) {
  int err; GifFileType *g = DGifOpenFileName(argv[1], &err); DGifSlurp(g);
  FILE *sf = fopen(argv[2], "rb"); int DELTA = atoi(argv[3]); int UNDITHER = atoi(argv[4]); int MAXN = argc>5?atoi(argv[5]):MAXC;
  int W = g->SWidth, H = g->SHeight; long WH=(long)W*H;
  uint8_t *src = malloc(WH*3);
  uint32_t *shown = malloc(4*WH); for (long i=0;i<WH;i++) shown[i]=1u<<24;
  long tbits=0; double psum=0; int nsrc=0; long time_cs=0;
  for (int f = 0; f < g->ImageCount; f++) {
    SavedImage *im = &g->SavedImages[f]; GraphicsControlBlock gcb; DGifSavedExtensionToGCB(g, f, &gcb);
    int sframe = time_cs/2; fseek(sf, (long)sframe*WH*3, SEEK_SET); fread(src,1,WH*3,sf);
    ColorMapObject *cm = im->ImageDesc.ColorMap ? im->ImageDesc.ColorMap : g->SColorMap; int t = gcb.TransparentColor;
    int NC = cm->ColorCount; uint32_t pal[256]; for(int j=0;j<NC;j++){GifColorType c=cm->Colors[j]; pal[j]=(uint32_t)c.Red<<16|c.Green<<8|c.Blue;}
    int Lf = im->ImageDesc.Left, T = im->ImageDesc.Top, w = im->ImageDesc.Width, h = im->ImageDesc.Height;
    long n = (long)w*h; uint8_t *p = im->RasterBits; Cand *cd = malloc(sizeof(Cand)*n);
    uint32_t lastS=0xffffffff, lastU=0xffffffff; int lastP=-1; Cand lastC;
    for (long k=0;k<n;k++) {
      int x=k%w,y=k/w; long q=(long)(T+y)*W+Lf+x; uint32_t s=(uint32_t)src[q*3]<<16|src[q*3+1]<<8|src[q*3+2]; uint32_t under=shown[q];
      int idx=p[k];
      if (s==lastS && under==lastU && idx==lastP) { cd[k]=lastC; continue; }
      Cand c; c.n=0;
      // reference colour & error
      int base; 
      if (idx==t) { base = d2(under,s); }
      else { if (UNDITHER) { int b=-1,bd=1<<30; for(int j=0;j<NC;j++){ if(j==t) continue; int e=d2(pal[j],s); if(e<bd){bd=e;b=j;} } idx=b; } base=d2(pal[idx],s); }
      // candidates sorted by error: primary first
      c.idx[c.n++]=idx;
      int ce[MAXC]; ce[0]=base;
      // transparent
      if (idx!=t && t>=0 && under!=(1u<<24) && d2(under,s)<=base+DELTA) { int e=d2(under,s); c.idx[c.n]=t; ce[c.n++]=e; }
      for (int j=0;j<NC && c.n<MAXN;j++){ if(j==t||j==idx) continue; if (under==(1u<<24) && 0) continue; int e=d2(pal[j],s); if (e<=base+DELTA || (idx==t && pal[j]==under)) { c.idx[c.n]=j; ce[c.n++]=e; } }
      // sort by error (stable), primary kept first
      for (int i2=2;i2<c.n;i2++){ for(int j2=i2;j2>1 && ce[j2]<ce[j2-1];j2--){int te=ce[j2];ce[j2]=ce[j2-1];ce[j2-1]=te;uint8_t ti=c.idx[j2];c.idx[j2]=c.idx[j2-1];c.idx[j2-1]=ti;} }
      cd[k]=c; lastC=c; lastS=s; lastU=under; lastP=p[k];
    }
    int minCode = cm->BitsPerPixel < 2 ? 2 : cm->BitsPerPixel;
    static LZW zz; LZW *z=&zz; z->minCode=minCode; reset(z); z->bits=0; int clear=1<<minCode; out(z,clear);
    uint8_t *ch = malloc(n);
    int cur=cd[0].idx[0]; ch[0]=cur; uint8_t last=cur;
    for (long i=1;i<n;i++){
      Cand *c=&cd[i]; int got=-1, code=-1;
      // prefer continuing with 'last' if allowed
      for (int j=0;j<c->n;j++) if (c->idx[j]==last) { int cc=lookup(z,cur,last); if(cc>=0){got=last;code=cc;} break; }
      if (got<0) for (int j=0;j<c->n;j++){ int cc=lookup(z,cur,c->idx[j]); if(cc>=0){got=c->idx[j];code=cc;break;} }
      if (got>=0){cur=code;last=got;ch[i]=got;}
      else { out(z,cur); int b=c->idx[0]; /* same-as-last rule */ for(int j=0;j<c->n;j++) if(c->idx[j]==last && j<2){b=last;break;}
        if (z->nextCode<4095) add(z,cur,b); else {out(z,clear);reset(z);} cur=b; last=b; ch[i]=b; }
    }
    out(z,cur); out(z,clear+1); tbits += (z->bits+7)/8*8;
    for (long k=0;k<n;k++){int x=k%w,y=k/w; if(ch[k]!=t) shown[(long)(T+y)*W+Lf+x]=pal[ch[k]];}
    free(cd); free(ch);
    time_cs += gcb.DelayTime;
    int nextf = time_cs/2;
    for (int sfi=sframe; sfi<nextf; sfi++){ fseek(sf,(long)sfi*WH*3,SEEK_SET); fread(src,1,WH*3,sf); double mse=0; for(long q=0;q<WH;q++){ uint32_t v=shown[q]; int dr=(int)(v>>16)-src[q*3], dg=(int)((v>>8)&255)-src[q*3+1], db=(int)(v&255)-src[q*3+2]; mse+=dr*dr+dg*dg+db*db; } mse/=WH*3.0; psum += mse==0?100:10*log10(255.0*255/mse); nsrc++; }
  }
  printf("delta %d undither %d maxn %d: lzw %.1f KiB  psnr %.2f (%d frames)\n", DELTA, UNDITHER, MAXN, tbits/8/1024.0, psum/nsrc, nsrc);
}
