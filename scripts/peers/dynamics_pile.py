#!/usr/bin/env python3
"""A pile of N small boxes falling under gravity into a walled box: the dynamics benchmark.

  dynamics_pile.py scene N SECONDS OUT.json   # the animrender scene
  dynamics_pile.py pymunk N SECONDS           # the same pile in pymunk (Chipmunk2D); prints seconds

The boxes are 8 x 8 pt, 40 to a row, rows 14 pt apart with alternate rows shifted 4 pt, so the
pile is uneven and boxes tip. UIKit's defaults: gravity 1000 pt/s^2 down, elasticity 0.2,
friction 0.2, density 1. pymunk takes the same fixed step as animrender (1/120 s) and 8
iterations; it is timed from its first step to its last, after the space is built.
"""
import json
import sys
import time

SIZE, COLS, WIDTH = 8, 40, 800


def layout(n):
    rows = (n + COLS - 1) // COLS
    height = max(800, 10 + rows * 14 + 200)
    boxes = [(10 + (i % COLS) * 19 + (i // COLS % 2) * 4, 10 + (i // COLS) * 14) for i in range(n)]
    return boxes, height


def scene(n, seconds, out):
    boxes, height = layout(n)
    ids = ["b%d" % i for i in range(n)]
    layers = [{"id": ids[i], "frame": [x, y, SIZE, SIZE], "backgroundColor": "systemBlue"} for i, (x, y) in enumerate(boxes)]
    doc = {
        "title": "Dynamics benchmark: %d boxes fall into a pile" % n,
        "canvas": {"width": WIDTH, "height": height, "background": "#FFFFFF", "fps": 30, "duration": seconds},
        "layers": [{"id": "container", "frame": [0, 0, WIDTH, height], "sublayers": layers}],
        "timeline": [{"at": 0, "dynamics": {"referenceView": "container", "behaviors": [
            {"gravity": {"items": ids}},
            {"collision": {"items": ids, "translatesReferenceBoundsIntoBoundary": True}}]}}],
    }
    with open(out, "w") as f:
        json.dump(doc, f)


def pymunk_pile(n, seconds):
    import pymunk
    boxes, height = layout(n)
    space = pymunk.Space()
    space.gravity = (0, 1000)
    space.iterations = 8
    walls = [((0, 0), (WIDTH, 0)), ((WIDTH, 0), (WIDTH, height)), ((WIDTH, height), (0, height)), ((0, height), (0, 0))]
    for a, b in walls:
        s = pymunk.Segment(space.static_body, a, b, 0)
        s.elasticity, s.friction = 0.2, 0.2
        space.add(s)
    mass = (SIZE / 100) ** 2  # density 1 kg/m^2, 100 pt per metre
    for x, y in boxes:
        body = pymunk.Body(mass, pymunk.moment_for_box(mass, (SIZE, SIZE)))
        body.position = (x + SIZE / 2, y + SIZE / 2)
        shape = pymunk.Poly.create_box(body, (SIZE, SIZE))
        shape.elasticity, shape.friction = 0.2, 0.2
        space.add(body, shape)
    steps = int(seconds * 120)
    start = time.perf_counter()
    for _ in range(steps):
        space.step(1 / 120)
    print("%.3f" % (time.perf_counter() - start))


if __name__ == "__main__":
    if sys.argv[1] == "scene":
        scene(int(sys.argv[2]), float(sys.argv[3]), sys.argv[4])
    else:
        pymunk_pile(int(sys.argv[2]), float(sys.argv[3]))
