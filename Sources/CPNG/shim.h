#ifndef ANIMRENDER_CPNG_SHIM_H
#define ANIMRENDER_CPNG_SHIM_H
#include <png.h>

/* PNG_IMAGE_FAILED is a function-like macro, which Swift cannot import. */
static inline int animrender_png_image_failed(png_imagep image) {
    return PNG_IMAGE_FAILED(*image);
}
#endif
