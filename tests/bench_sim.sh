#!/bin/sh
# The sim's speed for `make bench` (issue 16): GUV sim of N solitaire games
# (seed 1) with 1 and with 2 jobs, each printed as games per second.
# Usage: bench_sim.sh GUV DATADIR [N]
guv=$1
data=$2
n=${3:-200}
for jobs in 1 2; do
    line=$("$guv" --data "$data" sim --games "$n" --seed 1 --jobs "$jobs" | grep '^time:')
    echo "guv sim, $n solitaire games, $jobs job(s): ${line#time: }"
done
