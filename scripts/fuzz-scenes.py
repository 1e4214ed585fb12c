#!/usr/bin/env python3
"""Seeded mutation fuzzer for animrender's scene loader and renderer.

Usage (from the repository root, after `swift build -c release --product animrender`):

    python3 scripts/fuzz-scenes.py --seed 1 --iterations 2000 --jobs 2
    python3 scripts/fuzz-scenes.py --seed 1 --only 1234        # rerun one case of that seed

Each case i is derived only from (seed, i), so a case can be replayed alone with --only.
It takes a scene from Scenes/, applies 1-3 mutations (a value replaced by another JSON type or an
extreme number, keys deleted or renamed, array items duplicated, containers emptied, deep nesting,
truncation, long strings, dangling layer ids, extreme fps/duration/scale/timing), writes the mutant
under the work directory (default /tmp/animrender-fuzz; Scenes/images is linked beside it so
"../images/…" still resolves), runs the binary with a timeout and classifies the outcome:

    ok            exit 0 and a valid output
    located       exit non-zero, the message names the scene file (or the output file)
    arg-error     exit non-zero, the message is about a command-line option (e.g. --frame 10 of 5)
    unlocated     exit non-zero, but the message names neither file
    crash         killed by a signal, or a Swift runtime trap in stderr
    hang          did not finish within --timeout seconds
    partial       exit non-zero but an output file was left behind
    bad-output    exit 0 but the output is missing, empty or not a PNG/GIF/WebP

Reproducers of the bad classes (unlocated, crash, hang, partial, bad-output) are saved as
WORK/repro/<class>/case-<i>.json with case-<i>.sh holding the command line.
"""

import argparse
import copy
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.setrecursionlimit(200000)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BAD = ("unlocated", "crash", "hang", "partial", "bad-output")
TRAPS = ("Fatal error", "Illegal instruction", "Trace/breakpoint trap", "Segmentation fault",
         "Precondition failed", "Assertion failed", "Stack dump", "Aborted", "Bus error")

EXTREME_NUMBERS = [0, -1, 1, 0.5, -0.0, 1e308, -1e308, 1e-308, 5e-324, 9223372036854775807,
                   -9223372036854775808, 18446744073709551616, 2147483648, 1e20, 1e9, 65536, 1e-9,
                   3.4e38, -3.4e38, 1e15]
KEYS_OF_INTEREST = ["duration", "fps", "scale", "width", "height", "repeatCount", "repeatDuration",
                    "speed", "beginTime", "timeOffset", "autoreverses", "mass", "stiffness",
                    "damping", "initialVelocity", "at", "delay", "fontSize", "lineWidth",
                    "cornerRadius", "shadowRadius", "borderWidth", "keyTimes", "values",
                    "lineDashPattern", "locations", "instanceCount", "relativeStartTime",
                    "relativeDuration", "percent", "miterLimit", "radius", "zPosition"]
UNKNOWN_KEYS = ["positon", "opactiy", "", "__proto__", "\u00e9t\u00e9", "layers", "id", "type",
                "keyPath", "animations", "x" * 300]


