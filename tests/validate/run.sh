#!/bin/sh
# run.sh - the validator end to end (make test):
#   sh tests/validate/run.sh build/pplbench
# 1. every pass and both levels over a fast subset of corpus/: no failure,
#    no error; the report (BUILD/report.xml) validates against
#    tests/report.xsd; the dumps are where --help says; the same over
#    every model of tests/run/models/ (BUILD/report-run-models.xml); every
#    golden program through each pass and level without an internal error;
# 2. the shards of a run merged equal the unsharded run (apart from times);
# 3. each deliberately wrong pass (test-only, PPLBENCH_TEST_PASSES=1) fails
#    with a message naming the model, the pass, the point and the first
#    differing quantity, exit 3;
# 4. usage errors exit 2.
set -u
root=$(pwd)
case $1 in
/*) PPL=$1 ;;
*) PPL=$root/$1 ;;
esac
# the reports go beside the binary: build/report.xml (make test), or
# build-asan/report.xml (make asan)
out=$(dirname "$PPL")
work=$(mktemp -d "${TMPDIR:-/tmp}/pplbench-validate.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { echo "validate FAIL: $*"; failed=$((failed + 1)); }

subset="eight_schools_noncentered control_flow effects_in_functions
ternary_reject effectful_loop_bound name_two_scopes heavy_inline
udf_showcase local_level_kalman logistic_glm"
mkdir "$work/sub"
for m in $subset; do
    cp "$root/corpus/$m.stan" "$root/corpus/$m.data.json" "$work/sub/"
done

# ---- 1. every pass and both levels on the subset
"$PPL" "$work/sub" -j 2 --out="$work/out" --report="$out/report.xml" \
    >"$work/run.out" 2>&1
rc=$?
if [ $rc -eq 0 ]; then ok; else
    bad "every pass and level on the subset: exit $rc"
    grep -E "failed|errors|FAIL" "$work/run.out" | grep -v " 0 failed, 0 errors" \
        | head -20
    grep -o 'message="[^"]*"' "$out/report.xml" | head -10
fi
if xmllint --noout --schema "$root/tests/report.xsd" "$out/report.xml" \
    2>"$work/xsd.out"; then ok; else
    bad "the report does not validate against tests/report.xsd"
    cat "$work/xsd.out"
fi
if grep -q '<failure\|<error' "$out/report.xml"; then
    bad "build/report.xml has a failure or an error"
else ok; fi
for f in O1/before.mir O1/after.mir O1/diff.txt Oexperimental/after.mir; do
    if [ -f "$work/out/control_flow/$f" ]; then ok; else
        bad "no dump out/control_flow/$f"
    fi
done
jobs=$("$PPL" --list-passes | grep -vc '^--')
cases=$(grep -c '<testcase ' "$out/report.xml")
want=$(( ((jobs + 2) * 7 + 1) * $(echo $subset | wc -w) ))
if [ "$cases" -eq "$want" ]; then ok; else
    bad "the report has $cases testcases, expected $want" \
        "($jobs passes + 2 levels, 7 checks, and O0:interp, each model)"
fi
# the third opinion: the interpreter ran (not skipped) on every model
interp_cases=$(grep -c 'name="O0:interp"' "$out/report.xml")
skipped=$(grep -A1 'name="O0:interp"' "$out/report.xml" | grep -c '<skipped')
if [ "$interp_cases" -eq "$(echo $subset | wc -w)" ] && [ "$skipped" -eq 0 ]; then ok; else
    bad "O0:interp: $interp_cases testcases, $skipped skipped"
fi

# ---- every pass and both levels on the models of tests/run/models/ (the
# backend's corners: exits, tuples, complex values, ODEs, linear algebra)
"$PPL" "$root/tests/run/models" -j 2 --out="$work/o_run" \
    --report="$out/report-run-models.xml" >"$work/runm.out" 2>&1
rc=$?
if [ $rc -eq 0 ]; then ok; else
    bad "every pass and level on tests/run/models: exit $rc"
    grep -A1 " [1-9][0-9]* failed\| [1-9][0-9]* errors" "$work/runm.out" \
        | head -20
fi

# ---- every golden program (good and bad) through each pass and both
# levels: the MIR after each pass verifies (exit 3 is an internal error,
# naming the pass whose output fails mir_verify)
jobs_list=$("$PPL" --list-passes | grep -v '^--' | awk '{print $1}')
ices=0
for stan in "$root"/tests/golden/*.stan; do
    for j in $jobs_list --O1 --Oexperimental; do
        case $j in --*) opt=$j ;; *) opt=--passes=$j ;; esac
        (cd "$root/tests/golden" && "$PPL" "$opt" --debug-optimized-mir-pretty \
            "$(basename "$stan")") >/dev/null 2>"$work/ice.txt"
        if [ $? -eq 3 ]; then
            ices=$((ices + 1))
            [ $ices -le 5 ] && { echo "  $(basename "$stan") $opt:";
                                 head -3 "$work/ice.txt"; }
        fi
    done
done
if [ $ices -eq 0 ]; then ok; else
    bad "$ices internal errors running the golden programs through the passes"
fi

# ---- 2. shards merged equal the unsharded run
norm() {
    sed -e 's/ time="[^"]*"//g' -e 's/ timestamp="[^"]*"//g' "$1" \
        | grep -v '<property name="shard"\|<property name="speed'
}
"$PPL" "$work/sub" --levels=O1 --out="$work/o_all" --report="$work/all.xml" \
    >/dev/null 2>&1
for k in 1 2 3; do
    "$PPL" "$work/sub" --levels=O1 --shard=$k/3 --out="$work/o_s$k" \
        --report="$work/s$k.xml" >/dev/null 2>&1
done
"$PPL" merge "$work/s3.xml" "$work/s1.xml" "$work/s2.xml" -o "$work/merged.xml" \
    >/dev/null 2>&1
if norm "$work/all.xml" >"$work/a.n" && norm "$work/merged.xml" >"$work/m.n" \
    && cmp -s "$work/a.n" "$work/m.n"; then ok; else
    bad "the merged shards differ from the unsharded report"
    diff "$work/a.n" "$work/m.n" | head -20
fi

# ---- 3. fault injection: each wrong pass is caught
fault() {   # fault PASS MODEL WHERE WHAT: the first failure names them
    d="$work/f_$1"
    mkdir -p "$d/in"
    cp "$root/corpus/$2.stan" "$root/corpus/$2.data.json" "$d/in/"
    PPLBENCH_TEST_PASSES=1 "$PPL" "$d/in" --passes="$1" --out="$d/out" \
        --report="$d/r.xml" >"$d/run.out" 2>&1
    rc=$?
    if [ $rc -ne 3 ]; then
        bad "fault $1 on $2: exit $rc, expected 3"
        tail -5 "$d/run.out"
        return
    fi
    msg=$(grep -o '<failure message="[^"]*"' "$d/r.xml" | head -1)
    case $msg in
    *"$2, job $1: $3"*"$4"*) ok ;;
    *) bad "fault $1 on $2: the first failure does not name the model, the pass, $3 and $4: $msg" ;;
    esac
}
fault fault-drop-target eight_schools_noncentered "point " "log density"
fault fault-plus-minus ar1 "point " "log density"
fault fault-drop-print effects_in_functions "point " "printed output differs"
fault fault-both-arms ternary_reject "" "transformed data failed in the candidate only"
# the same joint density, a likelihood factor made a prior one: only the
# prior context (the log_density_prior check) sees it
fault fault-swap-normal eight_schools_noncentered "point " "prior log density"

# ---- a model without data gets generated data
mkdir "$work/nodata"
cp "$root/corpus/ar1.stan" "$work/nodata/"
"$PPL" "$work/nodata" --levels=O1 --out="$work/o_nd" >/dev/null 2>&1
rc=$?
if [ $rc -eq 0 ] && [ -s "$work/o_nd/ar1/generated.data.json" ] \
    && grep -q '<property name="data" value="generated' "$work/o_nd/report.xml"
then ok; else
    bad "a model without data: exit $rc, or no generated data in the report"
fi

# ---- 4. usage
"$PPL" "$work/sub" --passes=no-such-pass --out="$work/u" >/dev/null 2>&1
if [ $? -eq 2 ]; then ok; else bad "an unknown pass is not a usage error"; fi
"$PPL" "$work/sub" --passes=fault-drop-target --out="$work/u" >/dev/null 2>&1
if [ $? -eq 2 ]; then ok; else
    bad "a test-only pass ran without PPLBENCH_TEST_PASSES=1"
fi
"$PPL" "$work/sub" --shard=3/2 --out="$work/u" >/dev/null 2>&1
if [ $? -eq 2 ]; then ok; else bad "--shard=3/2 is not a usage error"; fi

echo "validate: $passed passed, $failed failed"
[ $failed -eq 0 ]
