# No fixed tables in the backend: a user function of 40 arguments (the
# backend took at most 32) and an elementwise sum of 40 vectors (at most
# 32 operands) compile, run and give the right value and gradient.
awk 'BEGIN {
    n = 40
    for (i = 1; i <= n; i++) {
        params = params (i > 1 ? ", " : "") "real a" i
        body = body (i > 1 ? " + " : "") "a" i
        args = args (i > 1 ? ", " : "") (i % 2 ? "mu" : "1.0")
        vecs = vecs (i > 1 ? " + " : "") "v" i
    }
    print "functions {"
    print "  real f(" params ") { return " body "; }"
    print "}"
    print "transformed data {"
    for (i = 1; i <= n; i++)
        print "  vector[3] v" i " = rep_vector(" i ", 3);"
    print "  vector[3] w = " vecs ";"
    print "  print(\"w=\", w);"
    print "}"
    print "parameters { real mu; }"
    print "model {"
    print "  target += normal_lpdf(f(" args ") | 0, 20);"
    print "}"
}' > many.stan
PPLBENCH_CFLAGS=-O0 run_expect 0 "built exe" "$PPLBENCH" build many.stan -o exe
echo '{"mu": 0.5}' > p.json
# f = 20 mu + 20 = 30: lp = -1.125 - log(20) - log(sqrt(2 pi)), and
# d lp / d mu = -(30 / 400) * 20
run_expect 0 "w=[820,820,820]" ./exe log_prob constrained_params=p.json \
    output file=lp.csv
check "$(grep -v '^#' lp.csv | tr '\n' ' ')" = "lp__,g_mu -5.03967,-1.5 "
