# fe_big_program.sh - a generated 4.5 MB program (issue 7, item 10): names
# were looked up by a linear scan, so checking was quadratic in the number
# of declarations (40,000 took 3.6 s, a 10 MB program did not finish in 15
# minutes).  With hash tables for scopes this program (150,000
# declarations that each use the first and the previous one, and 2,000
# functions that each call the previous one) checks in about 1 s of CPU
# and emits C in about 2 s (-O2 build; 2 s and 4.5 s under make asan).
# The time limit is 20 times the slowest of those, as measured on a busy
# 2-core machine; before the fix, checking alone took minutes.
CASE_TIMEOUT=300

awk -v nf=2000 -v nd=150000 'BEGIN {
    print "functions {"
    print "  real f0(real x) { return x; }"
    for (i = 1; i < nf; i++)
        printf "  real f%d(real x) { return f%d(x) + 1; }\n", i, i - 1
    print "}"
    print "transformed data {"
    print "  real a0 = 1;"
    for (i = 1; i < nd; i++)
        printf "  real a%d = a0 + a%d;\n", i, i - 1
    print "}"
    print "parameters { real mu; }"
    print "model {"
    for (i = 0; i < nd; i += 100)
        printf "  { real z = mu * a%d; target += -0.5 * z ^ 2; }\n", i
    printf "  mu ~ normal(f%d(a%d), 1);\n", nf - 1, nd - 1
    print "}"
}' > big.stan
check "$(wc -c < big.stan)" -gt 4000000

run_expect 0 "" "$PPLBENCH" big.stan
# through the MIR lowering, its verifier and the C backend
run_expect 0 "" "$PPLBENCH" --o=big.c big.stan
check -s big.c
# a name declared twice is still found among them
sed 's/^  real a77 = .*/&\n  real a76 = 2;/' big.stan > twice.stan
run_expect 1 "Identifier 'a76' is already in use." "$PPLBENCH" twice.stan
