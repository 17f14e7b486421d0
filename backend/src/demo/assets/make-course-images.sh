#!/usr/bin/env bash
# Generates the demo course images (courses/*.jpg, 1200x675) and the default course image with
# ImageMagick 6 (apt-get install imagemagick) and the DejaVu fonts. Drawn from scratch here, so
# free of any licence. Each image: a two-colour gradient, soft discs, a keyword on the left and a
# topic illustration on a white card with a shadow on the right.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/courses"
mkdir -p "$out"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
W=1200
H=675
SANS=DejaVu-Sans-Bold
MONO=DejaVu-Sans-Mono-Bold

# background FROM TO FILE
background() {
  convert -size ${W}x${H} -define gradient:angle=135 "gradient:$1-$2" \
    -fill 'rgba(255,255,255,0.07)' -draw 'circle 1090,80 1090,390' -draw 'circle 110,690 110,930' \
    -fill 'rgba(255,255,255,0.05)' -draw 'circle 640,760 640,1010' -draw 'circle 470,-60 470,120' \
    "$3"
}

# keyword BG TEXT FONT SIZE COLOUR SUBTITLE: the big word on the left and a small line under it.
keyword() {
  convert "$1" -gravity northwest -font "$3" -pointsize "$4" -fill "$5" -annotate +70+230 "$2" \
    -font DejaVu-Sans -pointsize 30 -fill "$5" -annotate +74+$((250 + $4)) "$6" "$1"
}

# place BG CARD X Y OUT: composites a transparent card layer with a soft shadow.
place() {
  convert "$2" -alpha extract -blur 0x16 -background black -alpha shape \
    -channel A -evaluate multiply 0.35 +channel "$tmp/shadow.png"
  convert "$1" "$tmp/shadow.png" -geometry +$(($3))+$(($4 + 18)) -composite \
    "$2" -geometry +$3+$4 -composite "$5"
}

# save IN NAME: JPEG under 120 KB.
save() {
  convert "$1" -strip -sampling-factor 4:2:0 -interlace JPEG -quality 84 "$2"
  local size
  size=$(stat -c %s "$2")
  if [ "$size" -gt 122880 ]; then convert "$1" -strip -sampling-factor 4:2:0 -quality 72 "$2"; fi
}

# window CARD-W CARD-H FILE: a white rounded window with a title bar and three dots.
window() {
  convert -size "$1x$2" xc:none -fill white -draw "roundrectangle 0,0 $(($1 - 1)),$(($2 - 1)) 22,22" \
    -fill '#eef0f4' -draw "roundrectangle 0,0 $(($1 - 1)),54 22,22" -draw "rectangle 0,30 $(($1 - 1)),54" \
    -fill '#ff5f57' -draw 'circle 32,27 39,27' -fill '#febc2e' -draw 'circle 58,27 65,27' \
    -fill '#28c840' -draw 'circle 84,27 91,27' "$3"
}

# --- Bureautique : tableur ---------------------------------------------------------------
background '#14532d' '#22a35a' "$tmp/bg.png"
keyword "$tmp/bg.png" '=SOMME()' "$MONO" 64 white 'Tableurs et documents'
window 520 400 "$tmp/card.png"
args=()
for col in 0 1 2 3 4; do
  x=$((60 + col * 92))
  args+=(-fill '#e3e7ee' -draw "rectangle $x,70 $((x + 88)),96")
  args+=(-fill '#5b6472' -font DejaVu-Sans -pointsize 16 -annotate "+$((x + 38))+89" "$(printf "\\x$(printf %x $((65 + col)))")")
done
for row in 0 1 2 3 4 5 6; do
  y=$((102 + row * 40))
  args+=(-fill '#5b6472' -font DejaVu-Sans -pointsize 16 -annotate "+24+$((y + 26))" "$((row + 1))")
  for col in 0 1 2 3 4; do
    x=$((60 + col * 92))
    fill='#f6f8fa'
    if [ $(((row + col) % 3)) -eq 0 ]; then fill='#dcf3e5'; fi
    args+=(-fill "$fill" -draw "rectangle $x,$y $((x + 88)),$((y + 36))")
  done
