import sys, os, subprocess
sys.argv_saved = sys.argv
root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
src = open(os.path.join(root, "scripts/peers/gif_bench.py")).read().replace("\nmain()\n", "\n")
gb = {}
exec(compile(src, "gb", "exec"), gb)
import numpy as np
bench = os.environ.get("ANIMBENCH", os.path.join(root, ".build/release/AnimBench"))
for name, folder, count in [("grid", "/tmp/gg/frames", 60), ("cart", "/tmp/gg/cart", 70)]:
    if len(sys.argv) > 2 and name not in sys.argv[2:]: continue
    q = sys.argv[1] if len(sys.argv) > 1 else "85"
    out = f"/tmp/gg/{name}.gif"
    r = subprocess.run([bench, "gif-encode", folder, str(count), "50", out, q], check=True, capture_output=True, text=True)
    frames = gb["load_frames"](folder, count)
    dec, _ = gb["decode_gif"](out, count, 50)
    ps = [gb["psnr"](a, b) for a, b in zip(frames, dec)]
    print(f"{name} q{q}: {os.path.getsize(out)/1024:.1f} KiB  psnr {np.mean(ps):.2f}  min {min(ps):.2f}  {r.stdout.strip()}")
