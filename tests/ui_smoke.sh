#!/usr/bin/env bash
# Runs the curses map viewer in a detached tmux session, reads the screen,
# presses keys, and checks it quits cleanly: at 100x30, at 80x24, after a
# resize, and without colour.
set -u
guv=$1
src=$(cd "$(dirname "$0")/.." && pwd)
if ! command -v tmux >/dev/null; then
  echo "tmux is not installed; the README's test command installs it" >&2
  exit 1
fi
runs=0
sock=guv-smoke-$$-0
fail() { echo "FAIL: $*" >&2; tmux -L "$sock" kill-server 2>/dev/null; exit 1; }
screen() { tmux -L "$sock" capture-pane -p -t g; }
wait_for() { # text, tries
  for _ in $(seq 1 "${2:-50}"); do
    screen | grep -q -- "$1" && return 0
    sleep 0.1
  done
  screen >&2
  return 1
}
run() { # cols rows env...
  local cols=$1 rows=$2; shift 2
  # A fresh server for every run: reusing a socket while the old server
  # shuts down can kill the new session.
  tmux -L "$sock" kill-server 2>/dev/null
  runs=$((runs + 1))
  sock=guv-smoke-$$-$runs
  tmux -L "$sock" new-session -d -s g -x "$cols" -y "$rows" \
    "env $* '$guv' --data '$src'; echo GUV-EXITED \$?; sleep 30"
}

xdg=$(mktemp -d)
trap 'rm -rf "$xdg"' EXIT
run 100 30 TERM=xterm-256color XDG_DATA_HOME="$xdg"
wait_for "new solitaire campaign" || fail "no start menu"
tmux -L "$sock" send-keys -t g m
wait_for "Chancellorsville 1863" || fail "no status line at 100x30"
wait_for "Hex " || fail "no side panel at 100x30"
screen | grep -q "Chancellorsville" || fail "cursor does not start on Chancellorsville"
tmux -L "$sock" send-keys -t g j
wait_for "Hex " || fail "panel lost after moving"
tmux -L "$sock" send-keys -t g '?'
wait_for "move the cursor one hex" || fail "help does not open"
tmux -L "$sock" send-keys -t g x
tmux -L "$sock" send-keys -t g i
sleep 0.3
tmux -L "$sock" send-keys -t g Tab
wait_for "Legend" || fail "legend does not open"
tmux -L "$sock" resize-window -t g -x 80 -y 24
sleep 0.5
tmux -L "$sock" send-keys -t g Tab
wait_for "Hex " || fail "panel lost after resize to 80x24"
tmux -L "$sock" send-keys -t g q
wait_for "new solitaire campaign" || fail "the map viewer does not go back to the menu"
tmux -L "$sock" send-keys -t g q
wait_for "GUV-EXITED 0" || fail "did not quit with status 0"

# A solitaire game: the decisions listed, the Automa's display, saved at once, resumed.
run 100 30 TERM=xterm-256color XDG_DATA_HOME="$xdg"
wait_for "new solitaire campaign" || fail "no start menu for the game"
tmux -L "$sock" send-keys -t g n
wait_for "Your decision" || fail "a new game shows no decisions"
wait_for "choose mclaws" || fail "the formations to choose are not listed"
tmux -L "$sock" send-keys -t g Enter
wait_for "pts 1" || fail "choosing a formation did not spend a point"
# The autosave is written once the screen is drawn, before the next key is
# read: under load it may land a moment after "pts 1" shows.
saved_in() { # text file, tries
  for _ in $(seq 1 "${3:-50}"); do
    grep -q -- "$1" "$2" 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}
