# sample's and log_prob's context= takes joint, prior or likelihood and
# nothing else: a mistyped, empty, differently cased or misplaced value is
# a usage error (exit 1) that names the values; no output file is written.
# The log_prob rows of prior and likelihood add up to joint's.
cat > m.stan <<'STAN'
data { int N; vector[N] y; }
parameters { real mu; real<lower=0> s; }
model { mu ~ normal(0, 1); s ~ exponential(1); y ~ normal(mu, s); }
STAN
echo '{"N": 3, "y": [1, 2, 3]}' > d.json
echo '{"mu": 0.5, "s": 2}' > c.json
run_expect 0 "built ctx" "$PPLBENCH" build m.stan -o ctx
protect m.stan d.json c.json
for v in priors Prior "" "joint,prior" "prior likelihood"; do
    run_expect 1 "context=$v: expected context=joint, context=prior or context=likelihood" \
        ./ctx sample num_samples=5 num_warmup=5 "context=$v" data file=d.json \
        output file=bad.csv
    run_expect 1 "context=$v: expected context=joint, context=prior or context=likelihood" \
        ./ctx log_prob constrained_params=c.json "context=$v" data file=d.json \
        output file=bad.csv
done
expect_absent bad.csv
# context belongs to sample or log_prob, not to the top level
run_expect 1 "context=prior is misplaced" ./ctx context=prior sample \
    data file=d.json output file=bad.csv
expect_absent bad.csv
run_expect 0 "" ./ctx help
expect_output "context=joint|prior|likelihood"
for v in joint prior likelihood; do
    run_expect 0 "" ./ctx log_prob constrained_params=c.json context=$v \
        data file=d.json output file=$v.csv
done
lp() { grep -v '^#' "$1.csv" | sed -n 2p | cut -d, -f1; }
check "$(awk -v j="$(lp joint)" -v p="$(lp prior)" -v l="$(lp likelihood)" \
    'BEGIN { d = p + l - j
             print (d < 1e-5 && d > -1e-5 && p != 0 && l != 0) ? "ok" : "bad" }')" = ok
grep -q '^#.*context = likelihood' likelihood.csv || fail "no context = likelihood in the header"
grep -q 'context' joint.csv && fail "the joint header is not CmdStan's"
