#!/usr/bin/env bash
# Renders with eight threads over and over, every run under a watchdog: a run that outlives
# STRESS_TIMEOUT seconds is a hang. Its backtraces (every thread, from gdb) go to STRESS_LOGS,
# then it is killed. Fails if any run hangs, dies of a signal or exits non-zero.
#
# Each round runs `render --force -j 8` (the default set, 117 jobs), then one of `cards` (the
# example game with its back and contact sheet), `deck` (jokers, sheet, contact sheet) or
# `print` (the deck with jokers, duplex) with -j 8, in turn.
#
#   CARDRENDER=path/to/cardrender STRESS_RUNS=300 Tests/Stress/stress.sh
set -u

root=$(cd "$(dirname "$0")/../.." && pwd)
binary=${CARDRENDER:?set CARDRENDER to the cardrender binary}
runs=${STRESS_RUNS:-300}
timeout=${STRESS_TIMEOUT:-180}
logs=${STRESS_LOGS:-$root/.build/stress}
game=$root/docs/examples/game
work=$(mktemp -d "${TMPDIR:-/tmp}/cardrender-stress.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$logs"

hangs=0 failures=0 started=$(date +%s)
declare -A counts=([render]=0 [cards]=0 [deck]=0 [print]=0)

# Runs one command in the background with a clean environment (no CARDRENDER_*, CI or locale
# from the caller) and watches it.
watch() {
    local name=$1 round=$2; shift 2
    local out=$work/$name
    rm -rf "$out"
    env -i PATH="$PATH" HOME="$work" LANG=C.UTF-8 "$binary" "$@" --out "$out" >"$work/log" 2>&1 &
    local pid=$! waited=0
    while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt $((timeout * 10)) ]; do
        sleep 0.1
        waited=$((waited + 1))
    done
    counts[$name]=$((counts[$name] + 1))
    if kill -0 "$pid" 2>/dev/null; then
        hangs=$((hangs + 1))
        local trace=$logs/hang-$round-$name-$pid.txt
        gdb -p "$pid" -batch -ex 'thread apply all bt' >"$trace" 2>&1
        kill -KILL "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
        echo "round $round: $name hung after $timeout s; backtraces in $trace" >&2
        return
    fi
    wait "$pid"
    local status=$?
    if [ "$status" -ne 0 ]; then
        failures=$((failures + 1))
        cp "$work/log" "$logs/failure-$round-$name.txt"
        echo "round $round: $name exited with status $status: $(head -c 300 "$work/log")" >&2
    fi
}

for round in $(seq 1 "$runs"); do
    watch render "$round" render --force -j 8
    case $((round % 3)) in
        1) watch cards "$round" cards "$game/front.yaml" --data "$game/cards.csv" --back "$game/back.yaml" \
               --contact-sheet -j 8 ;;
        2) watch deck "$round" deck --jokers --sheet --contact-sheet -j 8 ;;
        0) watch print "$round" print --jokers --duplex long-edge -j 8 ;;
    esac
    if [ $((round % 10)) -eq 0 ] || [ "$round" -eq "$runs" ]; then
        echo "stress: $round/$runs rounds, $hangs hung, $failures failed ($(( $(date +%s) - started )) s)"
    fi
done

echo "stress: render ${counts[render]}, cards ${counts[cards]}, deck ${counts[deck]}, print ${counts[print]} runs at -j 8:" \
     "$hangs hung, $failures failed"
[ "$hangs" -eq 0 ] && [ "$failures" -eq 0 ]
