#!/usr/bin/env bash
# Generates the demo's videos: short slideshows drawn by ffmpeg with the DejaVu fonts (the step's
# title, then its key points on successive slides, a progress bar), so free of any licence.
#
#   demo-video.webm (VP9) and demo-video.mp4 (H.264): 12 s each, the templates course's two
#     demonstrations (a Word template, an Excel template). Their length is fixed: file-types.spec.ts,
#     video-duration.spec.ts, course-content.api.spec.ts and the e2e player world read them.
#   <step>.mp4 (H.264, plays in every browser, iPhones included): one per video step of the demo's
#     courses (demo-catalogue.ts names them), 25-30 s.
#
# Needs ffmpeg with libvpx, libx264 and libfreetype (apt-get install ffmpeg) and the DejaVu fonts.
# The files are committed (CI has no ffmpeg). Run: bash make-demo-videos.sh
set -euo pipefail
out="$(cd "$(dirname "$0")" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
sans=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
W=960
H=540
FPS=12

# slideshow <name> <formats: webm|mp4|both> <title seconds> <point seconds> <course> <title> <point>...
# A « | » in a text breaks the line.
slideshow() {
  local name=$1 formats=$2 first=$3 each=$4 course=$5 title=$6
  shift 6
  local points=("$@") n=$#
  local total=$((first + n * each))
  local dir="$tmp/$name"
  mkdir -p "$dir"
  printf '%s' "$course" | tr '|' '\n' > "$dir/course.txt"
  printf '%s' "$title" | tr '|' '\n' > "$dir/title.txt"
  printf '%s' 'Centre de formation LMS · Lyon' > "$dir/centre.txt"
  {
    # The title slide: the step's title on the centre's teal, the course under it.
    echo "drawbox=x=0:y=0:w=iw:h=ih:color=0x0b4f4f:t=fill:enable='lt(t,$first)',"
    echo "drawtext=fontfile=$bold:textfile=$dir/title.txt:expansion=none:fontsize=46:line_spacing=14:fontcolor=white:x=(w-text_w)/2:y=(h-text_h)/2-30:enable='lt(t,$first)',"
    echo "drawtext=fontfile=$sans:textfile=$dir/course.txt:expansion=none:fontsize=24:fontcolor=0xcde8e8:x=(w-text_w)/2:y=h/2+70:enable='lt(t,$first)',"
    # The key points: a band with the course, the point, its number.
    echo "drawbox=x=0:y=0:w=iw:h=64:color=0x0b4f4f:t=fill:enable='gte(t,$first)',"
    echo "drawtext=fontfile=$sans:textfile=$dir/course.txt:expansion=none:fontsize=22:fontcolor=white:x=32:y=21:enable='gte(t,$first)',"
    local i=0
    for point in "${points[@]}"; do
      local from=$((first + i * each)) to=$((first + (i + 1) * each))
      printf '%s' "$point" | tr '|' '\n' > "$dir/point$i.txt"
      printf '%s' "$((i + 1)) / $n" > "$dir/count$i.txt"
      echo "drawbox=x=64:y=150:w=10:h=240:color=0x13a8a8:t=fill:enable='gte(t,$from)*lt(t,$to)',"
      echo "drawtext=fontfile=$bold:textfile=$dir/point$i.txt:expansion=none:fontsize=36:line_spacing=16:fontcolor=0x1f2937:x=104:y=270-text_h/2:enable='gte(t,$from)*lt(t,$to)',"
      echo "drawtext=fontfile=$sans:textfile=$dir/count$i.txt:expansion=none:fontsize=22:fontcolor=0x4b5563:x=32:y=h-52:enable='gte(t,$from)*lt(t,$to)',"
      i=$((i + 1))
    done
    echo "drawtext=fontfile=$sans:textfile=$dir/centre.txt:expansion=none:fontsize=20:fontcolor=0x4b5563:x=w-text_w-32:y=h-52:enable='gte(t,$first)'[slides];"
    # The progress bar, along the bottom edge.
    echo "color=c=0x13a8a8:s=${W}x8:r=$FPS:d=$total[bar];"
    echo "[slides][bar]overlay=x='-w+w*t/$total':y=H-8:eval=frame"
  } > "$dir/filter.txt"
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "color=c=0xf7f9fa:s=${W}x${H}:r=$FPS:d=$total" \
    -filter_complex_script "$dir/filter.txt" -t "$total" -c:v ffv1 "$dir/master.mkv"
  if [[ $formats != mp4 ]]; then
    ffmpeg -hide_banner -loglevel error -y -i "$dir/master.mkv" -an -c:v libvpx-vp9 -b:v 0 -crf 34 \
      -row-mt 1 -deadline good -cpu-used 2 -g 240 "$out/$name.webm"
  fi
  if [[ $formats != webm ]]; then
    ffmpeg -hide_banner -loglevel error -y -i "$dir/master.mkv" -an -c:v libx264 -preset slow -crf 23 \
      -tune stillimage -profile:v high -pix_fmt yuv420p -g 240 -movflags +faststart "$out/$name.mp4"
  fi
}

