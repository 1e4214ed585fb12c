#ifndef ANIMRENDER_CWEBP_SHIM_H
#define ANIMRENDER_CWEBP_SHIM_H
/* libwebp's encoder (WebPConfig, WebPPicture) and libwebpmux's WebPAnimEncoder. */
#include <webp/encode.h>
#include <webp/mux.h>
#endif
