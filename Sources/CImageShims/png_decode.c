#include "animrender_png.h"

#include <stdio.h>
#include <string.h>
#include <png.h>

#include "png_messages.h"

/* The bytes being read and the caller's message buffer, reached through libpng's io/error pointers. */
struct shim_png {
    const uint8_t *data;
    size_t size;
    size_t offset;
    struct shim_png_message message;
};

/* libpng's read callback over memory; running out of bytes is an error. */
static void shim_png_read(png_structp png, png_bytep out, size_t count) {
    struct shim_png *state = png_get_io_ptr(png);
    if (count > state->size - state->offset) png_error(png, "the data ends early (truncated file)");
    memcpy(out, state->data + state->offset, count);
    state->offset += count;
}

/* A reader over `data` with the shim's handlers, or NULL (with a message) when out of memory. */
static png_structp shim_png_create(struct shim_png *state, png_infop *info) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state->message, shim_png_error,
                                             shim_png_warning);
    *info = png ? png_create_info_struct(png) : NULL;
    if (!png || !*info) {
        png_destroy_read_struct(&png, NULL, NULL);
        snprintf(state->message.text, state->message.capacity, "out of memory");
        return NULL;
    }
    png_set_read_fn(png, state, shim_png_read);
#ifdef PNG_IGNORE_ADLER32
    /* The zlib stream's Adler-32 is not computed: every IDAT chunk's CRC-32, which libpng still
       checks (a mismatch is an error), already covers the compressed bytes, and the sum was 6.5–6.9 %
       of `animrender test`'s time over Scenes/ (docs/benchmarks.md, session 53). */
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    return png;
}

int animrender_png_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                        char *error, size_t error_size) {
    struct shim_png state = {data, size, 0, {error, error_size}};
    png_infop info;
    png_structp png = shim_png_create(&state, &info);
    if (!png) return -1;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    png_read_info(png, info);
    *width = png_get_image_width(png, info);
    *height = png_get_image_height(png, info);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

/* Asks libpng for 8-bit straight RGBA whatever the file stores; returns the number of passes. */
static int shim_png_request_rgba8(png_structp png, png_infop info) {
    png_set_expand(png);                            /* palette → RGB, tRNS → alpha, 1/2/4 → 8 bits */
    png_set_scale_16(png);                          /* 16 → 8 bits, exactly rounded */
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER); /* only where there is no alpha yet */
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    return passes;
}

int animrender_png_decode(const uint8_t *data, size_t size, uint8_t *out, uint32_t width,
                          uint32_t height, char *error, size_t error_size) {
    struct shim_png state = {data, size, 0, {error, error_size}};
    png_infop info;
    png_structp png = shim_png_create(&state, &info);
    if (!png) return -1;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    png_read_info(png, info);
    if (png_get_image_width(png, info) != width || png_get_image_height(png, info) != height) {
        png_error(png, "the image size differs from the one read first");
    }
    int passes = shim_png_request_rgba8(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) {
        png_error(png, "libpng did not produce 8-bit RGBA rows");
    }
    /* Interlaced images: each pass updates the rows already holding the previous passes. */
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < height; y++) png_read_row(png, out + (size_t)y * width * 4, NULL);
    }
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}