saved_in "do choose mclaws" "$xdg/guv/current.save" || {
  [ -f "$xdg/guv/current.save" ] || fail "the game is not saved at once"
  fail "the decision is not in the save"
}
tmux -L "$sock" send-keys -t g '['
wait_for "REPLAY 0/1" || fail "stepping back through the game does not work"
tmux -L "$sock" send-keys -t g ']'
wait_for "Your decision" || fail "stepping forward does not come back to the game"
tmux -L "$sock" send-keys -t g '#' 1820 Enter
tmux -L "$sock" send-keys -t g Tab
wait_for "Hex 1820" || fail "the hex panel does not open on Chancellorsville (# 1820)"
tmux -L "$sock" send-keys -t g l
wait_for "Mahone" || fail "the hex panel does not list the units in the hex"
tmux -L "$sock" send-keys -t g Tab a
wait_for "ACTIVATION TRACK" || fail "the Automa's display does not open"
tmux -L "$sock" send-keys -t g a '?'
wait_for "Keys in the game" || fail "the game's help does not open"
tmux -L "$sock" send-keys -t g '?' L
wait_for "Log: all" || fail "the log does not open"
wait_for "chooses McLaws" || fail "the log does not show the decision"
tmux -L "$sock" send-keys -t g f
wait_for "Log: combat" || fail "the log filter does not change"
tmux -L "$sock" send-keys -t g L w
wait_for "the log is in" || fail "the log is not written to a file"
[ -s "$xdg/guv/game-log.txt" ] || fail "the log file is empty"
tmux -L "$sock" send-keys -t g S
wait_for "step mode: the Automa waits" || fail "S does not turn step mode on"
tmux -L "$sock" send-keys -t g q
wait_for "resume the unfinished game" || fail "the menu does not offer to resume"
tmux -L "$sock" send-keys -t g q
wait_for "GUV-EXITED 0" || fail "did not quit the game with status 0"
# The game resumed in a new run: where it was, and still in step mode (prefs.ini).
run 100 30 TERM=xterm-256color XDG_DATA_HOME="$xdg"
wait_for "resume the unfinished game" || fail "the menu does not offer to resume after a restart"
tmux -L "$sock" send-keys -t g r
wait_for "pts 1" || fail "the resumed game is not where it was"
grep -q "step_mode = 1" "$xdg/guv/prefs.ini" || fail "step mode is not kept in prefs.ini"
# S now turns step mode off: it was on (the draw from the cup is random, the key's answer is not)
tmux -L "$sock" send-keys -t g S
wait_for "watching: the Automa plays on" || fail "step mode is forgotten after quit and resume"
tmux -L "$sock" send-keys -t g S
wait_for "step mode: the Automa waits" || fail "S does not turn step mode on again"
tmux -L "$sock" send-keys -t g q q
wait_for "GUV-EXITED 0" || fail "did not quit the resumed game with status 0"

# A two-player scenario with an option; the unfinished solitaire game is kept aside, never lost.
run 100 30 TERM=xterm-256color XDG_DATA_HOME="$xdg"
wait_for "a scenario for two players" || fail "no scenario choice in the menu"
tmux -L "$sock" send-keys -t g o
wait_for "rule-of-six" || fail "no option toggles"
tmux -L "$sock" send-keys -t g 3 q
wait_for "options: rule-of-six" || fail "the option is not toggled"
tmux -L "$sock" send-keys -t g s
wait_for "Lee Moves" || fail "the scenarios are not listed"
n=$(screen | grep "Lee Moves" | sed 's/^ *\([0-9]\).*/\1/')
tmux -L "$sock" send-keys -t g "$n"
wait_for "The Confederates decide" || fail "the two-player game does not start"
ls "$xdg"/guv/unfinished-*.save >/dev/null 2>&1 || fail "the unfinished game was not kept aside"
tmux -L "$sock" send-keys -t g q q
wait_for "GUV-EXITED 0" || fail "did not quit the two-player game"

# Loading a save from the menu: the unfinished solitaire game kept aside.
run 100 30 TERM=xterm-256color XDG_DATA_HOME="$xdg"
wait_for "load a saved game" || fail "no load in the menu"
tmux -L "$sock" send-keys -t g l
wait_for "unfinished-" || fail "the saves are not listed"
n=$(screen | grep "unfinished-" | head -1 | sed 's/^ *\([0-9]\).*/\1/')
tmux -L "$sock" send-keys -t g "$n"
wait_for "pts 1" || fail "the loaded game is not where it was"
tmux -L "$sock" send-keys -t g q q
wait_for "GUV-EXITED 0" || fail "did not quit the loaded game"

