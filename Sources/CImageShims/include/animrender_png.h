#ifndef ANIMRENDER_PNG_H
#define ANIMRENDER_PNG_H
/*
 * PNG decoding through libpng's low-level API, needed because the simplified API applies gamma
 * (it even reads 16-bit files without gAMA as linear light), and PNG encoding through the same API,
 * so that each row's filter can be chosen here (see animrender_png_encode). libpng's setjmp-based
 * errors stay inside these functions: callers get -1 and a message, and the longjmp never crosses
 * Swift.
 */
#include <stddef.h>
#include <stdint.h>

/*
 * Reads the PNG signature and chunks up to the image data, without allocating for pixels.
 * Returns 0 and sets `width` and `height`, or -1 with a NUL-terminated message in `error`.
 */
int animrender_png_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                        char *error, size_t error_size);

/*
 * Decodes the PNG in `data` into `out`, `width` × `height` straight-alpha RGBA8 pixels (4·width
 * bytes a row), where the size is the one animrender_png_size returned. Every colour type, bit
 * depth and interlacing is accepted: palettes and tRNS become alpha, low bit depths are scaled
 * up, 16-bit samples become round(v · 255 / 65535), gray is replicated to RGB. Gamma, sRGB and
 * ICC chunks are ignored: the samples are returned as stored. The whole file must be present
 * (the image data and IEND). Returns 0, or -1 with a NUL-terminated message in `error`.
 */
int animrender_png_decode(const uint8_t *data, size_t size, uint8_t *out, uint32_t width,
                          uint32_t height, char *error, size_t error_size);

/*
 * Encodes `width` × `height` straight-alpha RGBA8 pixels, rows `stride` bytes apart, as the PNG
 * libpng's simplified writer (png_image_write_to_memory) makes of them, byte for byte: IHDR,
 * sRGB (perceptual), IDAT, IEND; zlib's default level and libpng's strategy. Like libpng,
 * each row takes the filter whose bytes, read as signed, have the least sum of magnitudes (ties
 * to the earlier of None, Sub, Up, Average, Paeth), but the five sums are found here, sixteen
 * bytes a step, and libpng is told the one filter to apply.
 * Writes at most `*size` bytes to `out` and sets `*size` to the PNG's full size: returns 0 when
 * it fitted, 1 when `out` was too small (nothing useful is written; call again with `*size`
 * bytes), or -1 with a NUL-terminated message in `error`.
 */
int animrender_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                          uint8_t *out, size_t *size, char *error, size_t error_size);

/*
 * The filter libpng's heuristic picks for `row` (`bytes` bytes of 4-byte pixels) under `previous`
 * (zeros for the first row), from those in `allowed` (PNG_FILTER_NONE … PNG_FILTER_PAETH bits):
 * returned as a filter value, 0 (None) to 4 (Paeth). Exposed for tests.
 */
int animrender_png_choose_filter(const uint8_t *row, const uint8_t *previous, size_t bytes,
                                 int allowed);

/*
 * The five filters' sums of magnitudes for `row` under `previous` (None, Sub, Up, Average, Paeth),
 * sixteen bytes a step where the processor has SSE2 and `vector` is non-zero, else one byte at a
 * time (what other processors run). Exposed for tests, which compare the two.
 */
void animrender_png_filter_sums(const uint8_t *row, const uint8_t *previous, size_t bytes,
                                int vector, uint64_t sums[5]);

#endif
