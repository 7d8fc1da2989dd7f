# pplbench trace and its files: --o never replaces the model, the data or
# the parameters file (exit 2, nothing changes); a data file that is
# missing, not a regular file (a fifo would block) or not JSON is exit 2
# with a message naming it; data without a variable the model declares is
# the sampler's message, exit 1; a finished trace is written whole.
cat > m.stan <<'STAN'
data { int<lower=1> N; vector[N] y; }
parameters { real mu; real<lower=0> s; }
model { y ~ normal(mu, s); }
STAN
echo '{"N": 3, "y": [1, 2, 3]}' > d.json
echo '{"mu": 0.5, "s": 2}' > p.json
mkfifo fifo.json
protect m.stan d.json p.json fifo.json

run_expect 2 "pplbench: refusing to write m.stan: it is the same file as the input m.stan" \
    "$PPLBENCH" trace m.stan --data d.json --o m.stan
run_expect 2 "pplbench: refusing to write d.json: it is the same file as the input d.json" \
    "$PPLBENCH" trace m.stan --data d.json --o=d.json
run_expect 2 "pplbench: refusing to write p.json: it is the same file as the input p.json" \
    "$PPLBENCH" trace m.stan --data d.json --params p.json --o p.json
run_expect 2 "Error: cannot read the data file missing.json: No such file or directory" \
    "$PPLBENCH" trace m.stan --data missing.json
run_expect 2 "Error: the data file fifo.json is not a regular file" \
    "$PPLBENCH" trace m.stan --data fifo.json
echo '{"N": 3,' > broken.json
run_expect 2 "Error reading data: " "$PPLBENCH" trace m.stan --data broken.json
echo '{"N": 3}' > short.json
run_expect 1 "Error in the data or transformed data of m_model:
variable y not found" "$PPLBENCH" trace m.stan --data short.json
echo '{"mu": 0.5, "s": -2}' > neg.json
run_expect 1 "Error in the parameter values of neg.json:" \
    "$PPLBENCH" trace m.stan --data d.json --params neg.json
run_expect 0 "" "$PPLBENCH" trace m.stan --data d.json --params p.json --o t.txt
check -s t.txt
grep -q '^log density = ' t.txt || fail "t.txt lacks the log density"
