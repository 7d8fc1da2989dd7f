# pass_many_functions.sh - the Oexperimental passes on 20,000 user
# functions, each calling the next one (issue 7's rule: nothing may be
# quadratic in the size of a program).  inline finds a call's function
# through a table of names (a first version scanned every function for
# every call); the whole pass takes 0.3 s here.  The chain inlines only as
# far as the pass's limit (256 calls in one run), so the program stays
# small: the 257th function is still called.  The guard against a
# quadratic pass is CPU time, not wall time (a shared machine under load
# took 40 s of wall time for 5 s of CPU): each command may use 120 s of
# CPU (the sanitizer build included; about 6 s in a plain build), and the
# wall-clock limit only catches a hang.
CASE_TIMEOUT=900
ulimit -t 120

awk -v n=20000 'BEGIN {
    print "functions {"
    for (i = 0; i < n - 1; i++)
        printf "  real f%d(real x) { return f%d(x) + 1; }\n", i, i + 1
    printf "  real f%d(real x) { print(x); return x; }\n", n - 1
    print "}"
    print "parameters { real mu; }"
    print "model { mu ~ normal(f0(1.0), 1); }"
}' > many.stan

run_expect 0 "= (f256(1.0) + 1);" "$PPLBENCH" --passes=inline \
    --debug-optimized-mir-pretty many.stan
run_expect 0 "f19999" "$PPLBENCH" --Oexperimental \
    --debug-optimized-mir-pretty many.stan
run_expect 0 "" "$PPLBENCH" --Oexperimental --o=many.c many.stan
check -s many.c
