#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e3+t.tv_nsec/1e6;}
int main(int argc,char**argv){
  size_t n=64<<20; int adv=atoi(argv[1]);
  char*p=mmap(0,n+(2<<20),PROT_READ|PROT_WRITE,MAP_PRIVATE|MAP_ANONYMOUS,-1,0);
  char*a=(char*)(((size_t)p+(2<<20)-1)&~((size_t)(2<<20)-1));
  if(adv){int r=madvise(a,n,MADV_HUGEPAGE);printf("madvise %d\n",r);}
  double t0=now(); memset(a,1,n); double t1=now();
  FILE*f=fopen("/proc/self/smaps_rollup","r");char line[256];while(fgets(line,256,f)) if(strstr(line,"AnonHuge")) printf("%s",line);
  printf("touch 64MB: %.2f ms\n",t1-t0);
}
