#!/usr/bin/env bash
# Generates the home page's background video (public/hero/): an abstract, brand-coloured loop of
# 8 s (slow drifting lights and soft bokeh discs on an orange gradient), as WebM (VP9) and MP4
# (H.264) plus a poster.
# Every motion has a period of 8 s, so the loop is seamless. Needs ffmpeg (apt-get install ffmpeg).
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/public/hero"
mkdir -p "$out"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

python3 - "$tmp/filter.txt" <<'PY'
import sys
# a = one turn per 8 s. Three soft lights drift on a diagonal gradient from deep brown to the
# brand orange (#e65d00); a faint diagonal sheen sweeps once per loop.
a = "(2*PI*T/8)"
def blob(cx, cy, size):
    return f"exp(-((X-W*({cx}))*(X-W*({cx}))+(Y-H*({cy}))*(Y-H*({cy})))/(2*W*W*{size}*{size}))"
g1 = blob(f"0.26+0.12*sin({a})", f"0.34+0.18*cos({a})", 0.20)
g2 = blob(f"0.74+0.12*cos({a})", f"0.60+0.14*sin(2*{a})", 0.17)
g3 = blob(f"0.50+0.28*sin({a}+2)", f"0.92+0.06*cos({a}+1)", 0.16)
base = "(0.62*X/W+0.38*(1-Y/H))"
sheen = f"(0.10*pow(max(0,sin(3.2*(X+0.6*Y)/W-{a})),12))"
# Soft discs crossing the frame: each travels exactly one wrap (1.3 widths) per loop.
discs = [(0.05, 0.22, 0.035, 0.0), (0.31, 0.70, 0.055, 1.3), (0.55, 0.30, 0.025, 2.1),
         (0.80, 0.80, 0.045, 3.7), (0.97, 0.48, 0.030, 4.4), (0.18, 0.92, 0.028, 5.2),
         (0.66, 0.12, 0.040, 0.7)]
bokeh = "+".join(
    f"clip((W*{r}-hypot(X-W*(mod({x0}+1.3*T/8,1.3)-0.15),Y-H*({y0}+0.05*sin({a}+{p}))))/(W*{r}*0.35),0,1)"
    for x0, y0, r, p in discs)
bokeh = f"(0.16*({bokeh}))"
def channel(deep, orange, glow, warm, shade):
    return (f"clip({deep}+({orange}-{deep})*{base}"
            f"+({glow}-{deep})*0.55*{g1}"
            f"+({warm}-{deep})*0.45*{g2}"
            f"-({deep}-{shade})*0.9*{g3}"
            f"+255*{sheen}+(255-{deep})*{bokeh},0,255)")
r = channel(104, 230, 255, 244, 40)
g = channel(36, 93, 178, 120, 14)
b = channel(6, 0, 96, 52, 18)
open(sys.argv[1], "w").write(f"format=gbrp,geq=r='{r}':g='{g}':b='{b}',scale=1280:720:flags=bicubic,format=yuv420p")
PY

ffmpeg -hide_banner -loglevel error -y -f lavfi -i "color=black:s=480x270:r=24:d=8" \
  -filter_script:v "$tmp/filter.txt" -c:v ffv1 "$tmp/master.mkv"

ffmpeg -hide_banner -loglevel error -y -i "$tmp/master.mkv" -an -c:v libvpx-vp9 -b:v 0 -crf 42 \
  -row-mt 1 -deadline good -cpu-used 2 "$out/hero.webm"
ffmpeg -hide_banner -loglevel error -y -i "$tmp/master.mkv" -an -c:v libx264 -preset slow -crf 27 \
  -profile:v high -pix_fmt yuv420p -movflags +faststart "$out/hero.mp4"
ffmpeg -hide_banner -loglevel error -y -i "$tmp/master.mkv" -frames:v 1 -q:v 4 "$out/hero-poster.jpg"
ls -l "$out"
