#!/usr/bin/env bash
# Fetches and unpacks the Debian 12 (bookworm) package-description translations the scale harness builds its real
# multilingual dataset from (DebianDescriptionsDataset; benchmarks/README.md "Scale"). Usage: fetch-debian-translations.sh DIR
set -euo pipefail
dir=${1:?usage: fetch-debian-translations.sh DIR}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
mkdir -p "$dir"
cd "$dir"
# English plus the 15 translations with the most descriptions in bookworm main (pt_BR is written pt, zh_CN zh)
for lang in en da it fr de sk pt_BR ja uk ko pl ru es cs zh_CN fi; do
  if [ -s "Translation-$lang" ]; then continue; fi
  if curl -sfL -o "Translation-$lang.xz" "$mirror/dists/bookworm/main/i18n/Translation-$lang.xz"; then
    xz -df "Translation-$lang.xz"
  else
    rm -f "Translation-$lang.xz"
    curl -sfL -o "Translation-$lang.bz2" "$mirror/dists/bookworm/main/i18n/Translation-$lang.bz2"
    bunzip2 -f "Translation-$lang.bz2"
  fi
  echo "Translation-$lang: $(grep -c '^Description-md5' "Translation-$lang") descriptions, sha256 $(sha256sum "Translation-$lang" | cut -c1-16)"
done
