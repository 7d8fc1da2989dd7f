# --debug-generate-data / --debug-generate-inits and their files: --o
# never replaces the model or the --debug-data-file (exit 2, nothing
# changes); a data file that is missing, not JSON or not a regular file (a
# fifo would block) is exit 2 with a message naming it; a value that
# cannot be generated leaves no --o file; a full device is exit 2; a bad
# --seed, or --seed without a generating mode, is a usage error.
device_nodes
cat > m.stan <<'STAN'
data { int<lower=1> N; vector[N] y; }
parameters { real mu; vector<lower=0>[N] s; }
model { y ~ normal(mu, s); }
STAN
echo '{"N": 3, "y": [1, 2, 3]}' > d.json
mkfifo fifo.json
protect m.stan d.json fifo.json $null $full

run_expect 2 "pplbench: refusing to write m.stan: it is the same file as the input m.stan" \
    "$PPLBENCH" --debug-generate-data --o=m.stan m.stan
run_expect 2 "pplbench: refusing to write d.json: it is the same file as the input d.json" \
    "$PPLBENCH" --debug-generate-inits --debug-data-file=d.json --o=d.json m.stan
run_expect 2 "Error: cannot read the data file missing.json: No such file or directory" \
    "$PPLBENCH" --debug-generate-inits --debug-data-file=missing.json m.stan
run_expect 2 "Error: the data file fifo.json is not a regular file" \
    "$PPLBENCH" --debug-generate-inits --debug-data-file=fifo.json m.stan
echo '{"N": 3,' > broken.json
run_expect 2 "Error: cannot read the data file: broken.json, line 2, column 0:" \
    "$PPLBENCH" --debug-generate-inits --debug-data-file=broken.json m.stan
# the data file's sizes are checked as the sampler checks them
echo '{"N": 3, "y": [1, 2]}' > short.json
run_expect 1 "Error: cannot read 'y' from the data file: mismatch in dimension 1 of variable y" \
    "$PPLBENCH" --debug-generate-inits --debug-data-file=short.json m.stan
# inits follow the data file's sizes
run_expect 0 "" "$PPLBENCH" --debug-generate-inits --debug-data-file=d.json \
    --o=i.json m.stan
check "$(tr -cd ',' < i.json | wc -c)" -eq 3   # mu, then s with 3 values

# a failure writes nothing
cat > bad.stan <<'STAN'
data { int<lower=1, upper=3> N; vector[N - 5] y; }
STAN
run_expect 1 "Error: cannot generate a value for 'y': its size (N - 5): evaluates to" \
    "$PPLBENCH" --debug-generate-data --o=out.json bad.stan
expect_absent out.json

run_expect 0 "" "$PPLBENCH" --debug-generate-data --o=$null m.stan
run_expect 2 "pplbench: error writing $full: No space left on device" \
    "$PPLBENCH" --debug-generate-data --o=$full m.stan
run_expect 2 "error writing standard output" \
    sh -c "'$PPLBENCH' --debug-generate-data m.stan > $full"

run_expect 2 "pplbench: --seed takes a non-negative integer; got '-1'" \
    "$PPLBENCH" --debug-generate-data --seed=-1 m.stan
run_expect 2 "pplbench: --seed takes a non-negative integer" \
    "$PPLBENCH" --debug-generate-data m.stan --seed
run_expect 2 "pplbench: --seed is for --debug-generate-data and --debug-generate-inits" \
    "$PPLBENCH" --seed=3 m.stan
run_expect 2 "pplbench: --debug-data-file is for --debug-generate-data and --debug-generate-inits" \
    "$PPLBENCH" --debug-data-file=d.json m.stan
