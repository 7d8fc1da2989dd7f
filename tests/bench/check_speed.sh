#!/bin/sh
# check_speed.sh - how fast pplbench checks programs (make bench).
#
#   sh tests/bench/check_speed.sh PPLBENCH [BENCH_CHECK]
#
# Times the check (read, lex, parse, typecheck) of every program in
# corpus/*.stan and tests/golden/*.stan with bench_check, which calls the
# frontend in-process many times per file so that process start-up does not
# drown the figure (BENCH_CHECK defaults to bench_check beside PPLBENCH and
# is built with the Makefile's flags when missing).  Then, for the whole
# picture, the wall time of one `pplbench --check-only corpus/` run,
# start-up included.

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: sh tests/bench/check_speed.sh PPLBENCH [BENCH_CHECK]" >&2
    exit 2
fi
pplbench=$1
bench=${2:-$(dirname "$1")/bench_check}

cd "$(dirname "$0")/../.." || exit 2
LC_ALL=C
export LC_ALL

if [ ! -x "$bench" ]; then
    make -s BUILD="$(dirname "$bench")" "$bench" || exit 2
fi

status=0
for folder in corpus tests/golden; do
    # Skip a folder with no programs rather than time a literal '*.stan'.
    set -- "$folder"/*.stan
    [ -f "$1" ] || { echo "bench check: no programs in $folder/"; continue; }
    echo "== $folder/ ($# programs)"
    "$bench" "$@" || status=1
done

# Wall time of one folder run, when date can print nanoseconds.
start=$(date +%s%N)
case $start in
    *N|'') ;;
    *)
        "$pplbench" --check-only corpus/ >/dev/null 2>&1
        end=$(date +%s%N)
        echo "bench pplbench --check-only corpus/ wall_ms=$(( (end - start) / 1000000 ))" \
             "(one process, start-up included)"
        ;;
esac

echo "stanc3 reference: about 37 ms per model on this machine"
exit $status
