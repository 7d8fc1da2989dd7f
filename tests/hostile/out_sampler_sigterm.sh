# A sampler stopped by SIGTERM or SIGHUP while it writes leaves the earlier
# result under the final name as it was and no temporary.  (SIGINT is in
# test_rt_outfile: a shell starts background jobs with SIGINT ignored.)
cat > m.stan <<'STAN'
data { int N; vector[N] y; }
parameters { real mu; }
model { y ~ normal(mu, 1); }
STAN
echo '{"N": 3, "y": [1, 2, 3]}' > d.json
run_expect 0 "built es" "$PPLBENCH" build m.stan -o es
echo "an earlier result" > out.csv
protect m.stan d.json es out.csv

for sig in TERM HUP; do
    timeout -s $sig 2 ./es sample num_samples=100000000 num_warmup=10 \
        data file=d.json output file=out.csv refresh=0 >/dev/null 2>&1
    rc=$?
    [ $rc -eq 124 ] || fail "SIG$sig: exit $rc, expected 124 (killed by timeout)"
    for left in out.csv.*; do expect_absent "$left"; done
done
