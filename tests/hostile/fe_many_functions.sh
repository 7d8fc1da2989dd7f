# fe_many_functions.sh - 20,000 user functions, each calling the next one
# (issue 7, item 10: nothing may be quadratic in the size of a program).
# The MIR lowering found a called function by a scan of all of them and
# iterated the functions' effects over every function until nothing
# changed, one round per link of the chain: 10,000 such functions took
# 39 s.  Now the lowering, the passes and the verifier take 0.2 s of CPU
# (0.5 s under make asan).  The C backend resolved each call by a scan of
# all functions (20,000 took 26 s to emit); a table of them makes it
# 1.2 s.  The limit is CPU time, 20 s a command (ulimit -t): it fails the
# old code and leaves a margin for the sanitizer build; the wall-clock
# limit only catches a hang (a loaded machine stretches wall time).
CASE_TIMEOUT=600
ulimit -t 20

awk -v n=20000 'BEGIN {
    print "functions {"
    for (i = 0; i < n - 1; i++)
        printf "  real f%d(real x) { return f%d(x) + 1; }\n", i, i + 1
    printf "  real f%d(real x) { print(x); return x; }\n", n - 1
    print "}"
    print "parameters { real mu; }"
    print "model { mu ~ normal(f0(1.0), 1); }"
}' > many.stan

run_expect 0 "" "$PPLBENCH" many.stan
run_expect 0 "f19999" "$PPLBENCH" --debug-optimized-mir-pretty many.stan
run_expect 0 "" "$PPLBENCH" --o=many.c many.stan
check -s many.c
