#!/bin/sh
# run.sh - Stan's profile blocks in the compiled samplers (make test):
#
#   blocks   tests/run/models/profile_blocks.stan (profiles nested, with a
#            repeated name, in a loop, in user functions with and without
#            a gradient, recursive, left by return, break and continue, in
#            transformed data, transformed parameters, generated
#            quantities): log_prob writes profile.csv beside its output
#            with CmdStan's header exactly, one row per name that ran,
#            counts derived exactly from the program (one gradient
#            evaluation per log_prob point), times non-negative and
#            total = forward + reverse (to the printed digits); sample's
#            counts: generated quantities once per saved draw, the model
#            block's blocks at least once per leapfrog step (n_leapfrog__
#            of every iteration, warm-up saved) and in the program's fixed
#            ratios; profile_file=FILE, and its echo in the CSV header
#   off      a program without profile blocks: no profile code in its C,
#            no profile file
#   pass     build --profile: records model:L<line>:<what> and fn:<name>,
#            and the same lp__ and gradient as the build without it
#
# Never asserts a wall-clock amount.  Ends with "profile: N passed, N
# failed".
#
#   sh tests/profile/run.sh BUILD_DIR
build=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
ppl="$root/$build/pplbench"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
passed=0; failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "profile $1: FAILED: $2"; }
header='name,thread_id,total_time,forward_time,reverse_time,chain_stack,'
header="${header}no_chain_stack,autodiff_calls,no_autodiff_calls"

# field NAME COLUMN FILE: a row's column (by header name); empty if absent
field() {
    awk -F, -v n="$1" -v c="$2" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        $1 == n { print $(col[c]) }' "$3"
}

# expect_count CHECK NAME COLUMN WANT FILE
expect_count() {
    got=$(field "$2" "$3" "$5")
    if [ "$got" = "$4" ]; then ok; else
        bad "$1" "$2 $3 is '$got', expected $4"
    fi
}

# the rows are well formed: times >= 0, total = forward + reverse to the
# 6 printed digits, no_chain_stack 0, thread_id a number, names unique
check_rows() {
    if awk -F, 'NR > 1 {
            if ($3 < 0 || $4 < 0 || $5 < 0 || $6 < 0 || $7 != 0) bad = 1
            d = $3 - $4 - $5; if (d < 0) d = -d
            if (d > 1e-5 * $3 + 1e-12) bad = 1
            if ($2 !~ /^[0-9]+$/) bad = 1
            if (seen[$1]++) bad = 1 }
            END { exit bad }' "$2"; then ok; else
        bad "$1" "a malformed row:"; cat "$2"
    fi
}

cd "$tmp" || exit 1
M="$root/tests/run/models/profile_blocks"
echo '{"mu": 0.5, "sigma": 1.2}' > point.json

# ---- blocks: log_prob
if ! "$ppl" build "$M.stan" -o pb >build.out 2>&1; then
    bad blocks "build failed"; cat build.out
    echo "profile: $passed passed, $((failed)) failed"; exit 1
fi
mkdir lp
if ./pb log_prob constrained_params=point.json data file="$M.data.json" \
    output file=lp/out.csv >lp.log 2>&1; then ok; else
    bad log_prob "exit $?"; cat lp.log
fi
f=lp/profile.csv
if [ "$(head -1 $f)" = "$header" ]; then ok; else
    bad log_prob "header: $(head -1 $f)"
fi
# the names that ran, sorted as CmdStan's map sorts them (byte order)
names=$(awk -F, 'NR > 1 { printf "%s ", $1 }' $f)
want="fcall fn_fib fn_sq inner lik priors tdata tparams "
if [ "$names" = "$want" ]; then ok; else
    bad log_prob "names '$names', expected '$want'"
fi
check_rows log_prob $f
# one gradient evaluation: per block, its executions in the program
expect_count log_prob priors autodiff_calls 1 $f
expect_count log_prob inner autodiff_calls 2 $f     # twice, one name
expect_count log_prob lik autodiff_calls 3 $f       # N = 3 iterations
expect_count log_prob fcall autodiff_calls 1 $f
expect_count log_prob tparams autodiff_calls 1 $f
expect_count log_prob fn_sq autodiff_calls 2 $f     # tparams and fcall
expect_count log_prob fn_sq no_autodiff_calls 0 $f
expect_count log_prob tdata no_autodiff_calls 1 $f
expect_count log_prob fn_fib no_autodiff_calls 1 $f # recursion: once
expect_count log_prob priors no_autodiff_calls 0 $f
# the loop's block saves its local m for the reverse sweep
cs=$(field lik chain_stack $f)
if [ "$cs" -gt 0 ] 2>/dev/null; then ok; else bad log_prob "lik chain_stack '$cs'"; fi

