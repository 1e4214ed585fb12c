#!/usr/bin/env python3
"""Writes the image fixtures of Tests/AnimCodecsTests/Fixtures (run once; the files are committed).

PNGs are written by hand (zlib + struct) so every colour type, bit depth, filter and Adam7
interlacing is exactly what the tests expect; their pixels follow formulas the tests repeat.
JPEGs come from Pillow, except YCCK and CMYK without an Adobe marker, which Pillow cannot write: those come
from a small C program linked with the system libjpeg (needs cc and libjpeg-dev). Each JPEG has a
NAME.expected.rgb beside it: Pillow's decoding of the file as RGB8, which the tests compare with.

    python3 scripts/make-image-fixtures.py        # needs Pillow; tests never run Python
"""
import os
import struct
import subprocess
import sys
import tempfile
import zlib

from PIL import Image

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "AnimCodecsTests", "Fixtures")


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def sub_filter(row, bpp):
    """PNG filter type 1 (Sub), which makes ramps compress to almost nothing."""
    out = bytearray(row)
    for i in range(len(row) - 1, bpp - 1, -1):
        out[i] = (row[i] - row[i - bpp]) & 0xFF
    return b"\x01" + bytes(out)


def png(width, height, depth, color_type, pack_row, extra=b"", interlaced=False):
    """A PNG whose row y of pixels xs is pack_row(y, xs) (packed samples, no filter byte)."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]
    bpp = max(1, channels * depth // 8)
    if interlaced:
        passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        raw = b""
        for x0, y0, dx, dy in passes:
            xs = list(range(x0, width, dx))
            if not xs:
                continue
            for y in range(y0, height, dy):
                raw += sub_filter(pack_row(y, xs), bpp)
    else:
        raw = b"".join(sub_filter(pack_row(y, list(range(width))), bpp) for y in range(height))
    ihdr = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 1 if interlaced else 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def pack_bits(values, depth):
    """Samples of 1, 2 or 4 bits packed most significant first, the last byte zero-padded."""
    per_byte = 8 // depth
    out = bytearray()
    for i in range(0, len(values), per_byte):
        byte = 0
        for j, v in enumerate(values[i:i + per_byte]):
            byte |= v << (8 - depth * (j + 1))
        out.append(byte)
    return bytes(out)


def u16(*values):
    return struct.pack(">%dH" % len(values), *values)


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def make_pngs():
    # Palette (4-bit) with tRNS covering the first four entries; the tests repeat these tables.
    palette = [(255, 0, 0), (0, 0, 255), (10, 20, 30), (200, 100, 50), (0, 255, 0), (7, 8, 9)]
    alphas = [255, 0, 128, 1]
    plte = chunk(b"PLTE", bytes(c for rgb in palette for c in rgb)) + chunk(b"tRNS", bytes(alphas))
    write("palette-trns.png", png(5, 3, 4, 3, lambda y, xs: pack_bits([(x + 2 * y) % 6 for x in xs], 4), plte))
    # 16-bit gray holding every value once: v = 256·y + x.
    write("gray16.png", png(256, 256, 16, 0, lambda y, xs: u16(*[256 * y + x for x in xs])))
    # 16-bit gray + alpha and RGBA, a few chosen samples.
    ga = [(65535, 32768), (32768, 65535), (1000, 40000), (0, 0)]
    write("gray-alpha16.png", png(4, 1, 16, 4, lambda y, xs: u16(*[s for x in xs for s in ga[x]])))
    rgba = [(65535, 0, 32768, 65535), (40000, 20000, 10000, 30000)]
    write("rgba16.png", png(2, 1, 16, 6, lambda y, xs: u16(*[s for x in xs for s in rgba[x]])))
    # 16-bit RGB whose tRNS colour is the middle pixel.
    rgb = [(65535, 0, 0), (1, 2, 3), (0, 0, 65535)]
    write("rgb16-trns.png", png(3, 1, 16, 2, lambda y, xs: u16(*[s for x in xs for s in rgb[x]]),
                                chunk(b"tRNS", u16(1, 2, 3))))
    # 2-bit gray 0...3 and 8-bit gray with 128 transparent.
    write("gray2.png", png(4, 1, 2, 0, lambda y, xs: pack_bits(xs, 2)))
    write("gray-trns.png", png(3, 1, 8, 0, lambda y, xs: bytes([0, 128, 255][x] for x in xs), chunk(b"tRNS", u16(128))))
    # Adam7-interlaced RGBA; pixel (x, y) = (19x, 23y, 7(x + y), 5xy) mod 256.
    rgba8 = lambda x, y: ((19 * x) % 256, (23 * y) % 256, (7 * (x + y)) % 256, (5 * x * y) % 256)
    write("interlaced.png", png(13, 11, 8, 6, lambda y, xs: bytes(c for x in xs for c in rgba8(x, y)), interlaced=True))
    # gAMA 1.0 and an sRGB-less file: the samples must come back as stored.
    write("gamma.png", png(3, 1, 8, 2, lambda y, xs: bytes([0, 64, 128, 192, 255, 10, 20, 30, 40][3 * x + c] for x in xs for c in range(3)),
                           chunk(b"gAMA", struct.pack(">I", 100000))))
    # A header claiming 100000 × 100000 RGBA (40 GB) followed by a token IDAT.
    ihdr = struct.pack(">IIBBBBB", 100000, 100000, 8, 6, 0, 0, 0)
    write("huge.png", b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 16))
          + chunk(b"IEND", b""))


def photo(width, height):
    """A smooth RGB picture with some edges, the kind of content JPEG is for."""
    img = Image.new("RGB", (width, height))
    img.putdata([((x * 255) // (width - 1), (y * 255) // (height - 1), 255 if (x // 8 + y // 8) % 2 else 40)
                 for y in range(height) for x in range(width)])
    return img


def write_jpeg_with_expected(name, save):
    path = os.path.join(OUT, name)
    save(path)
    with Image.open(path) as im:
        write(name.rsplit(".", 1)[0] + ".expected.rgb", im.convert("RGB").tobytes())


C_CMYK_WRITER = r"""
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>
/* cmyk-writer OUT.jpg WIDTH HEIGHT ycck|plain < raw CMYK bytes; ycck has an Adobe marker, plain none */
int main(int argc, char **argv) {
    int w = atoi(argv[2]), h = atoi(argv[3]), ycck = argv[4][0] == 'y';
    unsigned char *pixels = malloc((size_t)w * h * 4);
    if (fread(pixels, 4, (size_t)w * h, stdin) != (size_t)w * h) return 1;
    struct jpeg_compress_struct c;
    struct jpeg_error_mgr err;
    c.err = jpeg_std_error(&err);
    jpeg_create_compress(&c);
    FILE *out = fopen(argv[1], "wb");
    jpeg_stdio_dest(&c, out);
    c.image_width = w;
    c.image_height = h;
    c.input_components = 4;
    c.in_color_space = JCS_CMYK;
    jpeg_set_defaults(&c);
    jpeg_set_colorspace(&c, ycck ? JCS_YCCK : JCS_CMYK);
    if (!ycck) c.write_Adobe_marker = FALSE;
    jpeg_set_quality(&c, 90, TRUE);
    jpeg_start_compress(&c, TRUE);
    while (c.next_scanline < c.image_height) {
        JSAMPROW row = pixels + (size_t)c.next_scanline * w * 4;
        jpeg_write_scanlines(&c, &row, 1);
    }
    jpeg_finish_compress(&c);
    fclose(out);
    return 0;
}
"""


def cmyk_writer(tmp):
    source, binary = os.path.join(tmp, "cmyk-writer.c"), os.path.join(tmp, "cmyk-writer")
    with open(source, "w") as f:
        f.write(C_CMYK_WRITER)
    subprocess.run(["cc", "-O1", "-o", binary, source, "-ljpeg"], check=True)
    return binary


def make_jpegs():
    rgb = photo(40, 30)
    write_jpeg_with_expected("photo.jpg", lambda p: rgb.save(p, quality=85))  # 4:2:0
    write_jpeg_with_expected("progressive.jpg", lambda p: rgb.save(p, quality=80, progressive=True, subsampling=0))
    write_jpeg_with_expected("gray.jpg", lambda p: rgb.convert("L").save(p, quality=90))
    cmyk = rgb.convert("CMYK")
    # Pillow writes CMYK inverted, with an Adobe marker (Photoshop's convention).
    write_jpeg_with_expected("cmyk-adobe.jpg", lambda p: cmyk.save(p, quality=90))
    with tempfile.TemporaryDirectory() as tmp:
        writer = cmyk_writer(tmp)
        inverted = bytes(255 - b for b in cmyk.tobytes())
        # Both inverted: readers (Pillow, and ImageDecoder) assume Adobe polarity even without the marker.
        for name, kind in [("ycck-adobe.jpg", "ycck"), ("cmyk-nomarker.jpg", "plain")]:
            write_jpeg_with_expected(name, lambda p: subprocess.run([writer, p, "40", "30", kind], input=inverted, check=True))


def main():
    os.makedirs(OUT, exist_ok=True)
    make_pngs()
    make_jpegs()
    write("notes.txt", b"# Not an image: a text file for ImageDecoder's refusal.\n")
    print("wrote", len(os.listdir(OUT)), "files to", os.path.normpath(OUT), file=sys.stderr)


if __name__ == "__main__":
    main()
