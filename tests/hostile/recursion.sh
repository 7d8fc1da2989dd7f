# Recursion in user functions: a runaway one is "recursion too deep in
# function f" with exit 1 and no signal, from transformed data, the model
# block (a fatal error: no retries, no rejected proposals) and generated
# quantities; a legitimate depth of 1e6 works (the sampler runs on a
# large, lazily committed stack: runtime/stack.c).
cat > rec.stan <<'STAN'
functions {
  real sumto(int n) {
    if (n == 0) return 0;
    return n + sumto(n - 1);
  }
  real forever(real x) {
    return forever(x + 1);
  }
  // mutual recursion, through a void function
  void ping(int n);
  void pong(int n) { ping(n + 1); }
  void ping(int n) { pong(n); }
}
data { int N; int mode; }
transformed data {
  real s = 0;
  if (mode == 1) s = sumto(N);
  if (mode == 2) s = forever(1);
  if (mode == 3) ping(0);
  print("s=", s);
}
parameters { real mu; }
model {
  mu ~ normal(0, 1);
  if (mode == 4) target += forever(mu);
  if (mode == 5) target += sumto(N) * 1e-20 * mu;
}
generated quantities {
  real g = mode == 6 ? forever(mu) : 0;
}
STAN
run_expect 0 "built" "$PPLBENCH" build rec.stan -o rec

run_mode() {   # run_mode MODE N EXIT TEXT
    printf '{"N": %s, "mode": %s}\n' "$2" "$1" > "d$1.json"
    run_expect "$3" "$4" ./rec sample num_samples=20 num_warmup=20 \
        data file="d$1.json" output file=o.csv
}
td="Error in the data or transformed data of rec_model:
recursion too deep in function"
run_mode 2 0 1 "$td forever"
run_mode 3 0 1 "$td p"
run_mode 4 0 1 "Unrecoverable error evaluating the log probability at the initial value.
recursion too deep in function forever"
expect_no_output "Rejecting initial value"
run_mode 6 0 1 "Unrecoverable error in generated quantities.
recursion too deep in function forever"
# legitimate depths, in transformed data and in the gradient (1e7 works
# too, but under make asan's larger frames it would pass the limit)
run_mode 1 1000000 0 "s=5e+11"
run_mode 5 100000 0 "Elapsed Time"
check "$(grep -vc '^#' o.csv)" -eq 21
