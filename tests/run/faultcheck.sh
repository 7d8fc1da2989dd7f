#!/bin/sh
# faultcheck.sh - the deliberately wrong passes (mir/passes/faults.c) must
# be caught: each, on a model where it applies, must make
# tests/run/passcheck.sh fail with "differs from O0".  A checker that
# cannot fail proves nothing.  Ends with "faultcheck: N caught, N missed".
#
#   sh tests/run/faultcheck.sh BUILD_DIR
build=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
caught=0; missed=0
while read -r pass model; do
    out=$(PPLBENCH_TEST_PASSES=1 sh "$root/tests/run/passcheck.sh" "$build" \
        "$pass" "$root/$model" 2>&1)
    status=$?
    if [ $status -ne 0 ] && echo "$out" | grep -q "FAILED: differs from O0"; then
        caught=$((caught + 1))
        echo "faultcheck $pass on $model: caught"
    else
        missed=$((missed + 1))
        echo "faultcheck $pass on $model: MISSED (passcheck exit $status)"
        echo "$out" | head -5
    fi
done <<'LIST'
fault-drop-target corpus/eight_schools_centered.stan
fault-plus-minus corpus/ar1.stan
fault-drop-print tests/run/models/print_in_function.stan
fault-both-arms corpus/control_flow.stan
fault-both-arms corpus/changepoint_counts.stan
LIST
echo "faultcheck: $caught caught, $missed missed"
[ $missed -eq 0 ]
