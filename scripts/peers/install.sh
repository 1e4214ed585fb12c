# Sourced by scripts/bench.sh and scripts/bench-scaling.sh: makes the two drawing peers available when
# the package archives allow and sets have_skia, have_cairo (1 or 0) and cairo_python.
#   skia-python: the python3 on PATH, pip-installed when missing;
#   pycairo:     /usr/bin/python3 with Debian's python3-cairo and python3-numpy, apt-installed when missing.
have_skia=0
if python3 -c "import skia" 2>/dev/null || pip install -q skia-python >/dev/null 2>&1; then have_skia=1; fi
cairo_python=/usr/bin/python3
have_cairo=0
if ! "$cairo_python" -c "import cairo, numpy" 2>/dev/null; then
  sudo_cmd=()
  if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends python3-cairo python3-numpy >/dev/null 2>&1 \
    || { "${sudo_cmd[@]}" apt-get update -qq \
      && "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends python3-cairo python3-numpy >/dev/null; } \
    || true
fi
if "$cairo_python" -c "import cairo, numpy" 2>/dev/null; then have_cairo=1; fi
