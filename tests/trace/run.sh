#!/bin/sh
# run.sh - tests of the MIR interpreter and `pplbench trace`:
#
#   golden   tests/trace/golden/NAME.stan with its data NAME.data.json
#            (optional), its arguments NAME.args (optional: the rest of
#            the command line, e.g. "--seed 3 --levels 2") and the
#            expected transcript NAME.out (stdout, stderr, "[exit N]")
#   sampler  for every corpus model the interpreter supports, the log
#            density (with the Jacobian) at the probe's seeded points
#            equals the O0 sampler's (its probe method, runtime/probe.c),
#            and a point the sampler rejects the interpreter rejects; at
#            generated constrained values (--debug-generate-inits, read by
#            --params through transform_inits) it equals the sampler's
#            log_prob method (to the CSV's 6 significant digits); the
#            models it does not support yet are listed (the list must
#            shrink over time)
#   gradient at the same seeded points, the gradient by the trace's
#            backward pass (`trace --gradient`) equals the probe's (the
#            O0 sampler's reverse mode), every component: |a - b| <=
#            1e-7 (1 + |b|) when every primitive had a closed-form
#            rule, 1e-5 (1 + |b|) when some were differentiated
#            numerically (five-point differences: about 1e-8 relative,
#            less where a primitive is badly conditioned); a
#            disagreement names the model, the point, the first
#            differing component and the node that read it
#
# Ends with "trace: N passed, N failed".
#
#   sh tests/trace/run.sh BUILD_DIR [--update]
#
# TRACE_MODELS="a.stan b.stan" compares those models (each with its
# NAME.data.json) instead of the corpus.
build=${1:-build}
update=$2
LC_ALL=C.UTF-8
export LC_ALL
root=$(cd "$(dirname "$0")/../.." && pwd)
pplbench="$root/$build/pplbench"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
passed=0; failed=0
SEED=20261124
POINTS=4

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "trace $1: FAILED: $2"; }

# ---- golden traces ----
cd "$root/tests/trace/golden" || exit 1
for stan in *.stan; do
    name=${stan%.stan}
    set --
    [ -f "$name.data.json" ] && set -- --data "$name.data.json"
    args=""
    [ -f "$name.args" ] && args=$(cat "$name.args")
    # shellcheck disable=SC2086
    "$pplbench" trace "$stan" "$@" $args >"$tmp/out" 2>"$tmp/err"
    rc=$?
    { cat "$tmp/out" "$tmp/err"; echo "[exit $rc]"; } >"$tmp/got"
    if [ "$update" = --update ]; then
        cp "$tmp/got" "$name.out"
        pass
    elif cmp -s "$tmp/got" "$name.out"; then
        pass
    else
        fail "golden $name" "the transcript differs:"
        diff -u "$name.out" "$tmp/got" | head -30
    fi
done

# ---- the interpreter against the O0 sampler ----
# The log_density_jacobian values of a probe file, one per line ("null"
# for a rejected point), from probe.c's layout (one member per line).
probe_values() {
    awk '/"log_density_jacobian": \{/ { want = 1; next }
         want && /"value":/ { v = $2; sub(/,$/, "", v); print v; want = 0 }' "$1"
}

# The gradients of a probe file, one line per point (its components
# separated by spaces; "null" for a rejected point).
probe_gradients() {
    awk '/"log_density_jacobian": \{/ { want = 1; next }
         want && /"gradient": null/ { print "null"; want = 0; next }
         want && /"gradient": \[/ { g = ""; inside = 1; next }
         inside && /\]/ { print g; inside = 0; want = 0; next }
         inside { v = $1; sub(/,$/, "", v); g = g (g == "" ? "" : " ") v }' "$1"
}

# The first component of the trace's gradient (FILE) that differs from
# WANT (space-separated) beyond the tolerance: "k got want node", or
# nothing when all agree.
first_gradient_difference() {
    awk -v want="$2" '
        /^numeric derivatives/ { numeric = 1 }
        /^  u\[[0-9]+\] = / {
            k = $1; sub(/^u\[/, "", k); sub(/\]$/, "", k)
            got[k] = $3; node[k] = $NF; sub(/\)$/, "", node[k]); n++ }
        END {
            m = split(want, w, " ")
            if (m != n) { print "size " n " " m " -"; exit }
            tol = numeric ? 1e-5 : 1e-7
            for (k = 0; k < n; k++) {
                d = got[k] - w[k + 1]; if (d < 0) d = -d
                b = w[k + 1]; if (b < 0) b = -b
                if (!(d <= tol * (1 + b))) {
                    print k " " got[k] " " w[k + 1] " " node[k]; exit
                }
            }
        }' "$1"
}

