# pass_growth.sh - the passes that copy code grow a program at most by a
# budget (mir/passes/budget.h).  one-step-unroll peeled every loop once,
# innermost first, each peel copying a body that already held the peeled
# inner loops: 35 nested `for (i in 1:2)` became 2^35 copies of the
# innermost statement (23 GB: the OOM killer in CI, when the validator ran
# a golden program through every pass).  exprprop did the same to a chain
# x1 = x0 + x0, x2 = x1 + x1, ...: each use a copy of an expression that
# already held the copies.  Now each run of such a pass lets the program
# grow to max(2 x its size, its size + 10,000 nodes) and leaves the sites
# past that as they were (skipping a copy is always valid).
#
# Each command runs under a 1 GB address-space limit (AddressSanitizer's
# RSS limit under make asan, whose shadow memory does not start under
# ulimit -v), as the validator runs a program: every pass of
# --list-passes alone and both levels, then the folder mode, which
# compiles and evaluates the candidates.
CASE_TIMEOUT=600
ulimit -t 300

# nest N BOUND: N nested loops over 1:BOUND around a density statement
nest() {
    awk -v n="$1" -v b="$2" 'BEGIN {
        print "parameters { real x; }"
        print "model {"
        for (i = 0; i < n; i++) printf "for (i%d in 1:%d) {\n", i, b
        print "x ~ normal(0, 1);"
        for (i = 0; i < n; i++) print "}"
        print "}"
    }'
}
# the same nest of while loops, each condition quiet (peeled too)
while_nest() {
    awk -v n="$1" 'BEGIN {
        print "parameters { real x; }"
        print "model {"
        print "int k = 0;"
        for (i = 0; i < n; i++) print "while (k < 1) {"
        print "x ~ normal(0, 1);"
        print "k = 1;"
        for (i = 0; i < n; i++) print "}"
        print "}"
    }'
}
# a chain of N doublings, each variable read twice by the next
chain() {
    awk -v n="$1" 'BEGIN {
        print "parameters { real x; }"
        print "model {"
        print "real y0 = x;"
        for (i = 1; i <= n; i++) printf "real y%d = y%d + y%d;\n", i, i - 1, i - 1
        printf "target += -square(y%d) / 2;\n", n
        print "}"
    }'
}
nest 40 2 > nest.stan
while_nest 40 > while.stan
chain 40 > chain.stan

limit() {
    if grep -q __asan_init "$PPLBENCH"; then
        ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}hard_rss_limit_mb=1000"
        export ASAN_OPTIONS
    else
        ulimit -v 1000000
    fi
}

jobs=$("$PPLBENCH" --list-passes | grep -v '^--' | awk '{print $1}')
check -n "$jobs"
for m in nest while chain; do
    protect $m.stan
    (limit
     for j in $jobs --O1 --Oexperimental; do
         case $j in --*) opt=$j ;; *) opt=--passes=$j ;; esac
         run_expect 0 "" "$PPLBENCH" "$opt" --debug-optimized-mir-pretty $m.stan
     done
     exit $case_failed) || fail "$m.stan through every pass under the limit"
done

# a small nest is still peeled as before: the innermost loop's first
# iteration, then the rest of it, at every level
nest 3 2 > small.stan
run_expect 0 "" "$PPLBENCH" --passes=one-step-unroll \
    --debug-optimized-mir-pretty small.stan
check "$(grep -c 'for(i2 in (1 + 1):2)' .out)" -eq 4
check "$(grep -c 'for(i0 in (1 + 1):2)' .out)" -eq 1

# the folder mode: a nest of one-trip loops (the candidate's C is compiled
# and evaluated) and the chain, through the copying passes
mkdir models
nest 40 1 > models/nest.stan
cp chain.stan models/
(limit
 run_expect 0 "" "$PPLBENCH" models --passes=one-step-unroll,unroll,exprprop \
     --points=1 --out=vout
 exit $case_failed) || fail "the validator under the limit"
check -s vout/report.xml
