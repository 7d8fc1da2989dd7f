#!/bin/sh
# propcheck.sh - every golden program through each of the passes below
# without an internal error (the MIR verifies after the pass); then every
# pass of constprop, copyprop, exprprop, dce and
# partial-eval on its own, and the levels O1 and Oexperimental, on every
# model of corpus/ and tests/run/models/: the emitted C compiles, and at 8
# seeded points (tests/run/propcheck.c) the program after the pass rejects
# the same points with the same message, and gives the same full log
# density (with and without the Jacobian), gradient, outputs (generated
# quantities under the same RNG seed) and printed text as the O0 program,
# within the pass's tolerance (passes.def).  A pass that leaves the C
# unchanged costs no compile.  Ends with "propcheck: N passed, N failed,
# N skipped" (skipped: the backend does not compile the model at O0).
#
#   sh tests/run/propcheck.sh BUILD_DIR [MODEL.stan ...]
#
# Without models: a fast subset (make test); PROPCHECK_ALL=1 for every
# model of corpus/ and tests/run/models/.
build=${1:-build}
shift
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ $# -eq 0 ] && [ -n "${PROPCHECK_ALL:-}" ]; then
    set -- "$root"/corpus/*.stan
    for m in "$root"/tests/run/models/*.stan; do
        [ -f "$m" ] && set -- "$@" "$m"
    done
elif [ $# -eq 0 ]; then
    # control flow, loops, locals, user functions, GLMs, constrained
    # parameters, complex values: what the passes rewrite most
    for m in control_flow eight_schools_noncentered logistic_glm \
        custom_jacobian garch11 mixture_normal_2 hmm_gaussian ar_k; do
        set -- "$@" "$root/corpus/$m.stan"
    done
    for m in branch_assign elementwise complex_values rng_unread; do
        set -- "$@" "$root/tests/run/models/$m.stan"
    done
fi
pplbench="$root/$build/pplbench"
cc=${CC:-cc}
cflags=$("$pplbench" --print-model-cflags)
libs="$root/$build/libpplrt.a $(pkg-config --libs gsl jansson) -lm"
jobs="constprop copyprop exprprop dce partial-eval O1 Oexperimental"
passed=0; failed=0; skipped=0

# First every golden program (good and bad ones) through each pass on its
# own: the MIR after it verifies (exit 3 is an internal error: the runner
# names the pass whose output fails mir_verify).
for stan in "$root"/tests/golden/*.stan; do
    for pass in constprop copyprop exprprop dce partial-eval; do
        "$pplbench" --passes=$pass --debug-optimized-mir-pretty "$stan" \
            >/dev/null 2>"$tmp/ice.txt"
        if [ $? -eq 3 ]; then
            failed=$((failed + 1))
            echo "propcheck $(basename "$stan") $pass: FAILED: internal error"
            head -3 "$tmp/ice.txt"
        fi
    done
done

# tolerance JOB: the relative tolerance the comparison uses: the pass's
# (pplbench --list-passes; 0 is exact to the bit), a level's the largest
# of its passes'
tolerance() {
    case $1 in
        O1|Oexperimental|partial-eval) echo 1e-8 ;;
        exprprop) echo 1e-12 ;;
        *) echo 0 ;;
    esac
}

# build NAME C EXE: compile the harness around the emitted C
build() {
    # shellcheck disable=SC2086
    $cc $cflags -I"$root/runtime" -DMODEL_C="\"$2\"" \
        "$root/tests/run/propcheck.c" $libs -o "$3" 2>"$tmp/cc.txt"
}

for model in "$@"; do
    name=$(basename "$model" .stan)
    dir=$(dirname "$model")
    data="$dir/$name.data.json"
    [ -f "$data" ] || continue
    if ! "$pplbench" --o="$tmp/O0.c" "$model" >/dev/null 2>&1 ||
        ! build "$name" "$tmp/O0.c" "$tmp/O0"; then
        skipped=$((skipped + 1))
        continue
    fi
    "$tmp/O0" "$data" >"$tmp/O0.txt"
    for job in $jobs; do
        case $job in
            O1|Oexperimental) flag=--$job ;;
            *) flag=--passes=$job ;;
        esac
        if ! "$pplbench" $flag --o="$tmp/job.c" "$model" >"$tmp/emit.txt" 2>&1; then
            failed=$((failed + 1))
            echo "propcheck $name $job: FAILED: no C"
            head -3 "$tmp/emit.txt"
            continue
        fi
        if cmp -s "$tmp/O0.c" "$tmp/job.c"; then
            passed=$((passed + 1))
            continue
        fi
        if ! build "$name" "$tmp/job.c" "$tmp/job"; then
            failed=$((failed + 1))
            echo "propcheck $name $job: FAILED: the C does not compile"
            head -5 "$tmp/cc.txt"
            continue
        fi
        "$tmp/job" "$data" >"$tmp/job.txt"
        if awk -v tol="$(tolerance "$job")" '
            function abs(x) { return x < 0 ? -x : x }
            NR == FNR { ref[FNR] = $0; n = FNR; next }
            {
                m = FNR
                if (!(FNR in ref)) { print "  extra line: " $0; bad = 1; exit }
                split(ref[FNR], r, " ")
                # rejections, prints and non-finite values: the same text
                # (a NaN of either sign)
                x = $4; y = r[4]; sub(/^-nan/, "nan", x); sub(/^-nan/, "nan", y)
                if ($3 ~ /^reject/ || r[3] ~ /^reject/ || $1 != "point" ||
                    x ~ /nan|inf/ || y ~ /nan|inf/) {
                    if ($1 == "point" && $3 !~ /^reject/ && $3 == r[3] &&
                        x == y) next
                    if ($0 != ref[FNR]) {
                        print "  O0: " ref[FNR] "\n  now: " $0; bad = 1; exit
                    }
                    next
                }
                a = r[4] + 0; b = $4 + 0
                s = abs(a) > abs(b) ? abs(a) : abs(b)
                if (s < 1) s = 1
                if ($3 != r[3] || abs(a - b) > tol * s) {
                    print "  O0: " ref[FNR] "\n  now: " $0; bad = 1; exit
                }
            }
            END { if (!bad && m != n) { print "  line count differs"; bad = 1 }
                  exit bad }' "$tmp/O0.txt" "$tmp/job.txt"; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            echo "propcheck $name $job: FAILED: the numbers differ from O0"
        fi
    done
done
echo "propcheck: $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
