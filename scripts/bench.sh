#!/usr/bin/env bash
# Frames per second for the 1280×720 benchmark scenes, single-threaded and on all cores, beside
# skia-python and pycairo drawing the same content in the same run (issue 10):
#   grid-24-layers   24 rounded, bordered, animated translucent tiles (the walking skeleton's);
#   compositor-1280  24 shadowed, rounded, bordered tiles, a perspective card, a masked picture;
#   docs-320         the same kinds of layers at 320×480, a documentation GIF's size;
#   compositor-1280 at --scale 3 (3840×2160), the stress case, with FRAMES / 4 frames.
# AnimBench alternates 1 and 2 threads within each repeat and prints the median scaling of the
# paired runs, the scaling the same two threads reach drawing independently (each its own share of
# the frames, interleaved with the paired runs: what the machine gives at that moment), how many
# canvases take turns, the memory-bandwidth floor on one thread and on two, and the peak memory.
# The peers (scripts/peers/): grid_skia.py and compositor_skia.py (skia-python's raster backend, with
# the python3 on PATH, pip-installed when missing), then grid_cairo.py and compositor_cairo.py (pycairo's
# image surface, with numpy for the shadows' Gaussian blur, which cairo lacks; run with /usr/bin/python3,
# Debian's python3-cairo and python3-numpy apt-installed when missing). Each peer redraws and reads back
# every frame and prints "<peer>: X ms/frame", the best of REPEATS runs.
# AnimBench's figures are repeated runs over the same frames, in which the caches already hold what
# a first render had to draw; `first pass` lines time one render in a fresh process, as
# `animrender` renders (AnimBench --first-pass), alternating 1 and all threads, REPEATS pairs:
# once over the scene's FRAMES frames (one-time costs such as blurring each shadow, building the
# image pyramids and faulting in memory included) and once at ten times the frame rate (all 600
# frames of the 1.2 s scenes at 500 fps; 150 for the 4K scene).
# AnimBench also prints CPU time per frame (user + system, which leaves out the time the host gave
# another guest): how much more work a frame costs on two threads than on one, apart from the host.
# `AnimBench probe` at the start and the end: how much of a second core the host gives pure
# arithmetic at the time, the ceiling of every two-thread figure in between.
#   scripts/bench.sh [FRAMES] [REPEATS]   (defaults 60 and 9)
set -euo pipefail
cd "$(dirname "$0")/.."
frames="${1:-60}"
repeats="${2:-9}"
scripts/setup.sh
swift build -c release --product AnimBench >&2
echo "machine: $(nproc) cores, $(uname -m)"
# What the host gives a second thread at the start and at the end of the run (AnimBench probe):
# every two-thread figure between them can be no better.
.build/release/AnimBench probe 15
source scripts/peers/install.sh

# peers SCENE SKIA_PEER CAIRO_PEER FRAMES [ARGS…]: both peers on SCENE, or a line saying why not.
peers() {
  local scene="$1" skia_peer="$2" cairo_peer="$3" n="$4"
  shift 4
  if ((have_skia)); then
    python3 "scripts/peers/$skia_peer.py" "$scene" "$n" "$repeats" "$@"
  else
    echo "skia-python: not available (pip install skia-python)"
  fi
  if ((have_cairo)); then
    "$cairo_python" "scripts/peers/$cairo_peer.py" "$scene" "$n" "$repeats" "$@"
  else
    echo "pycairo: not available (apt-get install python3-cairo python3-numpy)"
  fi
}

# first_pass SCENE FRAMES [ARGS…]: one render in a fresh process, 1 thread and all cores alternated,
# REPEATS pairs; medians and the median of the paired ratios.
first_pass() {
  local scene="$1" n="$2"
  shift 2
  local pairs=()
  for ((r = 0; r < repeats; r++)); do
    local one two
    # "first pass, threads T: X ms/frame (W×H px, N frames, D drawn), CPU C ms/frame": X, N and C.
    one=$(.build/release/AnimBench "$scene" --first-pass --frames "$n" --threads 1 "$@" | awk '{print $5, $9, $14}')
    two=$(.build/release/AnimBench "$scene" --first-pass --frames "$n" --threads "$(nproc)" "$@" | awk '{print $5, $14}')
    pairs+=("$one $two")
  done
  printf '%s\n' "${pairs[@]}" | awk -v t="$(nproc)" -v extra="$*" '
    function median(v, k,   i, j, x) {
      for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (v[j] < v[i]) { x = v[i]; v[i] = v[j]; v[j] = x }
      return k % 2 ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2
    }
    { a[NR] = $1; n = $2; b[NR] = $4; r[NR] = $1 / $4; w[NR] = $5 / $3 }
    END {
      printf "first pass, %d frames%s: 1 thread %.3f ms/frame, %d threads %.3f ms/frame, scaling %.2fx; CPU per frame on %d threads %.2fx that on 1 (medians of %d alternated pairs)\n",
        n, extra == "" ? "" : " (" extra ")", median(a, NR), t, median(b, NR), median(r, NR), t, median(w, NR), NR
    }'
}

for peer in grid-24-layers:grid compositor-1280:compositor docs-320:compositor; do
  scene="Scenes/bench/${peer%%:*}.json"
  .build/release/AnimBench "$scene" --frames "$frames" --repeat "$repeats"
  first_pass "$scene" "$frames"
  first_pass "$scene" $((frames * 10)) --fps 500
  peers "$scene" "${peer##*:}_skia" "${peer##*:}_cairo" "$frames"
done
stress_frames=$(( frames / 4 > 0 ? frames / 4 : 1 ))
.build/release/AnimBench Scenes/bench/compositor-1280.json --frames "$stress_frames" --repeat "$repeats" --scale 3
first_pass Scenes/bench/compositor-1280.json "$stress_frames" --scale 3
first_pass Scenes/bench/compositor-1280.json $((stress_frames * 10)) --scale 3 --fps 500
peers Scenes/bench/compositor-1280.json compositor_skia compositor_cairo "$stress_frames" --scale 3
.build/release/AnimBench probe 15
