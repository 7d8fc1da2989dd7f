# A block with 1000 locals (the backend had a table of 256: more gave raw
# C errors).  x_k = x_{k-1} + mu, so x_1000 = 1000 mu and the density is
# normal(1000 mu | 0, 1000): at mu = 0.5, lp = -0.125 - log(1000) -
# log(sqrt(2 pi)) and the gradient is -mu, through all 1000 locals of
# the reverse sweep.  Compiled with -O0 (PPLBENCH_CFLAGS comes after the
# model flags): gcc's own -O2 time on such a function is not under test.
{
    echo "parameters { real mu; }"
    echo "model {"
    echo "  {"
    echo "    real x1 = mu;"
    i=2
    while [ $i -le 1000 ]; do
        echo "    real x$i = x$((i - 1)) + mu;"
        i=$((i + 1))
    done
    echo "    target += normal_lpdf(x1000 | 0, 1000);"
    echo "  }"
    echo "}"
} > locals.stan
CASE_TIMEOUT=600
PPLBENCH_CFLAGS=-O0 run_expect 0 "built exe" "$PPLBENCH" build locals.stan -o exe
echo '{"mu": 0.5}' > p.json
run_expect 0 "" ./exe log_prob constrained_params=p.json output file=lp.csv
check "$(grep -v '^#' lp.csv | tr '\n' ' ')" = "lp__,g_mu -7.95169,-0.5 "
run_expect 0 "" ./exe sample num_samples=20 num_warmup=20 output file=o.csv
check "$(grep -v '^#' o.csv | wc -l)" -eq 21
