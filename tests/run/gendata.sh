#!/bin/sh
# gendata.sh - generated data and initial values (pplbench
# --debug-generate-data, --debug-generate-inits) are accepted by the
# samplers, on every model of corpus/, the bench models and
# tests/run/gendata/ (every shape and constraint a declaration can have):
#   accepted     for seeds 1, 2, 3: the sampler reads the generated data
#                (no size or constraint rejection in reading the data or
#                running transformed data) and the generated inits
#                (`log_prob constrained_params=INITS`: unconstrained
#                without a rejection) and computes the log density; with
#                seed 1 it also samples from `init=INITS`.  A corpus model
#                whose log density rejects the random data (data that no
#                declaration constrains, such as binomial successes above
#                their trials, or a design matrix that transformed data
#                cannot invert) passes with the model's message shown; a
#                model of tests/run/gendata/ must compute its density.
#   real data    inits generated for the model's own NAME.data.json
#                (--debug-data-file) are accepted with that data;
#   seeded       the same seed gives the same bytes, another seed other
#                data; --o=FILE writes what stdout shows.
# Models the C backend does not compile are skipped with the reason.
# Ends with "gendata: N passed, N failed, N skipped".
#
#   sh tests/run/gendata.sh BUILD_DIR [MODEL.stan ...]
build=${1:-build}
[ $# -gt 0 ] && shift
LC_ALL=C
export LC_ALL
root=$(cd "$(dirname "$0")/../.." && pwd)
pplbench="$root/$build/pplbench"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
if [ $# -eq 0 ]; then
    set -- "$root"/corpus/*.stan
    [ -d "$root/../shared/bench/models" ] &&
        set -- "$@" "$root"/../shared/bench/models/*.stan
    set -- "$@" "$root"/tests/run/gendata/*.stan
fi
# the models by absolute path: the runs happen in $tmp
for m in "$@"; do
    case $m in /*) ;; *) m="$(pwd)/$m" ;; esac
    set -- "$@" "$m"
    shift
done
cd "$tmp" || exit 1
passed=0; failed=0; skipped=0

pass() { passed=$((passed + 1)); echo "gendata $1: ok${2:+ ($2)}"; }
fail() { failed=$((failed + 1)); echo "gendata $1: FAILED: $2"; }

# check_run NAME STRICT WHAT STDERR RC: a sampler run's verdict; 0 when
# it passes.  A density that rejects the data is accepted unless STRICT.
note=
check_run() {
    note=
    [ "$5" -eq 0 ] && return 0
    if [ "$2" -eq 0 ] && grep -q '^Error during log_prob calculation' "$4"
    then
        note="the model's density rejects the random data: $(sed -n 2p "$4")"
        return 0
    fi
    # a library function of transformed data ("inverse: m is singular"),
    # not a data check ("y[2] is -1, but must be ...", "variable y: ...")
    if [ "$2" -eq 0 ] && grep -q '^Error in the data or transformed data' "$4" &&
        sed -n 2p "$4" | grep -q '^[a-z][a-z0-9_]*: '; then
        note="the model's transformed data rejects the random data: $(sed -n 2p "$4")"
        return 0
    fi
    fail "$1" "$3 exits $5: $(head -3 "$4" | tr '\n' ' ')"
    return 1
}

for model in "$@"; do
    name=$(basename "$model" .stan)
    strict=0
    case $model in */tests/run/gendata/*) strict=1 ;; esac
    if ! "$pplbench" build "$model" -o "./$name" >"$name.build" 2>&1; then
        if grep -q '^Error: the C backend does not compile' "$name.build"
        then
            skipped=$((skipped + 1))
            echo "gendata $name: skipped: $(grep -m1 '^Error' "$name.build")"
        else
            fail "$name" "pplbench build failed: $(head -3 "$name.build")"
        fi
        continue
    fi
    ok=1
    for seed in 1 2 3; do
        d=$name.$seed.data.json
        i=$name.$seed.init.json
        if ! "$pplbench" --debug-generate-data --seed=$seed "$model" \
                >"$d" 2>"$name.err"; then
            fail "$name" "seed $seed: no data: $(cat "$name.err")"
            ok=0; break
        fi
        if ! "$pplbench" --debug-generate-inits --seed=$seed "$model" \
                >"$i" 2>"$name.err"; then
            fail "$name" "seed $seed: no inits: $(cat "$name.err")"
            ok=0; break
        fi
        "./$name" log_prob constrained_params="$i" data file="$d" \
            output file="$name.lp.csv" >/dev/null 2>"$name.err"
        check_run "$name" $strict "seed $seed: log_prob" "$name.err" $? ||
            { ok=0; break; }
        [ -n "$note" ] && break
        if [ $seed -eq 1 ]; then
            "./$name" sample num_warmup=10 num_samples=10 init="$i" \
                data file="$d" random seed=1 output file="$name.csv" \
                refresh=0 >"$name.out" 2>"$name.err"
            check_run "$name" 1 "seed 1: sample init=FILE" "$name.err" $? ||
                { ok=0; break; }
        fi
    done
    [ $ok -eq 1 ] && pass "$name" "$note"
    # inits for the model's own data
    real="$(dirname "$model")/$name.data.json"
    [ -f "$real" ] || real="$(dirname "$model")/../data/$name.json"
    [ -f "$real" ] || continue
    if ! "$pplbench" --debug-generate-inits --debug-data-file="$real" \
            "$model" >"$name.real.init.json" 2>"$name.err"; then
        fail "$name/real-data" "no inits: $(cat "$name.err")"
        continue
    fi
    "./$name" log_prob constrained_params="$name.real.init.json" \
        data file="$real" output file="$name.lp.csv" >/dev/null \
        2>"$name.err"
    check_run "$name/real-data" 0 "log_prob" "$name.err" $? &&
        pass "$name/real-data" "$note"
done

# ------------------------------------------------------------- seeded
model="$root/tests/run/gendata/data_types.stan"
if [ -f "$model" ]; then
    "$pplbench" --debug-generate-data --seed=7 "$model" >a.json 2>&1
    "$pplbench" --debug-generate-data --seed 7 "$model" >b.json 2>&1
    "$pplbench" --debug-generate-data --seed=8 "$model" >c.json 2>&1
    "$pplbench" --debug-generate-data "$model" >default1.json 2>&1
    "$pplbench" --debug-generate-data "$model" >default2.json 2>&1
    "$pplbench" --debug-generate-data --seed=7 --o=o.json "$model" \
        >o.stdout 2>&1
    if ! cmp -s a.json b.json || ! cmp -s default1.json default2.json; then
        fail seeded "the same seed gives different files"
    elif cmp -s a.json c.json; then
        fail seeded "seeds 7 and 8 give the same data"
    elif ! cmp -s a.json o.json || [ -s o.stdout ]; then
        fail seeded "--o=FILE does not hold what stdout shows"
    else
        pass seeded
    fi
fi

echo "gendata: $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
