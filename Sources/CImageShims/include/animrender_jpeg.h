#ifndef ANIMRENDER_JPEG_H
#define ANIMRENDER_JPEG_H
/*
 * JPEG decoding through libjpeg(-turbo) with an error manager that never exits: libjpeg's
 * errors (and its warnings, which mean corrupt data) longjmp back here, so callers get -1 and a
 * message instead of a terminated process. The setjmp never crosses into Swift.
 */
#include <stddef.h>
#include <stdint.h>

/*
 * Reads the headers of the JPEG in `data` without decoding pixels or allocating for them.
 * Returns 0 and sets `width` and `height`, or -1 with a NUL-terminated message in `error`.
 */
int animrender_jpeg_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                         char *error, size_t error_size);

/*
 * Decodes the JPEG in `data` into `out`, `width` × `height` opaque RGBA8 pixels (4·width bytes a
 * row), where the size is the one animrender_jpeg_size returned. Grayscale is replicated to RGB;
 * CMYK and YCCK become RGB as round((255 − c)(255 − k) / 255), reading the stored channels as
 * 255 − ink (Adobe's inverted polarity, which Photoshop writes) whether or not the file has an
 * Adobe marker, as Pillow does. EXIF orientation is not applied.
 * Returns 0, or -1 with a NUL-terminated message in `error`; `out` is then partly written.
 */
int animrender_jpeg_decode(const uint8_t *data, size_t size, uint8_t *out, uint32_t width,
                           uint32_t height, char *error, size_t error_size);

#endif
