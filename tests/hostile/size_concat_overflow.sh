# size_concat_overflow: append_row and append_col add two sizes (issue 7,
# item 2).  The sum was computed in int: two matrices of 2^30 + 1 rows and
# no columns (no memory at all) made a result of -2147483646 rows, signed
# overflow, reported as a negative size by luck.  Now the sum is computed
# in 64 bits and checked: exit 1 with both parts and the limit.
cat > app.stan <<'STAN'
data { int N; }
transformed data {
  matrix[N, 0] A = rep_matrix(0, N, 0);
  print("rows: ", rows(append_row(A, A)));
  print("cols: ", cols(append_col(A', A')));
  vector[N] v = rep_vector(1, N);
  print("n: ", num_elements(append_row(v, v)));
}
parameters { real x; }
model { x ~ normal(0, 1); }
STAN
run_expect 0 "" "$PPLBENCH" build app.stan -o app
echo '{"N": 1073741825}' > big.json
want="a concatenation is too large: 1073741825 + 1073741825 = 2147483650"
want="$want elements along it, more than the limit of 2147483647"
run_expect 1 "$want" ./app sample data file=big.json output file=big.csv
expect_no_output "rows:"
expect_absent big.csv
echo '{"N": 3}' > ok.json
run_expect 0 "rows: 6" ./app sample num_samples=2 num_warmup=2 \
    data file=ok.json output file=ok.csv
expect_output "cols: 6"
expect_output "n: 6"
