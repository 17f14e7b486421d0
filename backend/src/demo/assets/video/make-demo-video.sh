#!/usr/bin/env bash
# Generates the demo chapter video (demo-video.webm, VP9, and demo-video.mp4, H.264): 12 s at
# 480x270, 24 fps, no sound, a moving test pattern under the title « Démonstration — Sécurité
# informatique » and a running clock. Drawn here by ffmpeg's test sources, so free of any licence.
# Needs ffmpeg with libvpx, libx264 and libfreetype (apt-get install ffmpeg) and the DejaVu fonts.
# The files are committed (CI has no ffmpeg); file-types.spec.ts and video-duration.spec.ts read them.
set -euo pipefail
out="$(cd "$(dirname "$0")" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
mono=/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf

printf '%s' 'Démonstration — Sécurité informatique' > "$tmp/title.txt"
printf '%s' '%{pts:gmtime:0:%M\:%S} / 00:12' > "$tmp/clock.txt"
cat > "$tmp/filter.txt" <<FILTER
drawbox=x=0:y=0:w=iw:h=54:color=0x062a2a@0.85:t=fill,
drawtext=fontfile=$font:textfile=$tmp/title.txt:fontsize=20:fontcolor=white:x=(w-text_w)/2:y=17,
drawbox=x=0:y=ih-34:w=iw:h=34:color=black@0.6:t=fill,
drawtext=fontfile=$mono:textfile=$tmp/clock.txt:fontsize=16:fontcolor=white:x=w-text_w-14:y=h-17-text_h/2
FILTER

ffmpeg -hide_banner -loglevel error -y -f lavfi -i "testsrc2=s=480x270:r=24:d=12" -filter_script:v "$tmp/filter.txt" \
  -c:v ffv1 "$tmp/master.mkv"
ffmpeg -hide_banner -loglevel error -y -i "$tmp/master.mkv" -an -c:v libvpx-vp9 -b:v 0 -crf 45 \
  -row-mt 1 -deadline good -cpu-used 2 -g 96 "$out/demo-video.webm"
ffmpeg -hide_banner -loglevel error -y -i "$tmp/master.mkv" -an -c:v libx264 -preset slow -crf 32 \
  -profile:v high -pix_fmt yuv420p -g 96 -movflags +faststart "$out/demo-video.mp4"
ls -l "$out"
