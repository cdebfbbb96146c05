#!/usr/bin/env bash
# A fuzzing campaign on one target (docs/fuzzing.md):
#   tests/fuzz/campaign.sh data|script|save SECONDS [DATA_FILE]
# Builds the libFuzzer targets with clang (build-fuzz/, AddressSanitizer and
# UndefinedBehaviorSanitizer on) when needed, grows a working corpus in
# build-fuzz/corpus/ from the seeds in tests/fuzz/corpus/, writes any finding
# to build-fuzz/findings/, and ends with libFuzzer's figures.
# DATA_FILE (data only) is the data file to fuzz, as booklet/pages.ini.
set -euo pipefail
cd "$(dirname "$0")/../.."
target=${1:?usage: campaign.sh data|script|save SECONDS [DATA_FILE]}
seconds=${2:?usage: campaign.sh data|script|save SECONDS [DATA_FILE]}
file=${3:-config/scenarios/lee-moves.ini}
case $target in data | script | save) ;; *) echo "campaign.sh: no target '$target' (data, script, save)" >&2; exit 2 ;; esac
command -v clang >/dev/null || { echo "campaign.sh: needs clang (apt-get install clang)" >&2; exit 2; }
if [ ! -x build-fuzz/fuzz_$target ] || [ -n "$(find src tests/fuzz -newer build-fuzz/fuzz_$target -name '*.[ch]' | head -1)" ]; then
  CC=clang cmake -S . -B build-fuzz -DGUV_FUZZ=ON -DGUV_TESTS=OFF -DGUV_SANITIZE=ON \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  cmake --build build-fuzz -j "$(nproc)" --target fuzz_$target >/dev/null
fi
name=$target seeds=(tests/fuzz/corpus/$target) extra=() max_len=4096
if [ "$target" = data ]; then
  [ -f "$file" ] || { echo "campaign.sh: $file is not a data file" >&2; exit 2; }
  slug=${file//\//__}
  name=data-$slug seeds=() max_len=65536
  [ -d tests/fuzz/corpus/data/$slug ] && seeds=(tests/fuzz/corpus/data/$slug)
  extra=(-seed_inputs="$file")
  export GUV_FUZZ_FILE=$file
fi
[ "$target" = save ] && max_len=16384
mkdir -p build-fuzz/corpus/$name build-fuzz/findings
echo "fuzzing $name for $seconds s: corpus build-fuzz/corpus/$name, findings build-fuzz/findings/"
exec ./build-fuzz/fuzz_$target -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -max_len=$max_len \
  -dict=tests/fuzz/$target.dict -print_final_stats=1 -artifact_prefix=build-fuzz/findings/$name- \
  "${extra[@]}" build-fuzz/corpus/$name "${seeds[@]}"
