#!/usr/bin/env bash
# Makes the save target's seeds again (after a data change: a save names
# the data it was played with): a few games of every scenario, played at
# random by `guv script`, saved to tests/fuzz/corpus/save/s*.save.
set -euo pipefail
guv=${1:?usage: make-save-seeds.sh PATH/TO/guv}
guv=$(realpath "$guv")
cd "$(dirname "$0")/corpus/save"
i=0
for game in "campaign 3" "lee-moves 4" "jacksons-attack 5" "chancellorsville 6" "salem-church 7" "solitaire 8" \
  "solitaire 9 rule-of-six" "campaign 10 hypothetical events"; do
  i=$((i + 1))
  printf 'new %s\nplay 80 %d\nsave s%d.save\n' "$game" $i $i | "$guv" script | grep -E '^error' && exit 1
done
printf 'new chancellorsville 2\nset unit heth dis on\nplay 30 1\nsave s9.save\n' | "$guv" script | grep -E '^error' && exit 1
printf 'new lee-moves 1\nsave s0.save\n' | "$guv" script | grep -E '^error' && exit 1
echo "made s0.save to s9.save in $(pwd)"
