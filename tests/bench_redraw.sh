#!/bin/bash
# The redraw time for `make bench` (issue 16): every key of the screen
# tests' key scripts (tests/screens/*.keys), run headless as run.sh runs
# them, at 80x24 and at 100x30, timed by guv itself (GUV_KEY_TIMES, see
# src/ui/keys.c): from the key read to its screen drawn, the work the key
# starts included (a decision, Automa steps; the autosave comes after the
# screen is drawn, before the next key: play_flush), the script's
# own checks and screen dumps not. Each run is repeated RUNS times
# (default 3) and each key keeps its median time.
#
# Prints, per terminal size: the keys, the median, the 95th percentile and
# the worst time, how many took over 16 ms, and the three slowest
# (script:line key). The Automa's steps shown while the player watches (no
# key: a pause between them) are counted apart. Then the same keys with the
# save folder in memory (/dev/shm): what is left is the program's work
# without any wait for the disk (there should be none left in the figure).
# Usage: bench_redraw.sh GUV DATADIR [RUNS]
set -u
guv=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
data=$(cd "$2" && pwd)
runs=${3:-3}
screens=$data/tests/screens
tmp=$(mktemp -d)
shm=
trap 'rm -rf "$tmp" ${shm:+"$shm"}' EXIT
notes=()

# measure SAVEDIR OUT: every script at each size, RUNS times; a line a key
# into OUT: MS SIZE SCRIPT:LINE KEY RUN-SIZE (a script may resize: SIZE
# is the screen's when the key came).
measure() {
    local saves=$1 out=$2
    for size in 80x24 100x30; do
        for keys in "$screens"/*.keys; do
            local name args r work
            name=$(basename "$keys" .keys)
            # The script's own options, its --size replaced by this size.
            args=$(sed -n '1s/^# args://p' "$keys" | sed "s#{src}#$data#g; s/--size *[0-9]*x[0-9]*//")
            for ((r = 1; r <= runs; r++)); do
                work=$tmp/work
                rm -rf "$work" "$saves/home"
                mkdir -p "$work/out" "$saves/home"
                : >"$tmp/$size.$name.$r"
                if ! (cd "$work" && env -u NO_COLOR HOME="$saves/home" XDG_DATA_HOME="$saves/home/data" LC_ALL=C \
                      TERM=xterm GUV_KEY_TIMES="$tmp/$size.$name.$r" "$guv" --data "$data" $args --size "$size" \
                      --keys "$keys" --screens "$work/out" >/dev/null 2>"$work/err"); then
                    # Scripts written for the other size stop at a check of their text: the keys before it count.
                    [[ $r = 1 && $out = */disk ]] &&
                        notes+=("$name at $size stopped early, the keys before counted: $(head -c 200 "$work/err")")
                fi
            done
            # A key's time: its median over the runs (the same keys in the same order: the games are seeded).
            awk -v name="$name" -v size="$size" -v runs="$runs" -F'\t' '
                { r = FILENAME; sub(/.*\./, "", r); n[r] = FNR; ms[r, FNR] = $1; rest[r, FNR] = $2 "\t" name ":" $3 "\t" $4 "\t" size }
                END {
                    same = 1
                    for (r = 2; r <= runs; r++)
                        if (n[r] != n[1]) same = 0
                    for (i = 1; i <= n[1]; i++) {
                        k = 0
                        for (r = 1; r <= (same ? runs : 1); r++) {
                            if (rest[r, i] != rest[1, i]) same = 0
                            v[++k] = ms[r, i] + 0
                        }
                        for (a = 1; a <= k; a++)
                            for (b = a + 1; b <= k; b++)
                                if (v[b] < v[a]) { t = v[a]; v[a] = v[b]; v[b] = t }
                        printf "%.3f\t%s\n", v[int((k + 1) / 2)], rest[1, i]
                    }
                }' "$tmp/$size.$name".* >>"$out"
            rm -f "$tmp/$size.$name".*
        done
    done
}

# summary FILE SLOWEST: per size the keys' figures (and the three slowest
# when SLOWEST is 1), then the watched Automa steps'.
summary() {
    local file=$1 slowest=$2 size what
    # Grouped by the size the screen had when the key came (a script may resize).
    for size in $(cut -f2 "$file" | sort -u | sort -t x -k1,1n -k2,2n); do
        for what in keys steps; do
            awk -F'\t' -v s="$size" -v w="$what" '$2 == s && ($4 == "(step)") == (w == "steps")' "$file" |
                sort -t $'\t' -k1,1gr >"$tmp/group"
            [[ -s $tmp/group ]] || continue
            awk -F'\t' -v size="$size" -v what="$what" -v slowest="$slowest" '
                { ms[NR] = $1 + 0; who[NR] = $3 " " $4 ($5 != size ? " (run at " $5 ")" : "") }
                END {
                    n = NR; over = 0
                    for (i = 1; i <= n; i++) if (ms[i] > 16) over++
                    # slowest first: the rank r from the fastest is ms[n + 1 - r]
                    med = n % 2 ? ms[(n + 1) / 2] : (ms[n / 2] + ms[n / 2 + 1]) / 2
                    r95 = int(0.95 * n); if (r95 < 0.95 * n) r95++
                    label = what == "keys" ? sprintf("%-6s %5d keys", size, n) : sprintf("%-6s %5d Automa steps watched (no key)", size, n)
                    printf("  %s: median %.2f ms, p95 %.2f ms, worst %.2f ms, %d over 16 ms\n", label, med, ms[n + 1 - r95], ms[1], over)
                    if (what == "keys" && slowest) {
                        printf("                slowest:")
                        for (i = 1; i <= 3 && i <= n; i++) printf("%s %.1f ms %s", (i > 1 ? ";" : ""), ms[i], who[i])
                        printf("\n")
                    }
                }' "$tmp/group"
        done
    done
}

measure "$tmp" "$tmp/disk"
echo "redraw after a key, ms from the key read to its screen drawn (tests/screens/*.keys headless, TERM=xterm;"
echo "median of $runs runs a key; the target is 16 ms):"
summary "$tmp/disk" 1
for note in "${notes[@]}"; do
    echo "  ($note)"
done
if [[ -d /dev/shm && -w /dev/shm ]] && shm=$(mktemp -d /dev/shm/guv-bench.XXXXXX); then
    measure "$shm" "$tmp/memory"
    echo "the same with the save folder in memory (/dev/shm), the autosave's wait for the disk left out:"
    summary "$tmp/memory" 0
fi
