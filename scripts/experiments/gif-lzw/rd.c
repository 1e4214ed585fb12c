#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <math.h>
#include "lzw_model.h"
#define MAXC 8
typedef struct { uint8_t n; uint8_t idx[MAXC]; int e[MAXC]; } Cand;
#define KMAX 4
double LAMBDA=1;
static int d2(uint32_t a, uint32_t b){int dr=(int)(a>>16)-(int)(b>>16), dg=(int)((a>>8)&255)-(int)((b>>8)&255), db=(int)(a&255)-(int)(b&255); return dr*dr+dg*dg+db*db;}
int main(int argc, char **argv) {
  int err; GifFileType *g = DGifOpenFileName(argv[1], &err); DGifSlurp(g);
  FILE *sf = fopen(argv[2], "rb"); int DELTA = atoi(argv[3]); int UNDITHER = atoi(argv[4]); int MAXN = argc>5?atoi(argv[5]):MAXC; LAMBDA = argc>6?atof(argv[6]):1;
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
      for(int j=0;j<c.n;j++) c.e[j]=ce[j];
      cd[k]=c; lastC=c; lastS=s; lastU=under; lastP=p[k];
    }
    int minCode = cm->BitsPerPixel < 2 ? 2 : cm->BitsPerPixel;
    static LZW zz; LZW *z=&zz; z->minCode=minCode; reset(z); z->bits=0; int clear=1<<minCode; out(z,clear);
    uint8_t *ch = malloc(n);
    // frontier search
    static int fcode[5000][KMAX]; static int ferr[5000][KMAX]; static uint8_t fpar[5000][KMAX]; static uint8_t fidx[5000][KMAX]; static int fn[5000];
    long i=0; int prev=-1; int lastc=-1;
    while (i<n) {
      Cand *c=&cd[i]; int e0=cd[i].e[0];
      int first=c->idx[0]; for(int j=0;j<c->n;j++) if(c->idx[j]==lastc && c->e[j]<=e0) first=lastc;
      if (prev>=0) { if (z->nextCode<4095) add(z,prev,first); else {out(z,clear);reset(z);} }
      fn[0]=1; fcode[0][0]=first; int fe=0; for(int j=0;j<c->n;j++) if(c->idx[j]==first) {fe=c->e[j]-e0; if(fe<0) fe=0;} ferr[0][0]=fe; fpar[0][0]=0; fidx[0][0]=first;
      double bestScore=-1e18; int bestL=0,bestK=0;
      int L=0;
      while (1) {
        // evaluate level L
        for (int k=0;k<fn[L];k++){ double sc=(L+1) - LAMBDA*ferr[L][k]; if (sc>bestScore+1e-9){bestScore=sc;bestL=L;bestK=k;} }
        if (i+L+1>=n || L+1>=4999) break;
        Cand *d=&cd[i+L+1]; int d0=d->e[0]; int m=0;
        for (int k=0;k<fn[L];k++) for (int j=0;j<d->n;j++){ int cc=lookup(z,fcode[L][k],d->idx[j]); if(cc<0) continue; int dd=d->e[j]-d0; if(dd<0) dd=0; int er=ferr[L][k]+dd;
            int dup=-1; for(int q=0;q<m;q++) if(fcode[L+1][q]==cc){dup=q;break;}
            if (dup>=0){ if(er<ferr[L+1][dup]){ferr[L+1][dup]=er;fpar[L+1][dup]=k;fidx[L+1][dup]=d->idx[j];} continue; }
            if (m<KMAX){fcode[L+1][m]=cc;ferr[L+1][m]=er;fpar[L+1][m]=k;fidx[L+1][m]=d->idx[j];m++;}
            else { int w2=0; for(int q=1;q<m;q++) if(ferr[L+1][q]>ferr[L+1][w2]) w2=q; if(er<ferr[L+1][w2]){fcode[L+1][w2]=cc;ferr[L+1][w2]=er;fpar[L+1][w2]=k;fidx[L+1][w2]=d->idx[j];} }
        }
        fn[L+1]=m; if(!m) break; L++;
      }
      // reconstruct
      int k=bestK; for (int l=bestL;l>=0;l--){ ch[i+l]=fidx[l][k]; k=fpar[l][k]; }
      // note: giflib order: emit prev then add; we emitted prev already below
      int code=fcode[bestL][bestK];
      out(z,code); prev=code; i+=bestL+1; lastc=ch[i-1];
    }
    int cur=-1; (void)cur;
    out(z,clear+1); tbits += (z->bits+7)/8*8;
    for (long k=0;k<n;k++){int x=k%w,y=k/w; if(ch[k]!=t) shown[(long)(T+y)*W+Lf+x]=pal[ch[k]];}
    free(cd); free(ch);
    time_cs += gcb.DelayTime;
    int nextf = time_cs/2;
    for (int sfi=sframe; sfi<nextf; sfi++){ fseek(sf,(long)sfi*WH*3,SEEK_SET); fread(src,1,WH*3,sf); double mse=0; for(long q=0;q<WH;q++){ uint32_t v=shown[q]; int dr=(int)(v>>16)-src[q*3], dg=(int)((v>>8)&255)-src[q*3+1], db=(int)(v&255)-src[q*3+2]; mse+=dr*dr+dg*dg+db*db; } mse/=WH*3.0; psum += mse==0?100:10*log10(255.0*255/mse); nsrc++; }
  }
  printf("lambda %g delta %d", LAMBDA); printf(" %d undither %d maxn %d: lzw %.1f KiB  psnr %.2f (%d frames)\n", DELTA, UNDITHER, MAXN, tbits/8/1024.0, psum/nsrc, nsrc);
}
