#!/usr/bin/env python3
"""Checks every scene in Scenes/ against docs/scene.schema.json and the naming rules: each file is
Scenes/<area>/<name>.json with both parts lowercase kebab-case, and has a title shorter than 90
characters. Then checks the schema itself on small scenes whose verdict the animrender binary gives
(accepted or refused), so that the schema and the decoder cannot drift apart unnoticed.

The Swift test suite cannot validate against the schema (JSON Schema validation needs the PyPI
package jsonschema), so scripts/test.sh runs this script; Tests/AnimSceneTests/SchemaAgreementTests
checks the schema's name lists against the decoder's."""
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
MAX_TITLE = 90


def messages(scene):
    """(path, message) for every schema error; a `not` with a description says it in words."""
    out = []
    for error in validator.iter_errors(scene):
        where = "/".join(str(p) for p in error.absolute_path) or "(top level)"
        text = error.schema.get("description") if error.validator == "not" and isinstance(error.schema, dict) else None
        out.append((where, text or error.message[:160]))
    return sorted(out)


def layer_scene(layer, timeline=()):
    return {"canvas": {"width": 10, "height": 10, "duration": 1}, "layers": [{"id": "a", **layer}],
            "timeline": list(timeline)}


def animation_scene(animation):
    return layer_scene({"animations": [animation]})


def completion_scene(action):
    return layer_scene({}, [{"at": 0, "animate": {"duration": 1, "changes": {"a": {"alpha": 0}}, "completion": [action]}}])


# Scenes animrender accepts: the schema must accept them too.
ACCEPTED = {
    "#RGBA colour": layer_scene({"backgroundColor": "#F00A", "borderColor": "#0f08"}),
    "one transform operation alone": layer_scene({"transform": {"rotate": 0.5}, "sublayerTransform": {"perspective": 500}}),
    "a text layer's keys": layer_scene({"type": "text", "string": "Hi", "fontSize": 20, "foregroundColor": "red"}),
    "a replicator's keys": layer_scene({"type": "replicator", "instanceCount": 3, "instanceDelay": 0.1, "preservesDepth": True,
                                        "instanceColor": "red", "instanceRedOffset": -0.1}),
    "an animate spring with bounce alone": layer_scene({}, [{"at": 0, "animate": {"duration": 1, "changes": {"a": {"alpha": 0}},
                                                                                  "spring": {"bounce": 0.2}}}]),
    "sub-key paths and aliases": layer_scene({"animations": [
        {"keyPath": "transform.rotation.z", "toValue": 1}, {"keyPath": "center.x", "toValue": 1},
        {"type": "spring", "keyPath": "bounds.size.width", "toValue": 5},
        {"type": "keyframe", "keyPath": "sublayerTransform.translation.x", "values": [0, 1]},
        {"type": "group", "animations": [{"keyPath": "alpha", "toValue": 0}]}]}),
    "negative borderWidth and cornerRadius": layer_scene({"borderWidth": -1, "cornerRadius": -2}),
    "completion if always": layer_scene({}, [{"at": 0, "animate": {"duration": 1, "changes": {"a": {"alpha": 0}},
                                                                    "completion": [{"if": "always", "set": {"a": {"alpha": 1}}}]}}]),
    "completion verbs animate and removeFromSuperlayer": layer_scene({}, [{"at": 0, "animate": {
        "duration": 1, "changes": {"a": {"alpha": 0}},
        "completion": [{"animate": {"duration": 0.5, "changes": {"a": {"alpha": 1}}}},
                       {"if": "finished", "removeFromSuperlayer": {"layer": "a"}}]}}]),
    "transitionFromView from a root layer": {"canvas": {"width": 10, "height": 10, "duration": 1},
                                             "layers": [{"id": "a"}, {"id": "b", "detached": True}],
                                             "timeline": [{"at": 0, "transitionFromView": {"from": "a", "to": "b", "duration": 0.5}}]},
}

