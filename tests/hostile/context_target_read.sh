# A model whose log density reads target() has no prior and likelihood
# contexts (runtime/pplrt.h, RT_CONTEXTS_READ_TARGET: the value read would
# depend on how the terms before it are split between them, which
# inlining an _lp function changes).  log_prob and sample refuse
# context=prior and context=likelihood with that message and write no
# output; context=joint works; the probe file says why instead of a prior
# density, and the validator reports its prior checks as skipped with the
# reason (it compared them, and inline's differed from O0's).  A model
# that does not read target() keeps its contexts.
cat > m.stan <<'STAN'
functions {
  real half_lp(real x) {
    target += normal_lpdf(x | 0, 1);
    return 0.5 * target();
  }
}
data { int N; vector[N] y; }
parameters { real mu; real<lower=0> s; }
model {
  y ~ normal(mu, s);
  target += half_lp(mu);
  s ~ exponential(1);
}
STAN
echo '{"N": 3, "y": [1, 2, 3]}' > d.json
echo '{"mu": 0.5, "s": 2}' > c.json
why="the prior and likelihood contexts are not defined for a model whose log density reads target()"
run_expect 0 "built m" "$PPLBENCH" build m.stan -o m
for v in prior likelihood; do
    run_expect 1 "$why" ./m log_prob constrained_params=c.json context=$v \
        data file=d.json output file=$v.csv
    run_expect 1 "$why" ./m sample num_samples=5 num_warmup=5 context=$v \
        data file=d.json output file=s_$v.csv
done
expect_absent prior.csv likelihood.csv s_prior.csv s_likelihood.csv
run_expect 0 "" ./m log_prob constrained_params=c.json context=joint \
    data file=d.json output file=joint.csv
run_expect 0 "Elapsed Time" ./m sample num_samples=5 num_warmup=5 \
    data file=d.json output file=s.csv
run_expect 0 "" ./m probe points=2 random seed=1 data file=d.json \
    output file=p.json
check "$(grep -c "\"undefined\": \"$why\"" p.json)" -ge 1
# the validator: every job's prior check skipped with the reason, the
# others compared and passed
mkdir v
cp m.stan v/m.stan
cp d.json v/m.data.json
run_expect 0 "0 failed, 0 errors" "$PPLBENCH" v --passes=inline,dce \
    --out=vout --report=r.xml
check "$(grep -c "<skipped message=\"not compared: $why" r.xml)" -eq 3
check "$(grep -c '<testcase name="[a-z+]*:log_density_prior"' r.xml)" -eq 3
grep -q '<failure\|<error' r.xml && fail "the validator failed a check"
# a model without target(): its contexts as before
sed 's/return 0.5 \* target();/return 0.5 * x;/' m.stan > n.stan
run_expect 0 "built n" "$PPLBENCH" build n.stan -o n
run_expect 0 "" ./n log_prob constrained_params=c.json context=prior \
    data file=d.json output file=n_prior.csv
run_expect 0 "" ./n probe points=2 random seed=1 data file=d.json \
    output file=n.json
grep -q '"undefined"' n.json && fail "n.json: a prior context undefined"