# Deleting a kept game from the load screen, after a question (issue 13, bug 5).
before=$(ls "$xdg"/guv/*.save | wc -l)
run 100 30 TERM=xterm-256color XDG_DATA_HOME="$xdg"
wait_for "load a saved game" || fail "no load in the menu"
tmux -L "$sock" send-keys -t g l
wait_for "delete it" || fail "the load screen does not offer to delete"
tmux -L "$sock" send-keys -t g d 1
wait_for "for good" || fail "no question before deleting"
tmux -L "$sock" send-keys -t g y
wait_for "deleted" || fail "the deletion is not confirmed"
after=$(ls "$xdg"/guv/*.save | wc -l)
[ "$after" -eq $((before - 1)) ] || fail "the save was not deleted ($before saves before, $after after)"
tmux -L "$sock" send-keys -t g q q
wait_for "GUV-EXITED 0" || fail "did not quit after deleting a save"

# A save folder guv cannot write: said at once, and q asks before losing anything (issue 13, bug 5).
ro=$(mktemp -d)
mkdir -p "$ro/guv"
chmod 755 "$ro" "$ro/guv"
as=""
if [ "$(id -u)" = 0 ]; then as="setpriv --reuid=65534 --regid=65534 --clear-groups"; else chmod 555 "$ro/guv"; fi
tmux -L "$sock" kill-server 2>/dev/null
runs=$((runs + 1))
sock=guv-smoke-$$-$runs
tmux -L "$sock" new-session -d -s g -x 80 -y 24 \
  "env TERM=xterm XDG_DATA_HOME='$ro' HOME='$ro' $as '$guv' --data '$src'; echo GUV-EXITED \$?; sleep 30"
wait_for "new solitaire campaign" || fail "no start menu (read-only folder)"
tmux -L "$sock" send-keys -t g n
wait_for "not saved" || fail "a game that cannot be saved does not say so before its first decision"
tmux -L "$sock" send-keys -t g q
wait_for "could not be saved" || fail "q does not ask before losing unsaved decisions"
tmux -L "$sock" send-keys -t g x
wait_for "not saved" || fail "any key but y does not go back to the game"
tmux -L "$sock" send-keys -t g q y q
wait_for "GUV-EXITED 0" || fail "did not quit after y"
chmod 755 "$ro/guv"
rm -rf "$ro"

# A damaged save: its good part is offered, and the damaged file kept beside it (issue 13, bug 5).
dmg=$(mktemp -d)
mkdir -p "$dmg/guv"
printf 'new solitaire 7\ndecide choose mclaws\ndecide done\nsave %s\n' "$dmg/guv/current.save" | "$guv" --data "$src" script \
  | grep -q "^ok save" || fail "could not make a save to damage"
echo "do fly away" >> "$dmg/guv/current.save"
run 100 30 TERM=xterm-256color XDG_DATA_HOME="$dmg"
wait_for "resume the unfinished game" || fail "no resume for the damaged save"
tmux -L "$sock" send-keys -t g r
wait_for "This save is damaged" || fail "a damaged save is not explained"
wait_for "Play on from there" || fail "the good part is not offered"
tmux -L "$sock" send-keys -t g y
wait_for "q menu" || fail "the good part does not open"
[ -f "$dmg/guv/current.save.damaged" ] || fail "the damaged save was not kept beside it"
grep -q "fly away" "$dmg/guv/current.save.damaged" || fail "the kept file is not the damaged one"
grep -q "fly away" "$dmg/guv/current.save" && fail "the save still holds the damaged line"
tmux -L "$sock" send-keys -t g q q
wait_for "GUV-EXITED 0" || fail "did not quit the good part"
rm -rf "$dmg"

# The end of a game: Lee Moves played to its end, saved, resumed: the end screen.
{ cat "$src/tests/script/lee-moves-end.in"; echo "save $xdg/guv/current.save"; } | "$guv" --data "$src" script \
  | grep -q "^ok save" || fail "could not save a finished game"
run 80 24 TERM=xterm XDG_DATA_HOME="$xdg"
wait_for "resume the unfinished game" || fail "no resume for the finished game's save"
tmux -L "$sock" send-keys -t g r
wait_for "THE CONFEDERACY WINS" || fail "no end-of-game screen"
wait_for "Places held at the end" || fail "the end screen does not list the places held"
tmux -L "$sock" send-keys -t g q q
wait_for "GUV-EXITED 0" || fail "did not quit after the end screen"

# guv replay in a terminal: the saved game opened at its start, stepped through, the file untouched.
cp "$xdg/guv/current.save" "$xdg/replay.save"
tmux -L "$sock" kill-server 2>/dev/null
runs=$((runs + 1))
sock=guv-smoke-$$-$runs
tmux -L "$sock" new-session -d -s g -x 100 -y 30 \
  "env TERM=xterm-256color '$guv' --data '$src' replay '$xdg/replay.save'; echo GUV-EXITED \$?; sleep 30"
wait_for "REPLAY 0/12" || fail "guv replay does not open the game at its start"
tmux -L "$sock" send-keys -t g ']' ']'
wait_for "Replay: 2 of 12" || fail "guv replay does not step forward"
tmux -L "$sock" send-keys -t g '['
wait_for "Replay: 1 of 12" || fail "guv replay does not step back"
tmux -L "$sock" send-keys -t g q
wait_for "GUV-EXITED 0" || fail "guv replay did not quit with status 0"
cmp -s "$xdg/guv/current.save" "$xdg/replay.save" || fail "guv replay changed the save"

run 80 24 TERM=xterm NO_COLOR=1 XDG_DATA_HOME="$xdg"
wait_for "new solitaire campaign" || fail "no start menu at 80x24"
tmux -L "$sock" send-keys -t g m
wait_for "Chancellorsville 1863" || fail "no status line at 80x24 without colour"
wait_for "q quit" || fail "no key hints at 80x24"
[ "$(screen | head -n 24 | awk '{ if (length($0) > 80) print }' | wc -l)" -eq 0 ] || fail "lines wider than 80"
tmux -L "$sock" send-keys -t g '?'
wait_for "move the cursor one hex" || fail "help does not open at 80x24"
screen | grep -q "lqqq\|qqqk" && fail "box lines drawn as letters"
tmux -L "$sock" send-keys -t g x
sleep 0.2
tmux -L "$sock" send-keys -t g C-c
wait_for "GUV-EXITED 130" || fail "Ctrl-C did not end the program cleanly"

# A Perfect Plan against the computer at 80x24 without colour: the map's
# signs are letters, not colours; a resize to 100x30 keeps the game.
pphome=$(mktemp -d)
run 80 24 TERM=xterm NO_COLOR=1 XDG_DATA_HOME="$pphome"
wait_for "new solitaire campaign" || fail "no start menu (A Perfect Plan)"
tmux -L "$sock" send-keys -t g p
wait_for "Against the computer" || fail "A Perfect Plan's menu does not open"
tmux -L "$sock" send-keys -t g 3
wait_for "standard set-up" || fail "A Perfect Plan: no set-up order offered"
tmux -L "$sock" send-keys -t g Enter
wait_for "impulse 1/4" || fail "A Perfect Plan: the first impulse does not begin"
screen | grep -q "?[0-9]" || fail "A Perfect Plan: no enemy counters face down (?N) without colour"
[ "$(screen | head -n 24 | awk '{ if (length($0) > 80) print }' | wc -l)" -eq 0 ] || fail "A Perfect Plan: lines wider than 80"
tmux -L "$sock" resize-window -t g -x 100 -y 30
sleep 0.5
wait_for "impulse 1/4" || fail "A Perfect Plan: the game lost after a resize to 100x30"
tmux -L "$sock" send-keys -t g q
wait_for "Against the computer" || fail "A Perfect Plan: q does not go back to its menu"
tmux -L "$sock" send-keys -t g q q
wait_for "GUV-EXITED 0" || fail "A Perfect Plan: did not quit with status 0"
[ -f "$pphome/guv/perfect-plan.save" ] || fail "A Perfect Plan: the game left for the menu was not saved"
rm -rf "$pphome"

tmux -L "$sock" kill-server 2>/dev/null
echo "ui smoke: ok"
