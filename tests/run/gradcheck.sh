#!/bin/sh
# gradcheck.sh - every model of corpus/, tests/run/models/ and the bench
# models that the C backend compiles: gradient against finite differences
# at 8 seeded points (tests/run/gradcheck.c).  The emitted C is compiled
# with -O2 -Wall -Werror: it must compile without warnings.  Models the
# backend does not compile yet are listed as skipped with the reason.
# Ends with the closing line "gradcheck: N passed, N failed, N skipped".
#
#   sh tests/run/gradcheck.sh BUILD_DIR [MODEL.stan ...]
build=${1:-build}
shift
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ $# -eq 0 ]; then
    set -- "$root"/corpus/*.stan
    # models that exercise library functions the corpus does not use
    for m in "$root"/tests/run/models/*.stan; do
        [ -f "$m" ] && set -- "$@" "$m"
    done
    [ -d "$root/../shared/bench/models" ] && set -- "$@" "$root"/../shared/bench/models/*.stan
fi
cc=${CC:-cc}
san=""
case "$build" in *asan*) san="-fsanitize=address,undefined";; esac
passed=0; failed=0; skipped=0
# A model with a line "// gradcheck: must compile" fails, rather than
# being skipped, when the backend refuses it (a test of a construct the
# backend once refused).
# A model with a line "// gradcheck: also FLAGS" (e.g. --passes=partial-eval)
# is checked once more as "pplbench FLAGS" emits it: the forms a pass
# produces, which the program as written does not use (entry MODEL::FLAGS).
n=$#
for model in "$@"; do
    set -- "$@" "$model"
    for f in $(sed -n 's|^// gradcheck: also ||p' "$model"); do
        set -- "$@" "$model::$f"
    done
done
shift "$n"
for entry in "$@"; do
    model=${entry%%::*}
    flags=
    case $entry in *::*) flags=${entry#*::} ;; esac
    name=$(basename "$model" .stan)
    dir=$(dirname "$model")
    data="$dir/$name.data.json"
    [ -f "$data" ] || data="$dir/../data/$name.json"
    if [ -n "$flags" ]; then
        name="${name}_$(printf %s "$flags" | tr -c 'a-zA-Z0-9' _)"
        echo "gradcheck $name: the model as pplbench $flags emits it:"
    fi
    # shellcheck disable=SC2086
    if ! "$root/$build/pplbench" $flags --o="$tmp/$name.c" "$model" >"$tmp/$name.emit" 2>&1; then
        if grep -q '^Error: the C backend does not compile' "$tmp/$name.emit" \
            && ! grep -q '^// gradcheck: must compile' "$model"; then
            skipped=$((skipped + 1))
            echo "gradcheck $name: skipped: $(grep -m1 '^Error' "$tmp/$name.emit")"
        else
            failed=$((failed + 1))
            echo "gradcheck $name: FAILED: pplbench does not emit C"
            head -5 "$tmp/$name.emit"
        fi
        continue
    fi
    if ! $cc -std=c11 -O2 -g -Wall -Werror $san -I"$root/runtime" -DMODEL_C="\"$tmp/$name.c\"" \
        "$root/tests/run/gradcheck.c" "$root/$build/libpplrt.a" \
        $(pkg-config --libs gsl jansson) -lm -o "$tmp/$name" 2>"$tmp/$name.cc"; then
        failed=$((failed + 1))
        echo "gradcheck $name: FAILED: the emitted C does not compile"
        head -5 "$tmp/$name.cc"
        continue
    fi
    # a default-tolerance ODE solve is accurate to about 1e-6 per step,
    # which the steps add up and the density can amplify (1 / sigma^2):
    # the sensitivities and the differences of the solution agree to about
    # 1e-4 there (tests/run/models/ode_sens.stan checks the same code at
    # 1e-6 with tolerances of 1e-10)
    tol=1e-6
    if grep -q 'ode_[a-z0-9]*(' "$model" && ! grep -q 'ode_[a-z0-9]*_tol(' "$model"; then
        tol=1e-3
        echo "gradcheck $name: tolerance $tol (ODE solver at its default 1e-6)"
    fi
    # a model may state its own: "// gradcheck: tolerance T"
    own=$(sed -n 's|^// gradcheck: tolerance \([0-9.e+-]*\)$|\1|p' "$model")
    if [ -n "$own" ]; then
        tol=$own
        echo "gradcheck $name: tolerance $tol (the model's)"
    fi
    zero=
    grep -q '^// gradcheck: the log density is zero' "$model" && zero=zero
    "$tmp/$name" "$data" "$tol" $zero
    case $? in
        0) passed=$((passed + 1)) ;;
        77) failed=$((failed + 1))
            echo "gradcheck $name: FAILED: no finite log density at any point" ;;
        *) failed=$((failed + 1)) ;;
    esac
done
echo "gradcheck: $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
