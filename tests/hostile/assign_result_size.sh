# assign_result_size: a user function's result of another size than the
# variable it is assigned to (its size comes from data).  Before, the
# C backend copied as many elements as the variable has, reading past the
# end of a shorter result (array[3, 2] real a = h(2) read two rows that
# h never wrote); now the assignment is Stan's error "assign: size of
# left-hand side ... must match in size", in transformed data (exit 1)
# and in the log density (every initial point rejected).
cat > m.stan <<'STAN'
functions {
  vector g(int n) { return rep_vector(1, n); }
  array[,] real h(int n) { return rep_array(1.0, n, 2); }
}
data { int n; int where; }
transformed data {
  if (where == 1) {
    array[3, 2] real td = h(n);
    print(td[1, 1]);
  }
}
parameters { real y; }
model {
  vector[3] v = g(n);
  array[3, 2] real a = h(n);
  y ~ normal(sum(v) + a[3, 2], 1);
}
STAN
printf '{"n": 3, "where": 1}\n' > ok.json
printf '{"n": 2, "where": 1}\n' > td.json
printf '{"n": 4, "where": 0}\n' > lp.json
protect m.stan ok.json td.json lp.json
run_expect 0 "" "$PPLBENCH" build m.stan -o exe
run_expect 0 "" ./exe sample num_samples=5 num_warmup=5 data file=ok.json \
    output file=o.csv
msg="must match in size"
run_expect 1 "assign: size of left-hand side (6) and size of right-hand side (4) $msg" \
    ./exe sample num_samples=5 num_warmup=5 data file=td.json output file=o.csv
run_expect 1 "assign: size of left-hand side (3) and size of right-hand side (4) $msg" \
    ./exe sample num_samples=5 num_warmup=5 data file=lp.json output file=o.csv
