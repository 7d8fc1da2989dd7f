# size_negative: a negative size is refused where it is declared, with
# Stan's message (validate_non_negative_index) naming the variable and the
# size's expression (issue 7, item 3).  Before, a data vector[N] with
# N = -5 ran and printed sum=0, a parameter said "out of memory" and a
# matrix output wrote columns named (null).
cat > data.stan <<'STAN'
data { int N; vector[N] y; }
transformed data { print("sum=", sum(y)); }
parameters { real x; }
model { x ~ normal(0, 1); }
STAN
cat > param.stan <<'STAN'
data { int N; }
parameters { vector[N] theta; }
model { theta ~ normal(0, 1); }
STAN
cat > output.stan <<'STAN'
data { int N; }
parameters { real x; }
model { x ~ normal(0, 1); }
generated quantities { matrix[2, N - 1] z = rep_matrix(1, 2, N - 1); }
STAN
for m in data param output; do
    run_expect 0 "" "$PPLBENCH" build $m.stan -o $m
done
echo '{"N": -5, "y": []}' > d.json
want="Found negative dimension size in variable declaration;"
want="$want variable=y; dimension size expression=N; expression value=-5"
run_expect 1 "$want" \
    ./data sample data file=d.json output file=d.csv
expect_no_output "sum="
expect_absent d.csv
echo '{"N": -5}' > p.json
want="Found negative dimension size in variable declaration;"
want="$want variable=theta; dimension size expression=N; expression"
want="$want value=-5"
run_expect 1 "$want" \
    ./param sample data file=p.json output file=p.csv
expect_no_output "out of memory"
expect_absent p.csv
echo '{"N": 0}' > o.json
want="Found negative dimension size in variable declaration;"
want="$want variable=z; dimension size expression=N - 1; expression"
want="$want value=-1"
run_expect 1 "$want" \
    ./output sample data file=o.json output file=o.csv
expect_absent o.csv
