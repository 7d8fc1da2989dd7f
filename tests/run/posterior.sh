#!/bin/sh
# posterior.sh - the bench models (../shared/bench, beside the repository)
# that the C backend compiles: NUTS with 1000 warm-up and 1000 draws, seed
# 1, against reference/NAME.json.  Every parameter's mean must lie within 4
# combined Monte Carlo standard errors, sqrt(mcse^2 + mcse_ref^2), of the
# reference mean (ours from the summary's MCSE column), and its sd within
# 20% of the reference sd (tests/run/postcheck.c).  Prints per model the
# worst z-score and the worst sd ratio.  Models the backend does not compile
# yet are skipped with the reason.  The samplers run concurrently.  Ends
# with "posterior: N passed, N failed, N skipped".
#
#   sh tests/run/posterior.sh BUILD_DIR [NAME ...]
build=${1:-build}
[ $# -gt 0 ] && shift
root=$(cd "$(dirname "$0")/../.." && pwd)
bench="$root/../shared/bench"
if [ ! -d "$bench/models" ]; then
    echo "posterior: skipped: no bench models at $bench/models"
    echo "posterior: 0 passed, 0 failed, 0 skipped"
    exit 0
fi
pplbench="$root/$build/pplbench"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
if [ $# -eq 0 ]; then
    for m in "$bench"/models/*.stan; do
        set -- "$@" "$(basename "$m" .stan)"
    done
fi
# shellcheck disable=SC2046  # pkg-config's flags are words
if ! ${CC:-cc} -std=c11 -O1 -o "$tmp/postcheck" "$root/tests/run/postcheck.c" \
    $(pkg-config --cflags --libs jansson) -lm 2>"$tmp/postcheck.cc"; then
    cat "$tmp/postcheck.cc"
    echo "posterior: 0 passed, 1 failed, 0 skipped"
    exit 1
fi

passed=0; failed=0; skipped=0
# build every model, and start the samplers of those that built
for name in "$@"; do
    if ! "$pplbench" build "$bench/models/$name.stan" -o "$tmp/$name" \
        >"$tmp/$name.build" 2>&1; then
        if grep -q '^Error: the C backend does not compile' "$tmp/$name.build"
        then
            echo "posterior $name: skipped: $(grep -m1 '^Error' "$tmp/$name.build")"
            skipped=$((skipped + 1))
        else
            echo "posterior $name: FAILED: pplbench build failed"
            head -10 "$tmp/$name.build"
            failed=$((failed + 1))
        fi
        continue
    fi
    ( "$tmp/$name" sample num_samples=1000 num_warmup=1000 \
          data file="$bench/data/$name.json" random seed=1 \
          output file="$tmp/$name.csv" refresh=0 \
          >"$tmp/$name.out" 2>"$tmp/$name.err"
      echo $? >"$tmp/$name.rc" ) &
done
wait

for name in "$@"; do
    [ -f "$tmp/$name.rc" ] || continue
    rc=$(cat "$tmp/$name.rc")
    if [ "$rc" -ne 0 ]; then
        echo "posterior $name: FAILED: the sampler exited with $rc"
        tail -5 "$tmp/$name.err"
        failed=$((failed + 1))
        continue
    fi
    if ! "$pplbench" summary --sig-figs=10 "$tmp/$name.csv" \
        >"$tmp/$name.summary" 2>&1; then
        echo "posterior $name: FAILED: pplbench summary failed"
        head -5 "$tmp/$name.summary"
        failed=$((failed + 1))
        continue
    fi
    if "$tmp/postcheck" "$name" "$bench/reference/$name.json" \
        "$tmp/$name.summary"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
    fi
done
echo "posterior: $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
