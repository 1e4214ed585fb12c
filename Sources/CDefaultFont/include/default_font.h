#ifndef ANIMRENDER_DEFAULT_FONT_H
#define ANIMRENDER_DEFAULT_FONT_H

#include <stddef.h>

/// The bytes of Inter-Regular.otf (SIL OFL 1.1, Inter-LICENSE.txt beside it), compiled into the
/// binary; `size` receives their count.
const unsigned char *animrender_default_font(size_t *size);

#endif