done
convert "$tmp/card.png" "${args[@]}" \
  -fill '#1f8a4c' -draw 'rectangle 330,330 350,386' -draw 'rectangle 362,300 382,386' \
  -draw 'rectangle 394,262 414,386' -draw 'rectangle 426,232 446,386' \
  -fill '#107c41' -draw 'rectangle 60,102 148,138' \
  -fill white -font DejaVu-Sans-Bold -pointsize 16 -annotate +72+126 'Total' "$tmp/card.png"
place "$tmp/bg.png" "$tmp/card.png" 620 138 "$tmp/final.png"
save "$tmp/final.png" "$out/bureautique-excel.jpg"

# --- Gestion de projet : diagramme de Gantt -----------------------------------------------
background '#1e2a78' '#5466d6' "$tmp/bg.png"
keyword "$tmp/bg.png" 'Planifier' "$SANS" 72 white 'Objectifs, délais, équipe'
window 520 400 "$tmp/card.png"
args=()
colours=('#5466d6' '#f59e0b' '#10b981' '#ef4444' '#8b5cf6' '#0ea5e9')
starts=(0 60 120 90 200 260)
lengths=(150 170 110 190 140 170)
for i in 0 1 2 3 4 5; do
  y=$((86 + i * 48))
  args+=(-fill '#e5e8f0' -draw "roundrectangle 30,$((y + 4)) 130,$((y + 20)) 6,6")
  args+=(-fill '#f1f3f8' -draw "rectangle 150,$((y - 6)) 496,$((y + 30))")
  x=$((160 + ${starts[$i]}))
  args+=(-fill "${colours[$i]}" -draw "roundrectangle $x,$y $((x + ${lengths[$i]} > 486 ? 486 : x + ${lengths[$i]})),$((y + 24)) 8,8")
done
convert "$tmp/card.png" "${args[@]}" \
  -fill '#1e2a78' -draw 'polygon 452,356 468,372 452,388 436,372' \
  -stroke '#ef4444' -strokewidth 3 -draw 'line 330,70 330,380' "$tmp/card.png"
place "$tmp/bg.png" "$tmp/card.png" 620 138 "$tmp/final.png"
save "$tmp/final.png" "$out/gestion-de-projet.jpg"

# --- Développement web : navigateur et code ----------------------------------------------
background '#0b1229' '#1e40af' "$tmp/bg.png"
keyword "$tmp/bg.png" '</>' "$MONO" 120 white 'HTML, CSS et navigateur'
window 540 400 "$tmp/card.png"
args=(-fill white -draw 'roundrectangle 110,14 500,40 10,10')
widths=(220 300 180 340 260 150 310 200)
indents=(0 30 60 60 30 30 60 0)
palette=('#e11d48' '#2563eb' '#16a34a' '#9333ea' '#2563eb' '#f59e0b' '#16a34a' '#e11d48')
for i in 0 1 2 3 4 5 6 7; do
  y=$((84 + i * 36))
  x=$((40 + ${indents[$i]}))
  args+=(-fill '#c7cdd8' -font DejaVu-Sans-Mono -pointsize 14 -annotate "+12+$((y + 14))" "$((i + 1))")
  args+=(-fill "${palette[$i]}" -draw "roundrectangle $x,$y $((x + 60)),$((y + 16)) 8,8")
  args+=(-fill '#d5dbe5' -draw "roundrectangle $((x + 72)),$y $((x + ${widths[$i]})),$((y + 16)) 8,8")
done
convert "$tmp/card.png" "${args[@]}" "$tmp/card.png"
place "$tmp/bg.png" "$tmp/card.png" 600 138 "$tmp/final.png"
save "$tmp/final.png" "$out/developpement-web.jpg"

# --- JavaScript : éditeur sombre -----------------------------------------------------------
background '#f0b400' '#f7df1e' "$tmp/bg.png"
convert "$tmp/bg.png" -fill '#1f2329' -draw 'roundrectangle 70,190 290,410 26,26' \
  -fill '#f7df1e' -font "$SANS" -pointsize 118 -annotate +104+378 'JS' \
  -fill '#1f2329' -font DejaVu-Sans -pointsize 30 -annotate +74+470 'Le langage du web' "$tmp/bg.png"
