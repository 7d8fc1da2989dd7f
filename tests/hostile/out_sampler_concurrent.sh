# Item 7: two samplers started at once onto one output file each write
# their own temporary: the file is afterwards one complete CSV whose draws
# are exactly one of the two runs' draws, and no temporary is left.
cat > m.stan <<'STAN'
data { int N; vector[N] y; }
parameters { real mu; }
model { y ~ normal(mu, 1); }
STAN
echo '{"N": 3, "y": [1, 2, 3]}' > d.json
run_expect 0 "built es" "$PPLBENCH" build m.stan -o es
protect m.stan d.json es

args="num_samples=3000 num_warmup=200 data file=d.json"
./es sample $args random seed=1 output file=alone1.csv refresh=0 \
    >/dev/null 2>&1 || fail "the run with seed 1 failed"
./es sample $args random seed=2 output file=alone2.csv refresh=0 \
    >/dev/null 2>&1 || fail "the run with seed 2 failed"
for round in 1 2 3; do
    ./es sample $args random seed=1 output file=both.csv refresh=0 >/dev/null 2>&1 &
    a=$!
    ./es sample $args random seed=2 output file=both.csv refresh=0 >/dev/null 2>&1 &
    b=$!
    wait $a || fail "round $round: the run with seed 1 failed"
    wait $b || fail "round $round: the run with seed 2 failed"
    grep -v '^#' both.csv > got.txt
    grep -v '^#' alone1.csv > want1.txt
    grep -v '^#' alone2.csv > want2.txt
    if ! cmp -s got.txt want1.txt && ! cmp -s got.txt want2.txt; then
        fail "round $round: both.csv is neither run's draws ($(wc -l < got.txt) lines)"
    fi
    grep -q 'Elapsed Time' both.csv || fail "round $round: both.csv is incomplete"
    expect_absent both.csv.??????
done
