# size_outputs_sum: sizes that are each fine but whose derived count
# overflows (issue 7, item 2): two outputs of 1.1e9 elements each make
# more outputs than int counts; before, num_outputs wrapped negative.
# Refused naming the variable that crosses the limit, exit 1.
cat > two.stan <<'STAN'
data { int N; }
parameters { real x; }
model { x ~ normal(0, 1); }
generated quantities { vector[N] a; vector[N] b; }
STAN
run_expect 0 "" "$PPLBENCH" build two.stan -o two
echo '{"N": 1100000000}' > n.json
want="too many outputs: 1100000001 before b and 1100000000 in it"
want="$want make more than the limit of 2147483647"
run_expect 1 "$want" \
    ./two sample data file=n.json output file=o.csv
expect_absent o.csv
