#!/usr/bin/env python3
"""Writes the scenes measured for the dynamics budget (docs/dynamics.md, "Budget" and "Simulated
once, sampled at t"): absurd ones the budget refuses, the worst ones it accepts, many actions on
one view. They are not kept in the repository (several MB).

    python3 scripts/make-dynamics-budget-scenes.py DIR
    /usr/bin/time -v animrender DIR/tiny3000.json --gif out.gif
"""
import json
import pathlib
import random
import sys


def scene(frames, duration, behaviors_for, fps=25):
    """Items with `frames` in a 200 × 200 view `c`, one dynamics action at 0."""
    ids = [f"i{k}" for k in range(len(frames))]
    layers = [{"id": i, "frame": f, "backgroundColor": "red"} for i, f in zip(ids, frames)]
    timeline = [{"at": 0, "dynamics": {"referenceView": "c", "behaviors": behaviors_for(ids)}}]
    return {"canvas": {"width": 200, "height": 200, "duration": duration, "fps": fps},
            "layers": [{"id": "c", "frame": [0, 0, 200, 200], "sublayers": layers}], "timeline": timeline}


def fall_and_collide(ids):
    return [{"gravity": {"items": ids}}, {"collision": {"items": ids, "translatesReferenceBoundsIntoBoundary": True}}]


def fall(ids):
    return [{"gravity": {"items": ids}}]


def pushes(n):
    """A falling 40 pt item, then n − 1 instantaneous pushes on it within 2 s."""
    s = scene([[80, 30, 40, 40]], 2, fall_and_collide)
    push = {"push": {"items": ["i0"], "mode": "instantaneous", "magnitude": 0.01}}
    s["timeline"] += [{"at": k * (2 / n), "dynamics": {"referenceView": "c", "behaviors": [push]}} for k in range(1, n)]
    return s


