# size_int_limits: sizes at the edge of int (issue 7, item 2).  N = 2^31-1
# is a valid int, but matrix[N, 2] has 2^32-2 elements: refused naming m
# (before, the count wrapped).  A data value of 2^31 does not fit int and
# is refused by the JSON reader with the variable's name.
cat > edge.stan <<'STAN'
data { int N; }
transformed data { matrix[N, 2] m; }
parameters { real x; }
model { x ~ normal(0, 1); }
STAN
run_expect 0 "" "$PPLBENCH" build edge.stan -o edge
echo '{"N": 2147483647}' > max.json
want="variable m is too large: its dimensions 2147483647 x 2 make"
want="$want 4294967294 elements, more than the limit of 2147483647"
run_expect 1 "$want" \
    ./edge sample data file=max.json output file=max.csv
expect_absent max.csv
echo '{"N": 2147483648}' > over.json
run_expect 1 "int variable N has a value out of the int range: N = 2147483648" \
    ./edge sample data file=over.json output file=over.csv
expect_absent over.csv
echo '{"N": -2147483649}' > under.json
run_expect 1 "int variable N has a value out of the int range: N = -2147483649" \
    ./edge sample data file=under.json output file=under.csv
