// The default font, compiled in with C23's #embed (clang 19 and later), so a binary needs no
// resource files beside it and no module has to load Foundation to find them (SwiftPM's resource
// accessor imports it).
#include "default_font.h"

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc23-extensions"
static const unsigned char font[] = {
#embed "Inter-Regular.otf"
};
#pragma clang diagnostic pop

const unsigned char *animrender_default_font(size_t *size) {
    *size = sizeof font;
    return font;
}