def walk(node, path=()):
    """Every (path, value) in the document, the root included."""
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from walk(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk(v, path + (i,))


def get(doc, path):
    for p in path:
        doc = doc[p]
    return doc


def put(doc, path, value):
    if not path:
        return value
    get(doc, path[:-1])[path[-1]] = value
    return doc


def random_value(rng):
    choice = rng.randrange(9)
    if choice == 0:
        return None
    if choice == 1:
        return rng.choice([True, False])
    if choice == 2:
        return rng.choice(EXTREME_NUMBERS)
    if choice == 3:
        return rng.choice(["", "infinity", "nan", "-infinity", "#", "#GGGGGG", "red", "x" * 5000,
                           "\u0000", "M", "M 0 0 L", "1e999", "identity", "\ud7ff\u202e"])
    if choice == 4:
        return []
    if choice == 5:
        return {}
    if choice == 6:
        return [rng.choice(EXTREME_NUMBERS) for _ in range(rng.randrange(1, 17))]
    if choice == 7:
        return {"x": rng.choice(EXTREME_NUMBERS), "y": rng.choice(EXTREME_NUMBERS)}
    return rng.choice([float("nan"), float("inf"), -float("inf")])  # written as NaN / Infinity


def layer_ids(doc):
    ids = []
    for _, v in walk(doc):
        if isinstance(v, dict) and isinstance(v.get("id"), str):
            ids.append(v["id"])
    return ids


def string_paths(doc, ids):
    return [p for p, v in walk(doc) if isinstance(v, str) and v in ids and p]


def m_type(doc, rng):
    paths = [p for p, _ in walk(doc) if p]
    p = rng.choice(paths)
    return put(doc, p, random_value(rng)), "type %s" % (p,)


def m_number(doc, rng):
    paths = [p for p, v in walk(doc) if isinstance(v, (int, float)) and not isinstance(v, bool)]
    if not paths:
        return m_type(doc, rng)
    p = rng.choice(paths)
    return put(doc, p, rng.choice(EXTREME_NUMBERS)), "number %s" % (p,)


def m_interesting_key(doc, rng):
    paths = [p for p, _ in walk(doc) if p and p[-1] in KEYS_OF_INTEREST]
    if not paths:
        return m_number(doc, rng)
    p = rng.choice(paths)
    value = rng.choice(EXTREME_NUMBERS + ["infinity", -5, 1e-300, 0.0001, 100000])
    return put(doc, p, value), "key %s = %r" % (p, value)


def m_delete(doc, rng):
    paths = [p for p, _ in walk(doc) if p and isinstance(p[-1], str)]
    if not paths:
        return m_type(doc, rng)
    p = rng.choice(paths)
    del get(doc, p[:-1])[p[-1]]
    return doc, "delete %s" % (p,)


def m_duplicate(doc, rng):
    paths = [p for p, v in walk(doc) if isinstance(v, list) and v]
    if not paths:
        return m_type(doc, rng)
    p = rng.choice(paths)
    arr = get(doc, p)
    i = rng.randrange(len(arr))
    for _ in range(rng.choice([1, 1, 2, 50])):
        arr.insert(i, copy.deepcopy(arr[i]))
    return doc, "duplicate %s[%d]" % (p, i)


def m_empty(doc, rng):
    paths = [p for p, v in walk(doc) if isinstance(v, (list, dict)) and p]
    if not paths:
        return m_type(doc, rng)
    p = rng.choice(paths)
    return put(doc, p, [] if isinstance(get(doc, p), list) else {}), "empty %s" % (p,)


def m_unknown_key(doc, rng):
    paths = [p for p, v in walk(doc) if isinstance(v, dict)]
    p = rng.choice(paths)
    key = rng.choice(UNKNOWN_KEYS)
    get(doc, p)[key] = random_value(rng)
    return doc, "unknown key %r at %s" % (key[:20], p)


def m_nest(doc, rng):
    paths = [p for p, _ in walk(doc) if p]
    p = rng.choice(paths)
    value = get(doc, p)
    depth = rng.choice([10, 100, 1000, 5000])
    for _ in range(depth):
        value = [value]
    return put(doc, p, value), "nest %d at %s" % (depth, p)


def m_long_string(doc, rng):
    paths = [p for p, v in walk(doc) if isinstance(v, str)]
    if not paths:
        return m_type(doc, rng)
    p = rng.choice(paths)
    value = get(doc, p) * rng.choice([100, 2000])
    return put(doc, p, value[:200000]), "long string %s" % (p,)


def m_dangle(doc, rng):
    ids = layer_ids(doc)
    refs = string_paths(doc, ids)
    if not refs:
        return m_type(doc, rng)
    p = rng.choice(refs)
    other = rng.choice(ids + ["nope", ""])
    return put(doc, p, other), "reference %s -> %r" % (p, other)


def m_canvas(doc, rng):
    canvas = doc.get("canvas") if isinstance(doc, dict) else None
    if not isinstance(canvas, dict):
        return m_type(doc, rng)
    key = rng.choice(["fps", "duration", "scale", "width", "height"])
    value = rng.choice([0, -1, 1e308, 1e-308, 1e9, 100000, 0.001, 1e-6, 9223372036854775807, 3.5])
    canvas[key] = value
    return doc, "canvas.%s = %r" % (key, value)


def m_timing(doc, rng):
    anims = [v for _, v in walk(doc) if isinstance(v, dict) and ("keyPath" in v or v.get("type") in (
        "basic", "keyframe", "spring", "group"))]
    if not anims:
        return m_interesting_key(doc, rng)
    a = rng.choice(anims)
    preset = rng.randrange(6)
    if preset == 0:
        a.update(repeatCount="infinity", autoreverses=True)
    elif preset == 1:
        a["speed"] = rng.choice([0, -1, 1e308, 1e-308])
    elif preset == 2:
        a["duration"] = rng.choice([0, -1, 1e-308, 1e308, 5e-324])
    elif preset == 3:
        a["repeatCount"] = rng.choice([1e308, 9223372036854775807, -1, 1e-9])
    elif preset == 4:
        a["repeatDuration"] = rng.choice([1e308, -1, 1e-308])
    else:
        a.update(timeOffset=rng.choice([1e308, -1e308]), beginTime=rng.choice([1e308, -1e308, -1]))
    return doc, "timing preset %d" % preset


MUTATIONS = [m_type, m_number, m_number, m_interesting_key, m_interesting_key, m_delete, m_duplicate,
             m_empty, m_unknown_key, m_nest, m_long_string, m_dangle, m_dangle, m_canvas, m_timing,
             m_timing]


def text_mutation(text, rng):
    kind = rng.randrange(5)
    if kind == 0:
        return text[:rng.randrange(len(text))], "truncate"
    if kind == 1:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice(["\x00", "\xff", ",", "]", "}}", "\"", "/*", "\ud800"]) + text[i:], "insert"
    if kind == 2:
        return "[" * rng.choice([1000, 100000]) + text, "deep prefix"
    if kind == 3:
        return "\ufeff" + text.replace("\n", "\r"), "bom+cr"
    return text.replace(":", ": 1e99999,  \"k\":", 1), "huge exponent"


def output_args(rng, out):
    """A command-line tail for the output mode, and the output paths it should create."""
    mode = rng.randrange(10)
    if mode <= 3:
        frame = rng.choice([0, 0, 1, 3, 10, 30, -1, 9999999999])
        return ["--frame", str(frame), "--png", out + ".png"], [out + ".png"]
    if mode == 4:
        return ["--gif", out + ".gif"], [out + ".gif"]
    if mode == 5:
        return ["--gif", out + ".gif", "--frames", rng.choice(["0..2", "5..6", "0..0", "3..1"])], [out + ".gif"]
    if mode == 6:
        return ["--apng", out + ".apng", "--frames", "0..2"], [out + ".apng"]
    if mode == 7:
        return ["--webp", out + ".webp", "--frames", "0..1"], [out + ".webp"]
    if mode == 8:
        return ["--png-dir", out + "-dir", "--frames", "0..2"], [out + "-dir"]
    return ["--contact-sheet", out + ".sheet.png", "--sheet-count", "3"], [out + ".sheet.png"]


def extra_args(rng):
    if rng.random() > 0.15:
        return []
    opt = rng.choice(["--fps", "--scale", "--from", "--to"])
    value = rng.choice(["0", "-1", "1e308", "1e-308", "nan", "inf", "0.0001", "100000", "2"])
    return ["%s=%s" % (opt, value)]


def make_case(seed, index, scenes):
    rng = random.Random(seed * 1_000_003 + index)
    name = rng.choice(sorted(scenes))
    text = scenes[name]
    notes = []
    if rng.random() < 0.1:
        text, note = text_mutation(text, rng)
        notes.append(note)
    else:
        doc = json.loads(text)
        for _ in range(rng.choice([1, 1, 2, 3, 5])):
            doc, note = rng.choice(MUTATIONS)(doc, rng)
            notes.append(note)
        text = json.dumps(doc, indent=1)
    return rng, name, text, notes


def valid_output(path):
    if path.endswith("-dir"):
        return os.path.isdir(path) and any(f.endswith(".png") for f in os.listdir(path))
    if not os.path.isfile(path) or os.path.getsize(path) == 0:
        return False
    with open(path, "rb") as f:
        head = f.read(12)
    return head.startswith(b"\x89PNG") or head.startswith(b"GIF8") or (head[:4] == b"RIFF" and head[8:12] == b"WEBP")


def classify(proc_rc, stderr, timed_out, scene_path, outputs):
    if timed_out:
        return "hang"
    if proc_rc < 0 or any(t in stderr for t in TRAPS):
        return "crash"
    left = [o for o in outputs if os.path.exists(o)]
    if proc_rc != 0:
        if left:
            return "partial"
        if scene_path in stderr or any(o in stderr for o in outputs):
            return "located"
        return "arg-error" if re.search(r"(^|\s|')--[a-z]", stderr) else "unlocated"
    return "ok" if all(valid_output(o) for o in outputs) else "bad-output"


def run_case(args, seed, index, scenes):
    rng, name, text, notes = make_case(seed, index, scenes)
    case_dir = os.path.join(args.work, "cases", str(index % 64))
    scene_dir = os.path.join(case_dir, os.path.dirname(name))
    os.makedirs(scene_dir, exist_ok=True)
    images = os.path.join(case_dir, "images")
    if not os.path.exists(images):
        try:
            os.symlink(os.path.join(ROOT, "Scenes", "images"), images)
        except FileExistsError:
            pass
    scene_path = os.path.join(scene_dir, "case-%d.json" % index)
    with open(scene_path, "w", encoding="utf-8", errors="surrogatepass") as f:
        f.write(text)
    out = os.path.join(case_dir, "out-%d" % index)
    tail, outputs = output_args(rng, out)
    cmd = [args.binary, scene_path, "--threads", "1", "--quiet"] + tail + extra_args(rng)
    for o in outputs:
        shutil.rmtree(o, ignore_errors=True) if o.endswith("-dir") else (os.path.exists(o) and os.remove(o))
    timed_out = False
    try:
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        try:
            _, err = proc.communicate(timeout=args.timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            _, err = proc.communicate()
            timed_out = True
        stderr = err.decode("utf-8", "replace")
        verdict = classify(proc.returncode, stderr, timed_out, scene_path, outputs)
    finally:
        pass
    if verdict in BAD:
        save(args.work, verdict, index, name, notes, text, cmd, scene_path, stderr, proc.returncode)
    for o in outputs:
        shutil.rmtree(o, ignore_errors=True) if o.endswith("-dir") else (os.path.exists(o) and os.remove(o))
    os.remove(scene_path)
    return index, verdict, name, notes, stderr.strip().splitlines()[:1]


def save(work, verdict, index, name, notes, text, cmd, scene_path, stderr, rc):
    d = os.path.join(work, "repro", verdict)
    os.makedirs(d, exist_ok=True)
    saved = os.path.join(d, "case-%d.json" % index)
    with open(saved, "w", encoding="utf-8", errors="surrogatepass") as f:
        f.write(text)
    with open(os.path.join(d, "case-%d.sh" % index), "w") as f:
        f.write("# from %s: %s\n# rc=%s\n" % (name, "; ".join(notes), rc))
        f.write("# stderr: %s\n" % stderr.strip()[:2000].replace("\n", "\n# "))
        f.write(" ".join(c if c != scene_path else saved for c in cmd) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--iterations", type=int, default=500)
    ap.add_argument("--start", type=int, default=0, help="first case index")
    ap.add_argument("--only", type=int, help="run just this case index")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "animrender"))
    ap.add_argument("--scenes", default=os.path.join(ROOT, "Scenes"))
    ap.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "animrender-fuzz"))
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()

    scenes = {}
    for d, _, files in os.walk(args.scenes):
        for f in files:
            if f.endswith(".json"):
                full = os.path.join(d, f)
                with open(full, encoding="utf-8") as fh:
                    scenes[os.path.relpath(full, args.scenes)] = fh.read()
    indices = [args.only] if args.only is not None else range(args.start, args.start + args.iterations)
    counts = {}
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for index, verdict, name, notes, first in pool.map(lambda i: run_case(args, args.seed, i, scenes), indices):
            counts[verdict] = counts.get(verdict, 0) + 1
            done = sum(counts.values())
            if done % 250 == 0:
                print("... %d cases: %s" % (done, counts), file=sys.stderr, flush=True)
            if verdict in BAD or args.verbose or args.only is not None:
                print("case %d %-10s %s [%s] %s" % (index, verdict, name, "; ".join(notes)[:160], [l[:300] for l in first]), flush=True)
    print("summary (seed %d, %d cases): %s" % (args.seed, len(indices),
          ", ".join("%s %d" % (k, counts.get(k, 0)) for k in ("ok", "located", "arg-error") + BAD)))
    print("reproducers: %s" % os.path.join(args.work, "repro"))
    return 1 if any(counts.get(k) for k in BAD) else 0


if __name__ == "__main__":
    sys.exit(main())
