#!/bin/sh
# prior.sh - `sample context=prior` draws from the prior: for
# tests/context/prior_normal.stan (mu ~ normal(1.5, 2), and its prior
# predictive yrep) and prior_gamma.stan (a constrained sigma ~ gamma(3, 2)),
# 4000 NUTS draws at seed 1, each mean within 4 Monte Carlo standard errors
# of the closed form and each sd within 15% of it.  The same models
# sampled in the joint context must miss (the data sit far from the
# prior), so the check can fail.  Ends with "prior: N passed, N failed".
#
#   sh tests/context/prior.sh BUILD_DIR
build=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
pplbench="$root/$build/pplbench"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0; failed=0
fail() { failed=$((failed + 1)); echo "prior $1: FAILED: $2"; }
# check NAME CONTEXT VARIABLE MEAN SD: 0 when the draws match
check() {
    awk -v v="$3" -v m="$4" -v s="$5" '
        $1 == v { found = 1
                  z = ($2 - m) / $3; r = $4 / s
                  printf "  %s: mean %.4g (expected %g, z %.2f), sd %.4g", v, $2, m, z, $4
                  printf " (expected %g)\n", s
                  ok = (z < 4 && z > -4 && r > 0.85 && r < 1.15) }
        END { exit !(found && ok) }' "$tmp/$1.$2.summary"
}
for name in prior_normal prior_gamma; do
    model="$root/tests/context/$name.stan"
    if ! "$pplbench" build "$model" -o "$tmp/$name" >"$tmp/$name.build" 2>&1; then
        fail "$name" "pplbench build failed"; head -5 "$tmp/$name.build"; continue
    fi
    for ctx in prior joint; do
        if ! "$tmp/$name" sample context=$ctx num_samples=4000 \
            data file="$root/tests/context/$name.data.json" random seed=1 \
            output file="$tmp/$name.$ctx.csv" refresh=0 >"$tmp/$name.out" 2>&1 \
           || ! "$pplbench" summary --sig-figs=10 "$tmp/$name.$ctx.csv" \
                >"$tmp/$name.$ctx.summary" 2>&1; then
            fail "$name" "sampling context=$ctx failed"; tail -5 "$tmp/$name.out"
            continue 2
        fi
    done
    grep -q '^#.*context = prior' "$tmp/$name.prior.csv" \
        || { fail "$name" "the CSV header does not say context = prior"; continue; }
    ok=true
    case $name in
    prior_normal)
        check $name prior mu 1.5 2 || ok=false
        check $name prior yrep 1.5 2.2360680 || ok=false
        check $name joint mu 1.5 2 >/dev/null && ok=false ;;
    prior_gamma)
        check $name prior sigma 1.5 0.8660254 || ok=false
        check $name joint sigma 1.5 0.8660254 >/dev/null && ok=false ;;
    esac
    if $ok; then
        passed=$((passed + 1)); echo "prior $name: ok"
    else
        fail "$name" "the prior draws do not match the prior (or the joint's do)"
    fi
done
echo "prior: $passed passed, $failed failed"
[ $failed -eq 0 ]