# ---- blocks: sample (warm-up saved: every iteration is a row)
mkdir s
if ./pb sample num_samples=40 num_warmup=40 save_warmup=1 data file="$M.data.json" \
    random seed=7 output file=s/draws.csv profile_file=s/prof.csv \
    >s.log 2>&1; then ok; else bad sample "exit $?"; tail -5 s.log; fi
f=s/prof.csv
[ -f s/profile.csv ] && bad sample "profile.csv written although profile_file= was given"
if grep -q '^#   profile_file = s/prof.csv$' s/draws.csv; then ok; else
    bad sample "the CSV header does not echo profile_file"
fi
if [ "$(head -1 $f)" = "$header" ]; then ok; else bad sample "header"; fi
check_rows sample $f
expect_count sample gq no_autodiff_calls 80 $f
expect_count sample gq autodiff_calls 0 $f
expect_count sample gq_loop no_autodiff_calls 320 $f   # 4 trips: continue, break
expect_count sample tparams no_autodiff_calls 80 $f
expect_count sample fn_sq no_autodiff_calls 80 $f
leap=$(grep -v '^#' s/draws.csv | awk -F, 'NR == 1 {
        for (i = 1; i <= NF; i++) if ($i == "n_leapfrog__") c = i; next }
    { s += $c } END { print s }')
ad=$(field priors autodiff_calls $f)
if [ -n "$leap" ] && [ "$ad" -ge "$leap" ] 2>/dev/null && [ "$leap" -ge 80 ]; then ok; else
    bad sample "priors autodiff_calls $ad < leapfrog steps $leap"
fi
for pair in "inner 2" "lik 3" "fcall 1" "tparams 1" "fn_sq 2"; do
    set -- $pair
    expect_count sample "$1" autodiff_calls $(($2 * ad)) $f
done

# ---- off: no profile blocks, no profile code, no file
cat > plain.stan <<'STAN'
data { int N; vector[N] y; }
parameters { real mu; }
model { y ~ normal(mu, 1); }
STAN
echo '{"N": 2, "y": [1, 2]}' > plain.json
echo '{"mu": 0.5}' > mu.json
"$ppl" plain.stan --o=plain.c >/dev/null 2>&1
if [ -s plain.c ] && ! grep -q 'rt_profile\|profiles' plain.c; then ok; else
    bad off "the C of a program without profile blocks has profile code"
fi
mkdir off
"$ppl" build plain.stan -o plain >/dev/null 2>&1 &&
    ./plain log_prob constrained_params=mu.json data file=plain.json \
    output file=off/out.csv >/dev/null 2>&1
if [ -f off/out.csv ] && [ ! -e off/profile.csv ] && [ ! -e profile.csv ]; then ok; else
    bad off "a profile file written for a program without profile blocks"
fi

# ---- pass: build --profile
mkdir pass
if "$ppl" build --profile "$M.stan" -o pbp >pass.out 2>&1 &&
    ./pbp log_prob constrained_params=point.json data file="$M.data.json" \
    output file=pass/out.csv >/dev/null 2>&1; then ok; else
    bad pass "build --profile or its log_prob failed"; cat pass.out
fi
f=pass/profile.csv
names=$(awk -F, 'NR > 1 { printf "%s ", $1 }' $f)
want="fcall fn:fib fn:sq fn_fib fn_sq inner lik model:L41:profile model:L50:for"
want="$want model:L56:profile priors tdata tparams "
if [ "$names" = "$want" ]; then ok; else
    bad pass "names '$names', expected '$want'"
fi
expect_count pass "fn:sq" autodiff_calls 2 $f
expect_count pass "fn:fib" no_autodiff_calls 1 $f
expect_count pass "model:L50:for" autodiff_calls 1 $f
if [ "$(grep -v '^#' pass/out.csv)" = "$(grep -v '^#' lp/out.csv)" ]; then ok; else
    bad pass "lp__ and gradient differ from the build without --profile"
    grep -v '^#' pass/out.csv lp/out.csv
fi

echo "profile: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
