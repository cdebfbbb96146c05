#!/bin/bash
# Screen tests: the real curses UI driven by a key script with no terminal
# (guv --keys), each @screen compared with the expected text in
# tests/screens/NAME/. Usage: run.sh GUV NAME.keys...
# GUV_UPDATE_SCREENS=1 writes the screens as the new expected text instead
# (read the diff before committing it). GUV_WRAP="valgrind ..." runs guv
# under that command.
#
# The first line of a key script gives guv's options: "# args: --seed 7 --size 80x24";
# {src} stands for the source tree ("--position {src}/tests/positions/X.guv").
set -u
guv=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
here=$(cd "$(dirname "$0")" && pwd)
fail=0
for keys in "$@"; do
    [[ $keys = /* ]] || keys=$here/$keys
    name=$(basename "$keys" .keys)
    # {src} in the args stands for the source tree (for files such as tests/positions/*.guv)
    args=$(sed -n '1s/^# args://p' "$keys" | sed "s#{src}#$here/../..#g")
    work=$(mktemp -d)
    mkdir -p "$work/out" "$work/home"
    # A fresh save folder, the C locale (ASCII box lines), a known terminal.
    if ! (cd "$work" && env -u NO_COLOR HOME="$work/home" XDG_DATA_HOME="$work/home/data" LC_ALL=C TERM=xterm \
          ${GUV_WRAP:-} "$guv" --data "$here/../.." $args --keys "$keys" --screens "$work/out" 2>"$work/err"); then
        echo "FAIL $name: guv stopped: $(cat "$work/err")"
        fail=1
        rm -rf "$work"
        continue
    fi
    expected=$here/$name
    if [[ ${GUV_UPDATE_SCREENS:-} = 1 ]]; then
        rm -rf "$expected"
        mkdir -p "$expected"
        cp "$work/out/"*.txt "$expected/"
        echo "updated $name: $(ls "$expected" | wc -l) screens"
    else
        for got in "$work/out/"*.txt; do
            want=$expected/$(basename "$got")
            if [[ ! -f $want ]]; then
                echo "FAIL $name: no expected screen $want (GUV_UPDATE_SCREENS=1 writes it)"
                fail=1
            elif ! diff -u "$want" "$got"; then
                echo "FAIL $name: $(basename "$got") differs from the expected screen (above)"
                fail=1
            fi
        done
        for want in "$expected/"*.txt; do
            [[ -f $work/out/$(basename "$want") ]] || { echo "FAIL $name: the script never wrote $(basename "$want")"; fail=1; }
        done
        [[ $fail = 0 ]] && echo "ok $name"
    fi
    rm -rf "$work"
done
exit $fail
