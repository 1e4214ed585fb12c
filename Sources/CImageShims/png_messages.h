#ifndef ANIMRENDER_PNG_MESSAGES_H
#define ANIMRENDER_PNG_MESSAGES_H
/* libpng's error and warning handlers shared by the PNG reader and writer (not a public header). */
#include <stdio.h>
#include <png.h>

/* The caller's message buffer, which libpng reaches through its error pointer. */
struct shim_png_message {
    char *text;
    size_t capacity;
};

/* Keeps libpng's message and jumps back to the setjmp instead of printing and aborting. */
static void shim_png_error(png_structp png, png_const_charp message) {
    struct shim_png_message *out = png_get_error_ptr(png);
    snprintf(out->text, out->capacity, "%s", message);
    png_longjmp(png, 1);
}

/* Warnings (an unusual ICC profile, a bad ancillary CRC) do not stop the work and are not printed. */
static void shim_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

#endif
