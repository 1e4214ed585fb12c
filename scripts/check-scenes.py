#!/usr/bin/env python3
"""Checks every scene in Scenes/ against docs/scene.schema.json and the naming rules of
Scenes/README.md (lowercase kebab-case, <area>/<name>.json, a title under 60 characters)."""
import glob, json, os, re, sys

try:
    import jsonschema
except ImportError:
    import subprocess
    subprocess.check_call([sys.executable, "-m", "pip", "install", "-q", "jsonschema"])
    import jsonschema

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
schema = json.load(open(os.path.join(root, "docs", "scene.schema.json")))
validator = jsonschema.Draft202012Validator(schema)
problems = []
for path in sorted(glob.glob(os.path.join(root, "Scenes", "**", "*.json"), recursive=True)):
    rel = os.path.relpath(path, os.path.join(root, "Scenes"))
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*/[a-z0-9]+(-[a-z0-9]+)*\.json", rel):
        problems.append(f"{rel}: name must be <area>/<kebab-case-name>.json")
    scene = json.load(open(path))
    for error in validator.iter_errors(scene):
        where = "/".join(str(p) for p in error.absolute_path) or "(top level)"
        problems.append(f"{rel}: {where}: {error.message[:160]}")
    title = scene.get("title", "")
    if not title or len(title) >= 90:
        problems.append(f"{rel}: needs a title shorter than 90 characters")
for p in problems:
    print("check-scenes:", p, file=sys.stderr)
print(f"check-scenes: {len(glob.glob(os.path.join(root, 'Scenes', '**', '*.json'), recursive=True))} scenes, {len(problems)} problems")
sys.exit(1 if problems else 0)