def mixed(n):
    """n actions of every kind, one per 1/100 s, on 20 items (some not yet in the animator)."""
    ids = [f"i{k}" for k in range(20)]
    s = scene([[20 + 16 * (k % 10), 20 + 16 * (k // 10), 12, 12] for k in range(20)], n / 100, lambda _: [], fps=2)
    s["timeline"] = [{"at": k / 100, "dynamics": mixed_action(k, ids)} for k in range(n)]
    return s


def mixed_action(k, ids):
    i, j = ids[k % 20], ids[(k * 7 + 3) % 20]
    if k % 1000 == 0:
        return {"referenceView": "c", "removeAllBehaviors": k > 0, "behaviors": fall_and_collide(ids[:10])}
    if k % 97 == 0:
        items = [i, j] if i != j else [i]
        b = {"collision": {"items": items, "translatesReferenceBoundsIntoBoundary": True}}
    elif k % 333 == 0:
        b = {"itemBehavior": {"items": [i], "elasticity": 0.1 * (k % 9), "density": 1 + k % 3}}
    elif k % 555 == 0:
        b = {"attachment": {"item": i, "toAnchor": [100, 20], "length": 60, "frequency": 2, "damping": 0.3}}
    elif k % 777 == 0:
        b = {"snap": {"item": j, "to": [100, 100], "damping": 0.5}}
    elif k % 50 == 0:
        b = {"push": {"items": [i], "mode": "continuous", "angle": k * 0.3, "magnitude": 0.02}}
    else:
        b = {"push": {"items": [i], "mode": "instantaneous", "angle": k * 0.7, "magnitude": 0.05}}
    return {"referenceView": "c", "behaviors": [b]}


def collisions(n, count=200):
    """`count` items in a grid and n actions at t = 0, each adding a collision behaviour of them all:
    the k-th rebuilds the world from k behaviours."""
    s = scene([[(k % 20) * 10, (k // 20) * 10, 8, 8] for k in range(count)], 1, lambda _: [], fps=10)
    items = [f"i{k}" for k in range(count)]
    s["timeline"] = [{"at": 0, "dynamics": {"referenceView": "c", "behaviors": [{"collision": {"items": items}}]}}] * n
    return s


def behaviours(n, seed=7):
    """n actions, one per 1/10 s, of random behaviours of every kind over random subsets of 30 items
    of assorted sizes (materials, gravity and continuous pushes naming many items)."""
    r = random.Random(seed)
    ids = [f"i{k}" for k in range(30)]
    s = scene([[10 + (k % 6) * 30, 10 + (k // 6) * 30, 14 + k % 5, 10 + k % 7] for k in range(30)], n / 10 + 0.5, lambda _: [], fps=20)
    s["timeline"] = [{"at": k * 0.1, "dynamics": {"referenceView": "c", "removeAllBehaviors": k % 13 == 12,
                                                    "behaviors": [random_behaviour(r, ids) for _ in range(r.randint(1, 4))]}}
                     for k in range(n)]
    return s


def random_behaviour(r, ids):
    kind = r.choice(["gravity", "item", "push", "collision", "ipush"])
    sub = r.sample(ids, r.randint(1, 12))
    if kind == "gravity":
        return {"gravity": {"items": sub, "angle": r.uniform(0, 3.14), "magnitude": r.uniform(0.2, 1.5)}}
    if kind == "item":
        values = r.choice([{"elasticity": r.uniform(0, 1)}, {"density": r.uniform(0.5, 3)},
                           {"friction": r.uniform(0, 1), "allowsRotation": r.choice([True, False])},
                           {"resistance": r.uniform(0, 2), "angularResistance": r.uniform(0, 2)}])
        return {"itemBehavior": {"items": sub, **values}}
    if kind in ("push", "ipush"):
        mode = "continuous" if kind == "push" else "instantaneous"
        return {"push": {"items": sub, "mode": mode, "angle": r.uniform(0, 6.28), "magnitude": r.uniform(0, 0.5),
                         "offset": [r.uniform(-5, 5), r.uniform(-5, 5)]}}
    return {"collision": {"items": sub, "translatesReferenceBoundsIntoBoundary": True}}


def scenes():
    # Refused: 3,000 items of 3 pt falling and colliding for 5 s (sub-steps and contacts).
    yield "tiny3000", scene([[(k * 7) % 197, (k * 13) % 197, 3, 3] for k in range(3000)], 5, fall_and_collide)
    # Refused: items started on one spot (n²/2 overlapping pairs), colliding.
    for n, duration in [(2000, 2), (1400, 2), (20000, 1 / 60)]:
        yield f"pile{n}", scene([[100, 100, 10, 10]] * n, duration, fall_and_collide, fps=60 if duration < 1 else 25)
    # Refused: 3,000 items of 1 pt falling apart for 10 s (sub-steps, box tests).
    yield "free3000", scene([[(k * 7) % 197, (k * 13) % 197, 1, 1] for k in range(3000)], 10, fall)
    # Refused: 10,000 items of 1 pt in one column of a 20,000 pt view, two more at its left and
    # right ends so that the sweep runs across the column (50 million box tests a sub-step).
    column = scene([[100, 2 * k, 1, 1] for k in range(10000)] + [[0, 0, 1, 1], [19999, 0, 1, 1]], 4, fall)
    column["layers"][0]["frame"] = [0, 0, 20000, 20000]
    yield "column10k", column
    # Accepted: one item and 100,000 boundary segments for 20 s (bodies that never move).
    segments = [{"from": [k * 0.002, 150 + k % 2], "to": [(k + 1) * 0.002, 150 + (k + 1) % 2]} for k in range(100000)]
    yield "boundaries100k", scene([[80, 30, 40, 40]], 20, lambda ids: [
        {"gravity": {"items": ids}},
        {"collision": {"items": ids, "translatesReferenceBoundsIntoBoundary": True, "boundaries": segments}}])
    # Refused: one item and 1,000,000 boundary segments for 2 s (a 55 MB scene): every body's
    # sub-step counts, moving or not.
    segments = [{"from": [k * 0.0002, 150 + k % 2], "to": [(k + 1) * 0.0002, 150 + (k + 1) % 2]} for k in range(1000000)]
    yield "boundaries1m", scene([[80, 30, 40, 40]], 2, lambda ids: [
        {"gravity": {"items": ids}},
        {"collision": {"items": ids, "translatesReferenceBoundsIntoBoundary": True, "boundaries": segments}}])
    # Many actions on one view.
    for n in (2000, 4000, 8000, 16000):
        yield f"actions{n}", pushes(n)
    for n in (2000, 8000):
        yield f"mixed{n}", mixed(n)
    for n in (500, 1000, 2000):
        yield f"collide{n}x200", collisions(n)
    yield "behaviours40", behaviours(40)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = pathlib.Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for name, s in scenes():
        (out / f"{name}.json").write_text(json.dumps(s))


if __name__ == "__main__":
    main()
