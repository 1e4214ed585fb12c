#ifndef ANIMRENDER_CZLIB_SHIM_H
#define ANIMRENDER_CZLIB_SHIM_H
#include <zlib.h>
#endif