# --- The templates course's two 12-second demonstrations (their length is read by the specs) ---
slideshow demo-video webm 3 3 'Modèles de documents Word et Excel' 'Démonstration :|un modèle Word' \
  'Fichier > Enregistrer sous|Type : Modèle Word (*.dotx)' \
  'Dossier proposé :|Modèles Office personnalisés' \
  'Fichier > Nouveau > Personnel :|chaque document part du modèle'
mv "$out/demo-video.webm" "$tmp/demo-video.webm"
slideshow demo-video mp4 3 3 'Modèles de documents Word et Excel' 'Démonstration :|un modèle Excel' \
  'Fichier > Enregistrer sous|Type : Modèle Excel (*.xltx)' \
  'Révision > Protéger la feuille :|seules les cellules de saisie|restent modifiables' \
  'Fichier > Nouveau > Personnel :|le classeur part du modèle'
mv "$tmp/demo-video.webm" "$out/demo-video.webm"

# --- One video per video step of the demo's courses ---
slideshow modele-excel-protege mp4 5 6 'Modèles de documents Word et Excel' 'Créer un modèle|Excel protégé' \
  'Déverrouiller les cellules de saisie :|Format de cellule > Protection' \
  'Ajouter une liste déroulante :|Données > Validation des données' \
  'Protéger la feuille, avec un|mot de passe noté en lieu sûr' \
  'Enregistrer en modèle Excel (*.xltx)'
slideshow premier-tableau-croise mp4 5 6 'Excel : tableaux croisés dynamiques' 'Premier tableau|croisé dynamique' \
  'Cliquer dans les données, puis|Insertion > Tableau croisé dynamique' \
  'Lignes : Région|Colonnes : Mois|Valeurs : Somme de Ventes' \
  'Filtrer avec un segment :|Insertion > Segment' \
  'Données modifiées ?|Analyse > Actualiser'
slideshow animer-une-retrospective mp4 5 6 'Piloter un projet avec la méthode agile' 'Animer une|rétrospective' \
  '1. Installer le climat :|chacun donne sa météo du sprint' \
  '2. Recueillir les faits :|ce qui a aidé, ce qui a freiné' \
  '3. Choisir une ou deux actions,|avec un responsable chacune' \
  '4. Clore : vérifier au prochain|sprint que les actions sont faites'
slideshow liens-et-images mp4 5 6 'Les bases de HTML et CSS' 'Les liens|et les images' \
  '<a href="contact.html">|Nous contacter</a>' \
  'Lien externe : une adresse complète|https://www.service-public.fr' \
  '<img src="atelier.jpg"|alt="Salle de formation" width="640">' \
  'Le texte alt décrit l’image :|vide seulement si elle est décorative'
slideshow fonctions-et-portee mp4 5 6 'JavaScript moderne' 'Fonctions|et portée' \
  'function ttc(ht, taux = 0.2) {|  return ht * (1 + taux);|}' \
  'Fonction fléchée :|const double = (n) => n * 2;' \
  'let et const : visibles seulement|dans leur bloc { }' \
  'Une fermeture garde l’accès|aux variables de sa fonction mère'
slideshow que-faire-en-cas-d-incident mp4 5 6 'Sensibilisation à la cybersécurité' 'Que faire en cas|d’incident ?' \
  '1. Débrancher le câble réseau,|couper le Wi-Fi' \
  '2. Ne pas éteindre le poste :|il garde des traces utiles' \
  '3. Prévenir tout de suite|le support informatique' \
  '4. Noter l’heure et ce que|vous avez vu ou cliqué'
ls -l "$out"
