#!/usr/bin/env bash
# Renders the documentation pictures with animrender itself (docs/images/).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
mkdir -p docs/images
bin=.build/release/animrender
$bin Scenes/docs/rocket-timing-functions.json --gif docs/images/rocket-timing-functions.gif --quiet
$bin Scenes/animations/fade-out.json --gif docs/images/fade-out.gif --fps 25 --quiet
$bin Scenes/animations/basic-properties.json --gif docs/images/basic-properties.gif --quiet
$bin Scenes/transform3d/perspective-cards.json --frame 0 --png docs/images/perspective-cards.png --quiet
$bin Scenes/layers/group-opacity.json --frame 0 --png docs/images/group-opacity.png --quiet
$bin Scenes/docs/plot-timing-functions.json --frame 0 --png docs/images/plot-timing-functions.png --quiet
$bin Scenes/docs/plot-springs.json --frame 0 --png docs/images/plot-springs.png --quiet
for seed in shake shopping-cart zposition-group oval-path-group label-slide-spring-button fade-out-remove; do
  $bin Scenes/seeds/$seed.json --gif docs/images/$seed.gif --quiet
done
$bin Scenes/animations/spring.json --gif docs/images/spring.gif --quiet
$bin Scenes/keyframes/mode-cubic.json --gif docs/images/mode-cubic.gif --quiet
# The compositor (docs/compositing.md).
$bin Scenes/transform3d/card-flip.json --gif docs/images/card-flip.gif --quiet
$bin Scenes/transform3d/cube.json --gif docs/images/cube.gif --fps 20 --quiet
$bin Scenes/masks/circle-reveal.json --gif docs/images/circle-reveal.gif --quiet
$bin Scenes/shadows/shadows.json --frame 9 --png docs/images/shadows.png --quiet
$bin Scenes/gradients/gradients.json --frame 9 --png docs/images/gradients.png --quiet
$bin Scenes/gradients/shimmer.json --gif docs/images/shimmer.gif --quiet
$bin Scenes/layers/corner-styles.json --frame 0 --png docs/images/corner-styles.png --quiet
$bin Scenes/contents/stretchable-bubble.json --gif docs/images/stretchable-bubble.gif --quiet
$bin Scenes/layers/replicator.json --gif docs/images/replicator.gif --quiet
$bin Scenes/layers/replicator-animated.json --gif docs/images/replicator-animated.gif --quiet
$bin Scenes/transform3d/replicator-depth.json --gif docs/images/replicator-depth.gif --quiet
# Transitions (docs/transitions.md): one GIF per scene, and the seeds' transition demos.
mkdir -p docs/images/transitions
for scene in Scenes/transitions/*.json; do
  $bin "$scene" --gif "docs/images/transitions/$(basename "$scene" .json).gif" --quiet
done
for seed in flip-child-views cross-dissolve-swap catransition-reveal; do
  $bin Scenes/seeds/$seed.json --gif docs/images/$seed.gif --quiet
done
# Text (docs/scene-format.md#text-layers).
$bin Scenes/text/paragraph-alignment.json --frame 0 --png docs/images/paragraph-alignment.png --quiet
$bin Scenes/text/title-slide-in.json --gif docs/images/title-slide-in.gif --quiet
# View controllers (docs/view-controllers.md).
mkdir -p docs/images/controllers
for scene in Scenes/controllers/*.json; do
  $bin "$scene" --gif "docs/images/controllers/$(basename "$scene" .json).gif" --quiet
done
for seed in bounce-present dimming-present shrink-dismiss navigation-shrink rotation-present spring-slide; do
  $bin Scenes/seeds/$seed.json --gif docs/images/$seed.gif --quiet
done
# CAShapeLayer (docs/shapes.md).
$bin Scenes/shapes/signature-stroke-end.json --gif docs/images/shapes-signature.gif --scale 1 --fps 20 --quiet
$bin Scenes/shapes/caps-joins-fill-rules.json --frame 0 --png docs/images/shapes-caps-joins.png --quiet
# UIKit Dynamics (docs/dynamics.md): one GIF per scene, and the seeds' dynamics demos.
mkdir -p docs/images/dynamics
for scene in Scenes/dynamics/*.json; do
  $bin "$scene" --gif "docs/images/dynamics/$(basename "$scene" .json).gif" --quiet
done
for seed in dynamics-gravity-collision dynamics-snap; do
  $bin Scenes/seeds/$seed.json --gif docs/images/$seed.gif --quiet
done
ls -l docs/images
