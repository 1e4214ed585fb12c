#!/usr/bin/env python3
"""Writes scenes of a tight loop drawn as many short lines under a wide pen, one per join and count.

The loop is the cubic M 20 180 C 200 20 0 20 180 180 of Scenes/shapes/wide-pen-loop.json, drawn as
N lines between points at equal parameter steps, stroked 45 pt wide with round caps at scale 2
(400 × 400 px, 2 frames). docs/benchmarks.md ("session 36") times them with
    .build/release/AnimBench DIR/miter-1500.json --first-pass --threads 1
Usage: make-scenes.py DIR
"""
import json
import os
import sys


def point(t):
    p0, c1, c2, p1 = (20, 180), (200, 20), (0, 20), (180, 180)
    u = 1 - t
    return tuple(u ** 3 * p0[i] + 3 * u * u * t * c1[i] + 3 * u * t * t * c2[i] + t ** 3 * p1[i] for i in range(2))


def path(n):
    points = [point(k / n) for k in range(n + 1)]
    return "M %.6f %.6f " % points[0] + " ".join("L %.6f %.6f" % p for p in points[1:])


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    os.makedirs(out, exist_ok=True)
    for join in ["miter", "bevel", "round"]:
        for n in [200, 1500]:
            scene = {
                "title": f"A tight loop as {n} lines, {join} joins",
                "canvas": {"width": 200, "height": 200, "scale": 2, "background": "#FFFFFF", "fps": 10, "duration": 0.2},
                "layers": [{"id": "loop", "type": "shape", "frame": [0, 0, 200, 200], "path": path(n),
                            "fillColor": None, "strokeColor": "#007AFFB3", "lineWidth": 45,
                            "lineCap": "round", "lineJoin": join}],
            }
            with open(os.path.join(out, f"{join}-{n}.json"), "w") as f:
                json.dump(scene, f)


if __name__ == "__main__":
    main()
