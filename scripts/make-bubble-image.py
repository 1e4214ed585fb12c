#!/usr/bin/env python3
"""Writes Scenes/images/bubble.png: a chat bubble for nine-part stretching (contentsCenter).

72 x 60 px, meant for contentsScale 2 (36 x 30 pt): a blue rounded body (corner radius 20 px)
with a 3-px darker rim and a tail at the bottom right, which lies inside the bottom-right cap.
The caps are 22 px at the left, top and bottom and 26 px at the right (the tail), so contentsCenter
[22/72, 22/60, 24/72, 16/60] keeps the corners, the rim and the tail at their size. Drawn at 8x
and reduced with a box filter, so the edges are anti-aliased. Run once; the PNG is committed.

    python3 scripts/make-bubble-image.py    # needs Pillow
"""
import os

from PIL import Image, ImageDraw

K = 8
W, H = 72, 60
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Scenes", "images", "bubble.png")


def bubble(fill, inset):
    """The body and tail as a mask of the big canvas, shrunk by `inset` px (for the rim)."""
    img = Image.new("L", (W * K, H * K), 0)
    d = ImageDraw.Draw(img)
    i = inset * K
    d.rounded_rectangle([i, i, (W - 6) * K - i, (H - 8) * K - i], radius=20 * K - i, fill=fill)
    # the tail: from the body's bottom right corner down and out to the image's corner
    d.polygon([((W - 26) * K, (H - 8) * K - i), ((W - 6) * K - i, (H - 22) * K), (W * K - i * 0.7, H * K - i * 0.7),
               ((W - 14) * K, (H - 8) * K - i)], fill=fill)
    return img


def main():
    outer, inner = bubble(255, 0), bubble(255, 3)
    rim = Image.new("RGBA", (W * K, H * K), (0, 84, 200, 255))
    body = Image.new("RGBA", (W * K, H * K), (10, 132, 255, 255))
    out = Image.new("RGBA", (W * K, H * K), (0, 0, 0, 0))
    out.paste(rim, mask=outer)
    out.paste(body, mask=inner)
    out = out.reduce(K)  # box filter: each pixel the mean of its 8 x 8 samples
    out.save(OUT, optimize=True)


if __name__ == "__main__":
    main()
