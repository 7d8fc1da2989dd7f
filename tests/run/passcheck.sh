#!/bin/sh
# passcheck.sh - each of the passes PASSES on its own, on every corpus
# model and every model of tests/run/models/: the optimized program must
# emit, compile without warnings, and print the same log density (with and
# without the Jacobian, with and without constants), gradient, rejections
# and outputs (fixed RNG seed) at 8 seeded points as the O0 program
# (tests/run/passcheck.c), within the pass's tolerance (--list-passes:
# exact passes are compared to 1e-12 relative, the compiled C being free
# to reassociate).  A pass that leaves the C unchanged costs no compile.
# Printed output is compared too (transformed data's prints).
# Ends with "passcheck: N passed (N compiled and run), N failed".
#
#   sh tests/run/passcheck.sh BUILD_DIR PASS[,PASS...] [MODEL.stan ...]
#
# A job A+B applies A then B (a composition, as the validator's jobs).
build=${1:-build}
passes=${2:?usage: passcheck.sh BUILD_DIR PASSES [MODEL.stan ...]}
shift 2
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$root/$build/pplbench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ $# -eq 0 ]; then
    set -- "$root"/corpus/*.stan "$root"/tests/run/models/*.stan
fi
cc=${CC:-cc}
cflags=$("$bin" --print-model-cflags)
libs=$(pkg-config --libs gsl jansson)
passed=0; failed=0; compared=0

# compile C OUT: the harness for the emitted C file
compile() {
    $cc -std=c11 $cflags -g -Wall -Werror -I"$root/runtime" \
        -DMODEL_C="\"$1\"" "$root/tests/run/passcheck.c" \
        "$root/$build/libpplrt.a" $libs -lm -o "$2" 2>"$2.cc"
}

# compare A B TOL: every line's number within TOL relative (absolute
# below 1), the same lines rejected
compare() {
    awk -v tol="$3" '
        NR == FNR { want[$1] = $2; order[n++] = $1; next }
        { got[$1] = $2; if (!($1 in want)) { print "  extra " $0; bad = 1 } }
        END {
            for (i = 0; i < n; i++) {
                k = order[i]
                if (!(k in got)) { print "  missing " k; bad = 1; continue }
                a = want[k]; b = got[k]
                if (a == b) continue
                if (a == "rejected" || b == "rejected" || a ~ /nan/ || b ~ /nan/) {
                    print "  " k ": " a " at O0, " b " after"; bad = 1; continue
                }
                d = a - b; if (d < 0) d = -d
                s = a < 0 ? -a : a; if (s < 1) s = 1
                if (d / s > tol) { print "  " k ": " a " at O0, " b " after"; bad = 1 }
            }
            exit bad
        }' "$1" "$2"
}

for model in "$@"; do
    name=$(basename "$model" .stan)
    data=$(dirname "$model")/$name.data.json
    [ -f "$data" ] || continue
    "$bin" --o="$tmp/$name.O0.c" "$model" >/dev/null 2>&1 || continue
    o0=
    for pass in $(echo "$passes" | tr , ' '); do
        tol=1e-12
        case $pass in *vectorize-loops*) tol=1e-8 ;; esac
        c=$tmp/$name.$pass.c
        if ! "$bin" --passes="$(echo "$pass" | tr + ,)" --o="$c" "$model" \
            >"$tmp/emit" 2>&1; then
            failed=$((failed + 1))
            echo "passcheck $name $pass: FAILED: does not emit C"
            head -3 "$tmp/emit"
            continue
        fi
        if cmp -s "$c" "$tmp/$name.O0.c"; then
            passed=$((passed + 1))
            continue
        fi
        if [ -z "$o0" ]; then
            o0=$tmp/$name.O0
            if ! compile "$tmp/$name.O0.c" "$o0"; then
                echo "passcheck $name: O0 does not compile (not this pass's fault)"
                break
            fi
            "$o0" "$data" >"$o0.out" 2>"$o0.err"
        fi
        if ! compile "$c" "$tmp/$name.$pass"; then
            failed=$((failed + 1))
            echo "passcheck $name $pass: FAILED: the emitted C does not compile"
            head -5 "$tmp/$name.$pass.cc"
            continue
        fi
        compared=$((compared + 1))
        "$tmp/$name.$pass" "$data" >"$tmp/$name.$pass.out" 2>"$tmp/$name.$pass.err"
        if compare "$o0.out" "$tmp/$name.$pass.out" "$tol" >"$tmp/diff" \
            && cmp -s "$o0.err" "$tmp/$name.$pass.err"; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            echo "passcheck $name $pass: FAILED: differs from O0"
            head -5 "$tmp/diff"
            diff "$o0.err" "$tmp/$name.$pass.err" | head -5
        fi
    done
done
echo "passcheck: $passed passed ($compared compiled and run), $failed failed"
[ $failed -eq 0 ]
