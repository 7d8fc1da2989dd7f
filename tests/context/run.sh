#!/bin/sh
# run.sh - the contexts of the log density (issue 9): for every corpus
# model (corpus/NAME.stan with NAME.data.json) and this folder's models,
# at --O0 and at --O1 (where vectorize-loops and partial-eval have
# rewritten the factors), prior +
# likelihood = joint in value and gradient, with and without the Jacobian,
# at 8 seeded points (tests/context/check.c); then the classification
# goldens (tests/context/golden/NAME.stan: the factors' contexts in the
# --factor-graph JSON must be NAME.ctx) and the prior-only posteriors
# (tests/context/prior.sh).  Ends with "context: N passed, N failed,
# N skipped".
#
#   sh tests/context/run.sh BUILD_DIR [MODEL.stan ...]
build=${1:-build}
shift
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ $# -eq 0 ] && set -- "$root"/corpus/*.stan "$root"/tests/context/*.stan \
    "$root"/tests/context/golden/*.stan
cc=${CC:-cc}
# the sanitizer build's libpplrt needs the sanitizers' run-time libraries
san=""
case "$build" in *asan*) san="-fsanitize=address,undefined";; esac
passed=0; failed=0; skipped=0
fail() { failed=$((failed + 1)); echo "context $1: FAILED: $2"; }
for model in "$@"; do
    name=$(basename "$model" .stan)
    data="$(dirname "$model")/$name.data.json"
    for level in O0 O1; do
        c="$tmp/$name.$level.c"
        if ! "$root/$build/pplbench" --$level --o="$c" "$model" >"$tmp/emit" 2>&1; then
            if grep -q '^Error: the C backend does not compile' "$tmp/emit"; then
                skipped=$((skipped + 1))
                echo "context $name $level: skipped: $(grep -m1 '^Error' "$tmp/emit")"
            else
                fail "$name $level" "pplbench does not emit C"
                head -5 "$tmp/emit"
            fi
            continue
        fi
        # the same C as at O0: nothing new to check
        [ $level = O1 ] && cmp -s "$c" "$tmp/$name.O0.c" && continue
        if ! $cc -std=c11 -O2 -g -Wall -Werror $san -I"$root/runtime" \
            -DMODEL_C="\"$c\"" \
            "$root/tests/context/check.c" "$root/$build/libpplrt.a" \
            $(pkg-config --libs gsl jansson) -lm -o "$tmp/check" 2>"$tmp/cc"; then
            fail "$name $level" "the emitted C does not compile"
            head -5 "$tmp/cc"
            continue
        fi
        "$tmp/check" "$data" >"$tmp/out" 2>&1
        rc=$?
        case $rc in
        0) passed=$((passed + 1)); echo "$(tail -1 "$tmp/out") $level" ;;
        77) skipped=$((skipped + 1)); echo "context $name $level: skipped: no finite point" ;;
        *) fail "$name $level" "exit $rc"; cat "$tmp/out" ;;
        esac
    done
done
# ---- classification goldens: the context of every factor ----
for model in "$root"/tests/context/golden/*.stan; do
    name=$(basename "$model" .stan)
    if ! "$root/$build/pplbench" --factor-graph="$tmp/$name.json" "$model" \
        >"$tmp/emit" 2>&1; then
        fail "golden $name" "pplbench failed"; head -5 "$tmp/emit"; continue
    fi
    python3 - "$tmp/$name.json" >"$tmp/$name.ctx" <<'PY'
import json, sys
g = json.load(open(sys.argv[1]))
for f in g["factors"]:
    print("%s %s line %d: %s" % (f["context"], f["kind"], f["line"], f["label"]))
PY
    if cmp -s "$tmp/$name.ctx" "${model%.stan}.ctx"; then
        passed=$((passed + 1)); echo "context golden $name: ok"
    else
        fail "golden $name" "the contexts differ:"
        diff "${model%.stan}.ctx" "$tmp/$name.ctx" | head -20
    fi
done
sh "$root/tests/context/prior.sh" "$build" || failed=$((failed + 1))
echo "context: $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