# |a - b| <= TOL (1 + |b|), both numbers (TOL: 1e-8 unless given)
close_enough() {
    awk -v a="$1" -v b="$2" -v tol="${3:-1e-8}" 'BEGIN {
        d = a - b; if (d < 0) d = -d; m = b < 0 ? -b : b
        exit !(d <= tol * (1 + m)) }'
}

unsupported=""
cd "$tmp" || exit 1
for stan in ${TRACE_MODELS:-"$root"/corpus/*.stan}; do
    name=$(basename "$stan" .stan)
    data="${stan%.stan}.data.json"
    "$pplbench" trace "$stan" --data "$data" --seed $SEED >/dev/null \
        2>"$name.err"
    if grep -q "does not support" "$name.err"; then
        unsupported="$unsupported $name"
        continue
    fi
    if ! "$pplbench" build "$stan" -o "$name" >"$name.build" 2>&1; then
        fail "sampler $name" "pplbench build failed"
        continue
    fi
    if ! "./$name" probe points=$POINTS random seed=$SEED data file="$data" \
        output file="$name.probe.json" >/dev/null 2>&1; then
        fail "sampler $name" "the probe method failed"
        continue
    fi
    k=0
    ok=1
    probe_gradients "$name.probe.json" >"$name.grads"
    for want in $(probe_values "$name.probe.json"); do
        "$pplbench" trace "$stan" --data "$data" --seed $SEED --point $k \
            --gradient >"$name.trace" 2>"$name.err"
        got=$(sed -n 's/^log density = //p' "$name.trace")
        wantg=$(sed -n "$((k + 1))p" "$name.grads")
        if [ -n "$got" ] && [ "$want" != null ]; then
            if grep -q '^gradient: not computed' "$name.trace"; then
                fail "gradient $name" "point $k: $(grep '^gradient:' \
                    "$name.trace")"
                ok=0
            else
                diffg=$(first_gradient_difference "$name.trace" "$wantg")
                if [ -n "$diffg" ]; then
                    set -- $diffg
                    fail "gradient $name" "point $k: component $1 (read by "`
                        `"$4): the trace's backward pass gives $2, the "`
                        `"sampler $3"
                    ok=0
                fi
            fi
        fi
        if [ "$want" = null ]; then
            if [ -n "$got" ]; then
                fail "sampler $name" "point $k: the sampler rejects, the "`
                    `"interpreter gives $got"
                ok=0
            fi
        elif [ -z "$got" ]; then
            fail "sampler $name" "point $k: the interpreter fails: "`
                `"$(tail -1 "$name.err")"
            ok=0
        elif ! close_enough "$got" "$want"; then
            fail "sampler $name" "point $k: the interpreter gives $got, the "`
                `"sampler $want"
            ok=0
        fi
        k=$((k + 1))
    done
    # constrained values through transform_inits, against log_prob
    if "$pplbench" "$stan" --debug-generate-inits --debug-data-file="$data" \
        --o="$name.inits.json" >/dev/null 2>&1; then
        "./$name" log_prob constrained_params="$name.inits.json" jacobian=1 \
            data file="$data" output file="$name.lp.csv" >/dev/null 2>&1
        want=$(grep -v '^#' "$name.lp.csv" 2>/dev/null | sed -n 2p | cut -d, -f1)
        got=$("$pplbench" trace "$stan" --data "$data" \
              --params "$name.inits.json" 2>"$name.err" |
              sed -n 's/^log density = //p')
        if [ -z "$want" ] || [ -z "$got" ]; then
            fail "inits $name" "no value: sampler '$want', interpreter "`
                `"'$got' $(tail -1 "$name.err")"
            ok=0
        elif ! close_enough "$got" "$want" 1e-5; then
            fail "inits $name" "the interpreter gives $got, the sampler's "`
                `"log_prob $want"
            ok=0
        fi
    fi
    [ $ok = 1 ] && pass
done
echo "trace: models the interpreter does not support yet:${unsupported:- none}"
echo "trace: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
