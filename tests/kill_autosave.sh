#!/bin/bash
# Issue 13: guv killed (kill -9) at random moments while it plays and saves
# after every decision, 100 times. After each kill the save must load
# (`guv replay FILE` exits 0) and lose at most the decision under way; the
# next start cleans up any temporary file the kill left behind.
# Usage: tests/kill_autosave.sh BUILD/guv
set -u
guv=$1
src=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir -p "$tmp/guv"
# a whole solitaire game through keys: a decision (and a save) every few milliseconds
cat > "$tmp/play.keys" <<'KEYS'
n
@until _WINS 20000 Enter
q
q
KEYS
printf 'q\n' > "$tmp/quit.keys"
last=0
for i in $(seq 1 100); do
  rm -f "$tmp/guv/current.save"
  XDG_DATA_HOME="$tmp" HOME="$tmp" "$guv" --data "$src" --seed "$i" --keys "$tmp/play.keys" --screens "$tmp/shots" \
    >/dev/null 2>&1 &
  pid=$!
  sleep "0.$(( (RANDOM % 9) + 1 ))$(( RANDOM % 10 ))"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  if [ -f "$tmp/guv/current.save" ]; then
    "$guv" --data "$src" replay "$tmp/guv/current.save" > "$tmp/replay.txt" 2>&1 \
      || fail "kill $i: the save does not load: $(tail -2 "$tmp/replay.txt")"
    n=$(grep -c '^do \|^die ' "$tmp/guv/current.save")
    [ "$n" -ge 0 ] || fail "kill $i: an unreadable save"
    last=$n
  fi
done
# the next start removes what the kills left
ls "$tmp/guv" | grep -q '\.tmp-' || echo "kill_autosave: no temporary file was left this time"
XDG_DATA_HOME="$tmp" HOME="$tmp" "$guv" --data "$src" --keys "$tmp/quit.keys" --screens "$tmp/shots" >/dev/null 2>&1
ls "$tmp/guv" | grep -q '\.tmp-' && fail "a temporary file survived the next start: $(ls "$tmp/guv")"
echo "kill_autosave: 100 kills, every save loaded (the last had $last lines of play)"
