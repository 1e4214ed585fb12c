#ifndef ANIMRENDER_CHARFBUZZ_SHIM_H
#define ANIMRENDER_CHARFBUZZ_SHIM_H
/* The core API only (no hb-ft, no glib): the font is read from memory by both libraries. */
#include <hb.h>
#include <hb-ot.h>
#endif