convert -size 540x400 xc:none -fill '#1e1e2e' \
  -draw 'roundrectangle 0,0 539,399 22,22' -fill '#2a2a3c' -draw 'roundrectangle 0,0 539,54 22,22' \
  -draw 'rectangle 0,30 539,54' -fill '#ff5f57' -draw 'circle 32,27 39,27' -fill '#febc2e' \
  -draw 'circle 58,27 65,27' -fill '#28c840' -draw 'circle 84,27 91,27' \
  -font DejaVu-Sans-Mono-Bold -pointsize 19 \
  -fill '#c678dd' -annotate +30+104 'const' -fill '#e5c07b' -annotate +104+104 'cours' \
  -fill '#abb2bf' -annotate +172+104 '=' -fill '#61afef' -annotate +196+104 "await charger();" \
  -fill '#c678dd' -annotate +30+144 'for' -fill '#abb2bf' -annotate +72+144 '(const c of cours) {' \
  -fill '#61afef' -annotate +62+184 'afficher' -fill '#abb2bf' -annotate +164+184 '(c.titre);' \
  -fill '#abb2bf' -annotate +30+224 '}' \
  -fill '#5c6370' -annotate +30+274 '// 12 chapitres, 4 quiz' \
  -fill '#c678dd' -annotate +30+314 'export' -fill '#c678dd' -annotate +114+314 'default' \
  -fill '#e5c07b' -annotate +212+314 'cours;' "$tmp/card.png"
place "$tmp/bg.png" "$tmp/card.png" 600 138 "$tmp/final.png"
save "$tmp/final.png" "$out/javascript.jpg"

# --- Sécurité informatique : bouclier et cadenas ----------------------------------------
background '#062a2a' '#0e7c66' "$tmp/bg.png"
convert "$tmp/bg.png" -fill 'rgba(255,255,255,0.10)' -font "$MONO" -pointsize 22 \
  -annotate +620+80 '01001100 01001101 01010011' -annotate +700+620 '11010010 00110101 0110' \
  -annotate +560+600 '0101 1100 0011' "$tmp/bg.png"
keyword "$tmp/bg.png" 'Protéger' "$SANS" 72 white 'Données, accès, bonnes pratiques'
convert -size 420x460 xc:none \
  -fill white -draw 'polygon 210,10 400,80 390,250 330,360 210,440 90,360 30,250 20,80' \
  -fill '#0e7c66' -draw 'polygon 210,50 362,106 354,244 304,334 210,398 116,334 66,244 58,106' \
  -fill none -stroke white -strokewidth 26 -draw 'arc 150,130 270,250 180,360' \
  -stroke none -fill white -draw 'roundrectangle 130,190 290,320 16,16' \
  -fill '#0e7c66' -draw 'circle 210,242 210,262' -draw 'rectangle 202,248 218,290' "$tmp/card.png"
place "$tmp/bg.png" "$tmp/card.png" 700 110 "$tmp/final.png"
save "$tmp/final.png" "$out/securite-informatique.jpg"

# --- Comptabilité : registre et graphique --------------------------------------------------
background '#083344' '#0891b2' "$tmp/bg.png"
keyword "$tmp/bg.png" '€' "$SANS" 150 white 'Bilan, compte de résultat'
window 520 400 "$tmp/card.png"
args=(-font DejaVu-Sans-Bold -pointsize 16 -fill '#334155' -annotate +30+92 'Compte'
  -annotate +250+92 'Débit' -annotate +380+92 'Crédit' -fill '#0891b2' -draw 'rectangle 30,102 490,105')
labels=('Ventes' 'Achats' 'Salaires' 'Loyer' 'Banque')
debits=('' '4 820,00' '12 300,00' '1 450,00' '')
credits=('21 760,00' '' '' '' '3 190,00')
for i in 0 1 2 3 4; do
  y=$((140 + i * 40))
  if [ $((i % 2)) -eq 0 ]; then args+=(-fill '#f1f5f9' -draw "rectangle 24,$((y - 26)) 496,$((y + 10))"); fi
  args+=(-font DejaVu-Sans -pointsize 16 -fill '#334155' -annotate "+30+$y" "${labels[$i]}")
  args+=(-font DejaVu-Sans-Mono -fill '#0f172a' -annotate "+236+$y" "${debits[$i]}" -annotate "+370+$y" "${credits[$i]}")
