# size_temp_overflow: an intermediate result whose shape comes from data
# (issue 7, item 2): before, sum(rep_matrix(1.0, N, N)) with N = 65536
# counted 65536 * 65536 in int, wrapped to 0 and printed s=0; a negative
# N asked for (size_t)-5 doubles.  Now the shape is checked where the
# result is allocated: exit 1 with the shape and the limit.
cat > rep.stan <<'STAN'
data { int N; }
transformed data { real s = sum(rep_matrix(1.0, N, N)); print("s=", s); }
parameters { real x; }
model { x ~ normal(0, 1); }
STAN
run_expect 0 "" "$PPLBENCH" build rep.stan -o rep
echo '{"N": 65536}' > big.json
want="an intermediate result is too large: 65536 x 65536 elements,"
want="$want more than the limit of 2147483647"
run_expect 1 "$want" \
    ./rep sample data file=big.json output file=big.csv
expect_no_output "s="
expect_absent big.csv
echo '{"N": -5}' > neg.json
run_expect 1 "an intermediate result has a negative size: -5 x -5" \
    ./rep sample data file=neg.json output file=neg.csv
expect_absent neg.csv
echo '{"N": 3}' > ok.json
run_expect 0 "s=9" ./rep sample num_samples=2 num_warmup=2 data file=ok.json output file=ok.csv
