# fatal_error stops the algorithm with its message and a non-zero exit,
# from every block; reject in the same places keeps its own behaviour
# (a rejected proposal, NaN outputs, or a failed start for transformed
# data).  Stan: "Unrecoverable error evaluating the log probability ..."
cat > d.json <<'JSON'
{"lim": 1.5}
JSON

# $1: the statement (fatal_error or reject); the model block calls it
# once mu leaves (-lim, lim), which the chain reaches after its start.
model_block() {
    cat > "m_$1.stan" <<STAN
functions {
  real check(real mu, real lim) {
    if (abs(mu) > lim) $1("mu left the region: ", mu > 0 ? 1 : -1);
    return 0;
  }
}
data { real lim; }
parameters { real<lower=-3, upper=3> mu; }
model { target += check(mu, lim); }
STAN
    run_expect 0 "built" "$PPLBENCH" build "m_$1.stan" -o "m_$1"
}
model_block fatal_error
model_block reject

# init=0 starts at mu = 0, inside the region: the error comes in sampling
run_expect 1 "Unrecoverable error evaluating the log probability during" \
    ./m_fatal_error sample num_warmup=0 adapt engaged=0 num_samples=1000 \
    init=0 data file=d.json output file=f.csv random seed=3
expect_output "mu left the region: "
expect_no_output "Informational Message"
# at once: one message, not one per rejected proposal
check "$(grep -c 'mu left the region' .out)" -eq 1
run_expect 1 "Unrecoverable error evaluating the log probability during warm-up" \
    ./m_fatal_error sample num_warmup=500 adapt engaged=0 init=0 \
    data file=d.json output file=w.csv random seed=3
run_expect 1 "Unrecoverable error evaluating the log probability while initializing the step size.
mu left the region: 1" \
    ./m_fatal_error sample init=0 data file=d.json output file=w.csv \
    random seed=3
# the same region with reject: rejected proposals, every draw written
run_expect 0 "Informational Message: The current Metropolis proposal" \
    ./m_reject sample num_warmup=100 num_samples=100 init=0 \
    data file=d.json output file=r.csv random seed=3
expect_output "mu left the region: "
check "$(grep -vc '^#' r.csv)" -eq 101

# at the initial value: no retries, Stan's wording
echo '{"lim": -1}' > neg.json
run_expect 1 "Unrecoverable error evaluating the log probability at the initial value.
mu left the region: " \
    ./m_fatal_error sample data file=neg.json output file=i.csv
expect_no_output "Rejecting initial value"
expect_no_output "Initialization between"
run_expect 1 "Initialization between (-2, 2) failed after 100 attempts" \
    ./m_reject sample data file=neg.json output file=i.csv
expect_output "Rejecting initial value:"

# log_prob stops at the first point
printf '{"mu": 0.5}\n' > p.json
run_expect 1 "mu left the region: 1" ./m_fatal_error log_prob \
    constrained_params=p.json data file=neg.json output file=lp.csv

# generated quantities: reject writes NaN and goes on, fatal_error stops
for how in fatal_error reject; do
    cat > "g_$how.stan" <<STAN
parameters { real mu; }
model { mu ~ normal(0, 1); }
generated quantities {
  real y = mu;
  if (mu > 1) $how("gq: mu is ", mu > 1);
}
STAN
    run_expect 0 "built" "$PPLBENCH" build "g_$how.stan" -o "g_$how"
done
run_expect 1 "Unrecoverable error in generated quantities.
gq: mu is 1" ./g_fatal_error sample output file=g.csv random seed=2
check "$(grep -c 'gq: mu is' .out)" -eq 1
run_expect 0 "gq: mu is 1" ./g_reject sample output file=g.csv random seed=2
check "$(grep -vc '^#' g.csv)" -eq 1001
check "$(grep -c 'gq: mu is' .out)" -gt 1

# fixed_param: generated quantities only
cat > fp.stan <<'STAN'
generated quantities {
  real u = uniform_rng(0, 1);
  if (u > 0.5) fatal_error("fp: u > 0.5");
}
STAN
run_expect 0 "built" "$PPLBENCH" build fp.stan -o fp
run_expect 1 "Unrecoverable error in generated quantities.
fp: u > 0.5" ./fp sample output file=fp.csv random seed=1
check "$(grep -c 'fp: u > 0.5' .out)" -eq 1

# transformed data: fatal_error and reject both stop before sampling
for how in fatal_error reject; do
    cat > "t_$how.stan" <<STAN
data { real lim; }
transformed data {
  if (lim > 1) $how("td: lim is ", lim);
}
parameters { real mu; }
model { mu ~ normal(0, 1); }
STAN
    run_expect 0 "built" "$PPLBENCH" build "t_$how.stan" -o "t_$how"
    run_expect 1 "Error in the data or transformed data of t_${how}_model:
td: lim is 1.5" "./t_$how" sample data file=d.json output file=t.csv
    expect_absent t.csv
done
