#include "animrender_jpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>

/* libjpeg's error manager extended with the place to jump back to and the caller's buffer. */
struct shim_error {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char *message;
    size_t capacity;
};

/* error_exit: keep libjpeg's message and return to the setjmp instead of calling exit(). */
static void shim_error_exit(j_common_ptr cinfo) {
    struct shim_error *err = (struct shim_error *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    snprintf(err->message, err->capacity, "%s", text);
    longjmp(err->jump, 1);
}

/* emit_message: warnings (level -1) mean corrupt or truncated data and are fatal, as with
 * `djpeg -strict`; trace messages are dropped. Nothing is ever printed. */
static void shim_emit_message(j_common_ptr cinfo, int msg_level) {
    if (msg_level < 0) shim_error_exit(cinfo);
}

static void shim_output_message(j_common_ptr cinfo) {
    (void)cinfo;
}

/* A zeroed decompressor using the shim's error manager; the caller then calls setjmp. */
static void shim_prepare(struct jpeg_decompress_struct *cinfo, struct shim_error *err,
                         char *error, size_t error_size) {
    memset(cinfo, 0, sizeof *cinfo);
    cinfo->err = jpeg_std_error(&err->pub);
    err->pub.error_exit = shim_error_exit;
    err->pub.emit_message = shim_emit_message;
    err->pub.output_message = shim_output_message;
    err->message = error;
    err->capacity = error_size;
}

/* Creates the decompressor on `data` and reads its headers (longjmps on failure). */
static void shim_read_header(struct jpeg_decompress_struct *cinfo, const uint8_t *data, size_t size) {
    jpeg_create_decompress(cinfo);
    jpeg_mem_src(cinfo, data, (unsigned long)size);
    jpeg_read_header(cinfo, TRUE);
}

int animrender_jpeg_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                         char *error, size_t error_size) {
    struct jpeg_decompress_struct cinfo;
    struct shim_error err;
    shim_prepare(&cinfo, &err, error, error_size);
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    shim_read_header(&cinfo, data, size);
    *width = cinfo.image_width;
    *height = cinfo.image_height;
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

/* round(a · b / 255) for a, b in 0...255. */
static uint8_t shim_mul255(unsigned a, unsigned b) {
    return (uint8_t)((a * b + 127) / 255);
}

/* One decoded scanline of `components` channels to opaque RGBA. CMYK samples are read with Adobe's
 * polarity (stored = 255 − ink, the light each ink lets through), marker or not, as Pillow does:
 * Photoshop writes them so, and other CMYK JPEGs are practically nonexistent. */
static void shim_row_to_rgba(const JSAMPLE *row, uint8_t *out, uint32_t width, int components) {
    for (uint32_t x = 0; x < width; x++, out += 4) {
        if (components == 1) {
            out[0] = out[1] = out[2] = row[x];
        } else if (components == 3) {
            memcpy(out, row + 3 * x, 3);
        } else {
            const JSAMPLE *p = row + 4 * x;
            out[0] = shim_mul255(p[0], p[3]);
            out[1] = shim_mul255(p[1], p[3]);
            out[2] = shim_mul255(p[2], p[3]);
        }
        out[3] = 255;
    }
}

/* The colour space libjpeg should convert to: gray stays gray, YCCK becomes CMYK, the rest RGB. */
static J_COLOR_SPACE shim_output_space(J_COLOR_SPACE input) {
    switch (input) {
    case JCS_GRAYSCALE: return JCS_GRAYSCALE;
    case JCS_CMYK:
    case JCS_YCCK: return JCS_CMYK;
    default: return JCS_RGB;
    }
}

int animrender_jpeg_decode(const uint8_t *data, size_t size, uint8_t *out, uint32_t width,
                           uint32_t height, char *error, size_t error_size) {
    struct jpeg_decompress_struct cinfo;
    struct shim_error err;
    shim_prepare(&cinfo, &err, error, error_size);
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    shim_read_header(&cinfo, data, size);
    if (cinfo.image_width != width || cinfo.image_height != height) {
        snprintf(error, error_size, "the image is %ux%u, not the %ux%u expected",
                 cinfo.image_width, cinfo.image_height, width, height);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    cinfo.out_color_space = shim_output_space(cinfo.jpeg_color_space);
    jpeg_start_decompress(&cinfo);
    int components = cinfo.output_components;
    /* Pool memory: jpeg_destroy_decompress frees it on every path, longjmp included. */
    JSAMPARRAY row = (*cinfo.mem->alloc_sarray)((j_common_ptr)&cinfo, JPOOL_IMAGE,
                                                width * (JDIMENSION)components, 1);
    while (cinfo.output_scanline < height) {
        size_t y = cinfo.output_scanline;
        jpeg_read_scanlines(&cinfo, row, 1);
        shim_row_to_rgba(row[0], out + y * width * 4, width, components);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return 0;
}