# Scenes animrender refuses: the schema must report them, at this path.
REFUSED = {
    "a text key on a plain layer": (layer_scene({"string": "Hi"}), "layers/0/string"),
    "a shape key on a gradient layer": (layer_scene({"type": "gradient", "lineWidth": 2}), "layers/0/lineWidth"),
    "a replicator key on a plain layer": (layer_scene({"instanceCount": 3}), "layers/0/instanceCount"),
    "a negative fontSize": (layer_scene({"type": "text", "string": "Hi", "fontSize": -1}), "layers/0/fontSize"),
    "a negative arc radius": (layer_scene({"type": "shape", "path": {"arcCenter": [1, 1], "radius": -3, "startAngle": 0,
                                                                    "endAngle": 1}}), "layers/0/path"),
    "an animate spring with neither damping nor bounce": (layer_scene({}, [{"at": 0, "animate": {
        "duration": 1, "changes": {"a": {"alpha": 0}}, "spring": {"initialVelocity": 1}}}]), "timeline/0/animate/spring"),
    "an animate spring with both damping and bounce": (layer_scene({}, [{"at": 0, "animate": {
        "duration": 1, "changes": {"a": {"alpha": 0}}, "spring": {"damping": 0.5, "bounce": 0.2}}}]), "timeline/0/animate/spring"),
    "an unknown key path": (animation_scene({"keyPath": "positon.x", "toValue": 1}), "layers/0/animations/0/keyPath"),
    "frame as a key path": (animation_scene({"keyPath": "frame", "toValue": [0, 0, 1, 1]}), "layers/0/animations/0/keyPath"),
    "a spring key on a basic animation": (animation_scene({"keyPath": "opacity", "damping": 5}), "layers/0/animations/0"),
    "an unknown animation type": (animation_scene({"type": "sprung", "keyPath": "opacity"}), "layers/0/animations/0/type"),
    "a negative shadowRadius": (layer_scene({"shadowRadius": -1}), "layers/0/shadowRadius"),
    "a five-digit colour": (layer_scene({"backgroundColor": "#F00AB"}), "layers/0/backgroundColor"),
    "an unknown key in a completion": (completion_scene({"foo": {"layer": "a"}}), "timeline/0/animate/completion/0"),
    "'at' in a completion": (completion_scene({"at": 0.1, "set": {"a": {"alpha": 1}}}), "timeline/0/animate/completion/0"),
    "two verbs in a completion": (completion_scene({"set": {"a": {"alpha": 1}}, "pause": {"layer": "a"}}),
                                  "timeline/0/animate/completion/0"),
    "'if' alone in a completion": (completion_scene({"if": "finished"}), "timeline/0/animate/completion/0"),
    "present in a completion": (completion_scene({"present": {"controller": "b"}}), "timeline/0/animate/completion/0"),
    "animate without a duration in a completion": (completion_scene({"animate": {"changes": {"a": {"alpha": 1}}}}),
                                                   "timeline/0/animate/completion/0/animate"),
    "a timing function's x outside 0…1": (animation_scene({"keyPath": "opacity", "toValue": 0, "timingFunction": [1.5, 0, 0.5, 1]}),
                                          "layers/0/animations/0/timingFunction"),
    "keyTimes outside 0…1": (animation_scene({"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "keyTimes": [0, 2]}),
                             "layers/0/animations/0/keyTimes/1"),
    "a rotation axis of zeros": (layer_scene({"transform": [{"rotate": 1, "axis": [0, 0, 0]}]}), "layers/0/transform"),
    "a null value": (animation_scene({"keyPath": "opacity", "fromValue": 0, "byValue": None}), "layers/0/animations/0/byValue"),
}

problems = []
scene_paths = sorted(glob.glob(os.path.join(root, "Scenes", "**", "*.json"), recursive=True))
for path in scene_paths:
    rel = os.path.relpath(path, os.path.join(root, "Scenes"))
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*/[a-z0-9]+(-[a-z0-9]+)*\.json", rel):
        problems.append(f"{rel}: name must be <area>/<kebab-case-name>.json")
    scene = json.load(open(path))
    problems += [f"{rel}: {where}: {text}" for where, text in messages(scene)]
    title = scene.get("title", "")
    if not title or len(title) >= MAX_TITLE:
        problems.append(f"{rel}: needs a title shorter than {MAX_TITLE} characters")
for name, scene in ACCEPTED.items():
    problems += [f"schema refuses {name}, which animrender accepts: {where}: {text}" for where, text in messages(scene)]
for name, (scene, where) in REFUSED.items():
    if where not in [w for w, _ in messages(scene)]:
        problems.append(f"schema does not report {name} at {where}, which animrender refuses")
for p in problems:
    print("check-scenes:", p, file=sys.stderr)
print(f"check-scenes: {len(scene_paths)} scenes, {len(ACCEPTED) + len(REFUSED)} schema cases, {len(problems)} problems")
sys.exit(1 if problems else 0)