done
convert "$tmp/card.png" "${args[@]}" -fill '#0891b2' -draw 'rectangle 30,346 490,349' \
  -font DejaVu-Sans-Bold -pointsize 17 -fill '#0f172a' -annotate +30+380 'Résultat' \
  -fill '#059669' -annotate +370+380 '3 190,00' "$tmp/card.png"
place "$tmp/bg.png" "$tmp/card.png" 620 138 "$tmp/final.png"
save "$tmp/final.png" "$out/comptabilite.jpg"

# --- Communication : bulles de dialogue ----------------------------------------------------
background '#581c87' '#db2777' "$tmp/bg.png"
keyword "$tmp/bg.png" 'Échanger' "$SANS" 72 white 'Oral, écrit, réunions'
convert -size 560x440 xc:none \
  -fill white -draw 'roundrectangle 0,0 360,150 28,28' -draw 'polygon 60,140 40,200 120,148' \
  -fill '#e9d5ff' -draw 'roundrectangle 40,40 300,58 9,9' -draw 'roundrectangle 40,80 240,98 9,9' \
  -fill '#fce7f3' -draw 'roundrectangle 180,200 550,330 28,28' -draw 'polygon 490,320 520,380 440,328' \
  -fill '#db2777' -draw 'roundrectangle 220,238 500,256 9,9' -draw 'roundrectangle 220,276 420,294 9,9' \
  -fill white -draw 'roundrectangle 30,360 230,430 24,24' \
  -fill '#a855f7' -draw 'circle 80,395 80,405' -draw 'circle 130,395 130,405' -draw 'circle 180,395 180,405' \
  "$tmp/card.png"
place "$tmp/bg.png" "$tmp/card.png" 600 120 "$tmp/final.png"
save "$tmp/final.png" "$out/communication.jpg"

# --- Anglais professionnel : conversation -------------------------------------------------
background '#1e3a8a' '#b91c1c' "$tmp/bg.png"
keyword "$tmp/bg.png" 'EN' "$SANS" 140 white 'Business English'
convert -size 560x440 xc:none \
  -fill white -draw 'roundrectangle 0,10 380,120 28,28' -draw 'polygon 50,110 30,160 110,118' \
  -fill '#1e3a8a' -font DejaVu-Sans-Bold -pointsize 34 -annotate +34+78 'Good morning!' \
  -fill '#fee2e2' -draw 'roundrectangle 150,170 555,280 28,28' -draw 'polygon 500,270 525,325 445,278' \
  -fill '#b91c1c' -font DejaVu-Sans-Bold -pointsize 30 -annotate +180+236 'Shall we start?' \
  -fill white -draw 'roundrectangle 20,330 400,430 28,28' \
  -fill '#1e3a8a' -font DejaVu-Sans-Bold -pointsize 28 -annotate +50+392 'Meeting at 10 am' \
  "$tmp/card.png"
place "$tmp/bg.png" "$tmp/card.png" 590 120 "$tmp/final.png"
save "$tmp/final.png" "$out/anglais-professionnel.jpg"

# --- Image par défaut : livre ouvert -------------------------------------------------------
background '#7a3100' '#e65d00' "$tmp/bg.png"
keyword "$tmp/bg.png" 'LMS' "$SANS" 120 white 'Centre de formation'
convert -size 520x380 xc:none \
  -fill '#ffd8bf' -draw 'polygon 10,60 250,100 250,370 10,330' -draw 'polygon 510,60 270,100 270,370 510,330' \
  -fill white -draw 'polygon 24,40 250,80 250,350 24,310' -draw 'polygon 496,40 270,80 270,350 496,310' \
  -fill '#f4c7a8' -draw 'rectangle 250,80 270,366' \
  -fill '#e9b48f' -draw 'polygon 60,110 220,138 220,152 60,124' -draw 'polygon 60,160 220,188 220,202 60,174' \
  -draw 'polygon 60,210 190,233 190,247 60,224' -draw 'polygon 460,110 300,138 300,152 460,124' \
  -draw 'polygon 460,160 300,188 300,202 460,174' -draw 'polygon 460,210 330,233 330,247 460,224' \
  "$tmp/card.png"
place "$tmp/bg.png" "$tmp/card.png" 620 150 "$tmp/final.png"
save "$tmp/final.png" "$here/default-course.jpg"

ls -l "$out" "$here/default-course.jpg"
