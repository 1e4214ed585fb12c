#!/usr/bin/env bash
# Renders the documentation pictures with animrender itself, into docs/images/ or the folder given
# (scripts/check-docs-images.sh renders them elsewhere and compares).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-docs/images}"
scripts/build.sh
mkdir -p "$out"
bin=.build/release/animrender
$bin Scenes/docs/rocket-timing-functions.json --gif "$out/rocket-timing-functions.gif" --quiet
$bin Scenes/animations/fade-out.json --gif "$out/fade-out.gif" --fps 25 --quiet
$bin Scenes/animations/basic-properties.json --gif "$out/basic-properties.gif" --quiet
$bin Scenes/transform3d/perspective-cards.json --frame 0 --png "$out/perspective-cards.png" --quiet
$bin Scenes/layers/group-opacity.json --frame 0 --png "$out/group-opacity.png" --quiet
$bin Scenes/docs/plot-timing-functions.json --frame 0 --png "$out/plot-timing-functions.png" --quiet
$bin Scenes/docs/plot-springs.json --frame 0 --png "$out/plot-springs.png" --quiet
for seed in shake shopping-cart zposition-group oval-path-group label-slide-spring-button fade-out-remove; do
  $bin Scenes/seeds/$seed.json --gif "$out/$seed.gif" --quiet
done
$bin Scenes/animations/spring.json --gif "$out/spring.gif" --quiet
$bin Scenes/keyframes/mode-cubic.json --gif "$out/mode-cubic.gif" --quiet
# The compositor (docs/compositing.md).
$bin Scenes/transform3d/card-flip.json --gif "$out/card-flip.gif" --quiet
$bin Scenes/transform3d/cube.json --gif "$out/cube.gif" --fps 20 --quiet
$bin Scenes/masks/circle-reveal.json --gif "$out/circle-reveal.gif" --quiet
$bin Scenes/shadows/shadows.json --frame 9 --png "$out/shadows.png" --quiet
$bin Scenes/gradients/gradients.json --frame 9 --png "$out/gradients.png" --quiet
$bin Scenes/gradients/shimmer.json --gif "$out/shimmer.gif" --quiet
$bin Scenes/layers/corner-styles.json --frame 0 --png "$out/corner-styles.png" --quiet
$bin Scenes/contents/stretchable-bubble.json --gif "$out/stretchable-bubble.gif" --quiet
$bin Scenes/layers/replicator.json --gif "$out/replicator.gif" --quiet
$bin Scenes/layers/replicator-animated.json --gif "$out/replicator-animated.gif" --quiet
$bin Scenes/transform3d/replicator-depth.json --gif "$out/replicator-depth.gif" --quiet
# Transitions (docs/transitions.md): one GIF per scene, and the seeds' transition demos.
mkdir -p "$out/transitions"
for scene in Scenes/transitions/*.json; do
  $bin "$scene" --gif "$out/transitions/$(basename "$scene" .json).gif" --quiet
done
for seed in flip-child-views cross-dissolve-swap catransition-reveal; do
  $bin Scenes/seeds/$seed.json --gif "$out/$seed.gif" --quiet
done
# Text (docs/scene-format.md#text-layers).
$bin Scenes/text/paragraph-alignment.json --frame 0 --png "$out/paragraph-alignment.png" --quiet
$bin Scenes/text/title-slide-in.json --gif "$out/title-slide-in.gif" --quiet
# View controllers (docs/view-controllers.md).
mkdir -p "$out/controllers"
for scene in Scenes/controllers/*.json; do
  $bin "$scene" --gif "$out/controllers/$(basename "$scene" .json).gif" --quiet
done
for seed in bounce-present dimming-present shrink-dismiss navigation-shrink rotation-present spring-slide; do
  $bin Scenes/seeds/$seed.json --gif "$out/$seed.gif" --quiet
done
# CAShapeLayer (docs/shapes.md).
$bin Scenes/shapes/signature-stroke-end.json --gif "$out/shapes-signature.gif" --scale 1 --fps 20 --quiet
$bin Scenes/shapes/caps-joins-fill-rules.json --frame 0 --png "$out/shapes-caps-joins.png" --quiet
# UIKit Dynamics (docs/dynamics.md): one GIF per scene, and the seeds' dynamics demos.
mkdir -p "$out/dynamics"
for scene in Scenes/dynamics/*.json; do
  $bin "$scene" --gif "$out/dynamics/$(basename "$scene" .json).gif" --quiet
done
for seed in dynamics-gravity-collision dynamics-snap; do
  $bin Scenes/seeds/$seed.json --gif "$out/$seed.gif" --quiet
done
