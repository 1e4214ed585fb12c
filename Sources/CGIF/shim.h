#ifndef ANIMRENDER_CGIF_SHIM_H
#define ANIMRENDER_CGIF_SHIM_H
#include <gif_lib.h>
#endif
