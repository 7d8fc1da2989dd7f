# batch_fifo_model: a fifo named f.stan in the folder blocked the batch
# forever (the checker opened it and waited for a writer).  Only regular
# files are models: the fifo is passed over and the batch finishes.
mkdir in
mkfifo in/f.stan
cat > in/g.stan <<'STAN'
parameters {
  real y;
}
model {
  y ~ normal(0, 1);
}
STAN
protect in/f.stan in/g.stan
CASE_TIMEOUT=60 run_expect 0 "1 models: 1 ok, 0 with warnings, 0 with errors" \
    "$PPLBENCH" --check-only in
expect_no_output "f.stan"
